// Pig: one lane per seat from 0 to the goal, the banked score and the turn total at stake.
import {el, svg} from "/static/common.js";

const LANE = 46;
const WIDTH = 680;
const LEFT = 180;  // where the lanes start, after the names

export function label(action, view) {
  const state = view.state;
  if (action === "hold") return `Hold: bank ${state.turn_total}`;
  if (action === "roll") return `Roll again (risk ${state.turn_total})`;
  return action;
}

export function seatExtra(view, seat) {
  return el("span", {class: "muted"}, ` · score ${view.state.scores[seat]}`);
}

export function draw(view, ctx) {
  const state = view.state;
  const goal = view.board?.goal ?? state.goal;
  const scale = (points) => LEFT + (WIDTH - LEFT - 20) * Math.min(points, goal) / goal;
  const height = 40 + LANE * state.scores.length;
  const board = svg("svg", {viewBox: `0 0 ${WIDTH} ${height}`, class: "board pig", role: "img",
    "aria-label": `Pig to ${goal}: ${state.scores.map((s, i) => `${ctx.seatName(i)} ${s}`).join(", ")}`});
  board.append(svg("text", {x: scale(goal), y: 18, "text-anchor": "end", "font-size": 13}, `goal ${goal}`));
  state.scores.forEach((score, seat) => {
    const y = 30 + LANE * seat;
    const playing = seat === state.seat && state.next !== "won";
    board.append(svg("text", {x: 8, y: y + 22, "font-size": 14, "font-weight": playing ? "bold" : "normal"},
      `${playing ? "▶ " : ""}${ctx.seatName(seat)}`));
    board.append(svg("rect", {x: LEFT, y, width: WIDTH - LEFT - 20, height: 30, rx: 6, fill: "#f3efe6", stroke: "#998"}));
    board.append(svg("rect", {x: LEFT, y, width: scale(score) - LEFT, height: 30, rx: 6, fill: ctx.colour(seat),
      class: "score", "data-seat": seat}));
    if (playing && state.turn_total) {
      board.append(svg("rect", {x: scale(score), y, width: scale(score + state.turn_total) - scale(score), height: 30,
        fill: ctx.colour(seat), opacity: 0.35, class: "at-stake"}));
    }
    board.append(svg("text", {x: WIDTH - 14, y: y + 20, "text-anchor": "end", "font-size": 14, "font-weight": "bold"},
      String(score)));
  });
  return board;
}

export function describe(view) {
  return `Pig: ${view.state.scores.join(", ")}`;
}
