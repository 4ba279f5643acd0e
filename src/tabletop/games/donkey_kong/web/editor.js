// Donkey Kong in the board editor: the girders from the bottom (A) up, their spaces with red and black dots, the
// ladders between them, the broken lines the barrels take down, and START with the spaces its first step
// goes onto (see the page's editor.js). Spaces are named as in the game: A1 is the left end of girder A.
import {el, svg} from "/static/common.js";
import {LANGUAGE, tr, trn} from "/static/i18n.js";

/** "A1 or B3": spaces as the page's language lists alternatives */
const either = (names) => new Intl.ListFormat(LANGUAGE, {type: "disjunction"}).format(names);

export const STRINGS = {
  board: tr("The girders, ladders, dots and START"),
  keys: tr("Keys on a space: R red dot, K black dot, S START steps onto it, L a ladder up from it."),
  space: (name, marks) => (marks.length ? tr("{name}: {marks}", {name, marks: marks.join(", ")}) : name),
  redDot: tr("red dot"),
  blackDot: tr("black dot"),
  startJoin: tr("START steps onto it"),
  finish: tr("the Finish"),
  drop: tr("Donkey Kong drops barrels here"),
  oil: tr("beside the Oil Can"),
  front: tr("in front of Donkey Kong"),
  ladder: (name, bottom, top, rungs) => trn("Ladder {name}, from {bottom} up to {top}, {n} rung",
    "Ladder {name}, from {bottom} up to {top}, {n} rungs", rungs, {name, bottom, top}),
  start: (joins) => (joins.length ? tr("START: the first step goes onto {spaces}", {spaces: either(joins)})
    : tr("START: the first step goes onto no space")),
  spaceTitle: (name, girder) => tr("Space {name} (girder {girder})", {name, girder}),
  redDotToggle: tr("Red dot: a pawn landing here by exact count draws a card"),
  blackDotToggle: tr("Black dot: a barrel stands here at the start"),
  startToggle: tr("START's first step may go onto this space"),
  roles: tr("What this space is"),
  ladders: tr("Ladders"),
  ladderUp: (top) => tr("Add a ladder up to {top}", {top}),
  ladderTo: tr("Top of the new ladder"),
  noAbove: tr("There is no girder above this one."),
  showLadder: (name) => tr("Ladder {name}", {name}),
  girder: (name, spaces) => trn("Girder {name}: {n} space", "Girder {name}: {n} spaces", spaces, {name}),
  longer: tr("Add a space at the right end"),
  shorter: tr("Remove the right end space"),
  roll: tr("Barrels roll"),
  rolls: {left: tr("left"), right: tr("right"), none: tr("nowhere (they never reach it)")},
  ladderTitle: (name) => tr("Ladder {name}", {name}),
  rungs: tr("Ladder spaces between the ends"),
  removeLadder: tr("Remove this ladder"),
  startTitle: tr("START"),
  startHelp: tr("Choose a girder space and tick “START's first step may go onto this space” to add one."),
  removeJoin: (name) => tr("Remove {name}", {name}),
  barrels: (n, all) => tr("The setup places {n} of the {all} barrels on the black dots (one each).", {n, all}),
};

const COL_W = 50;
const ROW_H = 92;
const LEFT = 48;
const TOP = 40;
const SPACE_NAME = /^([A-Z])(\d{1,2})$/;

function board(data) {
  return data.board || {};
}

function girders(data) {
  return board(data).girders || [];
}

function ladders(data) {
  return board(data).ladders || [];
}

function geometry(data) {
  const rows = girders(data);
  const widest = Math.max(1, ...rows.map((g) => g.spaces || 0));
  const rowOf = new Map(rows.map((g, i) => [g.name, i]));
  const spot = (name) => {
    const m = SPACE_NAME.exec(name || "");
    if (!m || !rowOf.has(m[1])) return null;
    const g = rows[rowOf.get(m[1])];
    const col = Number(m[2]);
    if (col < 1 || col > g.spaces) return null;
    return [LEFT + (col - 0.5) * COL_W, TOP + (rows.length - 1 - rowOf.get(m[1])) * ROW_H + ROW_H / 2];
  };
  return {spot, width: LEFT + widest * COL_W + 60, height: TOP + rows.length * ROW_H + 90,
    bottom: TOP + rows.length * ROW_H};
}

