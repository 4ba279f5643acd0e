// Jumanji's live races. The rescue: every rescuer presses (mouse, touch or Space) to roll their Rescue die until
// it shows the card's symbol or the hourglass, before the 8-second timer runs out. The JUMANJI call: the first of
// the tied players to press wins. A press acts the moment the pointer goes down; the panel is updated in place.
import {el} from "/static/common.js";
import {die} from "/static/table/dice.js";
import {symbolIcon} from "./symbols.js";

const readyAt = {};  // seat -> when its die is in the hand again (a roll takes about a second to land)
const queued = {};   // seat -> a press made while the die was still rolling, played as soon as it lands

function rolling(seat) {
  return performance.now() < (readyAt[seat] || 0);
}

/** Whether a die is still rolling on this page (the page keeps redrawing the panel until it lands). */
export function busy() {
  return Object.keys(readyAt).some((seat) => rolling(seat));
}

/** Roll `seat`'s Rescue die now, or as soon as it has landed. */
function rescueRoll(view, ctx, seat) {
  const wait = (readyAt[seat] || 0) - performance.now();
  if (wait > 0) {
    if (!queued[seat]) queued[seat] = setTimeout(() => { queued[seat] = null; rescueRoll(view, ctx, seat); }, wait);
    return;
  }
  // a little more than the server's pace, so a press never arrives before the die has landed there
  readyAt[seat] = performance.now() + (view.live?.act_seconds ?? 1) * 1000 + 60;
  ctx.press("roll", seat);
  ctx.rerender();
}

/** A live act from the keyboard (Space rolls, J calls). */
export function press(what, view, ctx, seat) {
  if (what === "roll") rescueRoll(view, ctx, seat ?? view.you);
  else ctx.press(what, seat ?? view.you);
}

/** Space (or R) rolls your Rescue die, J calls JUMANJI. */
export function liveKey(key, view) {
  if ((key === " " || key === "r") && view.live.kind === "rescue") return "roll";
  if (key === "j" && view.live.kind === "jumanji") return "jumanji";
  return null;
}

export function liveKeys() {
  return [el("kbd", {}, "Space"), " rolls your Rescue die, ", el("kbd", {}, "J"), " calls JUMANJI"];
}

function remaining(event, elapsed) {
  if (event.phase === "running") return Math.max(0, event.remaining - elapsed);
  return event.phase === "reveal" ? event.seconds : 0;
}

function names(ctx, seats) {
  const list = seats.map((s) => ctx.seatName(s));
  return list.length > 1 ? `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}` : list[0] || "";
}

/** The status bar during a race: "Ann must roll the Rescue die: 5.2 s left". */
export function liveStatus(view, ctx, elapsed) {
  const event = view.live;
  if (event.kind === "jumanji") {
    if (event.winner !== null) return `${ctx.seatName(event.winner)} called JUMANJI first!`;
    return `${names(ctx, event.tied)} reached the centre together: the first to press JUMANJI wins`;
  }
  if (event.phase === "reveal") return `Danger card! Get ready to roll the Rescue die`;
  if (event.phase === "done") return "Time! The rescue is over";
  const left = remaining(event, elapsed).toFixed(1);
  const acting = event.acting.length ? event.acting : event.rescuers.filter((r) => !r.saved).map((r) => r.seat);
  const verb = acting.length === 1 ? "must" : "must each";
  return `${names(ctx, acting)} ${verb} roll the Rescue die: ${left} s left`;
}

/** A press button: acts on pointer down (mouse, pen or touch), and on click only from the keyboard. */
function pressButton(id, text, act, disabled) {
  return el("button", {type: "button", class: "big", id, "aria-disabled": disabled ? "true" : null,
    onpointerdown: (e) => {
      if (e.button > 0) return;
      e.preventDefault();  // no focus fight, no text selection, no long-press menu
      e.currentTarget.classList.add("pressed");
      act();
    },
    onpointerup: (e) => e.currentTarget.classList.remove("pressed"),
    onpointerleave: (e) => e.currentTarget.classList.remove("pressed"),
    onclick: (e) => { if (e.detail === 0) act(); },  // Enter or Space on the focused button
    oncontextmenu: (e) => e.preventDefault()}, ...text);
}

