// "How to play": the game's own short guide (its board's how-to-play.html), shown on a player's first game
// of it and whenever asked for.
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
      document.getElementById("help-title").textContent = `How to play ${view.title}`;
      loaded = true;
    }
    dialog.showModal();
  };
  button.hidden = false;
  button.addEventListener("click", open);
  const seen = JSON.parse(localStorage.getItem(SEEN) || "{}");
  if (!seen[view.game] && view.mine.length) {
    seen[view.game] = true;
    localStorage.setItem(SEEN, JSON.stringify(seen));
    open();
  }
}
