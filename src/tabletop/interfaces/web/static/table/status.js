// The status bar nobody can miss: whose turn, what they must do, the time they have; and what just happened.
import {duration, readable, seatName} from "/static/common.js";
import {list, sentence} from "/static/words.js";
import {tr, trn} from "/static/i18n.js";

function who(t, seat) {
  const view = t.view;
  if (view.mine.length === 1 && view.mine[0] === seat) return tr("You");
  return seatName(view, seat);
}

/** "You must roll the dice", "Ann must choose": `what` is what the board's prompt says, an infinitive phrase. */
function must(t, seat, what) {
  const view = t.view;
  if (view.mine.length === 1 && view.mine[0] === seat) return tr("You must {what}", {what});
  return tr("{name} must {what}", {name: seatName(view, seat), what});
}

/** Seconds left on the turn clock now, or null. */
export function clockLeft(t) {
  const wait = t.view.wait;
  if (!wait || wait.left === null || wait.left === undefined) return null;
  return Math.max(0, wait.left - t.elapsed());
}

/** "Game over: you won!", "Game over: Ann and Bob won." (the end dialog and the log say why). */
function ending(t) {
  const view = t.view;
  const winners = view.winners;
  if (!winners.length) return tr("Game over: nobody won.");
  if (winners.some((s) => view.mine.includes(s)) && view.mine.length === 1) return tr("Game over: you won!");
  return sentence(trn("Game over: {names} won", "Game over: {names} won", winners.length,
    {names: list(winners.map((s) => who(t, s)))}));
}

/** What the status bar says, and whether it asks something of this viewer. */
export function statusLine(t) {
  const {view, board, ctx} = t;
  if (view.status === "waiting") {
    const missing = view.seats.filter((s) => s.kind === "human" && !s.joined).map((s) => s.seat);
    return {text: tr("Waiting for {names} to join", {names: list(missing.map((s) => who(t, s)))}), mine: false};
  }
  if (view.terminal) return {text: ending(t), mine: false};
  if (view.live) {
    const text = board.liveStatus ? board.liveStatus(view, ctx, t.elapsed()) : view.live.prompt;
    return {text, mine: view.live.acting.some((s) => view.mine.includes(s)), urgent: true};
  }
  const left = clockLeft(t);
  const clock = left === null ? "" : ` ${tr("({time} left)", {time: duration(left)})}`;
  const phrase = board.prompt ? board.prompt(view) : null;
  if (view.roll_waits !== null && view.roll_waits !== undefined) {
    const seat = view.roll_waits;
    return {text: `${must(t, seat, phrase || tr("roll the dice"))}${clock}`, mine: view.mine.includes(seat)};
  }
  if (view.mover >= 0) {
    return {text: `${must(t, view.mover, phrase || tr("choose"))}${clock}`, mine: view.mine.includes(view.mover)};
  }
  if (view.roller !== null && view.roller !== undefined) {
    const yours = view.mine.length === 1 && view.mine[0] === view.roller;
    return {text: yours ? tr("You roll…") : tr("{name} rolls…", {name: who(t, view.roller)}), mine: false};
  }
  return {text: phrase ? `${phrase[0].toUpperCase()}${phrase.slice(1)}…` : tr("The dice are rolling…"), mine: false};
}

/** The latest log lines that fit the bar whole (never cut, never an ellipsis): two if they fit, else the last one,
 * at the bar's text size or a little smaller, in the room the status line leaves. */
function showRecent(t, last) {
  const lines = t.recent.map((line) => readable(t.view, line));
  const bar = document.getElementById("status-bar");
  const status = document.getElementById("status");
  const room = bar.clientHeight - status.offsetHeight - 12;
  last.style.maxHeight = `${Math.max(room, 16)}px`;
  for (const [count, small] of [[2, false], [1, false], [1, true]]) {
    const shown = lines.slice(-count);
    const text = shown.length ? tr("Just now: {events}", {events: shown.join(" · ")}) : "";
    if (last.textContent !== text) last.textContent = text;
    last.classList.toggle("small", small);
    if (last.scrollHeight <= last.clientHeight + 1) return;
  }
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
  // the status line's length sets the room left (its countdown does not: it would measure ten times a second)
  const recent = `${t.recent.map((entry) => readable(t.view, entry)).join("\n")}\n${line.text.replace(/[\d.:]+( s)? left/, "")}`;
  if (recent !== t.recentShown) {
    t.recentShown = recent;
    // measured once the frame is drawn (its layout done), so that it forces none: a measure at the frame's start
    // would lay out a page the update just changed, inside the frame's own long task
    cancelAnimationFrame(t.recentFrame);
    clearTimeout(t.recentTimer);
    t.recentFrame = requestAnimationFrame(() => {
      t.recentTimer = setTimeout(() => showRecent(t, document.getElementById("last")));
    });
  }
  return line;
}
