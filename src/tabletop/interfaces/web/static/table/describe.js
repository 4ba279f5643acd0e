// The board explained: its key (what each colour, shape and mark means: the board's `legend(view)`), beside the
// board on a wide screen and in a dialog on request; and the board in words (where every piece is: the board's
// `describe(view, ctx)`, else the position's text), in a dialog on request (key D) for people who cannot see it.
import {el, svg} from "/static/common.js";
import {patch} from "/static/morph.js";

/** One line of the key: a small picture (an SVG element drawn in a 0..40 x 0..40 box, or none) and its meaning. */
function keyLine(item, i) {
  const art = item.swatch ? svg("svg", {viewBox: "0 0 40 40", class: "key-swatch", "aria-hidden": "true",
    focusable: "false"}, item.swatch) : null;
  return el("li", {"data-key": `key-${i}`}, art, el("span", {}, item.text));
}

function keyList(t) {
  const items = t.board.legend ? t.board.legend(t.view, t.ctx) : [];
  return items.length ? el("ul", {class: "key-list"}, ...items.map(keyLine)) : null;
}

/** The key beside the board (the side column; on a phone it is below the board, and the Key button opens it). */
export function renderKey(t) {
  const section = document.getElementById("key-section");
  const list = t.board.legend ? keyList(t) : null;
  section.hidden = !list;
  if (list) patch(document.getElementById("key-side"), list);
}

export function showKey(t) {
  patch(document.getElementById("key-text"), keyList(t));
  document.getElementById("key").showModal();
}

/** The board's description as a list of lines (the position's text if the board has no words of its own). */
export function boardWords(t) {
  const lines = t.board.describe ? t.board.describe(t.view, t.ctx) : String(t.view.text || "").split("\n");
  return lines.filter(Boolean);
}

export function describeBoard(t) {
  const dialog = document.getElementById("words");
  const lines = boardWords(t);
  patch(document.getElementById("words-text"), el("ul", {class: "words-list", id: "words-list"},
    ...lines.map((line) => el("li", {}, line))));
  if (!dialog.open) dialog.showModal();
}

/** While the dialog is open it follows the game (a screen reader reads it again on request). */
export function refreshWords(t) {
  if (document.getElementById("words").open) describeBoard(t);
}
