// A game page: one WebSocket to the server; every update is drawn in place by the table's parts
// (status bar, stage, the sheet of choices, players and log), so nothing under the pointer or the focus is rebuilt.
import {el, finishWalks, rememberSeat, SEAT_COLOURS, seatName} from "/static/common.js";
import {patch} from "/static/morph.js";
import {list} from "/static/words.js";
import {loadBoard} from "/static/boards/index.js";
import {alertTurn} from "/static/table/alerts.js";
import {announceUpdate} from "/static/table/announce.js";
import {controls, listedChoices, refreshLive} from "/static/table/controls.js";
import {describeBoard, refreshWords, renderKey, showKey} from "/static/table/describe.js";
import {renderEnd, reopenEnd} from "/static/table/ending.js";
import {setupHelp} from "/static/table/help.js";
import {chatOver, receiveChat, setupChat} from "/static/table/chat.js";
import {renderSettings, setupSettings} from "/static/table/settings.js";
import {renderLog, renderSeats} from "/static/table/sidebar.js";
import {renderStage} from "/static/table/stage.js";
import {clockLeft, renderStatus} from "/static/table/status.js";
import {setupZoom} from "/static/table/zoom.js";
import {tr, trn} from "/static/i18n.js";

const $ = (id) => document.getElementById(id);
const gameId = location.pathname.split("/").filter(Boolean).pop();
const token = new URLSearchParams(location.search).get("token");

/** This page's clock (Unix seconds, monotonic within the page). */
const local = () => (performance.timeOrigin + performance.now()) / 1000;

/** Everything the parts of the page draw from. */
const t = {
  view: null, board: null, token, log: [], history: [], recent: [], logShown: 0, error: "",
  receivedAt: 0, shownSeat: null, endDismissed: false,
  // The server keeps every timer (a rescue's 8 s, a turn clock): a view says what was left when it was measured
  // (`measured_at`, on the server's clock). `ahead` is what the server's clock reads, less this page's, when a
  // press sent now reaches it (from the last ping: its clock in the pong, plus the round trip), so the countdown
  // shows the time left for a press, however late the view arrived; a press made while it shows time counts.
  ahead: null,
  elapsed: () => {
    const since = (performance.now() - t.receivedAt) / 1000;  // at least this long ago, whatever the clocks say
    const at = t.view?.measured_at;
    return t.ahead === null || !at ? since : Math.max(since, local() + t.ahead - at);
  },
};

/** Read the server's clock (at connection, and as a race begins: the network may have changed since). */
function syncClock() {
  const sent = local();
  send({type: "ping"}, (pong) => {
    const now = local();
    if (typeof pong.now === "number") t.ahead = pong.now - now + (now - sent);
  });
}

let socket = null;
let requestId = 0;
let retry = 500;
const pending = new Map();  // request id -> what to do with its answer

function send(message, then) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showError(tr("not connected to the server; reconnecting…"));
    return;
  }
  message.id = ++requestId;
  if (then) pending.set(message.id, then);
  socket.send(JSON.stringify(message));
}

t.ctx = {
  act: (action) => send({type: "act", action, n: t.view?.n}),
  press: (what, seat) => {
    if (what === "roll" && !t.view?.live) {  // one roll per position: a double press is not an error
      if (t.rollSent === t.view.n) return;
      t.rollSent = t.view.n;
    }
    send(seat === undefined || seat === null ? {type: "press", what} : {type: "press", what, seat});
  },
  undo: () => send({type: "undo"}),
  send: (message) => send(message),
  rematch: () => send({type: "rematch"}, (reply) => {
    if (reply.rematch) location.href = `/game/${reply.rematch}?token=${encodeURIComponent(token)}`;
  }),
  seatName: (seat) => seatName(t.view, seat),
  colour: (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length],
  rerender: () => {  // a board's own state changed (a pad selected, a race's presses): it is drawn again
    t.drawn = null;
    render();
  },
  showEnd: () => reopenEnd(t),
  showKey: () => showKey(t),
  describe: () => describeBoard(t),
  reveal: () => {},
};

