// The players (who is here, who moves) and the log, which keeps to its end as lines arrive.
import {el, readable} from "/static/common.js";
import {patch} from "/static/morph.js";
import {tr} from "/static/i18n.js";

const STATES = {bot: () => tr("bot"), here: () => tr("here"), away: () => tr("away")};

function seatLine(t, s) {
  const {view, board, ctx} = t;
  const state = s.kind === "bot" ? "bot" : s.connected ? "here" : "away";
  const moving = s.seat === (view.live ? -2 : view.roll_waits ?? view.mover);
  return el("li", {"data-key": `seat-${s.seat}`, class: `${moving ? "moving " : ""}${state}`},
    el("span", {class: "dot", style: `background:${ctx.colour(s.seat)}`}),
    el("span", {class: "seat-name"}, `${s.seat + 1}. ${ctx.seatName(s.seat)}`),
    el("span", {class: "muted"}, ` · ${STATES[state]()}${s.hints ? ` · ${tr("odds hints on")}` : ""}`),
    board.seatExtra ? board.seatExtra(view, s.seat) : null);
}

export function renderSeats(t) {
  patch(document.getElementById("seats"), ...t.view.seats.map((s) => seatLine(t, s)));
}

/** Whether the log is scrolled to its end, kept as the reader scrolls it: an update never measures the page (a
 * measure in the middle of an update makes the browser lay the whole page out again, a slow phone's largest cost). */
function following(list) {
  if (list.following === undefined) {
    list.following = true;
    list.addEventListener("scroll", () => {
      list.following = list.scrollTop + list.clientHeight >= list.scrollHeight - 24;
    }, {passive: true});
  }
  return list.following;
}

/** Append the new log lines (the whole log after a reconnection or an undo); keep to the end unless scrolled up. */
export function renderLog(t, force = false) {
  const list = document.getElementById("log");
  const atEnd = following(list);
  if (t.logShown < 0 || t.logShown > t.log.length || list.children.length !== t.logShown) {
    list.replaceChildren();
    t.logShown = 0;
  }
  const fresh = document.createDocumentFragment();  // plain DOM calls: a whole log can be hundreds of lines
  for (const line of t.log.slice(t.logShown)) {
    const item = document.createElement("li");
    item.title = line;
    item.textContent = readable(t.view, line);
    fresh.append(item);
  }
  const added = t.log.length - t.logShown;
  list.append(fresh);
  t.logShown = t.log.length;
  if (added && (atEnd || force)) {  // once the frame is drawn, its layout done: the scroll measures nothing anew
    cancelAnimationFrame(list.scrollFrame);
    list.scrollFrame = requestAnimationFrame(() => setTimeout(() => { list.scrollTop = list.scrollHeight; }));
  }
}
