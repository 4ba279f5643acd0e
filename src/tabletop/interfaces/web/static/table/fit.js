// Text on a board is drawn for a big screen. On a small one no label is dropped: every label that would show
// smaller than 12 CSS px is drawn at 12 px instead (boards leave room for it, and say in their key what their
// shapes and colours mean). One style rule per font size does it: no label is touched one by one. The scale is
// worked out from the stage's size (kept as its ResizeObserver reports it) and the board's viewBox, so no update
// forces a layout.
export const SMALLEST = 12;

const rules = document.createElement("style");
document.head.append(rules);
const sizes = new WeakMap();  // stage -> {width, height, zoom}

function sizeOf(stage) {
  let size = sizes.get(stage);
  if (!size) {  // unknown until the stage's ResizeObserver reports it (before the first frame is painted): reading
    size = {width: 0, height: 0, zoom: 1};  // it here would lay the half-built page out an extra time
    sizes.set(stage, size);
  }
  return size;
}

/** The stage's room for the board changed (a ResizeObserver's entry), or its zoom. */
export function stageResized(stage, width, height) {
  Object.assign(sizeOf(stage), {width, height});
  fitText(stage);
}

export function stageZoomed(stage, zoom) {
  sizeOf(stage).zoom = zoom;
  fitText(stage);
}

/** CSS px per unit of the board's drawing, as it is shown now (the board fits the stage, "meet"; zoom included). */
export function boardScale(stage) {
  const board = stage.querySelector("svg.board");
  const box = board?.viewBox?.baseVal;
  if (!box?.width || !box.height) return null;
  const size = sizeOf(stage);
  return Math.min(size.width / box.width, size.height / box.height) * size.zoom;
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