function showError(message) {
  t.error = message;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { t.error = ""; if (t.view) render(); }, 6000);
  if (t.view) render();
  else $("status").textContent = message;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${gameId}${query}`);
  socket.onopen = () => {
    retry = 500;
    syncClock();
    $("connection").textContent = tr("Connected");
    $("connection").className = "connection ok";
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    $("connection").textContent = tr("Disconnected: reconnecting…");
    $("connection").className = "connection bad";
    if (event.code === 4403 || event.code === 4404) return;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

/** Whether `log` begins with every entry of `shown`. */
function continues(log, shown) {
  if (log.length < shown.length) return false;
  return shown.every((entry, i) => entry === log[i] || JSON.stringify(entry) === JSON.stringify(log[i]));
}

function receive(message) {
  for (const reply of message.replies || []) receive(reply);  // answers that came with a view
  if (message.type === "view") {
    if (message.log_from === t.log.length && !message.full) t.log.push(...message.log);
    else if (message.log_from === 0 && continues(message.log, t.log)) {
      t.log.push(...message.log.slice(t.log.length));  // a whole log that goes on from the one shown (the socket's
    } else {                                            // first view repeats the page's): only its new lines
      t.log = message.log.slice();  // another log (an undo rewrote it): redraw the list
      t.logShown = -1;
    }
    if (message.log.length) t.recent = message.log.slice(-2);
    if (message.actions_from === 0) t.history = message.actions.slice();
    else if (message.actions_from === t.history.length) t.history.push(...message.actions);
    message.history = t.history;
    message.log_lines = t.log;
    if (!message.board && t.view) message.board = t.view.board;
    if (t.view && message.you !== t.view.you) t.shownSeat = t.shownSeat === message.you ? t.shownSeat : null;
    if (message.live && !t.view?.live) syncClock();  // a race begins: time it on the server's clock as it is now
    t.view = message;
    t.receivedAt = performance.now();
    if (message.terminal) chatOver();
    scheduleRender();
  } else if (message.type === "chat") {
    receiveChat(message);
  } else if (message.type === "ack" || message.type === "pong") {
    const then = pending.get(message.id);
    pending.delete(message.id);
    if (then) then(message);
  } else if (message.type === "error") {
    pending.delete(message.id);
    showError(message.message);
    if (message.fatal) {
      $("connection").textContent = tr("Refused");
      $("connection").className = "connection bad";
      $("status").textContent = message.message;
    }
  }
}

let renderPending = false;

/** Draw at most once per frame, however fast updates arrive (bots can play many moves a second). */
function scheduleRender() {
  if (renderPending) return;
  renderPending = true;
  requestAnimationFrame(() => {
    renderPending = false;
    render();
  });
}

function focusKey() {
  const active = document.activeElement;
  if (!active || active === document.body || !active.closest("main")) return null;
  return active.id ? `#${CSS.escape(active.id)}` : active.dataset.key ? `[data-key="${CSS.escape(active.dataset.key)}"]` : null;
}

/** After an update, focus stays where it was; if its control went away, it goes to the next choice. */
function restoreFocus(selector) {
  if (!selector || (document.activeElement && document.activeElement !== document.body)) return;
  const again = document.querySelector(selector);
  const next = again || document.querySelector(
    "#controls .live-panel button, #controls .choice, #controls button:not([disabled]), #board .target, #overlay button");
  next?.focus({preventScroll: true});
}

function keysHint(view) {
  const parts = view.mine.length
    ? [el("kbd", {}, "1"), "–", el("kbd", {}, "9"), tr(" choose, "), el("kbd", {}, "R"), tr(" roll, "), el("kbd", {}, "U"),
      tr(" undo, ")]
    : [];
  const live = view.mine.length && t.board.liveKeys ? [...t.board.liveKeys(), ", "] : [];
  return [`${tr("Keys:")} `, ...parts, ...live, el("kbd", {}, "D"), tr(" the board in words, "), el("kbd", {}, tr("Tab")),
    tr(" moves between buttons.")];
}

/** The parts beside the table (on a phone, below it): players, the key, the log, settings, the keys. The key is drawn
 * from what the board draws: it is drawn again only with the board (stage.js keeps `t.drawn`). */
function renderAside(t) {
  renderSeats(t);
  if (t.keyDrawn !== t.drawn) {
    t.keyDrawn = t.drawn;
    renderKey(t);
  }
  renderLog(t, t.view.terminal);
  renderSettings(t);
  patch($("keys"), ...keysHint(t.view));
}

function render() {
  const view = t.view;
  if (!view) return;
  const focused = focusKey();
  $("title").textContent = view.title;
  $("whoami").textContent = !view.mine.length ? tr("You are watching (spectator).")
    : view.mine.length > 1 ? tr("You play seats {seats} on this device (pass and play).",
      {seats: list(view.mine.map((s) => String(s + 1)))})
      : tr("You play seat {n}: {name}.", {n: view.you + 1, name: view.seats[view.you].name});
  const line = renderStatus(t);
  renderStage(t);
  patch($("controls"), ...controls(t));
  if (t.shown) renderAside(t);
  else requestAnimationFrame(() => setTimeout(() => renderAside(t)));  // the first frame: board and choices only
  t.shown = true;
  renderEnd(t, patch);
  refreshWords(t);
  announceUpdate(t, line);
  alertTurn(t, line);
  restoreFocus(focused);
  if (view.legal.length && t.revealed !== view.n) {
    t.revealed = view.n;
    t.ctx.reveal();
  }
  ticking();
}

