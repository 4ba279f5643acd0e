// Jumanji's live races, in the sheet under the board. The rescue: every rescuer presses (mouse, touch or Space) to
// roll their Rescue die until it shows the card's symbol or the hourglass, before the 8-second timer runs out. A
// die takes a second to toss, land and read: a press while it rolls is kept by the server and rolls it the moment
// it lands, so a quick player gets every roll the 8 seconds allow. Every press answers at once (the button sinks,
// the die tumbles, "next roll ready"). The JUMANJI call: the first of the tied players to press wins.
import {el} from "/static/common.js";
import {die} from "/static/table/dice.js";
import {list} from "/static/words.js";
import {symbolIcon, symbolName} from "./symbols.js";
import {tr, trn} from "/static/i18n.js";

const pressedAt = {};  // seat -> when this page last pressed (for the instant answer)
const seen = {};       // seat -> {rolls, at}: when this page saw each new roll of the seat

function rolledAgo(view, seat) {
  const rescuer = view.live?.rescuers?.find((r) => r.seat === seat);
  if (!rescuer) return Infinity;
  const known = seen[seat];
  if (!known || known.rolls !== rescuer.rolls || known.card !== view.n) {
    seen[seat] = {rolls: rescuer.rolls, at: rescuer.rolls ? performance.now() : -Infinity, card: view.n};
  }
  return (performance.now() - seen[seat].at) / 1000;
}

function rolling(view, seat) {
  return rolledAgo(view, seat) < (view.live?.act_seconds ?? 1);
}

/** Whether a die is still rolling on this page (the page keeps redrawing the panel until it lands). */
export function busy(view) {
  return Boolean(view?.live?.rescuers?.some((r) => rolling(view, r.seat)));
}

/** Roll `seat`'s Rescue die: at once, or (the server keeps the press) the moment it lands. */
function rescueRoll(view, ctx, seat) {
  pressedAt[seat] = performance.now();
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
  return [el("kbd", {}, tr("Space")), tr(" rolls your Rescue die, "), el("kbd", {}, "J"), tr(" calls JUMANJI")];
}

function remaining(event, elapsed) {
  if (event.phase === "running") return Math.max(0, event.remaining - elapsed);
  return event.phase === "reveal" ? event.seconds : 0;
}

function names(ctx, seats) {
  return list(seats.map((s) => ctx.seatName(s)));
}

/** The status bar during a race: "Ann must roll the Rescue die: 5.2 s left". */
export function liveStatus(view, ctx, elapsed) {
  const event = view.live;
  if (event.kind === "jumanji") {
    if (event.winner !== null) return tr("{name} called JUMANJI first!", {name: ctx.seatName(event.winner)});
    // no names here: two of them and "(you)" overflow a phone's two lines (the race panel names the tied seats)
    return tr("A tie at the centre: the first to press JUMANJI wins");
  }
  if (event.phase === "reveal") return tr("Danger card! Get ready to roll the Rescue die");
  if (event.phase === "done") return tr("Time! The rescue is over");
  const left = remaining(event, elapsed).toFixed(1);
  const acting = event.acting.length ? event.acting : event.rescuers.filter((r) => !r.saved).map((r) => r.seat);
  const mine = acting.length === 1 && view.mine.length === 1 && view.mine[0] === acting[0];
  if (mine) return tr("You must roll the Rescue die: {left} s left", {left});
  return trn("{names} must roll the Rescue die: {left} s left", "{names} must each roll the Rescue die: {left} s left",
    acting.length, {names: names(ctx, acting), left});
}

/** A press button: acts on pointer down (mouse, pen or touch), and on click only from the keyboard. */
function pressButton(id, text, act, attrs = {}) {
  return el("button", {type: "button", class: "big", id, ...attrs,
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
    ["JUMANJI! ", mine.length > 1 ? `(${ctx.seatName(seat)}) ` : "", el("kbd", {"aria-hidden": "true"}, "J")],
    () => ctx.press("jumanji", seat))) : [];
  return el("div", {class: "live-jumanji"},
    el("h2", {}, tr("JUMANJI!")),
    el("p", {}, tr("{names} reached the centre together!", {names: names(ctx, event.tied)})),
    ...buttons,
    !mine.length && event.winner === null ? el("p", {}, tr("The first to call JUMANJI wins…")) : null,
    event.winner !== null ? el("p", {class: "countdown"}, tr("{name} called it first!", {name: ctx.seatName(event.winner)})) : null);
}

