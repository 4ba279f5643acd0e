// Doodle Jump: the ramp of eight levels (each shifted left, centre or right) with their numbered pads,
// tiles and Doodlers; the roll, with dice to select for a jump; the symbol die's choices; kept tiles.
import {el, svg, walk} from "/static/common.js";

const ROW_H = 92;
const SLOT_W = 96;
const MARGIN = 24;
const TILE_COLOURS = {
  spring: "#6c9a1f", shield: "#2e86ab", shoes: "#8e6cbf", flight: "#e07a1f", ufo: "#5b5b8f", monster: "#a33b3b",
  black_hole: "#222",
};

let selection = {n: -1, picked: []};
let lastSpots = {id: null, n: -1, spots: []};  // where each Doodler was drawn, to show its jump  // indexes of the dice picked in the current roll

/** The current roll, from its notation "roll 1 3 6 6 6 / 2": numbered dice and the symbol die's face. */
function parseRoll(text) {
  if (!text) return null;
  const m = /^roll ([\d ]+?)(?: \/ (\S+))?$/.exec(text);
  if (!m) return null;
  return {numbers: m[1].trim().split(/\s+/).map(Number), symbol: m[2] || null};
}

/** A jump's pad and dice: "jump E9 = 1+3+4+s1" -> {pad: "E9", dice: [1, 3, 4], dots: 1}. */
function parseJump(action) {
  const m = /^jump (\S+) = (\S+)$/.exec(action);
  if (!m) return null;
  const parts = m[2].split("+");
  return {pad: m[1], dice: parts.filter((p) => !p.startsWith("s")).map(Number),
    dots: Number((parts.find((p) => p.startsWith("s")) || "s0").slice(1))};
}

function targetPad(action) {
  const m = /^(?:jump|shoot|spring|use \w+) ([A-Z]\d+)/.exec(action);
  return m ? m[1] : null;
}

function rollOf(view) {
  return parseRoll(view.state.roll);
}

function picked(view) {
  if (selection.n !== view.n) selection = {n: view.n, picked: []};
  return selection.picked;
}

/** Does the jump use exactly the picked dice? (With nothing picked, every action shows.) */
function matches(action, view) {
  const chosen = picked(view);
  if (!chosen.length) return true;
  const jump = parseJump(action);
  if (!jump) return true;  // the symbol die's and the tiles' choices do not depend on the dice picked
  const roll = rollOf(view);
  if (!roll) return true;
  const numbers = chosen.filter((i) => i < roll.numbers.length).map((i) => roll.numbers[i]).sort((a, b) => a - b);
  const dots = chosen.includes(roll.numbers.length) ? Number(roll.symbol) : 0;
  const used = [...jump.dice].sort((a, b) => a - b);
  return dots === jump.dots && numbers.length === used.length && numbers.every((v, i) => v === used[i]);
}

export function shown(action, view) {
  return matches(action, view);
}

export function label(action, view) {
  const jump = parseJump(action);
  if (jump) {
    const dice = jump.dice.join(" + ") + (jump.dots ? ` + symbol ${jump.dots}` : "");
    return `Jump to ${jump.pad} with ${dice}`;
  }
  let m;
  if ((m = /^shift ([A-Z]) (left|right)$/.exec(action))) return `Shift level ${m[1]} ${m[2]}`;
  if ((m = /^remove ([A-Z])$/.exec(action))) return `Remove level ${m[1]} (it goes on top)`;
  if ((m = /^shoot (\S+) = (s?)(\d+)$/.exec(action))) {
    return `Shoot the enemy on ${m[1]} with ${m[2] ? `the symbol die's ${m[3]} dots` : `a ${m[3]}`}`;
  }
  if ((m = /^use (\w+) (.*)$/.exec(action))) return `Use your ${tileName(view, m[1])}: ${label(m[2], view)}`;
  if ((m = /^spring (\S+)$/.exec(action))) return `Bounce up to ${m[1]}`;
  const words = {
    again: "Re-roll every unused die", continue: "Continue: roll the remaining dice", stop: "Stop here",
    stay: "Stay on this pad", roll: "Roll the dice", shield: "Spend a Shield", fall: "Fall",
  };
  return words[action] || action;
}

function tileName(view, kind) {
  return view.board?.tiles?.[kind] || kind;
}

export function seatExtra(view, seat) {
  const kept = view.state.kept?.[seat] || {};
  const tiles = Object.entries(kept).map(([k, n]) => `${tileName(view, k)}${n > 1 ? ` ×${n}` : ""}`);
  const where = view.state.doodlers[seat] || "start";
  return el("span", {class: "muted"}, ` · on ${where}${tiles.length ? ` · keeps ${tiles.join(", ")}` : ""}`);
}

