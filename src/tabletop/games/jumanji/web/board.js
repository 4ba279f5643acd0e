// Jumanji: four colour paths spiralling to the centre, pawns, the rhino and the Doomsday Grid (SVG); the danger
// card in play as a card, the number die in the dice tray, and the live rescue and JUMANJI races.
import {el, fixedLayer, lastEvent, svg, walk} from "/static/common.js";
import {die} from "/static/table/dice.js";
import {list} from "/static/words.js";
import {colourName, symbolIcon, symbolName} from "./symbols.js";
import {tr, trn} from "/static/i18n.js";

// the engine's messages for a roll of the number die by the player to move (the log's keys: see tabletop.core.events)
const ROLLS = ["{seat} rolls {n} to space {space}", "{seat} rolls {n} and reaches the centre",
  "{seat} rolls {n}: still blocked by the rhino", "{seat} rolls {n}: the rhino goes home", "{seat} rolls {n}: {other_seat} is safe",
  "{seat} rolls {n}: {other_seat} slips back to {space}"];

const COLOURS = {red: "#d1495b", yellow: "#e9b824", green: "#3a9d5d", blue: "#2e86ab"};
// each kind of space has its colour and its shape, so it is told apart without words at any size (the key says which)
const KINDS = {
  B: {fill: "#f4e7c5", shape: "circle", name: tr("Blank"), meaning: tr("draw a danger card; the others race to rescue you")},
  W: {fill: "#f08a24", shape: "diamond", name: tr("Wait for 5 or 8"),
    meaning: tr("the player to your left rolls for you: a 5 or an 8 frees you")},
  J: {fill: "#1f5f2e", shape: "triangle", name: tr("Jungle"), meaning: tr("a danger card everyone races to rescue, you too")},
  R: {fill: "#7b7b7b", shape: "square", name: tr("Rhino"), meaning: tr("you may put the rhino ahead of any pawn")},
};

/** A space's shape centred on (x, y), about `r` across the middle. */
function spaceShape(kind, x, y, r, extra = {}) {
  const base = {fill: kind.fill, stroke: "#3b2f1c", "stroke-width": 1.5, ...extra};
  if (kind.shape === "diamond") {
    return svg("path", {d: `M ${x} ${y - r * 1.3} L ${x + r * 1.3} ${y} L ${x} ${y + r * 1.3} L ${x - r * 1.3} ${y} Z`,
      ...base});
  }
  if (kind.shape === "triangle") {
    return svg("path", {d: `M ${x} ${y - r * 1.35} L ${x + r * 1.25} ${y + r * 0.9} L ${x - r * 1.25} ${y + r * 0.9} Z`,
      ...base});
  }
  if (kind.shape === "square") return svg("rect", {x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 2, ...base});
  return svg("circle", {cx: x, cy: y, r, ...base});
}
const SIZE = 1000;
const C = SIZE / 2;
const OUTER = 455;
const INNER = 150;
const TURNS = 1.0;  // each arm winds one full turn
const GRID_H = 230;  // the Doomsday Grid's strip under the board
const START_GAP = 40;  // from a START box's centre to its word: past the mover's ring (32) round a pawn on it

function colourOf(view, seat) {
  const name = view.board?.colours?.[seat];
  return COLOURS[name] || ["#d1495b", "#e9b824", "#3a9d5d", "#2e86ab"][seat % 4];
}

const ARMS = new Map();
// path length -> the places of its spaces along each seat's arm, evenly spaced by arc length: worked out once per
// length (every drawing of the board asks for each of them)
let lastPawns = {id: null, n: -1, positions: []};  // where the pawns were drawn, to show them walking

function armAngle(t) {
  return -Math.PI * 3 / 4 + t * TURNS * 2 * Math.PI;
}

function armRadius(t) {
  return OUTER - (OUTER - INNER) * t;
}

