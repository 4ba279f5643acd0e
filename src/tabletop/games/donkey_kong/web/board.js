// Donkey Kong: girders and ladders, pawns, barrels and fireballs, Donkey Kong's arm, the Oil Can, the dice, and
// the routes to choose from (their words, the cards and the key are in explain.js).
import {el, fixedGroup, fixedLayer, lastEvent, shape, svg, walk} from "/static/common.js";
import {cardName, cards, label} from "./explain.js";
import {MARKER_R, dotBoxes, markBoxes, placeMarkers, textBox} from "./markers.js";
import {tr, trn} from "/static/i18n.js";

// the engine's message for the white die's roll (the log's key: see tabletop.core.events)
const WHITE_ROLL = "{seat} rolls white {n}";

// the words drawn on the board (the rest are in explain.js)
const barrelsLeft = (n) => trn("{n} barrel left", "{n} barrels left", n);

export {aside, cards, choicesCaption, contact, describe, label, legend, prompt} from "./explain.js";

const COL_W = 78;
const ROW_H = 118;
const LEFT = 90;
const TOP = 120;

function layout(board) {
  const girders = board.girders || [];
  const rowOf = {};
  girders.forEach((g, i) => { rowOf[g.name] = i; });
  const columns = Math.max(...girders.map((g) => g.spaces), 1);
  const startRoom = board.start ? 56 : 0;  // a row below the bottom girder for the Start space
  const height = TOP + ROW_H * girders.length + 40 + startRoom;
  const base = height - 60 - startRoom;  // the bottom girder's line
  const firstCol = {};
  for (const g of girders) {
    firstCol[g.name] = 1;
    if (g.spaces < columns) {  // a short girder sits above the ladder that reaches it
      const ladder = (board.ladders || []).find((l) => l.top.startsWith(g.name));
      if (ladder) firstCol[g.name] = Number(ladder.bottom.slice(1));
    }
  }
  const slope = (g, col) => (g.roll === "left" ? (g.spaces - col) : g.roll === "right" ? col - 1 : 0) * 3;
  const girderSpot = (name) => {
    const m = /^([A-Z])(\d+)$/.exec(name);
    if (!m || !(m[1] in rowOf)) return null;
    const g = girders[rowOf[m[1]]];
    const col = Number(m[2]) + firstCol[m[1]] - 1;
    return [LEFT + (col - 0.5) * COL_W, base - rowOf[m[1]] * ROW_H + slope(g, Number(m[2]))];
  };
  // the Start space lies below the girder spaces a pawn's first step leads onto
  const startSpot = () => {
    const joins = (board.start_joins || []).map(girderSpot).filter(Boolean);
    if (!joins.length) return [LEFT + COL_W / 2, base + 50];
    const x = joins.reduce((sum, [jx]) => sum + jx, 0) / joins.length;
    return [x, Math.max(...joins.map(([, jy]) => jy)) + 50];
  };
  const spot = (name) => {
    if (name === "OIL") return [LEFT - 52, base];
    if (name === board.start) return startSpot();
    const direct = girderSpot(name);
    if (direct) return direct;
    const m = /^(L\d+)\.(\d+)$/.exec(name);
    const ladder = m && (board.ladders || []).find((l) => l.name === m[1]);
    if (!ladder) return [20, 20];
    const [bx, by] = girderSpot(ladder.bottom);
    const [, ty] = girderSpot(ladder.top);
    const t = Number(m[2]) / (ladder.rungs + 1);
    return [bx, by + (ty - by) * t];
  };
  return {columns, height, spot, girderSpot, startSpot, firstCol, rowOf};
}

const DIE_PATTERN = /^(white|red) (\d+|rests)$/;

