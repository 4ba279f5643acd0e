// Jumanji: four colour paths spiralling to the centre, pawns, the rhino, the Doomsday Grid,
// the danger card read through the decoder, and the live rescue and JUMANJI races.
import {el, svg, walk} from "/static/common.js";

const COLOURS = {red: "#d1495b", yellow: "#e9b824", green: "#3a9d5d", blue: "#2e86ab"};
const KINDS = {
  B: {fill: "#f4e7c5", text: "", name: "Blank"},
  W: {fill: "#f08a24", text: "W", name: "Wait for 5 or 8"},
  J: {fill: "#1f5f2e", text: "J", name: "Jungle"},
  R: {fill: "#7b7b7b", text: "R", name: "Rhino"},
};
const SIZE = 1000;
const C = SIZE / 2;
const OUTER = 455;
const INNER = 150;
const TURNS = 1.0;  // each arm winds one full turn

function colourOf(view, seat) {
  const name = view.board?.colours?.[seat];
  return COLOURS[name] || ["#d1495b", "#e9b824", "#3a9d5d", "#2e86ab"][seat % 4];
}

const ARMS = new Map();
let lastPawns = {id: null, n: -1, positions: []};  // path length -> spots along the arm of seat 0, evenly spaced by arc length

function armAngle(t) {
  return -Math.PI * 3 / 4 + t * TURNS * 2 * Math.PI;
}

function armRadius(t) {
  return OUTER - (OUTER - INNER) * t;
}

function arm(length) {
  if (ARMS.has(length)) return ARMS.get(length);
  const steps = 2000;
  const dense = [];
  let total = 0;
  let last = null;
  for (let k = 0; k <= steps; k++) {
    const t = k / steps;
    const p = [armRadius(t), armAngle(t)];
    const xy = [p[0] * Math.cos(p[1]), p[0] * Math.sin(p[1])];
    if (last) total += Math.hypot(xy[0] - last[0], xy[1] - last[1]);
    dense.push({t, s: total});
    last = xy;
  }
  const spots = [];
  let j = 0;
  for (let i = 0; i <= length + 1; i++) {
    const want = total * i / (length + 1);
    while (j < dense.length - 1 && dense[j].s < want) j++;
    spots.push(dense[j].t);
  }
  ARMS.set(length, spots);
  return spots;
}

/** Position of space i (0 = START, L + 1 = the centre) on seat's arm. */
function spot(seat, i, length) {
  if (i >= length + 1) return [C, C];
  const t = arm(length)[i];
  const angle = armAngle(t) + seat * Math.PI / 2;
  const r = armRadius(t);
  return [C + r * Math.cos(angle), C + r * Math.sin(angle)];
}

export function colour(view, seat) {
  return colourOf(view, seat);
}

export function seatExtra(view, seat) {
  const colour = view.board?.colours?.[seat];
  return colour ? el("span", {class: "muted"}, ` · ${colour}`) : null;
}

export function label(action, view) {
  if (action === "no rhino") return "Leave the rhino where it is";
  const m = /^rhino (\d+)$/.exec(action);
  if (m) {
    const seat = Number(m[1]);
    const who = seat === view.you ? "your pawn" : `seat ${seat + 1}'s pawn`;
    return `Put the rhino ahead of ${who} (${view.board?.colours?.[seat] || ""})`;
  }
  return action;
}

