// Dice you can see and trust: each die drawn with its face (pips, a number or the game's symbol), tumbling
// when it is rolled (still, if motion is reduced); used dice set aside. Boards describe dice, this draws them.
import {el, svg} from "/static/common.js";
import {tr, trn} from "/static/i18n.js";

const PIPS = {
  1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};
const TONES = {
  white: {fill: "#fffdf7", ink: "#1d1d1d", edge: "#6b665c"},
  red: {fill: "#c62f35", ink: "#fff", edge: "#7d1518"},
  dark: {fill: "#2f2f38", ink: "#fff", edge: "#111"},
  gold: {fill: "#f2c14e", ink: "#1d1d1d", edge: "#8a6508"},
  green: {fill: "#2f7d46", ink: "#fff", edge: "#174025"},
};

/** One die's face as an SVG image 0..60. `die.face`: a number or short text; `die.icon(ink)`: the game's symbol. */
function faceArt(die, tone) {
  const art = svg("svg", {viewBox: "0 0 60 60", class: "die-face", "aria-hidden": "true", focusable: "false"});
  art.append(svg("rect", {x: 3, y: 3, width: 54, height: 54, rx: 11, fill: tone.fill, stroke: tone.edge,
    "stroke-width": 3}));
  const n = Number(die.face);
  if (die.icon) art.append(die.icon(tone.ink));
  else if (die.pips && PIPS[n]) {
    for (const [cx, cy] of PIPS[n]) art.append(svg("circle", {cx: 6 + cx * 12, cy: 6 + cy * 12, r: 5.5, fill: tone.ink}));
  } else {
    const text = String(die.face ?? "?");
    art.append(svg("text", {x: 30, y: 39, "text-anchor": "middle", "font-size": text.length > 2 ? 17 : 28,
      "font-weight": 800, fill: tone.ink}, text));
  }
  return art;
}

/** A die: {key, face, label, tone, pips, icon, used, rolled, onclick, pressed, disabled}. */
export function die(d) {
  const tone = TONES[d.tone] || TONES.white;
  const classes = ["die", d.used ? "used" : "", d.rolled ? "rolled" : "", d.onclick ? "die-button" : ""].join(" ");
  const attrs = {class: classes.trim(), "data-key": d.key, title: d.label};
  if (!d.onclick) {
    return el("span", {...attrs, role: "img", "aria-label": d.label}, faceArt(d, tone));
  }
  return el("button", {...attrs, type: "button", "aria-label": d.label, "aria-pressed": d.pressed ? "true" : "false",
    "aria-disabled": d.disabled ? "true" : null, onclick: d.disabled ? null : d.onclick}, faceArt(d, tone));
}

/** The dice tray under the status: what the board's `dice(view, ctx)` hook describes, or nothing. */
export function tray(t) {
  const shown = t.board.dice ? t.board.dice(t.view, t.ctx) : null;
  if (!shown || !shown.dice?.length) return null;
  return el("div", {class: "tray", id: "tray", role: "group", "aria-label": shown.caption || tr("Dice")},
    el("div", {class: "tray-dice"}, ...shown.dice.map(die)),
    el("div", {class: "tray-words"}, el("p", {class: "tray-caption"}, shown.caption || tr("Dice")),
      shown.note ? el("p", {class: "tray-note"}, shown.note) : null));
}