function jumanjiPanel(view, ctx) {
  const event = view.live;
  const mine = event.tied.filter((s) => view.mine.includes(s));
  const buttons = event.winner === null ? mine.map((seat, i) => pressButton(i ? `jumanji-button-${seat}` : "jumanji-button",
    ["JUMANJI! ", mine.length > 1 ? `(${ctx.seatName(seat)}) ` : "", el("kbd", {}, "J")],
    () => ctx.press("jumanji", seat), false)) : [];
  return el("div", {class: "live-jumanji"},
    el("h2", {}, "JUMANJI!"),
    el("p", {}, `${names(ctx, event.tied)} reached the centre together!`),
    ...buttons,
    !mine.length && event.winner === null ? el("p", {}, "The first to call JUMANJI wins…") : null,
    event.winner !== null ? el("p", {class: "countdown"}, `${ctx.seatName(event.winner)} called it first!`) : null);
}

function rescuerLine(view, ctx, r) {
  const event = view.live;
  const count = `${r.rolls} roll${r.rolls === 1 ? "" : "s"}`;
  const status = r.saved ? `safe! (${count})` : r.face ? count : event.phase === "running" ? "rolling…" : "ready";
  return el("li", {"data-seat": r.seat, "data-key": `rescuer-${r.seat}`},
    el("span", {class: "dot", style: `background:${ctx.colour(r.seat)}`}),
    el("span", {}, ctx.seatName(r.seat)),
    r.face ? die({key: `rescue-${r.seat}-${r.rolls}`, face: r.face, icon: symbolIcon(r.face),
      tone: r.saved ? "green" : "white", label: `${ctx.seatName(r.seat)}'s Rescue die shows the ${r.face}`}) : null,
    el("span", {class: "rescue-status"}, r.face ? `${r.face}: ${status}` : status));
}

function rescuePanel(view, ctx, elapsed) {
  const event = view.live;
  const target = event.wild ? [event.symbol, ` or the ${event.wild}`] : [event.symbol];
  const mine = event.rescuers.filter((r) => view.mine.includes(r.seat) && !r.saved);
  const running = event.phase === "running";
  const buttons = running ? mine.map((r, i) => {
    const busyNow = rolling(r.seat);
    const who = mine.length > 1 ? ` (${ctx.seatName(r.seat)})` : "";
    return pressButton(i ? `rescue-roll-${r.seat}` : "rescue-roll",
      [busyNow ? "The die is rolling…" : "Roll the Rescue die", who, " ", el("kbd", {}, "Space")],
      () => rescueRoll(view, ctx, r.seat), busyNow);
  }) : [];
  return el("div", {class: "live-rescue"},
    el("p", {class: "live-card"}, el("strong", {}, `Danger card: `), event.message),
    el("p", {class: "target-line"}, die({key: `target-${event.symbol}`, face: event.symbol,
      icon: symbolIcon(event.symbol), tone: "gold", label: `the ${event.symbol}`}),
    el("span", {}, "Roll the Rescue die until it shows the ", el("strong", {class: "target"}, ...target), "!")),
    el("p", {class: "countdown", "aria-live": "off"}, event.phase === "reveal" ? "Ready…"
      : event.phase === "done" ? "Time!" : `${remaining(event, elapsed).toFixed(1)} s`),
    ...buttons,
    el("ul", {class: "rescuers"}, ...event.rescuers.map((r) => rescuerLine(view, ctx, r))));
}

/** The live panel over the board: the rescue countdown, or the JUMANJI button. */
export function live(view, ctx, elapsed) {
  return view.live.kind === "jumanji" ? jumanjiPanel(view, ctx) : rescuePanel(view, ctx, elapsed);
}