let DENSE = null;
/** The arm measured once: 2,001 points along it, each its parameter t and its arc length from START. */
function dense() {
  if (DENSE) return DENSE;
  const steps = 2000;
  DENSE = [];
  let total = 0;
  let last = null;
  for (let k = 0; k <= steps; k++) {
    const t = k / steps;
    const p = [armRadius(t), armAngle(t)];
    const xy = [p[0] * Math.cos(p[1]), p[0] * Math.sin(p[1])];
    if (last) total += Math.hypot(xy[0] - last[0], xy[1] - last[1]);
    DENSE.push({t, s: total});
    last = xy;
  }
  return DENSE;
}

/** The places of a path's spaces, 0 (START) to length + 1 (the centre), on each seat's arm: [seat][i] = [x, y]. */
function arm(length) {
  if (ARMS.has(length)) return ARMS.get(length);
  const points = dense();
  const total = points[points.length - 1].s;
  const ts = [];
  let j = 0;
  for (let i = 0; i <= length + 1; i++) {
    const want = total * i / (length + 1);
    while (j < points.length - 1 && points[j].s < want) j++;
    ts.push(points[j].t);
  }
  const seats = [0, 1, 2, 3].map((seat) => ts.map((t, i) => {
    if (i >= length + 1) return [C, C];
    const angle = armAngle(t) + seat * Math.PI / 2;
    const r = armRadius(t);
    return [C + r * Math.cos(angle), C + r * Math.sin(angle)];
  }));
  ARMS.set(length, seats);
  return seats;
}

/** Position of space i (0 = START, L + 1 = the centre) on seat's arm. */
function spot(seat, i, length) {
  if (i >= length + 1) return [C, C];
  return arm(length)[seat % 4][i];
}

export function colour(view, seat) {
  return colourOf(view, seat);
}

export function seatExtra(view, seat) {
  const colour = view.board?.colours?.[seat];
  return colour ? el("span", {class: "muted"}, ` · ${colourName(colour)}`) : null;
}

export function label(action, view) {
  if (action === "no rhino") return tr("Leave the rhino where it is");
  const m = /^rhino (\d+)$/.exec(action);
  if (m) {
    const seat = Number(m[1]);
    const colour = colourName(view.board?.colours?.[seat] || "");
    if (seat === view.you) return tr("Put the rhino ahead of your pawn ({colour})", {colour});
    return tr("Put the rhino ahead of {name}'s pawn ({colour})",
      {name: view.seats?.[seat]?.name || tr("seat {n}", {n: seat + 1}), colour});
  }
  return action;
}

/** What the player the game waits for must do, for the status bar ("Ann must ..."). */
export function prompt(view) {
  if (view.mover >= 0) return tr("decide where the rhino goes");
  if (view.roll_waits !== null && view.roll_waits !== undefined) return tr("roll the number die");
  return null;
}

/** The number die's last roll, for the dice tray. */
export function dice(view, ctx) {
  const history = view.history || [];
  for (let i = history.length - 1; i >= 0; i--) {
    const m = /^roll (\d+)$/.exec(history[i].action);
    if (!m) continue;
    const face = Number(m[1]);
    const event = lastEvent(view, ROLLS, (fields) => fields.n === face);
    const seat = event ? event.fields.seat : null;
    return {caption: seat === null ? tr("The number die shows {face}", {face})
      : tr("{name} rolled {face}", {name: ctx.seatName(seat), face}),
    dice: [{key: `number-${history[i].n ?? i}`, face, tone: "white", label: tr("number die: {face}", {face})}]};
  }
  return null;
}

/** The danger card in play, as a card, and the piles. */
export function aside(view) {
  const state = view.state;
  const card = state.card ? view.board?.cards?.[state.card - 1] : null;
  const piles = el("p", {class: "muted", "data-key": "piles"},
    tr("Danger cards: {draw} to draw, {discarded} discarded, {grid} of {places} on the Doomsday Grid.",
      {draw: state.draw_pile, discarded: state.discard.length, grid: state.grid.length, places: state.grid_places}));
  if (!card) return [piles];
  return [dangerCard(card), piles];
}

