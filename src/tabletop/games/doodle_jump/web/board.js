// Doodle Jump: the ramp of eight levels (each shifted left, centre or right) with their numbered pads, tiles and
// Doodlers. Choosing happens on the board: tap dice in the tray, then a highlighted pad (a jump), an arrow beside
// a level (a shift) or a cross (a removal); the buttons hold the rest (continue, stop, try again ...).
import {el, fixedLayer, lastEvent, svg, walk} from "/static/common.js";
import {list, pressWord, touch} from "/static/words.js";
import {levelTargets, padTargets, parseJump, parseRoll, selected, shown} from "./choosing.js";
import {tr, trn} from "/static/i18n.js";

// the engine's messages for a roll of the dice (the log's keys: see tabletop.core.events)
const ROLLS = ["{seat} rolls {dice} / {symbol}", "{seat} rolls {dice}"];

export {shown};

const ROW_H = 96;
const SLOT_W = 100;
const MARGIN = 16;
const TOP = 8;
const TILE_COLOURS = {
  spring: "#4f7a12", shield: "#1f6f9a", shoes: "#7a55b0", flight: "#b95c10", ufo: "#4b4b80", monster: "#9a2f2f",
  black_hole: "#222",
};
/** What each tile does, by its effect. */
const TILE_WORDS = {
  spring: tr("used at once: you may jump on to a pad of the next level up"),
  shield: tr("kept: stops one fall"), shoes: tr("kept: a jump to another pad on the same level"),
  flight: tr("kept: a jump to a pad on the next level up"),
  ufo: tr("an enemy: shoot it or jump onto it to win it (then it works as try again, shift or remove)"),
  monster: tr("an enemy, like the UFO, but jumping onto it from directly beneath is a fall"),
  black_hole: tr("swallows whoever lands on it"),
};
const SYMBOL_NAMES = {shift: () => tr("shift"), remove: () => tr("remove"), again: () => tr("try again")};
const SYMBOL_WORDS = {shift: tr("shift a level (an arrow beside it)"), remove: tr("move a level to the top (its cross)"),
  again: tr("roll the unused dice again")};

let lastSpots = {id: null, n: -1, spots: []};  // where each Doodler was drawn, to show its jump

// the tiles' names in the page's language (the board's data names them in English)
const TILE_NAMES = {Trampoline: () => tr("Trampoline"), Springs: () => tr("Springs"), Shield: () => tr("Shield"),
  "Jump Shoes": () => tr("Jump Shoes"), "Propeller Hat": () => tr("Propeller Hat"), Jetpack: () => tr("Jetpack"),
  UFO: () => tr("UFO"), Monster: () => tr("Monster"), "Black Hole": () => tr("Black Hole")};

function tileName(view, kind) {
  const name = view.board?.tiles?.[kind] || kind;
  return TILE_NAMES[name] ? TILE_NAMES[name]() : name;
}

/** A tile's mark on the board: a name's initials ("Jump Shoes": JS), or its first two letters ("Shield": Sh). */
function tileMark(name) {
  const words = name.split(/\s+/).filter(Boolean);
  return words.length > 1 ? words.map((w) => w[0].toUpperCase()).join("").slice(0, 2) : name.slice(0, 2);
}

