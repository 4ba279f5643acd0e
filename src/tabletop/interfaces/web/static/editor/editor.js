// The board editor: the board is held as data, drawn by the game's editor module, written as TOML and checked
// by the server after every change (the same checks as a file); problems are shown where they are.
//
// A game's editor module (/boards/<game>/editor.js, beside its board.js) exports:
//   draw(data, ctx) -> Element: the board, each place an element with data-place="<id>" (a button, or an SVG
//     group with role="button"); the page adds the keyboard focus order, the selection and the problems' marks;
//   inspect(data, place, ctx) -> Element: the controls that change the selected place;
//   locate(problem, data) -> [place ids]: where a problem of the check lies on the board;
//   and optionally tools(data, ctx) -> Element (controls for the whole board), key(key, place, data, ctx) ->
//   bool (a keyboard shortcut on a place) and STRINGS (its own words).
// ctx.change(mutate) applies an edit to the data (undoable, saved in this browser, checked at once);
// ctx.select(place) selects a place; ctx.problemsAt(place) lists the problems found there.
import {el} from "/static/common.js";
import {patch} from "/static/morph.js";
import {loadBoard} from "/static/boards/index.js";
import {SEAT_COLOURS} from "/static/common.js";
import {STRINGS as S} from "./strings.js";
import {toToml} from "./toml.js";

const game = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);
/** the board being edited, kept in this browser between visits */
const DRAFT = `tabletop.editor.${game}`;
/** boards chosen to play on, per game: the lobby offers them */
export const CHOSEN = "tabletop.boards";

const ed = {info: null, module: null, data: null, undo: [], redo: [], selected: null, check: null, marks: new Map(),
  timer: null, seq: 0, preview: null};

const ctx = {
  get selected() { return ed.selected; },
  select(place) {
    ed.selected = place;
    render();
    focusPlace(place);
  },
  change(mutate) {
    const before = JSON.stringify(ed.data);
    const draft = JSON.parse(before);
    mutate(draft);
    if (JSON.stringify(draft) === before) return;
    ed.undo.push(JSON.parse(before));
    ed.redo = [];
    ed.data = draft;
    edited();
  },
  problemsAt(place) { return ed.marks.get(place) || []; },
};

function text() {
  return toToml(ed.data, S.fileComment(ed.info.title));
}

function edited() {
  localStorage.setItem(DRAFT, JSON.stringify(ed.data));
  render();
  scheduleCheck();
}

// -- drawing ------------------------------------------------------------------------------------------
function render() {
  const drawn = ed.module.draw(ed.data, ctx);
  const places = [...drawn.querySelectorAll("[data-place]")];
  if (ed.selected && !places.some((node) => node.dataset.place === ed.selected)) ed.selected = null;
  const current = ed.selected || places[0]?.dataset.place;
  for (const node of places) {
    const place = node.dataset.place;
    node.setAttribute("data-key", `place:${place}`);
    node.setAttribute("tabindex", place === current ? "0" : "-1");
    if (place === ed.selected) {
      node.classList.add("selected");
      node.setAttribute("aria-current", "true");
    }
    const problems = ed.marks.get(place);
    if (problems) {
      node.classList.add("has-problem");
      node.setAttribute("aria-label", `${node.getAttribute("aria-label") || place}. ${S.problemHere(problems)}`);
    }
  }
  patch($("board"), drawn);
  patch($("tools"), ed.module.tools ? ed.module.tools(ed.data, ctx) : null);
  patch($("place"), ed.selected ? ed.module.inspect(ed.data, ed.selected, ctx)
    : el("p", {class: "muted"}, S.nothingSelected));
  $("undo").disabled = !ed.undo.length;
  $("redo").disabled = !ed.redo.length;
}

function focusPlace(place) {
  const node = [...$("board").querySelectorAll("[data-place]")].find((n) => n.dataset.place === place);
  node?.focus();
}

function moveFocus(from, step) {
  const nodes = [...$("board").querySelectorAll("[data-place]")];
  const at = nodes.indexOf(from);
  const next = step === "first" ? nodes[0] : step === "last" ? nodes[nodes.length - 1]
    : nodes[Math.max(0, Math.min(nodes.length - 1, at + step))];
  if (!next || next === from) return;
  from.setAttribute("tabindex", "-1");
  next.setAttribute("tabindex", "0");
  next.focus();
}

