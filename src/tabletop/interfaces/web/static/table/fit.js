// Text on a board is drawn for a big screen. On a small one no label is dropped: every label that would show
// smaller than 12 CSS px is drawn at 12 px instead (boards leave room for it, and say in their key what their
// shapes and colours mean). One style rule per font size does it: no label is touched one by one.
export const SMALLEST = 12;

const rules = document.createElement("style");
document.head.append(rules);

/** CSS px per unit of the board's drawing, as it is shown now (zoom included). */
export function boardScale(stage) {
  const board = stage.querySelector("svg.board");
  const box = board?.viewBox?.baseVal;
  if (!board || !box?.width) return null;
  const matrix = board.getScreenCTM();
  return matrix ? Math.hypot(matrix.a, matrix.b) : null;
}

export function fitText(stage) {
  const scale = boardScale(stage);
  if (!scale) return;
  const sizes = new Set();
  for (const text of stage.querySelectorAll("svg.board text")) sizes.add(text.getAttribute("font-size"));
  const small = [...sizes].filter((size) => Number(size ?? 16) * scale < SMALLEST - 0.01);
  const least = (SMALLEST / scale).toFixed(2);
  const selector = (size) => `#${stage.id} svg.board text${size === null ? ":not([font-size])" : `[font-size="${size}"]`}`;
  const css = small.length ? `${small.map(selector).join(", ")} { font-size: ${least}px; }` : "";
  if (rules.textContent !== css) rules.textContent = css;
}
