// The stage: the board, drawn in place on every update, and what is laid over it for a while: the waiting room,
// and "pass the device" in pass and play of a game with hidden information.
import {el, playWalks} from "/static/common.js";
import {patch} from "/static/morph.js";
import {fitText} from "/static/table/fit.js";
import {waitingRoom} from "/static/table/waiting.js";
import {tr, trn} from "/static/i18n.js";

/** In pass and play of a game with hidden information, the board waits until the next player takes the device. */
function handOff(t) {
  const {view, ctx} = t;
  if (!view.hidden_information || view.mine.length < 2 || t.shownSeat === view.you) return null;
  return el("div", {class: "panel-overlay hand-off", id: "hand-off"},
    el("h2", {}, tr("Pass the device to {name}", {name: ctx.seatName(view.you)})),
    el("p", {}, tr("What this seat sees stays hidden until its player is ready.")),
    el("button", {type: "button", class: "primary", id: "take-device",
      onclick: () => { t.shownSeat = view.you; ctx.rerender(); }}, tr("I am {name}: show my view", {name: view.seats[view.you].name})));
}

function overlayFor(t) {
  if (t.view.status === "waiting") return waitingRoom(t);
  return handOff(t);
}

// What a view carries that a board never draws (the log, timestamps, the socket's bookkeeping, whether a seat's page
// is connected: the players' list says it): a view that differs from the last one drawn only in these leaves the
// board as it is, not drawn again and compared node by node (the socket's first view repeats the one the page was
// opened with, but for the viewer's own seat, now connected: a second whole drawing of the board on every load).
// A board whose own state changed asks to be drawn again (ctx.rerender, game.js).
const UNDRAWN = new Set(["measured_at", "replies", "log", "log_lines", "history", "actions", "log_from",
  "actions_from", "full", "wait", "log_size", "type"]);
const UNDRAWN_OF_SEAT = new Set(["connected"]);

function drawnFrom(view, hidden) {
  const kept = function keep(key, value) {
    if (this === view) return UNDRAWN.has(key) ? undefined : value;
    return UNDRAWN_OF_SEAT.has(key) && view.seats?.includes(this) ? undefined : value;
  };
  return `${hidden}|${JSON.stringify(view, kept)}`;
}

export function renderStage(t) {
  const stage = document.getElementById("stage");
  const box = document.getElementById("overlay");
  const overlay = overlayFor(t);
  box.hidden = !overlay;
  stage.classList.toggle("covered", Boolean(overlay));
  patch(box, overlay);
  const boardBox = document.getElementById("board");
  const hidden = overlay?.id === "hand-off";
  const drawn = drawnFrom(t.view, hidden);
  document.getElementById("viewport").toggleAttribute("inert", Boolean(overlay));
  if (drawn === t.drawn) return overlay;
  t.drawn = drawn;
  patch(boardBox, hidden ? null : t.board.draw(t.view, t.ctx));
  playWalks(boardBox);
  fitText(stage);
  return overlay;
}