function spaceMarks(data, g, col) {
  const name = `${g.name}${col}`;
  const b = board(data);
  const marks = [];
  if ((g.red_dots || []).includes(col)) marks.push(STRINGS.redDot);
  if ((g.black_dots || []).includes(col)) marks.push(STRINGS.blackDot);
  if ((b.start?.joins || []).includes(name)) marks.push(STRINGS.startJoin);
  if (b.finish === name) marks.push(STRINGS.finish);
  if (b.barrel_drop === name) marks.push(STRINGS.drop);
  if (b.oil_can_beside === name) marks.push(STRINGS.oil);
  if (b.donkey_kong_front === name) marks.push(STRINGS.front);
  return marks;
}

function button(place, label, ctx, ...children) {
  const words = children.filter((child) => child.tagName === "text");
  const target = svg("g", {"data-place": place, role: "button", "aria-label": label, class: "dk-place",
    onclick: () => ctx.select(place)}, svg("title", {}, label), ...children.filter((child) => !words.includes(child)));
  if (!words.length) return target;
  // what a place shows in words is drawn over its button, not in it: the button's name says more ("Space A1,
  // girder A" for "A1"), and the content of a control must be a part of its name (label in name, WCAG 2.5.3)
  return svg("g", {}, target, svg("g", {"aria-hidden": "true", "pointer-events": "none"}, ...words));
}