export function label(action, view) {
  const jump = parseJump(action);
  if (jump) {
    const dots = jump.dots ? tr("symbol {n}", {n: jump.dots}) : "";
    const dice = jump.dice.join(" + ") + (dots ? `${jump.dice.length ? " + " : ""}${dots}` : "");
    return tr("Jump to {pad} with {dice}", {pad: jump.pad, dice});
  }
  let m;
  if ((m = /^shift ([A-Z]) (left|right)$/.exec(action))) return shiftLabel(m[1], m[2]);
  if ((m = /^remove ([A-Z])$/.exec(action))) return tr("Move level {level} to the top", {level: m[1]});
  if ((m = /^shoot (\S+) = (s?)(\d+)$/.exec(action))) {
    return m[2] ? tr("Shoot the enemy on {pad} with the symbol die's {n} dots", {pad: m[1], n: Number(m[3])})
      : tr("Shoot the enemy on {pad} with a {n}", {pad: m[1], n: Number(m[3])});
  }
  if ((m = /^use (\w+) (.*)$/.exec(action))) {
    return tr("Use your {tile}: {move}", {tile: tileName(view, m[1]), move: label(m[2], view)});
  }
  if ((m = /^spring (\S+)$/.exec(action))) return tr("Bounce up to {pad}", {pad: m[1]});
  const words = {
    again: tr("Roll the unused dice again"), continue: tr("Continue: roll the other dice"), stop: tr("Stop here"),
    stay: tr("Stay on this pad"), roll: tr("Roll the dice"), shield: tr("Spend a Shield"), fall: tr("Fall"),
  };
  return words[action] || action;
}

function shiftLabel(level, way) {
  return way === "left" ? tr("Shift level {level} left", {level}) : tr("Shift level {level} right", {level});
}

export function seatExtra(view, seat) {
  const kept = view.state.kept?.[seat] || {};
  const tiles = Object.entries(kept).map(([k, n]) => `${tileName(view, k)}${n > 1 ? ` ×${n}` : ""}`);
  const where = view.state.doodlers[seat] || tr("start");
  const keeps = tiles.length ? ` · ${tr("keeps {tiles}", {tiles: tiles.join(", ")})}` : "";
  return el("span", {class: "muted"}, ` · ${tr("on {pad}", {pad: where})}${keeps}`);
}

const PROMPTS = {
  roll: () => tr("roll the dice"), start: () => tr("roll, or use a kept tile first"), spring: () => tr("bounce up a level, or stay"),
  decide: () => (touch() ? tr("jump (tap a highlighted pad) or use the symbol die")
    : tr("jump (click a highlighted pad) or use the symbol die")),
  cont: () => tr("continue (roll the other dice) or stop"), shield: () => tr("spend a Shield, or fall"),
};

export function prompt(view) {
  return PROMPTS[view.state.phase]?.() || null;
}

/** Above the buttons, when a pad several dice combinations reach was chosen: which is which. */
export function choicesCaption(view) {
  const {pad} = selected(view);
  if (!pad) return null;
  const ways = padTargets(view).get(pad)?.length ?? 0;
  return trn("{n} way to jump to {pad}: choose the dice to use", "{n} ways to jump to {pad}: choose the dice to use",
    ways, {pad});
}

// -- the dice tray ------------------------------------------------------------------------------
function symbolArt(face) {
  if (/^\d$/.test(face)) return null;
  return (ink) => {
    if (face === "shift") {
      return svg("g", {}, svg("path", {d: "M 10 30 L 22 18 L 22 26 L 38 26 L 38 18 L 50 30 L 38 42 L 38 34 L 22 34 "
        + "L 22 42 Z", fill: ink}));
    }
    if (face === "remove") {
      return svg("g", {}, svg("path", {d: "M 30 12 L 44 28 L 35 28 L 35 46 L 25 46 L 25 28 L 16 28 Z", fill: ink}));
    }
    return svg("g", {}, svg("path", {d: "M 44 30 A 14 14 0 1 1 36 17", fill: "none", stroke: ink, "stroke-width": 5}),
      svg("path", {d: "M 31 9 L 43 15 L 33 24 Z", fill: ink}));
  };
}

/** "1 die", "4 dice and the symbol die", "the symbol die", "no dice": what is left to roll. */
export function diceLeft(numbered, symbol) {
  if (!symbol) return numbered ? trn("{n} die", "{n} dice", numbered) : tr("no dice");
  return numbered ? trn("{n} die and the symbol die", "{n} dice and the symbol die", numbered) : tr("the symbol die");
}

