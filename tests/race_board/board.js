// The dice race used by the tests: a track with one pawn per seat.
import {svg} from "/static/common.js";

export function draw(view, ctx) {
  const goal = view.options.goal;
  const width = 40 * (goal + 1) + 20;
  const board = svg("svg", {viewBox: `0 0 ${width} ${40 + 30 * view.players}`, class: "board race",
    role: "img", "aria-label": `race track of ${goal} steps`});
  for (let i = 0; i <= goal; i++) {
    board.append(svg("rect", {x: 10 + 40 * i, y: 10, width: 36, height: 20 + 30 * view.players,
      fill: i === goal ? "#ffe08a" : "#f3efe6", stroke: "#998"}));
    board.append(svg("text", {x: 28 + 40 * i, y: 24, "text-anchor": "middle", "font-size": 11}, String(i)));
  }
  view.state.positions.forEach((pos, seat) => {
    board.append(svg("circle", {cx: 28 + 40 * Math.min(pos, goal), cy: 45 + 30 * seat, r: 11, fill: ctx.colour(seat),
      stroke: "#222", class: "pawn", "data-seat": seat},
    svg("title", {}, `${ctx.seatName(seat)} at ${pos}`)));
  });
  return board;
}