function dangerCard(card) {
  return el("div", {class: "danger-card deal", "data-key": `card-${card.number}-${card.symbol}-${card.message.length}`,
    role: "group", "aria-label": tr("The danger card in play")},
  el("p", {class: "card-head"}, tr("Danger card")),
  el("p", {class: "card-message"}, tr(card.message)),
  el("p", {class: "card-symbol"}, die({key: `symbol-${card.symbol}`, face: card.symbol, icon: symbolIcon(card.symbol),
    tone: "white", label: tr("symbol: {face}", {face: symbolName(card.symbol)})}), ` ${symbolName(card.symbol)} · `
    + trn("{n} space ahead if rescued, back if not", "{n} spaces ahead if rescued, back if not", card.number)));
}

export function draw(view, ctx) {
  const state = view.state;
  const board = view.board || {};
  const colours = board.colours || Object.keys(state.pawns);
  const positions = colours.slice(0, view.players).map((c) => state.pawns[c]);
  const lengths = state.centre.map((c) => c - 1);
  const root = svg("svg", {viewBox: `0 0 ${SIZE} ${SIZE + GRID_H}`, class: "board jumanji", role: "img",
    "aria-label": summaryName(view), preserveAspectRatio: "xMidYMin meet"});
  // the paths and their spaces never change: one picture, drawn once
  const key = JSON.stringify(["jumanji", colours, board.paths, lengths, view.players]);
  root.append(fixedLayer(key, SIZE, SIZE, () => {
    const parts = [svg("rect", {x: 0, y: 0, width: SIZE, height: SIZE, rx: 40, fill: "#2d4a2b"}),
      svg("circle", {cx: C, cy: C, r: OUTER + 28, fill: "#365c33", stroke: "#1d331c", "stroke-width": 6})];
    for (let seat = 0; seat < colours.length && seat < 4; seat++) parts.push(...pathShapes(view, seat, lengths));
    parts.push(svg("circle", {cx: C, cy: C, r: INNER - 38, fill: "#c9a227", stroke: "#5b4510", "stroke-width": 5}));
    return parts;
  }));
  for (let seat = 0; seat < colours.length && seat < 4; seat++) {  // the words stay live (they keep their size)
    // beside its box, towards the board's edge: the pawns stand on the box at the start, and the word grows away
    // from them when a small screen draws it larger
    const [sx, sy] = spot(seat, 0, lengths[seat] ?? 64);
    const below = sy > C;
    root.append(svg("text", {x: sx, y: below ? sy + START_GAP : sy - START_GAP, "text-anchor": "middle",
      "dominant-baseline": below ? "hanging" : "alphabetic", "font-size": 20, "font-weight": 800, fill: "#fff",
      stroke: "#0006", "stroke-width": 3, "paint-order": "stroke", class: "start-label"}, tr("START")));
  }
  root.append(svg("text", {x: C, y: C + 14, "text-anchor": "middle", "font-size": 40, "font-weight": 800,
    fill: "#3b2a05", "letter-spacing": 2}, "JUMANJI"));
  // the rhino: just ahead of the pawn it blocks, or on its home base
  if (state.rhino >= 0 && state.rhino < positions.length) {
    const [x, y] = spot(state.rhino, positions[state.rhino] + 1, lengths[state.rhino]);
    root.append(rhino(x, y, tr("the rhino blocks seat {n}", {n: state.rhino + 1})));
  } else {
    root.append(rhino(SIZE - 70, 70, tr("the rhino on its home base")));
  }
  drawPawns(root, view, ctx, positions, lengths);
  drawGrid(root, view);
  return root;
}

/** One colour's path: its line, its spaces (each kind its shape and colour) and its START box. */
function pathShapes(view, seat, lengths) {
  const board = view.board || {};
  const length = lengths[seat] ?? 64;
  const letters = board.paths?.[seat] || "";
  const points = [];
  for (let i = 0; i <= length + 1; i++) points.push(spot(seat, i, length).map((v) => v.toFixed(1)).join(","));
  const active = seat < view.players;
  const shapes = [svg("polyline", {points: points.join(" "), fill: "none", stroke: colourOf(view, seat),
    "stroke-width": 30, "stroke-linecap": "round", "stroke-linejoin": "round", opacity: active ? 0.55 : 0.18})];
  for (let i = 1; i <= length; i++) {
    const [x, y] = spot(seat, i, length);
    shapes.push(spaceShape(KINDS[letters[i - 1]] || KINDS.B, x, y, 11));
  }
  const [sx, sy] = spot(seat, 0, length);
  shapes.push(svg("rect", {x: sx - 40, y: sy - 19, width: 80, height: 38, rx: 9, fill: colourOf(view, seat),
    stroke: "#fff", "stroke-width": 2, opacity: active ? 1 : 0.3}));
  return shapes;
}