/** The white and red dice of the last roll (white moves the pawn, red the obstacles), for the dice tray. */
export function dice(view, ctx) {
  const history = view.history || [];
  let white = null;
  let red = null;
  let at = -1;
  for (let i = history.length - 1; i >= 0 && white === null; i--) {
    const m = DIE_PATTERN.exec(history[i].action);
    if (!m) continue;
    if (m[1] === "red" && red === null) red = m[2];
    if (m[1] === "white") {
      white = m[2];
      at = i;
    }
  }
  if (white === null) return null;
  const event = lastEvent(view, [WHITE_ROLL], (fields) => fields.n === Number(white));
  const seat = event ? event.fields.seat : null;
  const shown = [{key: `white-${at}`, face: Number(white), pips: true, tone: "white", label: tr("white die: {n}", {n: Number(white)})}];
  if (red !== null) {
    shown.push({key: `red-${at}`, face: red === "rests" ? "zz" : Number(red), pips: red !== "rests", tone: "red",
      label: red === "rests" ? tr("red die: Donkey Kong rests") : tr("red die: {n}", {n: Number(red)})});
  }
  const note = red === null ? tr("the white die moves the pawn; the red die comes next")
    : red === "rests" ? tr("white moves the pawn; Donkey Kong rests: no obstacle moves")
      : tr("white moves the pawn {white}; red moves every obstacle {red}", {white: Number(white), red: Number(red)});
  return {caption: seat === null ? tr("The dice") : tr("{name} rolled", {name: ctx.seatName(seat)}), dice: shown, note};
}

/** A space's name as the board shows it: its notation ("A4"), and the Start space in the page's language. */
const spaceName = (name) => (name === "START" ? tr("START") : name);

export function seatExtra(view, seat) {
  const hand = cards(view);
  const score = view.state.scores?.[seat] ?? 0;
  const up = (hand.up[seat] || []).map(cardName);
  return el("span", {class: "muted"}, ` · ${tr("score {score} · at {at}", {score, at: spaceName(view.state.pawns[seat])})}`,
    el("span", {class: "cards-line"}, ` · ${tr("cards: {cards}", {cards: up.length ? up.join(", ") : tr("none")})}`,
      ` · ${tr("{n} scored", {n: (hand.down[seat] || []).length})}`));
}

export function draw(view, ctx) {
  const state = view.state;
  const board = view.board || {};
  const geo = layout(board);
  const width = LEFT + geo.columns * COL_W + 40;
  const height = geo.height;
  const choosing = view.legal.some((a) => a.startsWith("move "));
  const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, class: "board donkey-kong",
    role: choosing ? "group" : "img", "aria-label": summaryName(view)});
  // the girders, ladders and their spaces never change: one picture, drawn once; their names are drawn live, as
  // one group built once (fixedGroup: neither rebuilt nor compared on an update)
  const fixed = JSON.stringify(["donkey-kong", board.girders, board.ladders, board.edges, board.start]);
  root.append(fixedLayer(fixed, width, height, () => girderShapes(board, geo, width, height)),
    fixedGroup(fixed, () => girderNames(board, geo)));
  // what stands on the spaces (barrels, fireballs, pawns), placed first: the routes' circles keep clear of them
  const spots = standing(state, geo, view.mover);
  const scenery = drawScenery(root, view, geo, board);
  drawRoutes(root, view, geo, ctx, markBoxes(spots, [...scenery, ...dotBoxes(board, geo)]), width, height);
  const moves = obstacleMoves(view, board);
  state.barrels.forEach((name, i) => {
    const [x, y] = spots.barrels[i];
    const barrel = svg("g", {class: "barrel"}, svg("title", {}, tr("barrel on {at}", {at: name})),
      svg("ellipse", {cx: x, cy: y, rx: 12, ry: 10, fill: "#c7782b", stroke: "#5b3410", "stroke-width": 2.5}),
      svg("line", {x1: x - 12, y1: y, x2: x + 12, y2: y, stroke: "#5b3410", "stroke-width": 2}));
    root.append(barrel);
    animate(barrel, moves.barrels.get(name), geo, name);
  });
  state.fireballs.forEach((name, i) => {
    const [x, y] = spots.fireballs[i];
    const fireball = svg("g", {class: "fireball"}, svg("title", {}, tr("fireball on {at}", {at: name})),
      svg("circle", {cx: x, cy: y, r: 11, fill: "#ff7b00", stroke: "#ffe066", "stroke-width": 3}),
      svg("circle", {cx: x, cy: y, r: 4, fill: "#fff3b0"}));
    root.append(fireball);
    animate(fireball, moves.fireballs.get(name), geo, name);
  });
  state.pawns.forEach((name, seat) => {
    const [x, y] = spots.pawns[seat];
    if (seat === view.mover) root.append(svg("circle", {cx: x, cy: y - 6, r: 21, fill: "none", stroke: "#fff",
      "stroke-width": 3, "stroke-dasharray": "5 4"}));
    const pawn = svg("g", {class: `pawn${seat === view.mover ? " mover" : ""}`, "data-seat": seat},
      svg("title", {}, tr("{name} on {at}", {name: ctx.seatName(seat), at: name})),
      svg("rect", {x: x - 11, y: y - 22, width: 22, height: 30, rx: 8, fill: ctx.colour(seat), stroke: "#fff",
        "stroke-width": 2.5}),
      svg("text", {x, y: y - 1, "text-anchor": "middle", "font-size": 15, "font-weight": 800, fill: "#fff"},
        String(seat + 1)));
    root.append(pawn);
    const from = moves.pawns[seat];
    if (from && from !== name) {
      const route = lastRoute(view, seat, from);
      if (route && route[route.length - 1] === name) walk(pawn, route.map((space) => geo.spot(space)), geo.spot(name));
    }
  });
  return root;
}