export function draw(view, ctx) {
  const state = view.state;
  const board = view.board || {};
  const colours = board.colours || Object.keys(state.pawns);
  const positions = colours.slice(0, view.players).map((c) => state.pawns[c]);
  const lengths = state.centre.map((c) => c - 1);
  const root = svg("svg", {viewBox: `0 0 ${SIZE} ${SIZE + 230}`, class: "board jumanji", role: "img",
    "aria-label": describe(view)});
  root.append(svg("rect", {x: 0, y: 0, width: SIZE, height: SIZE, rx: 40, fill: "#2d4a2b"}));
  root.append(svg("circle", {cx: C, cy: C, r: OUTER + 28, fill: "#365c33", stroke: "#1d331c", "stroke-width": 6}));
  // the paths
  for (let seat = 0; seat < colours.length && seat < 4; seat++) {
    const length = lengths[seat] ?? 64;
    const letters = board.paths?.[seat] || "";
    const points = [];
    for (let i = 0; i <= length + 1; i++) points.push(spot(seat, i, length).map((v) => v.toFixed(1)).join(","));
    const active = seat < view.players;
    root.append(svg("polyline", {points: points.join(" "), fill: "none", stroke: colourOf(view, seat),
      "stroke-width": 30, "stroke-linecap": "round", "stroke-linejoin": "round", opacity: active ? 0.55 : 0.18}));
    for (let i = 1; i <= length; i++) {
      const [x, y] = spot(seat, i, length);
      const kind = KINDS[letters[i - 1]] || KINDS.B;
      const group = svg("g", {class: "space"});
      group.append(svg("circle", {cx: x, cy: y, r: 11, fill: kind.fill, stroke: "#3b2f1c", "stroke-width": 1.5}));
      if (kind.text) {
        group.append(svg("text", {x, y: y + 4.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700,
          fill: "#fff"}, kind.text));
      }
      group.append(svg("title", {}, `${colours[seat]} path, space ${i}: ${kind.name}`));
      root.append(group);
    }
    const [sx, sy] = spot(seat, 0, length);
    root.append(svg("rect", {x: sx - 24, y: sy - 16, width: 48, height: 32, rx: 8, fill: colourOf(view, seat),
      stroke: "#fff", "stroke-width": 2, opacity: active ? 1 : 0.3}));
    root.append(svg("text", {x: sx, y: sy + 5, "text-anchor": "middle", "font-size": 13, "font-weight": 700,
      fill: "#fff"}, "START"));
  }
  // the centre
  root.append(svg("circle", {cx: C, cy: C, r: INNER - 38, fill: "#c9a227", stroke: "#5b4510", "stroke-width": 5}));
  root.append(svg("text", {x: C, y: C + 9, "text-anchor": "middle", "font-size": 28, "font-weight": 800,
    fill: "#3b2a05", "letter-spacing": 2}, "JUMANJI"));
  // the rhino: just ahead of the pawn it blocks, or on its home base
  if (state.rhino >= 0 && state.rhino < positions.length) {
    const [x, y] = spot(state.rhino, positions[state.rhino] + 1, lengths[state.rhino]);
    root.append(rhino(x, y, `the rhino blocks seat ${state.rhino + 1}`));
  } else {
    root.append(rhino(SIZE - 60, 60, "the rhino on its home base"));
  }
  // the pawns (walking the spaces they just moved through)
  const before = lastPawns.id === view.id && view.n > lastPawns.n && view.n - lastPawns.n <= 3 ? lastPawns.positions : null;
  if (lastPawns.id !== view.id || lastPawns.n !== view.n) lastPawns = {id: view.id, n: view.n, positions};
  const atCentre = [];
  positions.forEach((pos, seat) => {
    let [x, y] = spot(seat, pos, lengths[seat]);
    if (pos >= lengths[seat] + 1) {
      atCentre.push(seat);
      x += (atCentre.length - 1) * 34 - 50;
      y -= 40;
    }
    const mover = seat === currentSeat(view);
    if (mover) root.append(svg("circle", {cx: x, cy: y, r: 26, fill: "none", stroke: "#fff", "stroke-width": 4,
      "stroke-dasharray": "6 5", class: "mover-ring"}));
    const pawn = svg("g", {class: "pawn-group"},
      svg("circle", {cx: x, cy: y, r: 17, fill: colourOf(view, seat), stroke: "#111", "stroke-width": 3,
        class: "pawn", "data-seat": seat}, svg("title", {}, `${ctx.seatName(seat)}: ${where(pos, lengths[seat])}`)),
      svg("text", {x, y: y + 6, "text-anchor": "middle", "font-size": 17, "font-weight": 800, fill: "#111"},
        String(seat + 1)));
    root.append(pawn);
    const from = before?.[seat];
    if (from !== undefined && from !== pos && Math.abs(from - pos) <= 12) {
      const path = [];
      for (let i = from; i !== pos; i += pos > from ? 1 : -1) path.push(spot(seat, i, lengths[seat]));
      path.push([x, y]);
      walk(pawn, path, [x, y], 140);
    }
  });
  drawGrid(root, view);
  drawCard(root, view);
  return root;
}