function drawPawns(root, view, ctx, positions, lengths) {
  const before = lastPawns.id === view.id && view.n > lastPawns.n && view.n - lastPawns.n <= 4 ? lastPawns.positions : null;
  if (lastPawns.id !== view.id || lastPawns.n !== view.n) lastPawns = {id: view.id, n: view.n, positions};
  const atCentre = [];
  const moving = currentSeat(view);
  positions.forEach((pos, seat) => {
    let [x, y] = spot(seat, pos, lengths[seat]);
    if (pos >= lengths[seat] + 1) {
      atCentre.push(seat);
      x += (atCentre.length - 1) * 44 - 66;
      y -= 60;
    }
    const pawn = svg("g", {class: `pawn-group${seat === moving ? " mover" : ""}`, "data-key": `pawn-${seat}`},
      seat === moving ? svg("circle", {cx: x, cy: y, r: 32, fill: "none", stroke: "#fff", "stroke-width": 5,
        "stroke-dasharray": "7 5", class: "mover-ring"}) : null,
      svg("circle", {cx: x, cy: y, r: 24, fill: colourOf(view, seat), stroke: "#111", "stroke-width": 4,
        class: "pawn", "data-seat": seat}, svg("title", {}, `${ctx.seatName(seat)}: ${where(pos, lengths[seat])}`)),
      svg("text", {x, y: y + 9, "text-anchor": "middle", "font-size": 26, "font-weight": 800, fill: "#111"},
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
}

function currentSeat(view) {
  if (view.mover >= 0) return view.mover;
  const m = /seat=(\d+)/.exec(view.state.text);
  return m ? Number(m[1]) : -1;
}

function where(pos, length) {
  if (pos === 0) return tr("START");
  if (pos >= length + 1) return tr("the centre");
  return tr("space {pos} of {length}", {pos, length});
}

/** The rhino: a grey body with a horn (the key names it). */
function rhinoShape(x, y, scale = 1) {
  return [svg("ellipse", {cx: x, cy: y, rx: 26 * scale, ry: 17 * scale, fill: "#5f5a55", stroke: "#111",
    "stroke-width": 3 * scale}),
  svg("path", {d: `M ${x + 18 * scale} ${y - 8 * scale} l ${16 * scale} ${-14 * scale} l ${-6 * scale} ${18 * scale} z`,
    fill: "#eee", stroke: "#111", "stroke-width": scale})];
}

function rhino(x, y, title) {
  return svg("g", {class: "rhino"}, svg("title", {}, title), ...rhinoShape(x, y));
}

function drawGrid(root, view) {
  const state = view.state;
  const places = state.grid_places;
  const top = SIZE + 12;
  root.append(svg("text", {x: 20, y: top + 40, "font-size": 40, "font-weight": 800, fill: "#5b1a14"},
    tr("Doomsday Grid: {n} of {places}", {n: state.grid.length, places})));
  const columns = Math.ceil(places / 2);
  const w = (SIZE - 30) / columns;
  for (let i = 0; i < places; i++) {
    const x = 20 + (i % columns) * w;
    const y = top + 58 + Math.floor(i / columns) * 80;
    const card = state.grid[i];
    root.append(svg("g", {class: card ? "grid-card flip" : "grid-place", "data-key": `grid-${i}-${card || 0}`},
      svg("rect", {x, y, width: w - 12, height: 70, rx: 10, fill: card ? "#8f1d21" : "#e9e2d0", stroke: "#5b1a14",
        "stroke-width": 3}),
      card ? svg("text", {x: x + (w - 12) / 2, y: y + 48, "text-anchor": "middle", "font-size": 38, "font-weight": 800,
        fill: "#fff"}, String(card)) : null,
      svg("title", {}, card ? tr("grid place {n}: danger card {card}", {n: i + 1, card})
        : tr("grid place {n}: empty", {n: i + 1}))));
  }
}

export function describe(view, ctx) {
  const state = view.state;
  const colours = view.board?.colours || Object.keys(state.pawns);
  const letters = view.board?.paths || [];
  const name = (seat) => (ctx ? ctx.seatName(seat) : tr("Player {n}", {n: seat + 1}));
  const lines = colours.slice(0, view.players).map((colour, seat) => {
    const pos = state.pawns[colour];
    const length = state.centre[seat] - 1;
    const kind = pos > 0 && pos <= length ? KINDS[letters[seat]?.[pos - 1]] : null;
    const blocked = state.rhino === seat ? `; ${tr("the rhino blocks it")}` : "";
    const togo = pos > length ? ""
      : `, ${trn("{n} space from the centre", "{n} spaces from the centre", length + 1 - pos)}`;
    const on = kind ? ` (${tr("a {kind} space", {kind: kind.name})})` : "";
    return `${name(seat)} (${colourName(colour)}): ${where(pos, length)}${on}${togo}${blocked}.`;
  });
  if (state.rhino < 0 || state.rhino >= view.players) lines.push(tr("The rhino is on its home base."));
  const card = state.card ? view.board?.cards?.[state.card - 1] : null;
  if (card) {
    lines.push(tr("Danger card in play: “{message}” (symbol: {face}).", {message: tr(card.message), face: symbolName(card.symbol)}));
  }
  lines.push(state.grid.length ? tr("Doomsday Grid: {n} of {places} places filled (cards {cards}).",
    {n: state.grid.length, places: state.grid_places, cards: list(state.grid.map(String))})
    : tr("Doomsday Grid: {n} of {places} places filled.", {n: 0, places: state.grid_places}));
  lines.push(tr("Danger cards: {draw} to draw, {discarded} discarded.",
    {draw: state.draw_pile, discarded: state.discard.length}));
  return lines;
}

/** What the board's colours and shapes mean. */
export function legend(view) {
  const items = Object.values(KINDS).map((kind) => ({swatch: spaceShape(kind, 20, 20, 11),
    text: tr("{kind} space: {meaning}", {kind: kind.name, meaning: kind.meaning})}));
  const colours = (view.board?.colours || []).slice(0, view.players);
  items.push({swatch: [svg("circle", {cx: 20, cy: 20, r: 14, fill: colourOf(view, 0), stroke: "#111", "stroke-width": 3}),
    svg("text", {x: 20, y: 26, "text-anchor": "middle", "font-size": 17, "font-weight": 800}, "1")],
  text: tr("Pawns, numbered by seat, each on its colour's path ({colours}) from START to the centre",
    {colours: list(colours.map(colourName))})});
  items.push({swatch: rhinoShape(20, 22, 0.7), text: tr("The rhino: the pawn it stands before cannot move until its player rolls an even number")});
  items.push({swatch: svg("rect", {x: 6, y: 8, width: 28, height: 24, rx: 4, fill: "#8f1d21", stroke: "#5b1a14",
    "stroke-width": 2}), text: tr("The Doomsday Grid: a failed rescue puts its card here; when the grid is full, everyone loses")});
  return items;
}

/** The text the board's picture stands for (its accessible name). */
function summaryName(view) {
  const state = view.state;
  const colours = view.board?.colours || Object.keys(state.pawns);
  const pawns = colours.slice(0, view.players)
    .map((c, s) => `${colourName(c)} ${where(state.pawns[c], state.centre[s] - 1)}`);
  return tr("Jumanji board: {pawns}; Doomsday Grid {n} of {places}",
    {pawns: list(pawns), n: state.grid.length, places: state.grid_places});
}

export {busy, live, liveKey, liveKeys, liveStatus, press} from "./races.js";
