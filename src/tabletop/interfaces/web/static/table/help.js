// "How to play": the game's own short guide (its board's how-to-play.html, which the page holds from the start:
// bundle.py), shown on a player's first game of it (once the board is on screen) and whenever asked for. It opens at
// its beginning, "Got it" in reach.
import {tr} from "/static/i18n.js";

const SEEN = "tabletop.helped";

export function setupHelp(view) {
  const button = document.getElementById("help-button");
  const dialog = document.getElementById("help");
  if (!document.getElementById("help-text").childElementCount || !dialog.showModal) {
    button.hidden = true;  // a board without a guide: the page hides the button from the start (no layout shift)
    return;
  }
  document.getElementById("help-title").textContent = tr("How to play {game}", {game: view.title});
  // On a first visit the guide opens over the table as it loads: as a sheet (show()), not a modal dialog, whose
  // opening makes the whole page inert and restyles every element of it in the page's largest first task. Asked
  // for later ("How to play"), it is modal.
  const open = (sheet = false) => {
    if (dialog.open) return;
    if (sheet) dialog.show();  // "Got it" has the focus (autofocus; Enter closes it); the text scrolls from its top
    else dialog.showModal();
  };
  button.hidden = false;
  button.addEventListener("click", () => open());
  dialog.addEventListener("keydown", (event) => {  // a sheet closes with Escape as a modal dialog does
    if (event.key === "Escape" && !dialog.matches(":modal")) dialog.close();
  });
  dialog.addEventListener("close", () => { document.getElementById("help-text").scrollTop = 0; });  // read from the top
  const seen = JSON.parse(localStorage.getItem(SEEN) || "{}");
  if (!seen[view.game] && view.mine.length) {
    seen[view.game] = true;
    localStorage.setItem(SEEN, JSON.stringify(seen));
    requestAnimationFrame(() => setTimeout(() => open(true)));  // after the board's first frame: it shows at once
  }
}