/** The last roll of the turn and the dice its jump used ("used dice set aside"). */
function lastRoll(view) {
  const history = view.history || [];
  for (let i = history.length - 1; i >= 0; i--) {
    const roll = parseRoll(history[i].action);
    if (!roll) continue;
    const used = {numbers: [], symbol: false};
    for (const later of history.slice(i + 1)) {
      const jump = parseJump(later.action);
      if (jump) {
        used.numbers.push(...jump.dice);
        used.symbol = used.symbol || jump.dots > 0;
      } else if (/^(shift|remove|again|shoot)/.test(later.action)) used.symbol = true;
    }
    return {roll, index: history[i].n ?? i, used};
  }
  return null;
}

function roller(view, ctx) {
  const event = lastEvent(view, ROLLS);
  return event ? ctx.seatName(event.fields.seat) : tr("The dice");
}

export function dice(view, ctx) {
  const found = lastRoll(view);
  if (!found) return null;
  const {roll, index, used} = found;
  const live = view.state.roll !== null && parseRoll(view.state.roll) !== null;
  const choosing = live && view.legal.some((a) => parseJump(a));
  const sel = selected(view);
  const toggle = (i) => () => {
    const at = sel.picked.indexOf(i);
    if (at >= 0) sel.picked.splice(at, 1);
    else sel.picked.push(i);
    sel.pad = null;
    ctx.rerender();
  };
  const spare = [...used.numbers];
  const list = roll.numbers.map((n, i) => {
    const spent = !live && spare.includes(n) && spare.splice(spare.indexOf(n), 1);
    return {key: `dj-${index}-${i}`, face: n, pips: true, tone: "white", used: Boolean(spent),
      label: spent ? tr("die {i}: {n} (used)", {i: i + 1, n}) : tr("die {i}: {n}", {i: i + 1, n}), onclick: choosing ? toggle(i) : null,
      pressed: sel.picked.includes(i)};
  });
  if (roll.symbol) {
    const dots = /^\d$/.test(roll.symbol);
    list.push({key: `dj-${index}-symbol`, face: roll.symbol, pips: dots, icon: symbolArt(roll.symbol), tone: "dark",
      used: !live && used.symbol, label: dots ? tr("symbol die: {n} dots", {n: Number(roll.symbol)})
        : tr("symbol die: {face}", {face: SYMBOL_NAMES[roll.symbol]?.() || roll.symbol}),
      onclick: choosing && dots ? toggle(roll.numbers.length) : null, pressed: sel.picked.includes(roll.numbers.length)});
  }
  let note;
  if (choosing) {
    const pads = padTargets(view).size;
    const press = pressWord();
    note = sel.picked.length
      ? (pads ? trn("{n} pad can be reached with these dice: {press} one on the board",
        "{n} pads can be reached with these dice: {press} one on the board", pads, {press})
        : tr("No jump uses all the dice picked: {press} a die again to put it back", {press}))
      : tr("{Press} a highlighted pad to jump there, or {press} dice first to see where they take you",
        {Press: pressWord(true), press});
  } else if (!live) {
    const left = view.state.dice;
    note = tr("{dice} left to roll this turn", {dice: diceLeft(left.numbered, left.symbol)});
  }
  const symbolWord = roll.symbol && SYMBOL_WORDS[roll.symbol];
  if (live && symbolWord) note = `${note ? `${note}. ` : ""}${tr("Symbol die: {meaning}", {meaning: symbolWord})}`;
  const mine = live && view.mine?.includes(view.state.seat);
  return {caption: mine ? tr("Your roll") : tr("{name} rolled", {name: roller(view, ctx)}), dice: list, note};
}

// -- the board --------------------------------------------------------------------------------------
function target(attrs, label, act) {
  return svg("g", {...attrs, class: `target ${attrs.class || ""}`, role: "button", tabindex: 0, "aria-label": label,
    onclick: act, onkeydown: (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        act();
      }
    }});
}