/** The girders' letters, and each space's name ("A7": no coordinates to work out). */
function girderNames(board, geo) {
  const names = [];
  for (const g of board.girders || []) {
    const first = geo.girderSpot(`${g.name}1`);
    names.push(svg("text", {x: 14, y: first[1] + 18, "font-size": 30, "font-weight": 800, fill: "#ff9fb4"}, g.name));
    for (let c = 1; c <= g.spaces; c++) {
      const [x, y] = geo.girderSpot(`${g.name}${c}`);
      names.push(svg("text", {x: x + 4, y: y + 15, "text-anchor": "middle", "font-size": 18, "font-weight": 700,
        fill: "#e6eeff"}, `${g.name}${c}`));
    }
  }
  return names;
}

/** Where each barrel, fireball and pawn stands (in that order), several on one space side by side: ``pawns`` are
 * ``[x, y, is the mover]``. */
function standing(state, geo, mover) {
  const crowd = {};
  const place = (name) => {
    const [x, y] = geo.spot(name);
    const k = crowd[name] = (crowd[name] ?? -1) + 1;
    return [x - 12 + k * 13, y - 12 - k * 4];
  };
  return {barrels: state.barrels.map(place), fireballs: state.fireballs.map(place),
    pawns: state.pawns.map((name, seat) => [...place(name), seat === mover])};
}

/** The board's fixed shapes (their markup): girders with their spaces and dots, the barrels' broken lines down, the
 * ladders. */
