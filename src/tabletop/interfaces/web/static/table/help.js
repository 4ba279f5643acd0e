// "How to play": the game's own short guide (its board's how-to-play.html), shown on a player's first game
// of it (once the board is on screen) and whenever asked for. It opens at its beginning, "Got it" in reach.
import {tr} from "/static/i18n.js";

const SEEN = "tabletop.helped";

/** `text`: the guide, if the page asked for it already (a promise of its HTML). */
export function setupHelp(view, text = null) {
  const button = document.getElementById("help-button");
  const dialog = document.getElementById("help");
  if (!view.how_to || !dialog.showModal) {
    button.hidden = true;  // shown from the start (no layout shift) for the boards that have a guide
    return;
  }
  let loaded = false;
  const open = async () => {
    if (!loaded) {
      const guide = text ? await text : await fetch(view.how_to).then((r) => (r.ok ? r.text() : ""));
      document.getElementById("help-text").innerHTML = guide;
      document.getElementById("help-title").textContent = tr("How to play {game}", {game: view.title});
      loaded = true;
    }
    dialog.showModal();
    dialog.scrollTop = 0;  // its button has the focus (Enter closes it), but a guide is read from the top
  };
  button.hidden = false;
  button.addEventListener("click", open);
  const seen = JSON.parse(localStorage.getItem(SEEN) || "{}");
  if (!seen[view.game] && view.mine.length) {
    seen[view.game] = true;
    localStorage.setItem(SEEN, JSON.stringify(seen));
    requestAnimationFrame(() => setTimeout(open));  // after the board's first frame: it shows behind the guide at once
  }
}
