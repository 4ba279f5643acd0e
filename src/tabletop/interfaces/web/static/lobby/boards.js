// Boards of one's own in the lobby: the board a new game is played on (the packaged one, or the one chosen in
// the board editor, sent as content), and a preview of a listed game's custom board, drawn by the game's own
// board.js. Every word here is in WORDS.
import {api, el, SEAT_COLOURS} from "/static/common.js";
import {patch} from "/static/morph.js";
import {loadBoard} from "/static/boards/index.js";

export const WORDS = {
  label: "Board",
  packaged: "The packaged board",
  mine: (digest) => `My board from the editor (sha256 ${digest.slice(0, 8)})`,
  help: "A board of your own is made in the board editor; everyone at the table plays on it and sees it.",
  edit: "Edit a board",
  badge: "custom board",
  preview: "Show the board",
  previewTitle: (title) => `The custom board of this ${title} game`,
  previewFailed: (message) => `The board could not be shown: ${message}`,
};
/** boards chosen in the board editor, per game (written by /static/editor/editor.js) */
const CHOSEN = "tabletop.boards";

function chosen(game) {
  try {
    return JSON.parse(localStorage.getItem(CHOSEN) || "{}")[game] || null;
  } catch {
    return null;
  }
}

/** The form's "Board" field for `game` (a catalog entry), or null for a game without a board editor. */
export function boardField(game) {
  if (!game.editor) return null;
  const mine = chosen(game.name);
  const wanted = new URLSearchParams(location.search).get("board") === "mine";
  const select = el("select", {id: "board-select", name: "board", "aria-describedby": "board-help"},
    el("option", {value: ""}, WORDS.packaged),
    mine ? el("option", {value: "mine", selected: wanted}, WORDS.mine(mine.digest)) : null);
  return el("div", {class: "field board-field"}, el("label", {for: "board-select"}, WORDS.label), " ", select,
    " ", el("a", {href: game.editor}, WORDS.edit),
    el("small", {id: "board-help", class: "muted"}, WORDS.help));
}

/** The board's text to send with a new game of `game`, or undefined for the packaged board. */
export function chosenBoard(game) {
  if (document.getElementById("board-select")?.value !== "mine") return undefined;
  return chosen(game.name)?.toml;
}

/** The badge and the preview of a listed game's custom board (null for a game on the packaged board). */
export function boardBadge(row, title) {
  if (!row.board) return null;
  const box = el("div", {class: "board-preview", "data-key": `preview-${row.id}`});
  const details = el("details", {class: "board-badge", ontoggle: async (event) => {
    if (!event.target.open || box.childElementCount) return;
    try {
      const found = await api(`/api/boards/${row.board}`);
      const board = await loadBoard(found.preview.board_module);
      const view = found.preview;
      const colour = board.colour ? (seat) => board.colour(view, seat) : (s) => SEAT_COLOURS[s % SEAT_COLOURS.length];
      const drawn = board.draw(view, {act() {}, press() {}, undo() {}, rerender() {}, zoom() {}, colour,
        seatName: (seat) => view.seats?.[seat]?.name || `${seat + 1}`});
      drawn.setAttribute("aria-label", WORDS.previewTitle(title));
      patch(box, drawn);
    } catch (error) {
      patch(box, el("p", {class: "error"}, WORDS.previewFailed(error.message)));
    }
  }}, el("summary", {}, `${WORDS.badge} · ${WORDS.preview}`), box);
  return details;
}
