// Jumanji in the board editor: the four colour paths from START to the centre, one button per space; a space
// is Blank, Wait for 5 or 8, Jungle or Rhino, and a path is as long as its spaces (see the page's editor.js).
import {el} from "/static/common.js";
import {tr, trn} from "/static/i18n.js";

/** the colours' names (the paths' colours in the file are English words) */
const COLOUR_NAMES = {red: tr("red"), yellow: tr("yellow"), green: tr("green"), blue: tr("blue")};
const colourName = (colour) => COLOUR_NAMES[colour] || colour;

export const STRINGS = {
  board: tr("The four colour paths, from START to the centre"),
  alike: tr("Change every colour's path alike"),
  alikeHelp: tr("The packaged paths are the same for every colour: with this on, a change is made on all four."),
  kinds: {B: tr("Blank"), W: tr("Wait for 5 or 8"), J: tr("Jungle"), R: tr("Rhino")},
  kindKeys: tr("Keys on a space: B, W, J, R set its kind; Delete removes it; + adds a Blank space after it."),
  unknown: (letter) => tr("unknown letter {letter}", {letter: JSON.stringify(letter)}),
  start: tr("START"),
  centre: tr("centre"),
  colour: (colour) => colourName(colour).charAt(0).toUpperCase() + colourName(colour).slice(1),
  pathButton: (colour, length) => trn("{colour} path: {n} space", "{colour} path: {n} spaces", length,
    {colour: colourName(colour)}),
  space: (colour, index, kind) => tr("{colour} path, space {index}: {kind}", {colour: colourName(colour), index, kind}),
  pathTitle: (colour, length) => trn("The {colour} path: {n} space", "The {colour} path: {n} spaces", length,
    {colour: colourName(colour)}),
  spaceTitle: (colour, index, length) => tr("The {colour} path, space {index} of {length}",
    {colour: colourName(colour), index, length}),
  counts: (counts) => Object.entries(counts).filter(([, n]) => n).map(([kind, n]) => `${n} ${kind}`).join(", "),
  kind: tr("Kind of space"),
  addEnd: tr("Add a Blank space at the end"),
  removeEnd: tr("Remove the last space"),
  insertAfter: tr("Add a Blank space after this one"),
  remove: tr("Remove this space"),
  onEvery: tr("(on every path)"),
};

const COLOURS = {red: "#d1495b", yellow: "#e9b824", green: "#3a9d5d", blue: "#2e86ab"};
const LETTERS = ["B", "W", "J", "R"];
let alike = null;  // change every path alike: on at first when the paths are the same

function paths(data) {
  return data.board?.paths || [];
}

function sameEverywhere(data) {
  const all = paths(data).map((p) => p.spaces);
  return all.length > 0 && all.every((s) => s === all[0]);
}

function parse(place) {
  const at = place.lastIndexOf(":");
  return {colour: place.slice(0, at), index: place.slice(at + 1) === "path" ? null : Number(place.slice(at + 1))};
}

/** Apply `edit(spaces) -> spaces` to the path of `colour`, or to every path when they change alike. */
function editPaths(ctx, colour, edit) {
  ctx.change((data) => {
    for (const path of paths(data)) {
      if (alike || path.colour === colour) path.spaces = edit(path.spaces);
    }
  });
}

function setKind(ctx, colour, index, letter) {
  editPaths(ctx, colour, (s) => (index <= s.length ? s.slice(0, index - 1) + letter + s.slice(index) : s));
}

function insertAfter(ctx, colour, index) {
  editPaths(ctx, colour, (s) => s.slice(0, Math.min(index, s.length)) + "B" + s.slice(Math.min(index, s.length)));
}

function removeAt(ctx, colour, index) {
  editPaths(ctx, colour, (s) => (s.length > 1 && index <= s.length ? s.slice(0, index - 1) + s.slice(index) : s));
}

export function draw(data, ctx) {
  if (alike === null) alike = sameEverywhere(data);
  const root = el("div", {class: "jumanji-editor", role: "group", "aria-label": STRINGS.board});
  for (const path of paths(data)) {
    const colour = path.colour;
    const tint = COLOURS[colour] || "#777";
    const spaces = [...path.spaces].map((letter, k) => {
      const index = k + 1;
      const kind = STRINGS.kinds[letter] || STRINGS.unknown(letter);
      return el("button", {type: "button", class: `space kind-${LETTERS.includes(letter) ? letter : "unknown"}`,
        "data-place": `${colour}:${index}`, "aria-label": STRINGS.space(colour, index, kind), title:
        STRINGS.space(colour, index, kind), onclick: () => ctx.select(`${colour}:${index}`)},
      letter === "B" ? "" : letter);
    });
    root.append(el("div", {class: "track", style: `--path: ${tint}`, "data-key": `track-${colour}`},
      // its name begins with what it shows (label in name, WCAG 2.5.3)
      el("button", {type: "button", class: "start-chip", "data-place": `${colour}:path`,
        "aria-label": `${STRINGS.colour(colour)} · ${STRINGS.start}: ${STRINGS.pathButton(colour, path.spaces.length)}`,
        onclick: () => ctx.select(`${colour}:path`)},
      `${STRINGS.colour(colour)} · ${STRINGS.start}`),
      ...spaces,
      el("span", {class: "centre-chip", "aria-hidden": "true"}, STRINGS.centre)));
  }
  return root;
}