export function draw(view, ctx) {
  const state = view.state;
  const board = view.board || {};
  const columns = board.columns || 5;
  const maxOffset = board.max_offset ?? 1;
  const rows = state.ramp.length;
  const width = MARGIN * 2 + SLOT_W * (columns + 2 * maxOffset);
  const height = TOP + ROW_H * (rows + 1) + 10;
  const choosing = view.legal.length > 0;
  const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, class: "board doodle-jump",
    role: choosing ? "group" : "img", "aria-label": summaryName(view), preserveAspectRatio: "xMidYMin meet"});
  root.append(fixedLayer(`doodle-jump-paper-${width}x${height}`, width, height, () => {  // squared paper, drawn once
    const lines = [svg("rect", {x: 0, y: 0, width, height, rx: 18, fill: "#fbf8ee"})];
    for (let x = 0; x < width; x += 25) lines.push(svg("line", {x1: x, y1: 0, x2: x, y2: height, stroke: "#dce8f3"}));
    for (let y = 0; y < height; y += 25) lines.push(svg("line", {x1: 0, y1: y, x2: width, y2: y, stroke: "#dce8f3"}));
    return lines;
  }));
  const pads = choosing ? padTargets(view) : new Map();
  const levels = choosing ? levelTargets(view) : new Map();
  const padAt = {};
  const sel = selected(view);
  state.ramp.forEach((place, row) => {
    const y = TOP + ROW_H * (rows - 1 - row);
    if (!place) {
      root.append(svg("rect", {x: MARGIN + SLOT_W * maxOffset, y: y + 30, width: SLOT_W * columns, height: 36,
        fill: "none", stroke: "#b9b09c", "stroke-dasharray": "6 6"}));
      return;
    }
    const left = MARGIN + SLOT_W * (maxOffset + place.offset);
    root.append(svg("rect", {x: left, y: y + 6, width: SLOT_W * columns, height: ROW_H - 12, rx: 12, fill: "#fff",
      stroke: "#b8ad96", "stroke-width": 2, class: "level", "data-key": `level-${place.level}`}));
    drawLevelTargets(root, view, ctx, levels, place, y, left, columns, width);
    for (const [slot, number] of board.levels?.[place.level] || []) {
      const name = `${place.level}${number}`;
      const x = left + SLOT_W * slot + SLOT_W / 2;
      padAt[name] = [x, y + ROW_H / 2 + 12];
      drawPad(root, view, ctx, pads.get(name), name, number, x, y, sel.pad === name);
    }
    // the level's letter over its pads (a highlighted first pad covered it), letting a tap through to the pad
    root.append(svg("text", {x: left + 9, y: y + 32, "font-size": 24, "font-weight": 800, fill: "#4a4335",
      "pointer-events": "none", class: "level-name"}, place.level));
  });
  drawDoodlers(root, view, ctx, padAt, height);
  return root;
}

function drawLevelTargets(root, view, ctx, levels, place, y, left, columns, width) {
  const right = left + SLOT_W * columns;
  const spots = {left: [left - SLOT_W, "◀"], right: [right, "▶"]};
  for (const [move, [x, glyph]] of Object.entries(spots)) {
    const action = levels.get(`${place.level}:${move}`);
    if (!action || x < 0 || x + SLOT_W > width) continue;
    root.append(target({"data-key": `shift-${place.level}-${move}`, class: "level-edge"},
      shiftLabel(place.level, move), () => ctx.act(action)),
    );
    const g = root.lastChild;
    g.append(svg("rect", {x: x + 6, y: y + 8, width: SLOT_W - 12, height: ROW_H - 16, rx: 12, fill: "#f2c14e",
      stroke: "#8a6508", "stroke-width": 3}), svg("text", {x: x + SLOT_W / 2, y: y + ROW_H / 2 + 13,
      "text-anchor": "middle", "font-size": 38, "font-weight": 800, fill: "#3b2a05"}, glyph));
  }
  const removal = levels.get(`${place.level}:remove`);
  if (removal) {
    const free = left > MARGIN + 1 ? left - SLOT_W : right;
    root.append(target({"data-key": `remove-${place.level}`, class: "level-edge"},
      tr("Move level {level} to the top", {level: place.level}), () => ctx.act(removal)));
    root.lastChild.append(svg("rect", {x: free + 6, y: y + 8, width: SLOT_W - 12, height: ROW_H - 16, rx: 12,
      fill: "#e7b3b3", stroke: "#7d1518", "stroke-width": 3}), svg("text", {x: free + SLOT_W / 2,
      y: y + ROW_H / 2 + 13, "text-anchor": "middle", "font-size": 36, "font-weight": 800, fill: "#5a0d10"}, "⤒"));
  }
}