function girderShapes(board, geo, width, height) {
  const shapes = [shape("rect", {x: 0, y: 0, width, height, rx: 16, fill: "#0b0b1e"})];
  for (const g of board.girders || []) {
    const first = geo.girderSpot(`${g.name}1`);
    const last = geo.girderSpot(`${g.name}${g.spaces}`);
    const ends = {x1: first[0] - COL_W / 2, y1: first[1] + 30, x2: last[0] + COL_W / 2, y2: last[1] + 30};
    shapes.push(shape("line", {...ends, stroke: "#d3365a", "stroke-width": 12}),
      shape("line", {...ends, stroke: "#ff9fb4", "stroke-width": 2, "stroke-dasharray": "10 8"}));
    for (let c = 1; c <= g.spaces; c++) {
      const [x, y] = geo.girderSpot(`${g.name}${c}`);
      shapes.push(shape("rect", {x: x - 33, y: y - 10, width: 66, height: 34, rx: 5, fill: "#1e4fd8", stroke: "#9db7ff",
        "stroke-width": 1.5}));
      if (g.red_dots.includes(c)) shapes.push(shape("circle", {cx: x - 25, cy: y - 1, r: 6, fill: "#ff3030", stroke: "#fff"}));
      if (g.black_dots.includes(c)) shapes.push(shape("circle", {cx: x - 25, cy: y + 14, r: 6, fill: "#000", stroke: "#fff"}));
    }
  }
  for (const e of board.edges || []) {  // broken white lines between girder ends (the barrels' way down)
    const [ux, uy] = geo.girderSpot(e.upper);
    const [lx, ly] = geo.girderSpot(e.lower);
    const side = ux < width / 2 ? -1 : 1;
    shapes.push(shape("path", {d: `M ${ux + side * 30} ${uy} C ${ux + side * 60} ${uy}, ${lx + side * 60} ${ly},`
      + ` ${lx + side * 30} ${ly}`, fill: "none", stroke: "#fff", "stroke-width": 3, "stroke-dasharray": "8 8"}));
  }
  for (const l of board.ladders || []) {
    const [bx, by] = geo.girderSpot(l.bottom);
    const [, ty] = geo.girderSpot(l.top);
    for (const dx of [-14, 14]) shapes.push(shape("line", {x1: bx + dx, y1: by - 14, x2: bx + dx, y2: ty + 16,
      stroke: "#38d9d9", "stroke-width": 3}));
    for (let r = 1; r <= l.rungs; r++) {
      const [x, y] = geo.spot(`${l.name}.${r}`);
      shapes.push(shape("rect", {x: x - 15, y: y - 10, width: 30, height: 20, fill: "#0e5c5c", stroke: "#38d9d9"}));
    }
  }
  return shapes.join("");
}

// -- obstacles moving step by step ------------------------------------------------------------
// Barrels roll along one chain (from the barrel drop along each girder and down the broken lines
// to the Oil Can) and fireballs climb it; when a move changed their places, each is shown walking
// the spaces in between.

let last = {id: null, n: -1, barrels: [], fireballs: [], pawns: []};

/** The barrels' chain of spaces, from the drop to the Oil Can, read from the board's layout. */
function chainOf(board) {
  if (chainOf.cache?.board === board) return chainOf.cache.chain;
  const girders = Object.fromEntries((board.girders || []).map((g) => [g.name, g]));
  const chain = [];
  let at = board.barrel_drop;
  const seen = new Set();
  while (at && !seen.has(at) && chain.length < 400) {
    seen.add(at);
    const g = girders[at[0]];
    if (!g || g.roll === "none") break;
    const step = g.roll === "left" ? -1 : 1;
    for (let c = Number(at.slice(1)); c >= 1 && c <= g.spaces; c += step) chain.push(`${g.name}${c}`);
    const end = chain[chain.length - 1];
    at = (board.edges || []).find((e) => e.upper === end)?.lower;
  }
  chain.push("OIL");
  chainOf.cache = {board, chain};
  return chain;
}