/** The roll, with its dice to select for a jump. */
export function choices(view, ctx) {
  const roll = rollOf(view);
  if (!roll || !view.legal.some((a) => a.startsWith("jump "))) return null;
  const chosen = picked(view);
  const toggle = (i) => {
    const at = chosen.indexOf(i);
    if (at >= 0) chosen.splice(at, 1);
    else chosen.push(i);
    ctx.rerender();
  };
  const dice = roll.numbers.map((n, i) => el("button", {
    type: "button", class: "die", "aria-pressed": chosen.includes(i) ? "true" : "false",
    "aria-label": `die ${i + 1} shows ${n}`, "data-die": i, onclick: () => toggle(i)}, String(n)));
  if (roll.symbol) {
    const dots = /^\d$/.test(roll.symbol);
    dice.push(el("button", {type: "button", class: "die symbol", disabled: !dots,
      "aria-pressed": chosen.includes(roll.numbers.length) ? "true" : "false",
      "aria-label": `symbol die shows ${roll.symbol}`, "data-die": "symbol",
      onclick: () => toggle(roll.numbers.length)}, dots ? `•${roll.symbol}` : roll.symbol));
  }
  const count = view.legal.filter((a) => matches(a, view)).length;
  return el("div", {class: "roll-panel"},
    el("p", {}, "Your roll — pick dice to see the jumps they make (then pick a jump, or a highlighted pad):"),
    el("div", {class: "dice", role: "group", "aria-label": "your roll"}, ...dice),
    el("p", {class: "muted"}, chosen.length ? `${count} choice${count === 1 ? "" : "s"} with these dice`
      : "no dice picked: every choice is listed"));
}

export function draw(view, ctx) {
  const state = view.state;
  const board = view.board || {};
  const columns = board.columns || 5;
  const maxOffset = board.max_offset ?? 1;
  const rows = state.ramp.length;
  const width = MARGIN * 2 + SLOT_W * (columns + 2 * maxOffset);
  const height = MARGIN * 2 + ROW_H * (rows + 1) + 70;
  const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, class: "board doodle-jump", role: "img",
    "aria-label": describe(view)});
  root.append(svg("rect", {x: 0, y: 0, width, height, rx: 18, fill: "#fbf8ee"}));
  // graph paper, like the game's notebook look
  for (let x = 0; x < width; x += 24) root.append(svg("line", {x1: x, y1: 0, x2: x, y2: height, stroke: "#d9e6f2"}));
  for (let y = 0; y < height; y += 24) root.append(svg("line", {x1: 0, y1: y, x2: width, y2: y, stroke: "#d9e6f2"}));
  const targets = new Map();
  for (const action of view.legal) {
    const pad = targetPad(action);
    if (pad && matches(action, view)) targets.set(pad, [...(targets.get(pad) || []), action]);
  }
  const padAt = {};
  state.ramp.forEach((place, row) => {
    const y = height - MARGIN - 40 - ROW_H * (row + 1);
    root.append(svg("text", {x: 8, y: y + 50, "font-size": 15, fill: "#8a8170"}, String(row + 1)));
    if (!place) {
      root.append(svg("rect", {x: MARGIN + SLOT_W * maxOffset, y: y + 30, width: SLOT_W * columns, height: 30,
        fill: "none", stroke: "#c9c0ad", "stroke-dasharray": "6 6"}));
      return;
    }
    const left = MARGIN + SLOT_W * (maxOffset + place.offset);
    root.append(svg("rect", {x: left, y: y + 8, width: SLOT_W * columns, height: ROW_H - 16, rx: 10,
      fill: "#fff", stroke: "#b8ad96", "stroke-width": 2, class: "level"}));
    const shift = place.offset < 0 ? "◀" : place.offset > 0 ? "▶" : "";
    root.append(svg("text", {x: left + 10, y: y + 30, "font-size": 18, "font-weight": 800, fill: "#4a4335"},
      `${place.level}${shift}`));
    for (const [slot, number] of board.levels?.[place.level] || []) {
      const name = `${place.level}${number}`;
      const x = left + SLOT_W * slot + SLOT_W / 2;
      padAt[name] = [x, y + ROW_H / 2 + 10];
      const options = targets.get(name);
      const pad = svg("g", {class: "pad" + (options ? " target" : ""), "data-pad": name});
      pad.append(svg("rect", {x: x - 36, y: y + ROW_H / 2 + 4, width: 72, height: 18, rx: 9,
        fill: options ? "#f2c14e" : "#7bc043", stroke: options ? "#9a7412" : "#3d7a1e", "stroke-width": 3}));
      pad.append(svg("text", {x: x + 24, y: y + ROW_H / 2 - 4, "font-size": 15, "font-weight": 700, fill: "#333"},
        String(number)));
      pad.append(svg("title", {}, options ? `${name}: ${options.map((a) => label(a, view)).join("; ")}` : name));
      if (options && options.length === 1) {
        pad.setAttribute("tabindex", "0");
        pad.setAttribute("role", "button");
        pad.style.cursor = "pointer";
        pad.addEventListener("click", () => ctx.act(options[0]));
        pad.addEventListener("keydown", (e) => { if (e.key === "Enter") ctx.act(options[0]); });
      }
      root.append(pad);
      const tile = state.tiles?.[name];
      if (tile) {
        const effect = board.tile_effects?.[tile] || tile;
        root.append(svg("rect", {x: x - 40, y: y + 14, width: 56, height: 26, rx: 5,
          fill: TILE_COLOURS[effect] || "#777", stroke: "#222", class: "tile"},
        svg("title", {}, tileName(view, tile))));
        root.append(svg("text", {x: x - 12, y: y + 32, "text-anchor": "middle", "font-size": 11, "font-weight": 700,
          fill: "#fff"}, tile.slice(0, 7)));
      }
    }
  });
  drawRoll(root, view, width);
  // the start, below the ramp, and the Doodlers
  const startY = height - MARGIN - 30;
  root.append(svg("text", {x: MARGIN, y: startY + 20, "font-size": 16, fill: "#6b665c"}, "start"));
  const crowd = {};
  const before = lastSpots.id === view.id && view.n > lastSpots.n && view.n - lastSpots.n <= 3 ? lastSpots.spots : null;
  const spots = [];
  state.doodlers.forEach((pad, seat) => {
    const at = pad && padAt[pad] ? padAt[pad] : [MARGIN + 80 + seat * 50, startY + 10];
    const key = at.join(",");
    const k = crowd[key] = (crowd[key] ?? -1) + 1;
    const here = [at[0] - 22 + k * 22, at[1] - 22];
    spots.push(here);
    const figure = doodler(here[0], here[1], ctx.colour(seat), seat, view.mover === seat,
      `${ctx.seatName(seat)} on ${pad || "the start"}`);
    root.append(figure);
    const from = before?.[seat];
    if (from && (from[0] !== here[0] || from[1] !== here[1])) {  // a jump: a hop in an arc
      const hop = [];
      for (let i = 0; i <= 8; i++) {
        const t = i / 8;
        const lift = 60 * 4 * t * (1 - t);
        hop.push([from[0] + (here[0] - from[0]) * t, from[1] + (here[1] - from[1]) * t - lift]);
      }
      walk(figure, hop, here, 45);
    }
  });
  if (lastSpots.id !== view.id || lastSpots.n !== view.n) lastSpots = {id: view.id, n: view.n, spots};
  return root;
}