export function tools(data, ctx) {
  if (alike === null) alike = sameEverywhere(data);
  return el("div", {class: "jumanji-tools"},
    el("label", {class: "toggle"}, el("input", {type: "checkbox", checked: alike, "aria-describedby": "alike-help",
      onchange: (event) => {
        alike = event.target.checked;
        ctx.select(ctx.selected);
      }}), el("span", {}, STRINGS.alike)),
    el("small", {id: "alike-help", class: "muted"}, STRINGS.alikeHelp),
    el("small", {class: "muted"}, STRINGS.kindKeys));
}

function problemNotes(ctx, place) {
  return ctx.problemsAt(place).map((message) => el("p", {class: "problem-note"}, message));
}

export function inspect(data, place, ctx) {
  const {colour, index} = parse(place);
  const path = paths(data).find((p) => p.colour === colour);
  if (!path) return el("p", {class: "muted"}, place);
  const every = alike ? ` ${STRINGS.onEvery}` : "";
  const length = path.spaces.length;
  if (index === null) {
    const counts = {};
    for (const letter of path.spaces) {
      const name = STRINGS.kinds[letter] || STRINGS.unknown(letter);
      counts[name] = (counts[name] || 0) + 1;
    }
    return el("div", {class: "inspect"},
      el("h3", {}, STRINGS.pathTitle(colour, length)),
      el("p", {class: "muted"}, STRINGS.counts(counts)),
      ...problemNotes(ctx, place),
      el("div", {class: "row"},
        el("button", {type: "button", onclick: () => insertAfter(ctx, colour, length)}, STRINGS.addEnd + every),
        el("button", {type: "button", disabled: length <= 1, onclick: () => removeAt(ctx, colour, length)},
          STRINGS.removeEnd + every)));
  }
  const letter = path.spaces[index - 1];
  return el("div", {class: "inspect"},
    el("h3", {}, STRINGS.spaceTitle(colour, index, length)),
    ...problemNotes(ctx, place),
    el("fieldset", {}, el("legend", {}, STRINGS.kind + every),
      ...LETTERS.map((option) => el("label", {class: "choice-label"},
        el("input", {type: "radio", name: "jumanji-kind", value: option, checked: option === letter,
          onchange: () => setKind(ctx, colour, index, option)}),
        `${STRINGS.kinds[option]} (${option})`))),
    el("div", {class: "row"},
      el("button", {type: "button", onclick: () => insertAfter(ctx, colour, index)}, STRINGS.insertAfter + every),
      el("button", {type: "button", disabled: length <= 1, onclick: () => removeAt(ctx, colour, index)},
        STRINGS.remove + every)));
}

export function key(pressed, place, data, ctx) {
  const {colour, index} = parse(place);
  if (index === null) return false;
  const letter = pressed.toUpperCase();
  if (LETTERS.includes(letter) && pressed.length === 1) {
    ctx.select(place);
    setKind(ctx, colour, index, letter);
    return true;
  }
  if (pressed === "Delete" || pressed === "Backspace") {
    removeAt(ctx, colour, index);
    return true;
  }
  if (pressed === "+" || pressed === "Insert") {
    insertAfter(ctx, colour, index);
    return true;
  }
  return false;
}

/** Where a problem of the check lies: a path (its START), its spaces with unknown letters, a shared space. */
export function locate(problem, data) {
  const found = new Set();
  const all = paths(data);
  const numbered = /^board\.paths\.(\d+)/.exec(problem.where || "");
  if (numbered) {
    const path = all[Number(numbered[1])];
    if (path) {
      found.add(`${path.colour}:path`);
      [...path.spaces].forEach((letter, k) => {
        if (!LETTERS.includes(letter)) found.add(`${path.colour}:${k + 1}`);
      });
    }
  }
  for (const [, colour, index] of problem.message.matchAll(/\b([a-z]+) space (\d+)\b/g)) {
    const path = all.find((p) => p.colour === colour);
    if (path) found.add(Number(index) <= path.spaces.length ? `${colour}:${index}` : `${colour}:path`);
  }
  for (const [, colour] of problem.message.matchAll(/path '([a-z]+)'/g)) {
    if (all.some((p) => p.colour === colour)) found.add(`${colour}:path`);
  }
  if (/board\.paths colours repeat/.test(problem.message) || problem.where === "board.paths") {
    for (const path of all) found.add(`${path.colour}:path`);
  }
  return [...found];
}
