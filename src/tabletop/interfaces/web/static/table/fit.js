// Text on a board is drawn for a big screen; on a small one, any label that would be smaller than 12 CSS px
// is left out (the board's shapes and the page's words carry the game); "Zoom in" brings the details back.
// One style rule per font size hides them: no label is touched one by one (a board has hundreds).
export const SMALLEST = 12;

const rules = document.createElement("style");
document.head.append(rules);

export function fitText(stage) {
  const board = stage.querySelector("svg.board");
  const box = board?.viewBox?.baseVal;
  if (!board || !box?.width) return;
  const shown = board.getBoundingClientRect();
  if (!shown.width) return;
  const scale = Math.min(shown.width / box.width, shown.height / box.height || Infinity);
  const sizes = new Set();
  for (const text of board.querySelectorAll("text")) sizes.add(text.getAttribute("font-size"));
  const hidden = [...sizes].filter((size) => Number(size ?? 16) * scale < SMALLEST - 0.01);
  const selector = (size) => `#${stage.id} svg.board text${size === null ? ":not([font-size])" : `[font-size="${size}"]`}`;
  const css = hidden.length ? `${hidden.map(selector).join(", ")} { display: none; }` : "";
  if (rules.textContent !== css) rules.textContent = css;
}

/** "Zoom in" shows the board larger (scroll to move around), with every label. */
export function setupZoom(t) {
  const stage = document.getElementById("stage");
  t.ctx.zoom = () => {
    t.zoomed = stage.classList.toggle("zoomed");
    t.ctx.rerender();
  };
  new ResizeObserver(() => fitText(stage)).observe(stage);
}
