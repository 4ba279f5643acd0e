// The replay page: the server rebuilds the position after any number of actions.
import {api, el, readable, seatName, SEAT_COLOURS} from "/static/common.js";
import {loadBoard} from "/static/boards/index.js";

const gameId = location.pathname.split("/").filter(Boolean).pop();
const $ = (id) => document.getElementById(id);
let board = null;
let total = 0;
let step = Number(new URLSearchParams(location.search).get("step") || 0);
const ctx = {act: () => {}, press: () => {}, undo: () => {}, colour: (s) => SEAT_COLOURS[s % SEAT_COLOURS.length]};

async function show(target) {
  const view = await api(`/api/games/${gameId}/replay?step=${target}`);
  step = view.step;
  total = view.total;
  ctx.seatName = (s) => seatName(view, s);
  $("title").textContent = `${view.title} · ${view.id}`;
  $("step").textContent = `${step} / ${total}` + (view.last ? ` — ${view.last}` : "");
  $("slider").max = String(total);
  $("slider").value = String(step);
  $("turn").textContent = view.terminal
    ? (view.winners.length ? `Won by ${view.winners.map((s) => seatName(view, s)).join(", ")}` : "Nobody won")
    : `Turn ${view.turn} · next: ${view.waiting_for}`;
  $("board").replaceChildren(board.draw(view, ctx));
  $("log").replaceChildren(...view.log.map((line) => el("li", {title: line}, readable(view, line))));
  $("log").scrollTop = $("log").scrollHeight;
  history.replaceState(null, "", `?step=${step}`);
}

async function main() {
  const first = await api(`/api/games/${gameId}/replay?step=0`);
  board = await loadBoard(first.board_module);
  if (board.colour) ctx.colour = (seat) => board.colour(first, seat);
  $("record-link").href = `/api/games/${gameId}/record`;
  $("live-link").href = `/game/${gameId}`;
  $("first").onclick = () => show(0);
  $("back").onclick = () => show(Math.max(0, step - 1));
  $("forward").onclick = () => show(Math.min(total, step + 1));
  $("last").onclick = () => show(total);
  $("slider").oninput = (e) => show(Number(e.target.value));
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
