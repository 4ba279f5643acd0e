// A board for any game: the position's text, as the terminal shows it.
import {el} from "/static/common.js";

export function draw(view) {
  return el("pre", {class: "text-board", "aria-label": "position"}, view.text);
}