function drawPad(root, view, ctx, options, name, number, x, y, chosen) {
  const state = view.state;
  const tile = state.tiles?.[name];
  const parts = [];
  if (options) {  // the whole slot answers a tap (at least 44 px on a phone)
    parts.push(svg("rect", {x: x - SLOT_W / 2 + 3, y: y + 8, width: SLOT_W - 6, height: ROW_H - 16, rx: 10,
      fill: chosen ? "#f2c14e" : "#fff3c4", stroke: "#8a6508", "stroke-width": chosen ? 5 : 3, class: "pad-target"}));
  }
  parts.push(svg("rect", {x: x - 38, y: y + ROW_H / 2 - 4, width: 76, height: 34, rx: 17,
    fill: options ? "#f2c14e" : "#7bc043", stroke: options ? "#8a6508" : "#3d7a1e", "stroke-width": 3}));
  parts.push(svg("text", {x, y: y + ROW_H / 2 + 22, "text-anchor": "middle", "font-size": 26, "font-weight": 800,
    fill: "#1d1d1d"}, String(number)));
  let tileMarked = null;
  if (tile) {
    const effect = view.board?.tile_effects?.[tile] || tile;
    // keyed by where it lies (in a plain pad, or over a pad's button): a keyed element never changes parent
    tileMarked = svg("g", {class: "tile", "data-key": `tile-${options ? "over-" : ""}${name}`}, svg("rect", {x: x - 8, y: y + 9, width: 50,
      height: 32, rx: 6, fill: TILE_COLOURS[effect] || "#666", stroke: "#1d1d1d", "stroke-width": 2}),
    svg("text", {x: x + 17, y: y + 33, "text-anchor": "middle", "font-size": 23, "font-weight": 800, fill: "#fff"},
      tileMark(tileName(view, tile))), svg("title", {}, tileName(view, tile)));
  }
  if (!options) {
    root.append(svg("g", {class: "pad", "data-key": `pad-${name}`}, ...parts, tileMarked,
      svg("title", {}, tile ? `${name}: ${tileName(view, tile)}` : name)));
    return;
  }
  const words = options.map((a) => label(a, view)).join("; or ");
  const act = () => {
    if (options.length === 1) {
      ctx.act(options[0]);
      return;
    }
    const sel = selected(view);  // several ways to this pad: the buttons list them
    sel.pad = sel.pad === name ? null : name;
    ctx.rerender();
  };
  // label in name (WCAG 2.5.3): the pad's number is a word of its own ("F8" is not "8"), not in brackets (dropped)
  const named = options.length === 1 ? words : tr("{pad}: {n} ways ({words})", {pad: name, n: options.length, words});
  const tap = target({"data-key": `pad-${name}`, class: "pad", "data-pad": name},
    tr("{name}, pad {number}", {name: named, number}), act);
  tap.append(...parts);
  root.append(tap);
  // a tile on a pad one can jump to lies over the button, not in it: the button's words are then what it shows (its
  // number, in its name "Jump to F10 with ...": label in name, WCAG 2.5.3); a tap on the tile reaches the pad
  if (tileMarked) {
    tileMarked.setAttribute("pointer-events", "none");
    root.append(tileMarked);
  }
}