function currentSeat(view) {
  if (view.mover >= 0) return view.mover;
  const m = /seat=(\d+)/.exec(view.state.text);
  return m ? Number(m[1]) : -1;
}

function where(pos, length) {
  if (pos === 0) return "START";
  if (pos >= length + 1) return "the centre";
  return `space ${pos} of ${length}`;
}

function rhino(x, y, title) {
  const g = svg("g", {class: "rhino"}, svg("title", {}, title));
  g.append(svg("ellipse", {cx: x, cy: y, rx: 26, ry: 17, fill: "#5f5a55", stroke: "#111", "stroke-width": 3}));
  g.append(svg("path", {d: `M ${x + 18} ${y - 8} l 16 -14 l -6 18 z`, fill: "#eee", stroke: "#111"}));
  g.append(svg("text", {x, y: y + 6, "text-anchor": "middle", "font-size": 15, "font-weight": 800, fill: "#fff"},
    "RHINO"));
  return g;
}

function drawGrid(root, view) {
  const state = view.state;
  const places = state.grid_places;
  const top = SIZE + 20;
  root.append(svg("text", {x: 20, y: top + 18, "font-size": 26, "font-weight": 700, fill: "#222"},
    `Doomsday Grid ${state.grid.length} / ${places}`));
  const columns = Math.ceil(places / 2);
  const w = 560 / columns;
  for (let i = 0; i < places; i++) {
    const x = 20 + (i % columns) * w;
    const y = top + 34 + Math.floor(i / columns) * 84;
    const card = state.grid[i];
    root.append(svg("rect", {x, y, width: w - 10, height: 74, rx: 8, fill: card ? "#8f1d21" : "#e9e2d0",
      stroke: "#5b1a14", "stroke-width": 2, class: card ? "grid-card" : "grid-place"}));
    if (card) root.append(svg("text", {x: x + (w - 10) / 2, y: y + 46, "text-anchor": "middle", "font-size": 26,
      "font-weight": 700, fill: "#fff"}, String(card)));
  }
  root.append(svg("text", {x: 20, y: top + 208, "font-size": 18, fill: "#444"},
    `draw pile ${state.draw_pile} · discard ${state.discard.length}`));
}

function drawCard(root, view) {
  const state = view.state;
  const x = 610;
  const y = SIZE + 20;
  root.append(svg("rect", {x, y, width: 370, height: 190, rx: 14, fill: "#3a1010", stroke: "#111", "stroke-width": 3}));
  const card = state.card ? view.board?.cards?.[state.card - 1] : null;
  if (!card) {
    root.append(svg("text", {x: x + 185, y: y + 100, "text-anchor": "middle", "font-size": 22, fill: "#d9c9a3"},
      "no danger card in play"));
    return;
  }
  // the decoder: a red window through which the card's hidden symbol shows
  root.append(svg("rect", {x: x + 14, y: y + 14, width: 342, height: 162, rx: 10, fill: "#c0392b", opacity: 0.35}));
  root.append(svg("text", {x: x + 24, y: y + 42, "font-size": 22, "font-weight": 700, fill: "#ffd9a0"},
    `Danger card ${state.card}`));
  const words = wrap(card.message, 30);
  words.forEach((line, i) => root.append(svg("text", {x: x + 24, y: y + 74 + i * 26, "font-size": 20, fill: "#fff"},
    line)));
  root.append(svg("text", {x: x + 24, y: y + 168, "font-size": 20, fill: "#ffd9a0", class: "card-symbol"},
    `symbol: ${card.symbol} · ${card.number} ${card.number === 1 ? "space" : "spaces"}`));
}