let ticker = null;

/** Ten times a second while a race or a turn clock runs: the countdowns move, nothing else is redrawn. */
function ticking() {
  const running = t.view.live?.phase === "running" || clockLeft(t) !== null || t.board.busy?.(t.view);
  if (running && !ticker) {
    ticker = setInterval(() => {
      if (!t.view) return;
      renderStatus(t);
      if (t.view.live) refreshLive(t);
      if (!(t.view.live?.phase === "running" || clockLeft(t) > 0 || t.board.busy?.(t.view))) {
        clearInterval(ticker);
        ticker = null;
      }
    }, 100);
  } else if (!running && ticker) {
    clearInterval(ticker);
    ticker = null;
  }
}

document.addEventListener("keydown", (event) => {
  const view = t.view;
  if (!view || event.ctrlKey || event.metaKey || event.altKey || event.target.closest("dialog[open]")) return;
  const key = event.key.toLowerCase();
  // a field that takes text (or a list that jumps to a typed letter) keeps its keys; a checkbox (a setting) keeps
  // only Space and Enter, which toggle it: a digit pressed there still chooses
  if (event.target.matches("input:not([type=checkbox]):not([type=radio]), select, textarea")) return;
  if (event.target.matches("input") && (key === " " || key === "enter")) return;
  if (key === "escape") finishWalks(document.getElementById("board"));  // skip the move being shown
  if (key === "d") {
    t.ctx.describe();
    event.preventDefault();
    return;
  }
  if (view.live && t.board.liveKey?.(key, view)) {
    if (event.target.closest("#live-panel button") && (key === " " || key === "enter")) return;  // it acts itself
    event.preventDefault();
    if (event.repeat) return;  // a key held down is one press
    const what = t.board.liveKey(key, view);
    const seat = view.live.acting.find((s) => view.mine.includes(s));
    if (seat !== undefined && view.live.phase === "running") {
      if (t.board.press) t.board.press(what, view, t.ctx, seat);
      else t.ctx.press(what, seat);
    }
    return;
  }
  const listed = listedChoices(t);
  if (/^[1-9]$/.test(key) && listed.length >= Number(key)) {
    t.ctx.act(listed[Number(key) - 1]);
    event.preventDefault();
  } else if (key === "r" && view.roll_waits !== null && view.mine.includes(view.roll_waits) && !view.live) {
    t.ctx.press("roll", view.roll_waits);
    event.preventDefault();
  } else if (key === "u" && view.undo) {
    t.ctx.undo();
  }
});

/** A promise kept in a task of its own (after what is queued now). */
const nextTask = () => new Promise((done) => setTimeout(done));

async function main() {
  setupSettings();
  if (token) rememberSeat(gameId, null, token, "");
  $("replay-link").href = `/replay/${gameId}`;
  $("record-link").href = `/api/games/${gameId}/record`;
  const {response: first, data, early} = await window.tableStart;  // asked for by the page's head (game.html)
  if (!first.ok) {
    $("status").textContent = data.detail || tr("This game cannot be opened.");
    $("status-bar").classList.add("refused");
    $("connection").textContent = tr("Refused");
    if (first.status === 403) {
      $("whoami").replaceChildren(el("a", {href: `/game/${gameId}`, class: "button-link"}, tr("Watch as a spectator instead")));
    }
    return;
  }
  t.board = (await early.board) || await loadBoard(data.board_module);
  // the board's own stylesheet applies before the first frame (a danger card restyled after it shifts the page);
  // a stylesheet that never comes delays the table at most a second and a half
  if (early.styled) await Promise.race([early.styled, new Promise((done) => setTimeout(done, 1500))]);
  if (t.board.colour) t.ctx.colour = (seat) => t.board.colour(t.view || data, seat);
  setupZoom(t);
  $("stage").addEventListener("pointerdown", () => finishWalks($("board")), {passive: true});
  data.history = data.actions;
  data.log_lines = data.log;
  t.history = data.actions.slice();
  t.log = data.log.slice();
  t.logShown = -1;
  t.recent = data.log.slice(-2);
  t.view = data;
  t.receivedAt = performance.now();
  render();
  // the rest of the start-up in tasks of their own after the first drawing: on a slow phone each is short, and a
  // tap between them is answered at once (one long task would block the page from the first frame on)
  await nextTask();
  setupHelp(data);
  connect();
  await nextTask();
  setupChat({gameId, token, send: (message) => send(message), host: data.mine.some((s) => data.seats[s]?.host)});
}

main();
