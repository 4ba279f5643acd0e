// Each game's page module draws its board from the state dict the server sends.
// A module exports draw(view, ctx) -> Element, and optionally label(action, view),
// choices(view, ctx) (a richer way to choose than the list of buttons), live(view, ctx, elapsed)
// and seatExtra(view, seat).
import * as generic from "/static/boards/generic.js";

const MODULES = {
  "jumanji": "/static/boards/jumanji.js",
  "doodle-jump": "/static/boards/doodle-jump.js",
  "donkey-kong": "/static/boards/donkey-kong.js",
  "race": "/static/boards/race.js",
};

export async function loadBoard(game) {
  const path = MODULES[game];
  if (!path) return generic;
  try {
    return await import(path);
  } catch (error) {
    console.error(`board module of ${game} failed to load`, error);
    return generic;
  }
}