/** For each obstacle's new space, the spaces it walked through (matched to the old places on the chain). */
function obstacleMoves(view, board) {
  const result = {barrels: new Map(), fireballs: new Map(), pawns: []};
  const state = view.state;
  const fresh = last.id === view.id && view.n > last.n && view.n - last.n <= 3;
  const before = last;
  if (last.id !== view.id || view.n !== last.n) {
    last = {id: view.id, n: view.n, barrels: [...state.barrels], fireballs: [...state.fireballs],
      pawns: [...state.pawns]};
  }
  result.pawns = fresh ? before.pawns : [];
  if (!fresh) return result;
  const chain = chainOf(board);
  const index = new Map(chain.map((name, i) => [name, i]));
  const match = (olds, news, forward, out) => {
    const o = olds.map((n) => index.get(n)).filter((i) => i !== undefined);
    const taken = new Set();
    for (const name of news) {
      const to = index.get(name);
      if (to === undefined) continue;
      // the nearest old place behind it (in its direction of travel), at most 12 spaces back
      let best = -1;
      o.forEach((from, k) => {
        const d = forward ? to - from : from - to;
        if (!taken.has(k) && d > 0 && d <= 12 && (best < 0 || Math.abs(to - o[best]) > Math.abs(d))) best = k;
      });
      if (best >= 0 && !news.includes(chain[o[best]])) {
        taken.add(best);
        const path = [];
        for (let i = o[best]; forward ? i <= to : i >= to; i += forward ? 1 : -1) path.push(chain[i]);
        out.set(name, path);
      }
    }
  };
  match(before.barrels, state.barrels, true, result.barrels);
  match(before.fireballs, state.fireballs, false, result.fireballs);
  return result;
}

function animate(node, path, geo, name) {
  if (path) walk(node, path.map((space) => geo.spot(space)), geo.spot(name));
}

/** The route the seat's pawn just walked, from the latest "move A4>A5>L2.1" among the new actions. */
function lastRoute(view, seat, from) {
  const moves = (view.actions || []).filter((a) => typeof a === "object" && a.by === seat && a.action.startsWith("move "));
  if (!moves.length || !from) return null;
  return [from, ...moves[moves.length - 1].action.slice(5).split(">")];
}

/** Donkey Kong, the Oil Can, the Finish and the Start space; returns the boxes of these marks and their labels. */
function drawScenery(root, view, geo, board) {
  const state = view.state;
  const boxes = [];
  // Donkey Kong beside the barrel drop, with the barrels left in his arm
  if (board.barrel_drop) {
    const [x, y] = geo.girderSpot(board.barrel_drop);
    root.append(svg("g", {class: "kong"}, svg("title", {}, trn("Donkey Kong: {n} barrel in his arm", "Donkey Kong: {n} barrels in his arm", state.barrels_in_arm)),
      svg("ellipse", {cx: x - 4, cy: y - 62, rx: 36, ry: 30, fill: "#8b4513", stroke: "#3b1d08", "stroke-width": 3}),
      svg("ellipse", {cx: x - 4, cy: y - 56, rx: 18, ry: 13, fill: "#e8b07a"}),
      svg("text", {x: x + 40, y: y - 60, "font-size": 16, "font-weight": 700, fill: "#ffd27f"},
        barrelsLeft(state.barrels_in_arm))));
    boxes.push([x - 42, y - 94, x + 34, y - 30], textBox(x + 40, y - 60, barrelsLeft(state.barrels_in_arm), 16));
  }
  // the Oil Can, where fireballs wait
  const [ox, oy] = geo.spot("OIL");
  // TRANSLATORS: the word printed on the Oil Can, in capitals as on the arcade screen (the can is narrow: keep it short)
  const oil = tr("OIL");
  root.append(svg("g", {class: "oil"}, svg("title", {}, trn("Oil Can: {n} fireball waiting", "Oil Can: {n} fireballs waiting", state.fireballs_at_oil_can)),
    svg("rect", {x: ox - 28, y: oy - 30, width: 56, height: 48, rx: 6, fill: "#1f6fe0", stroke: "#cfe0ff",
      "stroke-width": 2}),
    svg("text", {x: ox, y: oy + 2, "text-anchor": "middle", "font-size": Math.min(16, 70 / oil.length), "font-weight": 800,
      fill: "#fff"}, oil),
    svg("circle", {cx: ox - 8, cy: oy - 46, r: 9, fill: "#ff7b00", stroke: "#ffe066", "stroke-width": 2.5}),
    svg("text", {x: ox + 4, y: oy - 38, "font-size": 20, "font-weight": 700, fill: "#ffb347"},
      `×${state.fireballs_at_oil_can}`)));
  boxes.push([ox - 29, oy - 31, ox + 29, oy + 19], [ox - 19, oy - 57, ox + 3, oy - 35],
    textBox(ox + 4, oy - 38, `×${state.fireballs_at_oil_can}`, 20));
  if (board.finish) {
    const [fx, fy] = geo.girderSpot(board.finish);
    root.append(svg("text", {x: fx + 34, y: fy - 18, "font-size": 16, "font-weight": 700, fill: "#ff9fe0"},
      tr("♥ Finish")));
    boxes.push(textBox(fx + 34, fy - 18, tr("♥ Finish"), 16));
  }
  if (board.start) {  // the Start space, off the obstacles' way, with the steps onto the girder
    const [sx, sy] = geo.startSpot();
    for (const name of board.start_joins || []) {
      const to = geo.girderSpot(name);
      if (to) root.append(svg("line", {x1: sx, y1: sy - 14, x2: to[0], y2: to[1] + 16, stroke: "#9db7ff",
        "stroke-width": 2, "stroke-dasharray": "3 5"}));
    }
    root.append(svg("rect", {x: sx - 34, y: sy - 14, width: 68, height: 30, rx: 8, fill: "#123a2a", stroke: "#7bd389",
      "stroke-width": 2, class: "space"}, svg("title", {}, tr("Start space"))));
    // TRANSLATORS: the label under the Start space, in capitals
    root.append(svg("text", {x: sx, y: sy + 30, "text-anchor": "middle", "font-size": 13, fill: "#7bd389"}, tr("START")));
    boxes.push([sx - 35, sy - 15, sx + 35, sy + 17]);
  }
  return boxes;
}

