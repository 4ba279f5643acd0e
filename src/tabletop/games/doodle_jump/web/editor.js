// Doodle Jump in the board editor: the Game Board Levels stacked bottom to top, each a row of column slots
// holding a pad with its number or nothing (see the page's editor.js). In a game the levels are stacked in a
// random order; here they are shown in the file's order, A at the bottom.
import {el} from "/static/common.js";
import {tr, trn} from "/static/i18n.js";

export const STRINGS = {
  board: tr("The levels, bottom to top, each a row of column slots"),
  stacking: tr("In a game the levels are stacked in a random order (A is shown at the bottom here); a Doodler "
    + "starts below the bottom level and reaches the pads beside it and just above it."),
  keys: tr("Keys on a slot: 3 to 9 set its pad's number (0 for 10), Delete removes the pad."),
  level: (name) => tr("Level {name}", {name}),
  column: (n) => tr("column {n}", {n}),
  slotPad: (level, column, number) => tr("Level {level}, column {column}: pad {number}", {level, column, number}),
  slotEmpty: (level, column) => tr("Level {level}, column {column}: no pad", {level, column}),
  start: tr("START: below the bottom level"),
  padTitle: (level, number, column) => tr("Pad {level}{number}, in column {column} of level {level}",
    {level, number, column}),
  emptyTitle: (level, column) => tr("Column {column} of level {level}: no pad", {level, column}),
  number: tr("Number (the dice total that jumps onto it)"),
  removePad: tr("Remove the pad"),
  addPad: tr("Add a pad"),
  levelPads: (n) => trn("This level has {n} pad; each number once.", "This level has {n} pads; each number once.", n),
  taken: (number) => tr("{number} (on this level already)", {number}),
};

function levels(data) {
  return data.levels || [];
}

function columns(data) {
  return data.ramp?.columns || 5;
}

function numbers(data) {
  const [low, high] = data.pad_numbers || [3, 10];
  return Array.from({length: Math.max(0, high - low + 1)}, (_, i) => low + i);
}

function parse(place) {
  const [level, slot] = place.split(":");
  return {level, slot: Number(slot)};
}

function padAt(level, slot) {
  return level.pads.find(([s]) => s === slot);
}

function setPad(ctx, name, slot, number) {
  ctx.change((data) => {
    const level = levels(data).find((l) => l.name === name);
    if (!level) return;
    const pads = level.pads.filter(([s]) => s !== slot);
    if (number !== null) pads.push([slot, number]);
    level.pads = pads.sort((a, b) => a[0] - b[0]);
  });
}

export function draw(data, ctx) {
  const root = el("div", {class: "doodle-editor", role: "group", "aria-label": STRINGS.board,
    style: `--columns: ${columns(data)}`});
  for (const level of [...levels(data)].reverse()) {
    const row = el("div", {class: "level-row", "data-key": `level-${level.name}`},
      el("span", {class: "level-name", "aria-hidden": "true"}, level.name));
    for (let slot = 0; slot < columns(data); slot++) {
      const pad = padAt(level, slot);
      const place = `${level.name}:${slot}`;
      const label = pad ? STRINGS.slotPad(level.name, slot + 1, pad[1]) : STRINGS.slotEmpty(level.name, slot + 1);
      row.append(el("button", {type: "button", class: pad ? "slot pad" : "slot empty", "data-place": place,
        "aria-label": label, title: label, onclick: () => ctx.select(place)}, pad ? String(pad[1]) : ""));
    }
    root.append(row);
  }
  root.append(el("p", {class: "start-row muted"}, STRINGS.start));
  return root;
}

export function tools() {
  return el("div", {class: "doodle-tools"}, el("small", {class: "muted"}, STRINGS.stacking),
    el("small", {class: "muted"}, STRINGS.keys));
}

export function inspect(data, place, ctx) {
  const {level: name, slot} = parse(place);
  const level = levels(data).find((l) => l.name === name);
  if (!level) return el("p", {class: "muted"}, place);
  const pad = padAt(level, slot);
  const used = new Set(level.pads.filter(([s]) => s !== slot).map(([, n]) => n));
  const choose = el("select", {id: "pad-number", onchange: (event) => pad && setPad(ctx, name, slot,
    Number(event.target.value))},
  ...numbers(data).map((n) => el("option", {value: n, selected: pad ? pad[1] === n : !used.has(n) &&
    n === numbers(data).find((m) => !used.has(m))}, used.has(n) ? STRINGS.taken(n) : String(n))));
  const notes = ctx.problemsAt(place).map((message) => el("p", {class: "problem-note"}, message));
  return el("div", {class: "inspect"},
    el("h3", {}, pad ? STRINGS.padTitle(name, pad[1], slot + 1) : STRINGS.emptyTitle(name, slot + 1)),
    ...notes,
    el("div", {class: "row"}, el("label", {for: "pad-number"}, STRINGS.number), choose),
    el("div", {class: "row"}, pad
      ? el("button", {type: "button", onclick: () => setPad(ctx, name, slot, null)}, STRINGS.removePad)
      : el("button", {type: "button", onclick: () => setPad(ctx, name, slot, Number(choose.value))}, STRINGS.addPad)),
    el("p", {class: "muted"}, STRINGS.levelPads(level.pads.length)));
}

export function key(pressed, place, data, ctx) {
  const {level, slot} = parse(place);
  if (pressed === "Delete" || pressed === "Backspace") {
    setPad(ctx, level, slot, null);
    return true;
  }
  if (/^[0-9]$/.test(pressed)) {
    const number = pressed === "0" ? 10 : Number(pressed);
    if (!numbers(data).includes(number)) return false;
    ctx.select(place);
    setPad(ctx, level, slot, number);
    return true;
  }
  return false;
}

/** Where a problem lies: a level's pads (a level named in it, or its place in the file), or one pad. */
export function locate(problem, data) {
  const found = new Set();
  const padsOf = (level) => {
    const places = level.pads.map(([slot]) => `${level.name}:${slot}`);
    return places.length ? places : Array.from({length: columns(data)}, (_, slot) => `${level.name}:${slot}`);
  };
  const byIndex = /^levels\.(\d+)/.exec(problem.where || "");
  if (byIndex && levels(data)[Number(byIndex[1])]) padsOf(levels(data)[Number(byIndex[1])]).forEach((p) => found.add(p));
  for (const [, name, number] of problem.message.matchAll(/\bpad ([A-Z])(\d+)\b/g)) {
    const level = levels(data).find((l) => l.name === name);
    const pad = level?.pads.find(([, n]) => n === Number(number));
    if (pad) found.add(`${name}:${pad[0]}`);
  }
  if (!found.size) {
    for (const [, name] of problem.message.matchAll(/\blevel ([A-Z])\b/g)) {
      const level = levels(data).find((l) => l.name === name);
      if (level) padsOf(level).forEach((p) => found.add(p));
    }
  }
  return [...found];
}
