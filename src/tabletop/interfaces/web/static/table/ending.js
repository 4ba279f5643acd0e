// The end of a game, in a dialog that takes the focus: who won and why, then Rematch (first in the tab order:
// the same seats, a new game), Replay, the lobby, and the game's results table in plain words (places, scores
// or distances, and what decided it). Spectators are offered only what they can use.
import {el, readable} from "/static/common.js";
import {list} from "/static/words.js";
import {tr, trn} from "/static/i18n.js";

// the words of this module (for translation)
const WORDS = {results: tr("Results"), nobody: tr("Nobody won"), shared: tr("You share the win!"), won: tr("You won!"),
  othersWon: (names, n) => trn("{names} won", "{names} won", n, {names}), join: tr("Join the rematch"), watch: tr("Watch the rematch"), rematch: tr("Rematch"),
  replay: tr("Replay"), lobby: tr("Lobby"), seeBoard: tr("See the board")};

/** A cell that is a number ("1,200", "−900", "+4,400 (17 cards)") is set right, to line up with the others. */
const NUMBER = /^[−+-]?[\d,]+(\s|$)/;

function resultsTable(view, ending) {
  const table = ending?.table;
  if (!table?.columns?.length) return null;
  const numeric = table.columns.map((_, i) => i > 0 && table.rows.every((row) => NUMBER.test(String(row[i]))));
  const head = el("tr", {}, ...table.columns.map((c, i) => el("th", {scope: "col", class: numeric[i] ? "num" : ""}, c)));
  const rows = table.rows.map((row) => el("tr", {}, ...row.map((cell, i) => (i === 0
    ? el("th", {scope: "row"}, readable(view, String(cell)))
    : el("td", {class: numeric[i] ? "num" : ""}, readable(view, String(cell)))))));
  // a wide table scrolls sideways on a phone (a region that a keyboard can scroll too)
  return el("div", {class: "table-scroll", tabindex: 0, role: "region", "aria-labelledby": "score-caption"},
    el("table", {class: "score-table", id: "score-table"},
      el("caption", {id: "score-caption"}, table.caption || WORDS.results),
      el("thead", {}, head),
      el("tbody", {}, ...rows)),
    table.notes?.length ? el("ul", {class: "table-notes"}, ...table.notes.map((n) => el("li", {}, readable(view, n))))
      : null);
}

export function headline(t) {
  const {view, ctx} = t;
  const winners = view.winners;
  if (!winners.length) return WORDS.nobody;
  if (view.mine.length === 1 && winners.includes(view.mine[0])) return winners.length > 1 ? WORDS.shared : WORDS.won;
  return WORDS.othersWon(list(winners.map((s) => ctx.seatName(s))), winners.length);
}

function endContent(t) {
  const {view, ctx, token} = t;
  const players = view.mine.length > 0;
  let rematch = null;
  if (view.rematch && players) {
    rematch = el("a", {class: "button-link primary", id: "join-rematch",
      href: `/game/${view.rematch}?token=${encodeURIComponent(token)}`}, WORDS.join);
  } else if (view.rematch) {
    rematch = el("a", {class: "button-link", id: "watch-rematch", href: `/game/${view.rematch}`}, WORDS.watch);
  } else if (players) {
    rematch = el("button", {type: "button", class: "primary", id: "rematch", onclick: () => ctx.rematch()}, WORDS.rematch);
  }
  return [
    el("h2", {id: "end-title"}, headline(t)),
    el("p", {class: "reason", id: "end-reason"}, view.ending?.reason ? readable(view, view.ending.reason) : ""),
    el("div", {class: "end-actions"}, rematch,
      el("a", {class: "button-link", href: `/replay/${view.id}`, id: "end-replay"}, WORDS.replay),
      el("a", {class: "button-link", href: "/", id: "end-lobby"}, WORDS.lobby),
      el("button", {type: "button", id: "see-board", onclick: () => closeEnd(t)}, WORDS.seeBoard)),
    resultsTable(view, view.ending),
  ];
}

function closeEnd(t) {
  t.endDismissed = true;
  const dialog = document.getElementById("end-screen");
  if (dialog.open) dialog.close();
  t.ctx.rerender();
  document.getElementById("show-result")?.focus();
}

/** Draw the end dialog and open it (modal: the focus goes to its first control) once the game is over. */
export function renderEnd(t, patch) {
  const dialog = document.getElementById("end-screen");
  const show = Boolean(t.view.terminal) && !t.endDismissed && t.view.status !== "waiting";
  if (!show) {
    if (dialog.open) dialog.close();
    return;
  }
  patch(dialog, ...endContent(t));
  if (!dialog.open) {
    dialog.onclose = () => { if (!t.endDismissed) closeEnd(t); };  // Escape closes it too
    dialog.showModal();
  }
}

/** "Show the result" brings the dialog back. */
export function reopenEnd(t) {
  t.endDismissed = false;
  t.ctx.rerender();
}