function drawDoodlers(root, view, ctx, padAt, height) {
  const state = view.state;
  const startY = height - 40;
  root.append(svg("text", {x: MARGIN + 6, y: startY + 12, "font-size": 24, fill: "#6b665c"}, tr("start")));
  const crowd = {};
  const before = lastSpots.id === view.id && view.n > lastSpots.n && view.n - lastSpots.n <= 4 ? lastSpots.spots : null;
  const spots = [];
  state.doodlers.forEach((pad, seat) => {
    const at = pad && padAt[pad] ? padAt[pad] : [MARGIN + 130 + seat * 56, startY];
    const key = at.join(",");
    const k = crowd[key] = (crowd[key] ?? -1) + 1;
    const here = [at[0] - 24 + k * 24, at[1] - 26];
    spots.push(here);
    const figure = doodler(here[0], here[1], ctx.colour(seat), seat, view.mover === seat || view.roll_waits === seat,
      tr("{name} on {pad}", {name: ctx.seatName(seat), pad: pad || tr("the start")}));
    root.append(figure);
    const from = before?.[seat];
    if (from && (from[0] !== here[0] || from[1] !== here[1])) walk(figure, flight(from, here), here, 45);
  });
  if (lastSpots.id !== view.id || lastSpots.n !== view.n) lastSpots = {id: view.id, n: view.n, spots};
}

/** A Doodler's way from one spot to another: up (or along) in a hop's arc; down, a fall that speeds up. */
function flight(from, to) {
  const points = [];
  const falling = to[1] > from[1] + 1;
  for (let i = 0; i <= 10; i++) {
    const t = i / 10;
    if (falling) {  // a short rise off the pad, then down faster and faster
      const drop = t < 0.2 ? -18 * Math.sin(t / 0.2 * Math.PI / 2) : (to[1] - from[1] + 18) * ((t - 0.2) / 0.8) ** 2 - 18;
      points.push([from[0] + (to[0] - from[0]) * Math.min(1, t * 2), from[1] + drop]);
    } else {
      const lift = 70 * 4 * t * (1 - t);
      points.push([from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t - lift]);
    }
  }
  points[points.length - 1] = to;
  return points;
}

function doodler(x, y, colour, seat, moving, title) {
  const g = svg("g", {class: `doodler${moving ? " mover" : ""}`, "data-seat": seat, "data-key": `doodler-${seat}`},
    svg("title", {}, title));
  if (moving) g.append(svg("circle", {cx: x, cy: y, r: 28, fill: "none", stroke: "#333", "stroke-width": 3,
    "stroke-dasharray": "6 4"}));
  g.append(svg("ellipse", {cx: x, cy: y, rx: 17, ry: 21, fill: colour, stroke: "#1d1d1d", "stroke-width": 3}));
  g.append(svg("rect", {x: x + 11, y: y - 9, width: 16, height: 9, rx: 3, fill: colour, stroke: "#1d1d1d",
    "stroke-width": 2}));
  g.append(svg("circle", {cx: x + 3, cy: y - 7, r: 3.5, fill: "#1d1d1d"}));
  g.append(svg("text", {x, y: y + 13, "text-anchor": "middle", "font-size": 16, "font-weight": 800, fill: "#fff"},
    String(seat + 1)));
  return g;
}

