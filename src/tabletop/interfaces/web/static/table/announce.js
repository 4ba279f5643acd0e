// What a screen reader says as the game goes on, through one polite live region (role "log"): each new line of
// the game's log once, and the status bar whenever what it asks changes or it becomes your turn again. The
// countdowns are left out (a reader would say them ten times a second), and the whole log is never read out.
import {readable} from "/static/common.js";
import {sentence} from "/static/words.js";

const KEPT = 8;  // the region keeps its last few messages (enough to read back what just happened)
let said = {id: null, log: 0, status: "", n: -1};

/** The status line as it is said: without its countdown ("5.2 s left", "(0:45 left)"). */
export function spoken(text) {
  return text.replace(/\s*\((?:\d+ s|\d+:\d\d) left\)/g, "").replace(/:\s*\d+(?:\.\d+)? s left$/, "").trim();
}

/** Add a message to the live region now. */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region || !text) return;
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > KEPT) region.firstElementChild.remove();
}

/** After each update: the new log lines, then the status if it changed (or asks this viewer again). */
export function announceUpdate(t, status) {
  const view = t.view;
  if (said.id !== view.id || said.log > t.log.length) {  // a new page or a redrawn log: say only where we are
    said = {id: view.id, log: t.log.length, status: "", n: -1};
  }
  for (const line of t.log.slice(said.log)) announce(readable(view, line));
  const fresh = t.log.length > said.log;
  said.log = t.log.length;
  const reason = view.terminal && view.ending?.reason ? ` ${sentence(readable(view, view.ending.reason))}` : "";
  const text = spoken(status.text) + reason;  // the end is said with its reason
  const again = status.mine && fresh && said.n !== view.n;
  if (text !== said.status || again) {
    announce(text);
    said.status = text;
    said.n = view.n;
  }
}
