// Where each route's numbered circle goes: near the space the route ends on, never over a mark of the board (a
// pawn, a barrel, a fireball, a red or black dot, the Oil Can with its fireballs, Donkey Kong and his barrels),
// nor over another circle. Every shape is known in the board's units before anything is drawn, so this is
// arithmetic: no layout is read.

/** The numbered circle's radius, in the board's units. */
export const MARKER_R = 26;

// where a circle may go, from the end space's centre, best first: above it, higher, beside, lower beside
const CANDIDATES = [[0, -44], [0, -56], [30, -50], [-30, -50], [0, -68], [44, -58], [-44, -58], [52, -34],
  [-52, -34], [0, -80], [60, -70], [-60, -70], [0, 58], [40, 52], [-40, 52]];
// the tallest a label of the board may be drawn, in the board's units: a phone raises every label to 12 CSS px,
// and a board is never shown smaller than 0.3 CSS px per unit (fit.js)
const TALLEST_TEXT = 40;

const box = (x, y, rx, ry = rx) => [x - rx, y - ry, x + rx, y + ry];

/** A text's box at the largest it may be drawn (``size``: its font size; ``anchor``: its x is its start or middle). */
export function textBox(x, y, text, size, anchor = "start") {
  const tall = Math.max(size, TALLEST_TEXT);
  const wide = 0.62 * tall * String(text).length;
  const left = anchor === "middle" ? x - wide / 2 : x;
  return [left, y - 0.8 * tall, left + wide, y + 0.25 * tall];
}

/** The boxes ``[x0, y0, x1, y1]`` of the marks a circle must leave visible. ``spots``: where the pieces stand. */
export function markBoxes(spots, scenery) {
  return [
    ...spots.barrels.map(([x, y]) => box(x, y, 14, 12)),
    ...spots.fireballs.map(([x, y]) => box(x, y, 14)),
    ...spots.pawns.map(([x, y, mover]) => (mover ? [x - 23, y - 28, x + 23, y + 16] : [x - 13, y - 24, x + 13, y + 10])),
    ...scenery,
  ];
}

/** The boxes of a girder's dots: marks printed on the board. */
export function dotBoxes(board, geo) {
  const boxes = [];
  for (const g of board.girders || []) {
    for (let c = 1; c <= g.spaces; c++) {
      const [x, y] = geo.girderSpot(`${g.name}${c}`);
      if (g.red_dots.includes(c)) boxes.push(box(x - 25, y - 1, 8));
      if (g.black_dots.includes(c)) boxes.push(box(x - 25, y + 14, 8));
    }
  }
  return boxes;
}

function distance([cx, cy], [x0, y0, x1, y1]) {
  const dx = Math.max(x0 - cx, 0, cx - x1);
  const dy = Math.max(y0 - cy, 0, cy - y1);
  return Math.hypot(dx, dy);
}

/** Each end's circle centre ``[x, y]``: the first place near it that hides no mark and meets no circle placed
 * before it (else the place that hides the fewest). ``ends``: the spaces' centres, in the routes' order. */
export function placeMarkers(ends, marks, width, height) {
  const placed = [];
  for (const [x, y] of ends) {
    let best = null;
    let fewest = Infinity;
    for (const [dx, dy] of CANDIDATES) {
      const at = [x + dx, y + dy];
      if (at[0] < MARKER_R || at[1] < MARKER_R || at[0] > width - MARKER_R || at[1] > height - MARKER_R) continue;
      const hidden = marks.filter((mark) => distance(at, mark) < MARKER_R + 2).length
        + placed.filter((other) => Math.hypot(other[0] - at[0], other[1] - at[1]) < 2 * MARKER_R + 4).length;
      if (hidden < fewest) {
        best = at;
        fewest = hidden;
      }
      if (hidden === 0) break;
    }
    placed.push(best || [x, y - 44]);
  }
  return placed;
}
