// A game page: one WebSocket to the server, the board drawn by the game's module, choices, log.
import {el, readable, rememberSeat, seatName, SEAT_COLOURS} from "/static/common.js";
import {loadBoard} from "/static/boards/index.js";

const gameId = location.pathname.split("/").filter(Boolean).pop();
const token = new URLSearchParams(location.search).get("token");
const $ = (id) => document.getElementById(id);

let view = null;
let log = [];
let board = null;
let socket = null;
let requestId = 0;
let retry = 500;
let liveTimer = null;

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showError("not connected to the server; reconnecting…");
    return;
  }
  message.id = ++requestId;
  socket.send(JSON.stringify(message));
}

const ctx = {
  act: (action) => send({type: "act", action, n: view?.n}),
  press: (what) => send({type: "press", what}),
  undo: () => send({type: "undo"}),
  seatName: (seat) => seatName(view, seat),
  colour: (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length],
  rerender: () => render(),
};

function showError(message) {
  $("error").textContent = message;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { $("error").textContent = ""; }, 6000);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${gameId}${query}`);
  socket.onopen = () => { retry = 500; $("connection").textContent = "connected"; $("connection").className = "connection ok"; };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    $("connection").textContent = "disconnected — reconnecting…";
    $("connection").className = "connection bad";
    if (event.code === 4403 || event.code === 4404) return;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function receive(message) {
  for (const reply of message.replies || []) receive(reply);  // answers that came with a view
  if (message.type === "view") {
    if (message.log_from === log.length && !message.full) log.push(...message.log);
    else {
      log = message.log.slice();  // a whole log (first view, reconnection, undo): redraw the list
      logShown = -1;
    }
    if (!message.board && view) message.board = view.board;
    view = message;
    scheduleRender();
  } else if (message.type === "error") {
    showError(message.message);
    if (message.fatal) {
      $("connection").textContent = "refused";
      $("connection").className = "connection bad";
      $("turn").textContent = message.message;
      $("turn").className = "turn refused";
    }
  }
}

let renderPending = false;
let logShown = 0;  // how many log lines the list holds (it only grows, except after an undo)

/** Draw at most once per frame, however fast updates arrive (bots can play many moves a second). */
function scheduleRender() {
  if (renderPending) return;
  renderPending = true;
  requestAnimationFrame(() => {
    renderPending = false;
    render();
  });
}

function turnText() {
  if (view.terminal) {
    const winners = view.winners;
    if (!winners.length) return "Game over: nobody won.";
    if (winners.includes(view.you)) return "Game over: you won!";
    return `Game over: ${winners.map((s) => seatName(view, s)).join(" and ")} won.`;
  }
  if (view.live) return view.live.prompt;
  if (view.you !== null && view.mover === view.you) return "Your turn";
  if (view.mover === -1) return "Rolling…";
  return `Waiting for ${seatName(view, view.mover)}`;
}

function render() {
  document.title = `${view.title} — ${turnText()}`;
  $("title").textContent = `${view.title} · ${view.id}`;
  $("whoami").textContent = view.you === null
    ? "You are watching (spectator)."
    : `You play seat ${view.you + 1}: ${seatName(view, view.you)}.`;
  const turn = $("turn");
  turn.textContent = `${turnText()}  ·  turn ${view.turn}`;
  turn.className = "turn" + (view.you !== null && view.mover === view.you && !view.terminal ? " mine" : "")
    + (view.terminal ? " over" : "");
  turn.style.borderColor = view.mover >= 0 ? ctx.colour(view.mover) : "";
  $("board").replaceChildren(board.draw(view, ctx));
  renderActions();
  renderLive();
  $("undo").disabled = !view.undo;
  $("seats").replaceChildren(...view.seats.map((s) => el("li", {
      class: (s.seat === view.mover ? "moving " : "") + (s.connected ? "online" : "offline")},
    el("span", {class: "dot", style: `background:${ctx.colour(s.seat)}`}),
    `${s.seat + 1}. ${seatName(view, s.seat)}`,
    el("span", {class: "muted"}, s.kind === "bot" ? ` · bot ${s.bot}` : (s.connected ? " · online" : " · offline")),
    board.seatExtra ? board.seatExtra(view, s.seat) : null)));
  const logList = $("log");
  const atBottom = logList.scrollTop + logList.clientHeight >= logList.scrollHeight - 8;
  if (logShown < 0 || logShown > log.length || logList.children.length !== logShown) {
    logList.replaceChildren();
    logShown = 0;
  }
  logList.append(...log.slice(logShown).map((line) => el("li", {title: line}, readable(view, line))));
  logShown = log.length;
  if (atBottom) logList.scrollTop = logList.scrollHeight;
}

function renderActions() {
  const box = $("actions");
  if (!view.legal.length) {
    box.replaceChildren();
    return;
  }
  const custom = board.choices ? board.choices(view, ctx) : null;
  const buttons = view.legal.map((action, i) => board.shown && !board.shown(action, view) ? null : el("button", {
    type: "button", class: "choice", "data-action": action,
    onclick: () => ctx.act(action),
  }, i < 9 ? el("kbd", {}, String(i + 1)) : null, " ", board.label ? board.label(action, view) : action));
  box.replaceChildren(...[el("h2", {}, "Your choices"), custom, el("div", {class: "choice-list"}, ...buttons)].filter(Boolean));
}

function renderLive() {
  const box = $("live");
  clearInterval(liveTimer);
  if (!view.live || !board.live) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const started = performance.now();
  const draw = () => box.replaceChildren(board.live(view, ctx, (performance.now() - started) / 1000));
  draw();
  if (view.live.phase === "running") liveTimer = setInterval(draw, 100);
}

document.addEventListener("keydown", (event) => {
  if (!view || event.target.matches("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.toLowerCase();
  if (/^[1-9]$/.test(key) && view.legal.length >= Number(key)) {
    ctx.act(view.legal[Number(key) - 1]);
    event.preventDefault();
  } else if (key === "u" && view.undo) {
    ctx.undo();
  } else if (view.live && board.liveKey?.(key, view)) {
    const what = board.liveKey(key, view);
    if (view.live.acting.includes(view.you) && view.live.phase === "running") {
      if (board.press) board.press(what, view, ctx);
      else ctx.press(what);
    }
    event.preventDefault();
  }
});

async function main() {
  if (token) rememberSeat(gameId, null, token, "");
  $("undo").addEventListener("click", () => ctx.undo());
  $("replay-link").href = `/replay/${gameId}`;
  $("record-link").href = `/api/games/${gameId}/record`;
  const first = await fetch(`/api/games/${gameId}${token ? `?token=${encodeURIComponent(token)}` : ""}`);
  const data = await first.json().catch(() => ({}));
  if (!first.ok) {
    $("turn").textContent = data.detail || "This game cannot be opened.";
    $("turn").className = "turn refused";
    $("connection").textContent = "refused";
    if (first.status === 403) {
      $("whoami").replaceChildren(el("a", {href: `/game/${gameId}`}, "Watch as a spectator instead"));
    }
    return;
  }
  board = await loadBoard(data.board_module);
  if (board.colour) ctx.colour = (seat) => board.colour(view, seat);
  if (board.liveKeys) {
    $("live-keys").replaceChildren(", ", ...board.liveKeys());
    $("live-keys").hidden = false;
  }
  connect();
}

main();