/** Where everything is, in words: each level from the top with its shift, pads and tiles; each Doodler. */
export function describe(view, ctx) {
  const state = view.state;
  const board = view.board || {};
  const name = (seat) => (ctx ? ctx.seatName(seat) : tr("Player {n}", {n: seat + 1}));
  const lines = state.doodlers.map((pad, seat) => {
    const kept = Object.entries(state.kept?.[seat] || {}).map(([k, n]) => `${tileName(view, k)}${n > 1 ? ` ×${n}` : ""}`);
    const where = pad ? tr("on pad {pad}", {pad}) : tr("at the start, below the ramp");
    return `${name(seat)}: ${where}${kept.length ? `; ${tr("keeps {tiles}", {tiles: list(kept)})}` : ""}.`;
  });
  const rows = state.ramp.length;
  state.ramp.map((place, row) => [place, row]).reverse().forEach(([place, row]) => {
    const height = row === rows - 1 ? tr("Ramp top") : row === 0 ? tr("Ramp bottom")
      : tr("Ramp row {row} of {rows}", {row: row + 1, rows});
    if (!place) {
      lines.push(tr("{height}: no level yet.", {height}));
      return;
    }
    const shift = place.offset < 0 ? tr("shifted left") : place.offset > 0 ? tr("shifted right") : tr("centred");
    const pads = (board.levels?.[place.level] || []).map(([, number]) => {
      const pad = `${place.level}${number}`;
      const tile = state.tiles?.[pad];
      return tile ? `${pad} (${tileName(view, tile)})` : pad;
    });
    lines.push(tr("{height}: level {level}, {shift}; pads {pads}.", {height, level: place.level, shift, pads: list(pads)}));
  });
  return lines;
}

/** What the marks on the ramp mean. */
export function legend(view) {
  const board = view.board || {};
  const items = [
    {swatch: [svg("rect", {x: 2, y: 12, width: 36, height: 18, rx: 9, fill: "#7bc043", stroke: "#3d7a1e", "stroke-width": 2}),
      svg("text", {x: 20, y: 26, "text-anchor": "middle", "font-size": 14, "font-weight": 800}, "5")],
    text: tr("A pad and its number: dice adding up to it jump you there")},
    {swatch: svg("rect", {x: 2, y: 12, width: 36, height: 18, rx: 9, fill: "#f2c14e", stroke: "#8a6508", "stroke-width": 2}),
      text: tr("A highlighted pad: you can jump there now")},
    {swatch: [svg("rect", {x: 4, y: 4, width: 32, height: 32, rx: 6, fill: "#f2c14e", stroke: "#8a6508", "stroke-width": 2}),
      svg("text", {x: 20, y: 27, "text-anchor": "middle", "font-size": 18, "font-weight": 800}, "▶")],
    text: tr("An arrow beside a level: shift it one step (the symbol die)")},
    {swatch: [svg("rect", {x: 4, y: 4, width: 32, height: 32, rx: 6, fill: "#e7b3b3", stroke: "#7d1518", "stroke-width": 2}),
      svg("text", {x: 20, y: 28, "text-anchor": "middle", "font-size": 20, "font-weight": 800}, "⤒")],
    text: tr("Move that level to the top of the ramp (the symbol die)")},
  ];
  for (const [kind, name] of Object.entries(board.tiles || {})) {
    const effect = board.tile_effects?.[kind] || kind;
    items.push({swatch: [svg("rect", {x: 2, y: 8, width: 36, height: 24, rx: 5, fill: TILE_COLOURS[effect] || "#666",
      stroke: "#1d1d1d", "stroke-width": 2}), svg("text", {x: 20, y: 26, "text-anchor": "middle", "font-size": 15,
      "font-weight": 800, fill: "#fff"}, tileMark(name))], text: `${name}: ${TILE_WORDS[effect] || effect}`});
  }
  items.push({swatch: doodler(20, 22, "#d1495b", 0, false, tr("a Doodler")),
    text: tr("A Doodler, numbered by seat (a dashed ring: whose turn it is)")});
  return items;
}

function summaryName(view) {
  const where = view.state.doodlers.map((p, s) => tr("seat {n} on {pad}", {n: s + 1, pad: p || tr("the start")}));
  return trn("Doodle Jump ramp of {n} level; {where}", "Doodle Jump ramp of {n} levels; {where}",
    view.state.ramp.length, {where: where.join(", ")});
}