function onBoardKey(event) {
  const node = event.target.closest?.("[data-place]");
  if (!node || event.altKey || event.ctrlKey || event.metaKey) return;
  const moves = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last"};
  if (event.key in moves) {
    event.preventDefault();
    moveFocus(node, moves[event.key]);
  } else if ((event.key === "Enter" || event.key === " ") && node.tagName !== "BUTTON") {
    event.preventDefault();
    ctx.select(node.dataset.place);
  } else if (ed.module.key?.(event.key, node.dataset.place, ed.data, ctx)) {
    event.preventDefault();
    focusPlace(node.dataset.place);
  }
}

// -- checking -----------------------------------------------------------------------------------------
function scheduleCheck() {
  clearTimeout(ed.timer);
  $("check-status").textContent = S.checking;
  ed.timer = setTimeout(() => runCheck(text()), 250);
}

async function post(path, body) {
  const response = await fetch(path, {method: "POST", headers: {"Content-Type": "text/plain; charset=utf-8"}, body});
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(typeof answer.detail === "string" ? answer.detail : response.statusText);
  return answer;
}

async function runCheck(body) {
  const seq = ++ed.seq;
  try {
    const answer = await post(`/api/editor/${game}/check`, body);
    if (seq !== ed.seq) return null;  // a newer check is on its way
    showCheck(answer, body);
    return answer;
  } catch (error) {
    if (seq === ed.seq) $("check-status").textContent = S.offline(error.message);
    return null;
  }
}

function showCheck(answer, body) {
  ed.check = answer;
  ed.marks = new Map();
  const items = [];
  for (const problem of answer.problems) {
    const places = answer.data ? ed.module.locate(problem, ed.data) : [];
    for (const place of places) ed.marks.set(place, [...(ed.marks.get(place) || []), problem.message]);
    const show = places.length
      ? el("button", {type: "button", class: "link-button", onclick: () => ctx.select(places[0])}, S.showPlace)
      : null;
    items.push(el("li", {class: `problem ${problem.kind}`},
      el("strong", {}, `${S.problemKinds[problem.kind] || problem.kind}: `), problem.message, " ", show));
  }
  $("problems").replaceChildren(...items);
  $("check-status").textContent = answer.ok ? S.fine : S.problems(answer.problems.length);
  $("check-status").className = answer.ok ? "fine" : "error";
  const bytes = new Blob([body]).size;
  $("file-note").textContent = S.fileNote(bytes, ed.info.limits.board_bytes, answer.digest);
  $("play").disabled = !answer.ok;
  $("play").textContent = answer.ok ? S.play : S.playDisabled;
  $("profile-run").disabled = !answer.ok;
  render();
  showPreview(answer.preview);
}

async function showPreview(view) {
  if (!view) {
    patch($("preview"), el("p", {class: "muted"}, S.previewNone));
    return;
  }
  try {
    ed.preview = ed.preview || await loadBoard(ed.info.board_module);
    const board = ed.preview;
    const seatName = (seat) => view.seats?.[seat]?.name || `${seat + 1}`;
    const colour = board.colour ? (seat) => board.colour(view, seat) : (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];
    const drawn = board.draw(view, {act() {}, press() {}, undo() {}, rerender() {}, zoom() {}, seatName, colour});
    drawn.setAttribute?.("data-key", "preview-board");
    patch($("preview"), drawn);
  } catch (error) {
    console.error("the preview could not be drawn", error);
    patch($("preview"), el("p", {class: "muted"}, S.previewNone));
  }
}

// -- the file -----------------------------------------------------------------------------------------
function replaceData(data) {
  ed.undo.push(ed.data);
  ed.redo = [];
  ed.data = data;
  ed.selected = null;
  edited();
}