function drawRoll(root, view, width) {
  const roll = rollOf(view);
  const dice = view.state.dice || {};
  const chosen = view.mover === view.you ? picked(view) : [];
  const y = 14;
  if (!roll) {
    const left = `${dice.numbered ?? "?"} dice${dice.symbol ? " + the symbol die" : ""} to roll`;
    root.append(svg("text", {x: width - MARGIN, y: y + 26, "text-anchor": "end", "font-size": 18, fill: "#4a4335"},
      `${view.state.phase === "over" ? "game over" : left}`));
    return;
  }
  const faces = [...roll.numbers.map(String), ...(roll.symbol ? [roll.symbol] : [])];
  let x = width - MARGIN - faces.length * 46;
  root.append(svg("text", {x: x - 10, y: y + 28, "text-anchor": "end", "font-size": 18, fill: "#4a4335"}, "roll"));
  faces.forEach((face, i) => {
    const symbol = i >= roll.numbers.length;
    const on = chosen.includes(i);
    root.append(svg("rect", {x, y, width: 40, height: 40, rx: 8, fill: symbol ? "#333" : on ? "#f2c14e" : "#fff",
      stroke: "#222", "stroke-width": 2.5, class: "roll-die"}));
    root.append(svg("text", {x: x + 20, y: y + 27, "text-anchor": "middle", "font-size": face.length > 2 ? 11 : 20,
      "font-weight": 800, fill: symbol ? "#fff" : "#222"}, face));
    x += 46;
  });
}

function doodler(x, y, colour, seat, moving, title) {
  const g = svg("g", {class: "doodler", "data-seat": seat}, svg("title", {}, title));
  if (moving) g.append(svg("circle", {cx: x, cy: y, r: 24, fill: "none", stroke: "#333", "stroke-width": 2,
    "stroke-dasharray": "5 4"}));
  g.append(svg("ellipse", {cx: x, cy: y, rx: 15, ry: 18, fill: colour, stroke: "#222", "stroke-width": 2.5}));
  g.append(svg("rect", {x: x + 10, y: y - 8, width: 14, height: 8, rx: 3, fill: colour, stroke: "#222",
    "stroke-width": 2}));
  g.append(svg("circle", {cx: x + 3, cy: y - 6, r: 3, fill: "#222"}));
  g.append(svg("text", {x, y: y + 11, "text-anchor": "middle", "font-size": 12, "font-weight": 800, fill: "#fff"},
    String(seat + 1)));
  return g;
}

export function describe(view) {
  const where = view.state.doodlers.map((p, s) => `seat ${s + 1} on ${p || "the start"}`).join(", ");
  return `Doodle Jump ramp of ${view.state.ramp.length} levels; ${where}`;
}
