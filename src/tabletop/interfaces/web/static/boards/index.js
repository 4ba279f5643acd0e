// Each game's board module lives in the game's own package and is served at /boards/<game>/board.js;
// the server names it in every view (view.board_module, null for a game without one).
// A module exports draw(view, ctx) -> Element, and optionally label(action, view), shown(action, view),
// choices(view, ctx) (a richer way to choose than the list of buttons), seatExtra(view, seat), colour(view, seat),
// and for live events live(view, ctx, elapsed), liveKey(key, view), liveKeys() and press(what, view, ctx).
import * as generic from "/static/boards/generic.js";

export async function loadBoard(module) {
  if (!module) return generic;
  try {
    return await import(module);
  } catch (error) {
    console.error(`board module ${module} failed to load`, error);
    return generic;
  }
}
