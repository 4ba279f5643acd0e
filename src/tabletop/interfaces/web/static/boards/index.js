// Each game's board module lives in the game's own package and is served at /boards/<game>/board.js;
// the server names it in every view (view.board_module, null for a game without one).
// A module exports draw(view, ctx) -> Element (an SVG with class "board", or any element with class "html-board"),
// and optionally label(action, view, ctx) (a button's words), prompt(view) (what the status bar asks),
// dice(view, ctx) (the tray), aside(view, ctx) (cards, scores beside the dice), shown(action, view) (listed as a
// button?), choices(view, ctx) (a richer way to choose), choicesCaption(view) (words above the buttons),
// seatExtra(view, seat), colour(view, seat), legend(view) (the key: [{swatch, text}]), describe(view, ctx) (the
// board in words: lines), and for live events live(view, ctx, elapsed), liveStatus(view, ctx, elapsed),
// liveKey(key, view), liveKeys(), press(what, view, ctx) and busy(view).
import * as generic from "/static/boards/generic.js";

export async function loadBoard(module) {
  if (!module) return generic;
  const bundled = globalThis.tabletopModules?.[module];  // the page's bundle holds it (interfaces/web/bundle.py)
  if (bundled) return bundled;
  try {
    return await import(module);
  } catch (error) {
    console.error(`board module ${module} failed to load`, error);
    return generic;
  }
}
