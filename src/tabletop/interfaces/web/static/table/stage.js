// The stage: the board, drawn in place on every update, and what is laid over it for a moment: the waiting
// room, a live race (a rescue, a race to call the winner), the end of the game, "pass the device" in pass and play.
import {el, playWalks} from "/static/common.js";
import {patch} from "/static/morph.js";
import {endScreen} from "/static/table/ending.js";
import {fitText} from "/static/table/fit.js";
import {waitingRoom} from "/static/table/waiting.js";

/** In pass and play of a game with hidden information, the board waits until the next player takes the device. */
function handOff(t) {
  const {view, ctx} = t;
  if (!view.hidden_information || view.mine.length < 2 || t.shownSeat === view.you) return null;
  return el("div", {class: "panel-overlay hand-off", id: "hand-off"},
    el("h2", {}, `Pass the device to ${ctx.seatName(view.you)}`),
    el("p", {}, "What this seat sees stays hidden until its player is ready."),
    el("button", {type: "button", class: "primary", id: "take-device",
      onclick: () => { t.shownSeat = view.you; ctx.rerender(); }}, `I am ${view.seats[view.you].name}: show my view`));
}

function livePanel(t) {
  const {view, board, ctx} = t;
  if (!view.live || !board.live) return null;
  return el("div", {class: "panel-overlay live", id: "live-panel"}, board.live(view, ctx, t.elapsed()));
}

function overlayFor(t) {
  const {view} = t;
  if (view.status === "waiting") return waitingRoom(t);
  const hidden = handOff(t);
  if (hidden) return hidden;
  const live = livePanel(t);
  if (live) return live;
  if (view.terminal && !t.endDismissed) return endScreen(t);
  return null;
}

/** Draw the overlay alone (ten times a second during a race): the board is left as it is. */
export function renderOverlay(t) {
  const box = document.getElementById("overlay");
  const overlay = overlayFor(t);
  box.hidden = !overlay;
  document.getElementById("stage").classList.toggle("covered", Boolean(overlay));
  patch(box, overlay);
  return overlay;
}

export function renderStage(t) {
  const stage = document.getElementById("stage");
  const covered = renderOverlay(t);
  const boardBox = document.getElementById("board");
  const hidden = covered?.id === "hand-off";
  patch(boardBox, hidden ? null : t.board.draw(t.view, t.ctx));
  boardBox.toggleAttribute("inert", Boolean(covered));
  playWalks(boardBox);
  fitText(stage);
}