function wrap(text, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    if ((line + " " + word).trim().length > width) {
      lines.push(line.trim());
      line = word;
    } else line += " " + word;
  }
  if (line.trim()) lines.push(line.trim());
  return lines.slice(0, 3);
}

export function describe(view) {
  const state = view.state;
  const colours = view.board?.colours || Object.keys(state.pawns);
  const pawns = colours.slice(0, view.players).map((c, s) => `${c} ${where(state.pawns[c], state.centre[s] - 1)}`);
  return `Jumanji board: ${pawns.join(", ")}; Doomsday Grid ${state.grid.length} of ${state.grid_places}`;
}

let rollReadyAt = 0;  // the die in the hand again (a roll takes about a second, as the server counts it)

/** Roll this player's Rescue die, unless it is still rolling. */
export function rescueRoll(view, ctx) {
  const now = performance.now();
  if (now < rollReadyAt) return;
  rollReadyAt = now + (view.live?.act_seconds ?? 1) * 1000;
  ctx.press("roll");
  ctx.rerender();
}

/** The keys of the live races: Space (or R) rolls the Rescue die, J calls JUMANJI. */
export function liveKey(key, view) {
  if ((key === " " || key === "r") && view.live.kind === "rescue") return "roll";
  if (key === "j" && view.live.kind === "jumanji") return "jumanji";
  return null;
}

export function liveKeys() {
  return [el("kbd", {}, "Space"), " rolls your Rescue die, ", el("kbd", {}, "J"), " calls JUMANJI"];
}

/** A live act: the Rescue die is rolled no faster than it can land. */
export function press(what, view, ctx) {
  if (what === "roll") rescueRoll(view, ctx);
  else ctx.press(what);
}

/** The live panel: the rescue countdown, or the JUMANJI button. */
export function live(view, ctx, elapsed) {
  const event = view.live;
  if (event.kind === "jumanji") {
    const mine = event.tied.includes(view.you);
    return el("div", {class: "live-jumanji"},
      el("p", {}, `${event.tied.map((s) => ctx.seatName(s)).join(" and ")} reached the centre together!`),
      mine ? el("button", {type: "button", class: "big", id: "jumanji-button", onclick: () => ctx.press("jumanji")},
        "JUMANJI! ", el("kbd", {}, "J")) : el("p", {}, "The first to call JUMANJI wins…"),
      event.winner !== null ? el("p", {}, `${ctx.seatName(event.winner)} called it first!`) : null);
  }
  const remaining = event.phase === "running" ? Math.max(0, event.remaining - elapsed) : event.phase === "reveal"
    ? event.seconds : 0;
  const me = event.rescuers.find((r) => r.seat === view.you);
  const target = event.wild ? `${event.symbol} or the ${event.wild}` : event.symbol;
  const count = (r) => `${r.rolls} roll${r.rolls === 1 ? "" : "s"}`;
  const status = (r) => r.saved ? `rolled ${r.face} (${count(r)}): safe!` : r.face ? `rolled ${r.face} (${count(r)})`
    : "not rolled yet";
  return el("div", {class: "live-rescue"},
    el("p", {}, el("strong", {}, `Card ${event.card}: `), event.message),
    el("p", {}, `Roll the Rescue die until it shows the `, el("strong", {class: "target"}, target), "!"),
    el("p", {class: "countdown", "aria-live": "off"}, event.phase === "reveal" ? "Ready…"
      : event.phase === "done" ? "Time!" : `${remaining.toFixed(1)} s`),
    me && !me.saved && event.phase === "running" ? el("button", {type: "button", class: "big", id: "rescue-roll",
      "aria-disabled": performance.now() < rollReadyAt ? "true" : "false",
      onclick: () => rescueRoll(view, ctx)}, performance.now() < rollReadyAt ? "The die is rolling… " : "Roll the Rescue die ",
    el("kbd", {}, "Space")) : null,
    el("ul", {class: "rescuers"}, ...event.rescuers.map((r) => el("li", {"data-seat": r.seat},
      el("span", {class: "dot", style: `background:${colourOf(view, r.seat)}`}),
      `${ctx.seatName(r.seat)}: ${status(r)}`))));
}