/** "Rolled the rope · roll 2 of 8", "Safe! The rope after 3 rolls", "No roll left", "Ready". */
function rescuerState(view, r) {
  const event = view.live;
  const face = symbolName(r.face);
  if (r.saved) return trn("Safe! The {face} after {n} roll", "Safe! The {face} after {n} rolls", r.rolls, {face});
  if (r.rolls >= event.limit) {
    return trn("Rolled the {face} · no roll left ({n} roll)", "Rolled the {face} · no roll left ({n} rolls)", r.rolls,
      {face});
  }
  if (r.face) return tr("Rolled the {face} · roll {n} of {limit}", {face, n: r.rolls, limit: event.limit});
  return event.phase === "running" ? trn("Ready: {n} roll to roll", "Ready: {n} rolls to roll", event.limit) : tr("Ready");
}

function rescuerLine(view, ctx, r) {
  const tumbling = rolling(view, r.seat) && !r.saved;
  return el("li", {"data-seat": r.seat, "data-key": `rescuer-${r.seat}`},
    el("span", {class: "dot", style: `background:${ctx.colour(r.seat)}`}),
    el("span", {class: "rescuer-name"}, ctx.seatName(r.seat)),
    r.face ? die({key: `rescue-${r.seat}-${r.rolls}`, face: r.face, icon: symbolIcon(r.face), rolled: tumbling,
      tone: r.saved ? "green" : "white", label: tr("{name}'s Rescue die shows the {face}", {name: ctx.seatName(r.seat), face: symbolName(r.face)})}) : null,
    el("span", {class: "rescue-status"}, rescuerState(view, r)));
}

/** What the button under your thumb says now, [big words, small words]: it always takes a press. */
function buttonWords(view, seat) {
  const event = view.live;
  const queued = (event.queued || []).includes(seat);
  if (queued) return [tr("Rolling…"), tr("your next roll comes as it lands")];
  const answering = performance.now() - (pressedAt[seat] ?? -Infinity) < 400;  // pressed: the server answers next
  if (rolling(view, seat) || answering) return [tr("Rolling…"), tr("press again to roll as it lands")];
  return [tr("Roll the Rescue die"), ""];
}

function rescuePanel(view, ctx, elapsed) {
  const event = view.live;
  const target = event.wild ? [symbolName(event.symbol), ` ${tr("or the {face}", {face: symbolName(event.wild)})}`]
    : [symbolName(event.symbol)];
  // A button for each of this page's rescuers, in its place from the card's reveal to the end: where it cannot be
  // pressed (not yet, saved, no roll left, time up) an empty block of its size keeps the rescuers' list still
  const mine = event.rescuers.filter((r) => view.mine.includes(r.seat));
  const running = event.phase === "running";
  const buttons = mine.map((r, i) => {
    if (!running || r.saved || r.rolls >= event.limit) {
      return el("div", {class: "press-space", id: i ? `rescue-space-${r.seat}` : "rescue-space", "aria-hidden": "true"});
    }
    const who = mine.length > 1 ? ` (${ctx.seatName(r.seat)})` : "";
    const [big, small] = buttonWords(view, r.seat);
    // its name is what it does, then the words it shows (label in name, WCAG 2.5.3); the key is a shortcut, not a
    // word of its label: drawn by the style sheet from data-keycap and named in aria-keyshortcuts
    const name = small ? `${tr("Roll the Rescue die")}: ${big} ${small}` : big;
    return pressButton(i ? `rescue-roll-${r.seat}` : "rescue-roll",
      [el("span", {class: "press-words"}, small ? `${big} ` : big, small ? el("small", {}, small) : null, who), " ",
        el("kbd", {"aria-hidden": "true", "data-keycap": tr("Space")})],
      () => rescueRoll(view, ctx, r.seat), {"aria-label": `${name}${who}`, "aria-keyshortcuts": "Space"});
  });
  return el("div", {class: "live-rescue"},
    el("p", {class: "live-card"}, el("strong", {}, `${tr("Danger card:")} `), tr(event.message)),
    el("div", {class: "race-row"}, die({key: `target-${event.symbol}`, face: event.symbol,
      icon: symbolIcon(event.symbol), tone: "gold", label: tr("the {face}", {face: symbolName(event.symbol)})}),
    el("span", {class: "target-line"}, tr("Roll until it shows the "), el("strong", {class: "target"}, ...target), "!"),
    el("span", {class: "countdown", "aria-hidden": "true"}, event.phase === "reveal" ? tr("Ready…")
      : event.phase === "done" ? tr("Time!") : tr("{seconds} s", {seconds: remaining(event, elapsed).toFixed(1)}))),
    ...buttons,
    el("ul", {class: "rescuers", "aria-label": tr("Rescuers")}, ...event.rescuers.map((r) => rescuerLine(view, ctx, r))));
}

/** The live panel: the rescue countdown, or the JUMANJI button. */
export function live(view, ctx, elapsed) {
  return view.live.kind === "jumanji" ? jumanjiPanel(view, ctx) : rescuePanel(view, ctx, elapsed);
}