export function draw(data, ctx) {
  const geo = geometry(data);
  const b = board(data);
  const root = svg("svg", {viewBox: `0 0 ${geo.width} ${geo.height}`, class: "dk-editor", role: "group",
    "aria-label": STRINGS.board, style: `max-width: ${geo.width * 1.25}px`});
  root.append(svg("rect", {x: 0, y: 0, width: geo.width, height: geo.height, rx: 14, fill: "#0b0b1e"}));
  // the broken lines, the ladders, then the spaces on top
  for (const edge of b.edges || []) {
    const up = geo.spot(edge.upper);
    const down = geo.spot(edge.lower);
    if (!up || !down) continue;
    const side = up[0] < geo.width / 2 ? -1 : 1;
    root.append(svg("path", {d: `M ${up[0] + side * 22} ${up[1]} C ${up[0] + side * 52} ${up[1]}, ${down[0] + side * 52}`
      + ` ${down[1]}, ${down[0] + side * 22} ${down[1]}`, fill: "none", stroke: "#fff", "stroke-width": 2.5,
    "stroke-dasharray": "6 6", "aria-hidden": "true"}));
  }
  for (const ladder of ladders(data)) {
    let low = geo.spot(ladder.bottom);
    let high = geo.spot(ladder.top);
    if (!low && !high) continue;
    // an end that is not on the board: the ladder is drawn as a stub from its other end, to be seen and mended
    if (!high) high = [low[0], low[1] - ROW_H * 0.7];
    if (!low) low = [high[0], high[1] + ROW_H * 0.7];
    const label = STRINGS.ladder(ladder.name, ladder.bottom, ladder.top, ladder.rungs);
    const mid = [(low[0] + high[0]) / 2, (low[1] + high[1]) / 2];
    const rails = [-9, 9].map((dx) => svg("line", {x1: low[0] + dx, y1: low[1] - 14, x2: high[0] + dx, y2: high[1] + 14,
      stroke: "#38d9d9", "stroke-width": 3}));
    const rungs = Array.from({length: ladder.rungs}, (_, r) => {
      const t = (r + 1) / (ladder.rungs + 1);
      const y = low[1] + (high[1] - low[1]) * t;
      const x = low[0] + (high[0] - low[0]) * t;
      return svg("line", {x1: x - 9, y1: y, x2: x + 9, y2: y, stroke: "#38d9d9", "stroke-width": 3});
    });
    root.append(...rails, ...rungs, button(`ladder:${ladder.name}`, label, ctx,
      svg("rect", {x: mid[0] - 17, y: mid[1] - 13, width: 34, height: 26, rx: 8, fill: "#0e5c5c", stroke: "#38d9d9",
        "stroke-width": 2, class: "place-shape"}),
      svg("text", {x: mid[0], y: mid[1] + 5, "text-anchor": "middle", "font-size": 13, "font-weight": 700,
        fill: "#fff"}, ladder.name)));
  }
  girders(data).forEach((g) => {
    const first = geo.spot(`${g.name}1`);
    if (!first) return;
    root.append(svg("text", {x: 12, y: first[1] + 7, "font-size": 22, "font-weight": 800, fill: "#ff9fb4",
      "aria-hidden": "true"}, g.name));
    root.append(svg("rect", {x: LEFT, y: first[1] + 18, width: g.spaces * COL_W, height: 6, fill: "#d3365a",
      "aria-hidden": "true"}));
    for (let col = 1; col <= g.spaces; col++) {
      const name = `${g.name}${col}`;
      const [x, y] = geo.spot(name);
      const marks = spaceMarks(data, g, col);
      const parts = [svg("rect", {x: x - 22, y: y - 17, width: 44, height: 34, rx: 5, fill: "#1e4fd8", stroke: "#9db7ff",
        "stroke-width": 1.5, class: "place-shape"}),
      svg("text", {x: x + 6, y: y + 5, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff"}, name)];
      if ((g.red_dots || []).includes(col)) parts.push(svg("circle", {cx: x - 14, cy: y - 8, r: 5, fill: "#ff3030",
        stroke: "#fff"}));
      if ((g.black_dots || []).includes(col)) parts.push(svg("circle", {cx: x - 14, cy: y + 8, r: 5, fill: "#000",
        stroke: "#fff"}));
      if (board(data).finish === name) parts.push(svg("text", {x, y: y - 22, "text-anchor": "middle", "font-size": 16,
        fill: "#ff9fe0"}, "♥"));
      if (board(data).barrel_drop === name) parts.push(svg("text", {x, y: y - 22, "text-anchor": "middle",
        "font-size": 12, "font-weight": 800, fill: "#ffd27f"}, "DK"));
      if (board(data).oil_can_beside === name) parts.push(svg("text", {x, y: y + 32, "text-anchor": "middle",
        "font-size": 11, "font-weight": 800, fill: "#7fb2ff"}, tr("OIL")));
      root.append(button(name, STRINGS.space(name, marks), ctx, ...parts));
    }
  });
  drawStart(root, data, geo, ctx);
  return root;
}

function drawStart(root, data, geo, ctx) {
  const joins = board(data).start?.joins || [];
  const spots = joins.map((name) => geo.spot(name)).filter(Boolean);
  const x = spots.length ? spots.reduce((sum, s) => sum + s[0], 0) / spots.length : LEFT + COL_W;
  const y = geo.bottom + 40;
  for (const [jx, jy] of spots) {
    root.append(svg("line", {x1: x, y1: y - 15, x2: jx, y2: jy + 17, stroke: "#7bd389", "stroke-width": 2,
      "stroke-dasharray": "3 5", "aria-hidden": "true"}));
  }
  root.append(button("START", STRINGS.start(joins), ctx,
    svg("rect", {x: x - 36, y: y - 15, width: 72, height: 30, rx: 8, fill: "#123a2a", stroke: "#7bd389",
      "stroke-width": 2, class: "place-shape"}),
    svg("text", {x, y: y + 5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#7bd389"}, STRINGS.startTitle)));
}

// -- edits ------------------------------------------------------------------------------------------------
function girderOf(data, name) {
  const m = SPACE_NAME.exec(name);
  return m ? {g: girders(data).find((g) => g.name === m[1]), col: Number(m[2])} : {g: null, col: 0};
}

function toggleDot(ctx, name, which) {
  ctx.change((data) => {
    const {g, col} = girderOf(data, name);
    if (!g || col > g.spaces) return;
    const dots = g[which] || [];
    g[which] = dots.includes(col) ? dots.filter((c) => c !== col) : [...dots, col].sort((a, b) => a - b);
    if (which === "black_dots" && data.setup) {  // a barrel stands on each black dot at the start (K-SETUP-1)
      data.setup.barrels_on_board = girders(data).reduce((sum, one) => sum + (one.black_dots || []).length, 0);
    }
  });
}

function toggleJoin(ctx, name) {
  ctx.change((data) => {
    const start = board(data).start;
    if (!start) return;
    start.joins = start.joins.includes(name) ? start.joins.filter((j) => j !== name) : [...start.joins, name];
  });
}

function nextLadderName(data) {
  const used = new Set(ladders(data).map((l) => l.name));
  for (let n = 1; n < 100; n++) if (!used.has(`L${n}`)) return `L${n}`;
  return null;
}

function addLadder(ctx, bottom, top) {
  ctx.change((data) => {
    const name = nextLadderName(data);
    if (!name || !top) return;
    board(data).ladders = [...ladders(data), {name, bottom, top, rungs: 2, note: ""}];
  });
}

function resize(ctx, girderName, delta) {
  ctx.change((data) => {
    const g = girders(data).find((one) => one.name === girderName);
    if (!g) return;
    const old = g.spaces;
    const size = Math.max(1, Math.min(99, old + delta));
    if (size === old) return;
    g.spaces = size;
    g.red_dots = (g.red_dots || []).filter((c) => c <= size);
    g.black_dots = (g.black_dots || []).filter((c) => c <= size);
    const oldEnd = `${g.name}${old}`;
    const newEnd = `${g.name}${size}`;
    const b = board(data);
    // what stands at the right end stays at the right end: the broken lines and the Oil Can
    for (const edge of b.edges || []) {
      if (edge.upper === oldEnd) edge.upper = newEnd;
      if (edge.lower === oldEnd) edge.lower = newEnd;
    }
    if (b.oil_can_beside === oldEnd) b.oil_can_beside = newEnd;
    if (delta < 0) {  // a space removed: what named it names the new end
      for (const key of ["finish", "barrel_drop", "donkey_kong_front"]) if (b[key] === oldEnd) b[key] = newEnd;
      if (b.start) b.start.joins = [...new Set(b.start.joins.map((j) => (j === oldEnd ? newEnd : j)))];
    }
    if (data.setup) data.setup.barrels_on_board = girders(data).reduce((s, one) => s + one.black_dots.length, 0);
  });
}

// -- the inspector ----------------------------------------------------------------------------------------
function check(label, checked, onchange) {
  return el("label", {class: "choice-label"}, el("input", {type: "checkbox", checked, onchange}), label);
}

function notes(ctx, place) {
  return ctx.problemsAt(place).map((message) => el("p", {class: "problem-note"}, message));
}

export function inspect(data, place, ctx) {
  if (place === "START") return inspectStart(data, ctx);
  if (place.startsWith("ladder:")) return inspectLadder(data, place, ctx);
  const {g, col} = girderOf(data, place);
  if (!g) return el("p", {class: "muted"}, place);
  const b = board(data);
  const index = girders(data).indexOf(g);
  const above = girders(data)[index + 1];
  const roles = spaceMarks(data, g, col).filter((m) => ![STRINGS.redDot, STRINGS.blackDot, STRINGS.startJoin]
    .includes(m));
  const touching = ladders(data).filter((l) => l.bottom === place || l.top === place);
  const target = above ? `${above.name}${Math.min(col, above.spaces)}` : null;
  const topChoice = above ? el("select", {id: "ladder-top"}, ...Array.from({length: above.spaces}, (_, i) =>
    el("option", {value: `${above.name}${i + 1}`, selected: `${above.name}${i + 1}` === target},
      `${above.name}${i + 1}`))) : null;
  return el("div", {class: "inspect"},
    el("h3", {}, STRINGS.spaceTitle(place, g.name)),
    ...notes(ctx, place),
    roles.length ? el("p", {}, `${STRINGS.roles}: ${roles.join(", ")}`) : null,
    el("fieldset", {}, el("legend", {}, place),
      check(STRINGS.redDotToggle, (g.red_dots || []).includes(col), () => toggleDot(ctx, place, "red_dots")),
      check(STRINGS.blackDotToggle, (g.black_dots || []).includes(col), () => toggleDot(ctx, place, "black_dots")),
      check(STRINGS.startToggle, (b.start?.joins || []).includes(place), () => toggleJoin(ctx, place))),
    el("fieldset", {}, el("legend", {}, STRINGS.ladders),
      ...touching.map((l) => el("button", {type: "button", onclick: () => ctx.select(`ladder:${l.name}`)},
        STRINGS.ladder(l.name, l.bottom, l.top, l.rungs))),
      above ? el("div", {class: "row"}, el("label", {for: "ladder-top"}, STRINGS.ladderTo), topChoice,
        el("button", {type: "button", onclick: () => addLadder(ctx, place, topChoice.value)},
          STRINGS.ladderUp(topChoice.value)))
        : el("p", {class: "muted"}, STRINGS.noAbove)),
    el("fieldset", {}, el("legend", {}, STRINGS.girder(g.name, g.spaces)),
      el("div", {class: "row"},
        el("button", {type: "button", disabled: g.spaces <= 1, onclick: () => resize(ctx, g.name, -1)}, STRINGS.shorter),
        el("button", {type: "button", disabled: g.spaces >= 99, onclick: () => resize(ctx, g.name, 1)}, STRINGS.longer)),
      el("div", {class: "row"}, el("label", {for: "barrels-roll"}, STRINGS.roll),
        el("select", {id: "barrels-roll", onchange: (event) => ctx.change((d) => {
          const one = girders(d).find((x) => x.name === g.name);
          if (one) one.barrels_roll = event.target.value;
        })}, ...Object.entries(STRINGS.rolls).map(([value, label]) => el("option", {value,
          selected: g.barrels_roll === value}, label))))),
    data.setup ? el("p", {class: "muted"}, STRINGS.barrels(data.setup.barrels_on_board, data.setup.barrels)) : null);
}

function inspectLadder(data, place, ctx) {
  const name = place.slice("ladder:".length);
  const ladder = ladders(data).find((l) => l.name === name);
  if (!ladder) return el("p", {class: "muted"}, place);
  return el("div", {class: "inspect"},
    el("h3", {}, STRINGS.ladder(ladder.name, ladder.bottom, ladder.top, ladder.rungs)),
    ...notes(ctx, place),
    el("div", {class: "row"}, el("label", {for: "ladder-rungs"}, STRINGS.rungs),
      el("select", {id: "ladder-rungs", onchange: (event) => ctx.change((d) => {
        const one = ladders(d).find((l) => l.name === name);
        if (one) one.rungs = Number(event.target.value);
      })}, ...Array.from({length: 10}, (_, n) => el("option", {value: n, selected: n === ladder.rungs}, String(n))))),
    el("div", {class: "row"},
      el("button", {type: "button", onclick: () => ctx.select(ladder.bottom)}, ladder.bottom),
      el("button", {type: "button", onclick: () => ctx.select(ladder.top)}, ladder.top),
      el("button", {type: "button", onclick: () => {
        ctx.change((d) => { board(d).ladders = ladders(d).filter((l) => l.name !== name); });
      }}, STRINGS.removeLadder)));
}

function inspectStart(data, ctx) {
  const joins = board(data).start?.joins || [];
  return el("div", {class: "inspect"},
    el("h3", {}, STRINGS.startTitle),
    el("p", {}, STRINGS.start(joins)),
    ...notes(ctx, "START"),
    el("div", {class: "row"}, ...joins.map((name) => el("button", {type: "button", onclick: () => toggleJoin(ctx, name)},
      STRINGS.removeJoin(name)))),
    el("p", {class: "muted"}, STRINGS.startHelp));
}

export function tools() {
  return el("small", {class: "muted"}, STRINGS.keys);
}

export function key(pressed, place, data, ctx) {
  if (!SPACE_NAME.test(place)) return false;
  const action = {r: () => toggleDot(ctx, place, "red_dots"), k: () => toggleDot(ctx, place, "black_dots"),
    s: () => toggleJoin(ctx, place), l: () => {
      const {g, col} = girderOf(data, place);
      const above = girders(data)[girders(data).indexOf(g) + 1];
      if (above) addLadder(ctx, place, `${above.name}${Math.min(col, above.spaces)}`);
    }}[pressed.toLowerCase()];
  if (!action || pressed.length !== 1) return false;
  ctx.select(place);
  action();
  return true;
}

/** Where a problem lies: the spaces, ladders and girders it names, or the part of the file it is in. */
export function locate(problem, data) {
  const found = new Set();
  const spaces = new Set(girders(data).flatMap((g) => Array.from({length: g.spaces}, (_, i) => `${g.name}${i + 1}`)));
  const ladderNames = new Set(ladders(data).map((l) => l.name));
  const where = problem.where || "";
  const girder = /^board\.girders\.(\d+)/.exec(where);
  const ladder = /^board\.ladders\.(\d+)/.exec(where);
  if (girder && girders(data)[Number(girder[1])]) {
    const g = girders(data)[Number(girder[1])];
    for (let c = 1; c <= g.spaces; c++) found.add(`${g.name}${c}`);
  }
  if (ladder && ladders(data)[Number(ladder[1])]) found.add(`ladder:${ladders(data)[Number(ladder[1])].name}`);
  if (where.startsWith("board.start")) found.add("START");
  for (const [name] of problem.message.matchAll(/\b[A-Z]\d{1,2}\b/g)) if (spaces.has(name)) found.add(name);
  for (const [name] of problem.message.matchAll(/\bL\d{1,2}\b/g)) if (ladderNames.has(name)) found.add(`ladder:${name}`);
  for (const [, name] of problem.message.matchAll(/\bgirder ([A-Z])\b/g)) {
    const g = girders(data).find((one) => one.name === name);
    if (g) found.add(`${g.name}${g.spaces}`);
  }
  if (/\bSTART\b|start joins/.test(problem.message)) found.add("START");
  return [...found];
}
