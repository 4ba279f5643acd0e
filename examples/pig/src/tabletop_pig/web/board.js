// Pig: one lane per seat from 0 to the goal, with each player's name and banked score, the turn total at stake,
// and the goal. Drawn in HTML, so its words keep their size on any screen.
import {el} from "/static/common.js";

export function label(action, view) {
  const state = view.state;
  if (action === "hold") return `Hold: bank ${state.turn_total} (score ${state.scores[state.seat] + state.turn_total})`;
  if (action === "roll") return `Roll again (risk the ${state.turn_total} at stake)`;
  return action;
}

/** What the player whose turn it is must do, for the status bar ("Ann must ..."). */
export function prompt(view) {
  if (view.state.next === "decide") return "roll again or hold";
  return "roll the die";
}

/** The die's last roll, for the dice tray. */
export function dice(view, ctx) {
  const history = view.history || [];
  for (let i = history.length - 1; i >= 0; i--) {
    const m = /^die (\d)$/.exec(history[i].action);
    if (!m) continue;
    const face = Number(m[1]);
    return {caption: `The die shows ${face}`, note: face === 1 ? "A 1: the turn's points are lost" : null,
      dice: [{key: `die-${history[i].n ?? i}`, face, pips: true, tone: face === 1 ? "red" : "white",
        label: `the die: ${face}`}]};
  }
  return null;
}

export function seatExtra(view, seat) {
  return el("span", {class: "muted"}, ` · score ${view.state.scores[seat]}`);
}

function goalOf(view) {
  return view.board?.goal ?? view.state.goal;
}

export function draw(view, ctx) {
  const state = view.state;
  const goal = goalOf(view);
  const share = (points) => `${(100 * Math.min(points, goal) / goal).toFixed(2)}%`;
  const lanes = state.scores.map((score, seat) => {
    const playing = seat === state.seat && state.next !== "won";
    const stake = playing ? state.turn_total : 0;
    return el("li", {class: `pig-lane${playing ? " playing mover" : ""}`, "data-key": `lane-${seat}`},
      el("span", {class: "pig-name"}, playing ? "▶ " : "", ctx.seatName(seat)),
      el("span", {class: "pig-bar", "aria-hidden": "true"},
        el("span", {class: "pig-score", style: `width:${share(score)};background:${ctx.colour(seat)}`}),
        stake ? el("span", {class: "pig-stake", style: `left:${share(score)};width:calc(${share(score + stake)} - `
          + `${share(score)});background:${ctx.colour(seat)}`}) : null),
      el("span", {class: "pig-points"}, String(score), stake ? el("small", {}, ` +${stake} at stake`) : null));
  });
  return el("div", {class: "html-board pig-board", role: "group", "aria-label": describe(view, ctx).join(". ")},
    el("p", {class: "pig-goal"}, `First to ${goal} points wins`),
    el("ol", {class: "pig-lanes"}, ...lanes));
}

export function legend(view) {
  return [
    {text: "A lane fills as a player banks points; the end of the lane is the goal."},
    {text: "The lighter part after it: the points at stake this turn (lost on a 1, banked on Hold)."},
    {text: "▶ marks the player whose turn it is."},
  ];
}

export function describe(view, ctx) {
  const state = view.state;
  const lines = [`Pig to ${goalOf(view)} points.`];
  state.scores.forEach((score, seat) => {
    const playing = seat === state.seat && state.next !== "won";
    lines.push(`${ctx ? ctx.seatName(seat) : `Player ${seat + 1}`}: ${score} points`
      + (playing ? `, playing now with ${state.turn_total} at stake` : ""));
  });
  return lines;
}
