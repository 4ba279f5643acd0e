// The Rescue die's eight symbols, drawn simply in a die face's 60 x 60 box.
import {svg} from "/static/common.js";
import {tr} from "/static/i18n.js";

const DRAW = {
  rope: (ink) => [svg("circle", {cx: 30, cy: 30, r: 16, fill: "none", stroke: ink, "stroke-width": 4}),
    svg("circle", {cx: 30, cy: 30, r: 9, fill: "none", stroke: ink, "stroke-width": 4}),
    svg("path", {d: "M 46 30 q 4 12 -6 16", fill: "none", stroke: ink, "stroke-width": 4})],
  saber: (ink) => [svg("path", {d: "M 16 46 Q 30 30 46 13", fill: "none", stroke: ink, "stroke-width": 5,
    "stroke-linecap": "round"}), svg("path", {d: "M 13 38 L 24 49", stroke: ink, "stroke-width": 5})],
  die: (ink) => [svg("rect", {x: 15, y: 15, width: 30, height: 30, rx: 5, fill: "none", stroke: ink, "stroke-width": 4}),
    ...[[23, 23], [30, 30], [37, 37]].map(([cx, cy]) => svg("circle", {cx, cy, r: 3.5, fill: ink}))],
  axe: (ink) => [svg("path", {d: "M 20 48 L 38 16", stroke: ink, "stroke-width": 5, "stroke-linecap": "round"}),
    svg("path", {d: "M 33 12 Q 50 14 46 30 L 36 24 Z", fill: ink})],
  racquet: (ink) => [svg("ellipse", {cx: 34, cy: 24, rx: 12, ry: 14, fill: "none", stroke: ink, "stroke-width": 4}),
    svg("path", {d: "M 27 35 L 16 49", stroke: ink, "stroke-width": 6, "stroke-linecap": "round"})],
  "open door": (ink) => [svg("rect", {x: 16, y: 12, width: 26, height: 36, fill: "none", stroke: ink, "stroke-width": 4}),
    svg("path", {d: "M 16 12 L 30 18 L 30 52 L 16 48 Z", fill: ink})],
  raft: (ink) => [14, 26, 38].map((y) => svg("rect", {x: 12, y, width: 36, height: 8, rx: 4, fill: ink})),
  hourglass: (ink) => [svg("path", {d: "M 18 12 H 42 L 30 30 L 42 48 H 18 L 30 30 Z", fill: "none", stroke: ink,
    "stroke-width": 4, "stroke-linejoin": "round"}), svg("path", {d: "M 24 46 L 30 37 L 36 46 Z", fill: ink})],
};

/** The symbols' names in the page's language. */
const NAMES = {rope: () => tr("rope"), saber: () => tr("saber"), die: () => tr("die"), axe: () => tr("axe"),
  racquet: () => tr("racquet"), "open door": () => tr("open door"), raft: () => tr("raft"),
  hourglass: () => tr("hourglass")};

/** A symbol's name for people, in the page's language ("hourglass": "Sanduhr"). */
export function symbolName(face) {
  return NAMES[face] ? NAMES[face]() : String(face ?? "");
}

/** A pawn colour's name in the page's language. */
export function colourName(colour) {
  const names = {red: () => tr("red"), yellow: () => tr("yellow"), green: () => tr("green"), blue: () => tr("blue")};
  return names[colour] ? names[colour]() : String(colour ?? "");
}

/** A function drawing `face` in a die (for die() of the dice tray), or null for an unknown face. */
export function symbolIcon(face) {
  const draw = DRAW[face];
  return draw ? (ink) => svg("g", {}, ...draw(ink)) : null;
}
