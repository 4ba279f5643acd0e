// The replay page: the server rebuilds the position after any number of actions; the board, the dice of the
// last roll and the log are drawn in place, as on the game page.
import {api, el, playWalks, readable, seatName, SEAT_COLOURS} from "/static/common.js";
import {patch} from "/static/morph.js";
import {loadBoard} from "/static/boards/index.js";
import {tray} from "/static/table/dice.js";
import {fitText, stageResized} from "/static/table/fit.js";
import {tr, trn} from "/static/i18n.js";

const gameId = location.pathname.split("/").filter(Boolean).pop();
const $ = (id) => document.getElementById(id);
let board = null;
let total = 0;
let step = Number(new URLSearchParams(location.search).get("step") || 0);
const ctx = {act: () => {}, press: () => {}, undo: () => {}, rerender: () => {},
  colour: (s) => SEAT_COLOURS[s % SEAT_COLOURS.length]};

function statusText(view) {
  if (view.terminal) {
    const won = view.winners.length ? `Won by ${view.winners.map((s) => seatName(view, s)).join(" and ")}` : tr("Nobody won");
    return view.ending?.reason ? `${won}. ${readable(view, view.ending.reason)}` : won;
  }
  return tr("Turn {turn} · next: {whom}", {turn: view.turn, whom: readable(view, view.waiting_for)});
}

/** "Step 5 of 128: Ann fails to rescue Bob (failed)": what the step did, in the log's words, then its notation. */
function stepText(view) {
  const head = tr("Step {step} of {total}", {step, total});
  if (!view.last) return tr("{head}: the start of the game", {head});
  const said = (view.last_log || []).map((line) => readable(view, line)).join("; ");
  return said ? `${head}: ${said} (${view.last})` : `${head}: ${view.last}`;
}

async function show(target) {
  const view = await api(`/api/games/${gameId}/replay?step=${target}`);
  step = view.step;
  total = view.total;
  view.history = view.actions.slice(0, step).map((action, n) => ({n, action}));
  view.log_lines = view.log;
  ctx.seatName = (s) => seatName(view, s);
  $("title").textContent = tr("{title}: replay", {title: view.title});
  $("step").textContent = stepText(view);
  $("slider").max = String(Math.max(1, total));
  $("slider").value = String(step);
  $("turn").textContent = statusText(view);
  patch($("board"), board.draw(view, ctx));
  playWalks($("board"));
  fitText($("stage"));
  patch($("tray-box"), tray({view, board, ctx}));
  $("log").replaceChildren(...view.log.map((line) => el("li", {title: line}, readable(view, line))));
  $("log").scrollTop = $("log").scrollHeight;
  history.replaceState(null, "", `?step=${step}`);
}

async function main() {
  const first = await api(`/api/games/${gameId}/replay?step=0`);
  board = await loadBoard(first.board_module);
  if (first.board_style) document.head.append(el("link", {rel: "stylesheet", href: first.board_style}));
  if (board.colour) ctx.colour = (seat) => board.colour(first, seat);
  $("record-link").href = `/api/games/${gameId}/record`;
  $("live-link").href = `/game/${gameId}`;
  $("first").onclick = () => show(0);
  $("back").onclick = () => show(Math.max(0, step - 1));
  $("forward").onclick = () => show(Math.min(total, step + 1));
  $("last").onclick = () => show(total);
  $("slider").oninput = (e) => show(Number(e.target.value));
  new ResizeObserver(([entry]) => stageResized($("stage"), entry.contentRect.width, entry.contentRect.height))
    .observe($("stage"));
  document.addEventListener("keydown", (e) => {
    if (e.target.matches("input")) return;
    if (e.key === "ArrowRight") show(Math.min(total, step + 1));
    else if (e.key === "ArrowLeft") show(Math.max(0, step - 1));
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(total);
  });
  await show(step);
}

main();