function download() {
  const link = el("a", {href: URL.createObjectURL(new Blob([text()], {type: "application/toml"})),
    download: `${game}-board.toml`});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function upload(event) {
  const file = event.target.files?.[0];
  event.target.value = "";
  if (!file) return;
  if (file.size > ed.info.limits.board_bytes) {
    $("check-status").textContent = S.tooLarge(ed.info.limits.board_bytes);
    return;
  }
  const body = await file.text();
  const answer = await runCheck(body);
  if (!answer) return;
  if (!answer.data) {
    $("check-status").textContent = `${S.notToml} ${$("check-status").textContent}`;
    return;
  }
  replaceData(answer.data);
  $("file-note").textContent = S.opened(file.name);
}

async function reset() {
  if (!window.confirm(S.resetConfirm)) return;
  replaceData(structuredClone(ed.info.data));
}

function undoRedo(from, to) {
  if (!from.length) return;
  to.push(ed.data);
  ed.data = from.pop();
  edited();
}

function play() {
  if (!ed.check?.ok) return;
  const chosen = JSON.parse(localStorage.getItem(CHOSEN) || "{}");
  chosen[game] = {toml: text(), digest: ed.check.digest, title: ed.info.title};
  localStorage.setItem(CHOSEN, JSON.stringify(chosen));
  location.href = `/?game=${encodeURIComponent(game)}&board=mine`;
}

// -- the profile --------------------------------------------------------------------------------------
async function profile() {
  const games = Number($("profile-games").value);
  const players = Number($("profile-players").value);
  $("profile-run").disabled = true;
  $("profile-status").textContent = S.profiling(games);
  try {
    const answer = await post(`/api/editor/${game}/profile?players=${players}&games=${games}`, text());
    const found = answer.profile;
    if (!found) {
      $("profile-status").textContent = answer.problems.map((p) => p.message).join(" ") || S.profileNeedsFine;
      patch($("profile"));
      return;
    }
    $("profile-status").textContent = S.profiled(found.games, found.cut_short);
    const row = (label, estimate, digits, rate = true) => el("tr", {},
      el("th", {scope: "row"}, label), el("td", {}, estimate.value.toFixed(digits)),
      el("td", {}, `${(rate ? Math.max(0, estimate.ci95[0]) : estimate.ci95[0]).toFixed(digits)} – `
        + estimate.ci95[1].toFixed(digits)));
    const problems = answer.problems.map((p) => el("p", {class: "error"}, p.message));
    patch($("profile"), el("table", {class: "profile-table"},
      el("thead", {}, el("tr", {}, ...S.profileColumns.map((c) => el("th", {scope: "col"}, c)))),
      el("tbody", {}, row(S.meanTurns, found.turns, 1), ...found.seats.map((s) => row(s.name, s, 3)),
        ...found.rates.map((r) => row(r.name, r, 3)),
        ...(found.figures || []).map((f) => row(S.meanOf(f.name), f, 2, false)))), ...problems);
  } catch (error) {
    $("profile-status").textContent = S.offline(error.message);
  } finally {
    $("profile-run").disabled = !ed.check?.ok;
  }
}

// -- the page -----------------------------------------------------------------------------------------
function words() {
  document.title = S.pageTitle(ed.info.title);
  $("title").textContent = S.title(ed.info.title);
  for (const [id, value] of Object.entries({
    "board-title": S.boardTitle, "board-help": S.boardHelp, "place-title": S.placeTitle, "check-title": S.checkTitle,
    "file-title": S.fileTitle, undo: S.undo, redo: S.redo, download: S.download, "upload-label": S.upload,
    reset: S.reset, play: S.play, "profile-title": S.profileTitle, "profile-players-label": S.players,
    "profile-games-label": S.games, "profile-run": S.profileRun, "preview-title": S.previewTitle,
    "preview-help": S.previewHelp,
  })) $(id).textContent = value;
  const limits = ed.info.limits;
  $("profile-help").textContent = S.profileHelp(limits.profile_games, limits.profile_seconds);
  const {min, max, default: usual} = ed.info.players;
  $("profile-players").replaceChildren(...Array.from({length: max - min + 1}, (_, i) => min + i)
    .map((n) => el("option", {value: n, selected: n === usual}, String(n))));
  const counts = [200, 500, 1000, 2000, 5000].filter((n) => n <= limits.profile_games);
  $("profile-games").replaceChildren(...counts.map((n) => el("option", {value: n, selected: n === 2000 ||
    (n === counts[counts.length - 1] && !counts.includes(2000))}, n.toLocaleString())));
}

async function main() {
  const response = await fetch(`/api/editor/${game}`);
  ed.info = await response.json();
  ed.module = await import(ed.info.editor_module);
  for (const sheet of [ed.info.editor_style, ed.info.board_style]) {
    if (sheet) document.head.append(el("link", {rel: "stylesheet", href: sheet}));
  }
  words();
  const draft = localStorage.getItem(DRAFT);
  ed.data = draft ? JSON.parse(draft) : structuredClone(ed.info.data);
  $("board").addEventListener("keydown", onBoardKey);
  $("undo").onclick = () => undoRedo(ed.undo, ed.redo);
  $("redo").onclick = () => undoRedo(ed.redo, ed.undo);
  $("download").onclick = download;
  $("upload").onchange = upload;
  $("reset").onclick = reset;
  $("play").onclick = play;
  $("profile-run").onclick = profile;
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.target.matches("input, select, textarea")) return;
    if (event.key === "z" && !event.shiftKey) undoRedo(ed.undo, ed.redo);
    else if (event.key === "y" || (event.key === "Z" && event.shiftKey)) undoRedo(ed.redo, ed.undo);
    else return;
    event.preventDefault();
  });
  render();
  await runCheck(text());
  document.body.dataset.ready = "true";
}

main();