/** Each route as a dotted line to its end, and a numbered circle near the end that hides none of ``marks`` (a thin
 * line in the mover's colour joins a circle set aside to its space). */
function drawRoutes(root, view, geo, ctx, marks, width, height) {
  const routes = view.legal.map((a, i) => [a, i]).filter(([a]) => a.startsWith("move "));
  const ends = routes.map(([action]) => geo.spot(action.slice(5).split(">").pop()));
  const centres = placeMarkers(ends, marks, width, height);
  routes.forEach(([action, index], k) => {
    const steps = action.slice(5).split(">");
    const from = view.state.pawns[view.mover];
    const points = [from, ...steps].map((n) => geo.spot(n).map((v) => v.toFixed(0)).join(","));
    root.append(svg("polyline", {points: points.join(" "), fill: "none", stroke: ctx.colour(view.mover),
      "stroke-width": 5, opacity: 0.8, "stroke-dasharray": "4 6"}));
    const [x, y] = ends[k];
    const [cx, cy] = centres[k];
    const act = () => ctx.act(action);
    const marker = svg("g", {class: "route-end target", tabindex: 0, role: "button", "data-action": action,
      "data-key": `route:${action}`, "aria-label": `${index + 1}: ${label(action, view)}`, style: "cursor:pointer",
      onclick: act, onkeydown: (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          act();
        }
      }},
    cx === x && cy === y - 44 ? null : svg("line", {x1: x, y1: y - 8, x2: cx, y2: cy, stroke: ctx.colour(view.mover),
      "stroke-width": 3}),
    svg("circle", {cx, cy, r: MARKER_R, fill: "#fff", stroke: ctx.colour(view.mover), "stroke-width": 5}),
    svg("text", {x: cx, y: cy + 11, "text-anchor": "middle", "font-size": 30, "font-weight": 800, fill: "#111"},
      String(index + 1)));
    root.append(marker);
  });
}

function summaryName(view) {
  const s = view.state;
  const pawns = s.pawns.map((p, i) => tr("seat {n} on {at} (score {score})", {n: i + 1, at: p, score: s.scores[i]}));
  return tr("Donkey Kong: {pawns}; {barrels} barrels and {fireballs} fireballs on the board",
    {pawns: pawns.join(", "), barrels: s.barrels.length, fireballs: s.fireballs.length});
}
