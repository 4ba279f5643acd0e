// The status bar nobody can miss: whose turn, what they must do, the time they have; and what just happened.
import {duration, readable, seatName} from "/static/common.js";

function who(t, seat) {
  const view = t.view;
  if (view.mine.length === 1 && view.mine[0] === seat) return "You";
  return seatName(view, seat);
}

function names(t, seats) {
  const list = seats.map((s) => who(t, s));
  return list.length > 1 ? `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}` : list[0] || "";
}

/** Seconds left on the turn clock now, or null. */
export function clockLeft(t) {
  const wait = t.view.wait;
  if (!wait || wait.left === null || wait.left === undefined) return null;
  return Math.max(0, wait.left - t.elapsed());
}

function ending(t) {
  const view = t.view;
  const winners = view.winners;
  let head;
  if (!winners.length) head = "Game over: nobody won";
  else if (winners.some((s) => view.mine.includes(s)) && view.mine.length === 1) head = "Game over: you won!";
  else head = `Game over: ${names(t, winners)} won`;
  return view.ending?.reason ? `${head}. ${readable(view, view.ending.reason)}` : `${head}.`;
}

/** What the status bar says, and whether it asks something of this viewer. */
export function statusLine(t) {
  const {view, board, ctx} = t;
  if (view.status === "waiting") {
    const missing = view.seats.filter((s) => s.kind === "human" && !s.joined).map((s) => s.seat);
    return {text: `Waiting for ${names(t, missing)} to join`, mine: false};
  }
  if (view.terminal) return {text: ending(t), mine: false};
  if (view.live) {
    const text = board.liveStatus ? board.liveStatus(view, ctx, t.elapsed()) : view.live.prompt;
    return {text, mine: view.live.acting.some((s) => view.mine.includes(s)), urgent: true};
  }
  const left = clockLeft(t);
  const clock = left === null ? "" : ` (${duration(left)} left)`;
  const phrase = board.prompt ? board.prompt(view) : null;
  if (view.roll_waits !== null && view.roll_waits !== undefined) {
    const seat = view.roll_waits;
    return {text: `${who(t, seat)} must ${phrase || "roll the dice"}${clock}`, mine: view.mine.includes(seat)};
  }
  if (view.mover >= 0) {
    return {text: `${who(t, view.mover)} must ${phrase || "choose"}${clock}`, mine: view.mine.includes(view.mover)};
  }
  if (view.roller !== null && view.roller !== undefined) {
    const name = who(t, view.roller);
    return {text: `${name} ${name === "You" ? "roll" : "rolls"}…`, mine: false};
  }
  return {text: phrase ? `${phrase[0].toUpperCase()}${phrase.slice(1)}…` : "The dice are rolling…", mine: false};
}

export function renderStatus(t) {
  const line = statusLine(t);
  const status = document.getElementById("status");
  if (status.textContent !== line.text) status.textContent = line.text;
  const bar = document.getElementById("status-bar");
  bar.classList.toggle("mine", Boolean(line.mine));
  bar.classList.toggle("urgent", Boolean(line.urgent));
  bar.classList.toggle("over", Boolean(t.view.terminal));
  const mover = t.view.live ? -1 : t.view.roll_waits ?? t.view.mover;
  bar.style.setProperty("--mover", mover >= 0 ? t.ctx.colour(mover) : "var(--line)");
  const last = document.getElementById("last");
  const recent = t.recent.map((line) => readable(t.view, line)).join(" · ");
  const text = recent ? `Just now: ${recent}` : "";
  if (last.textContent !== text) last.textContent = text;
  return line;
}
