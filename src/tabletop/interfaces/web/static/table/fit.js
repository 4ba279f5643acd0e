// Text on a board is drawn for a big screen; on a small one, any label that would be smaller than 12 CSS px
// is left out (the board's shapes and the page's words carry the game); "Zoom in" brings the details back.
export const SMALLEST = 12;

export function fitText(stage) {
  const board = stage.querySelector("svg.board");
  const box = board?.viewBox?.baseVal;
  if (!board || !box?.width) return;
  const shown = board.getBoundingClientRect();
  if (!shown.width) return;
  const scale = Math.min(shown.width / box.width, shown.height / box.height || Infinity);
  for (const text of board.querySelectorAll("text")) {
    const size = Number(text.getAttribute("font-size") || 16);
    text.classList.toggle("tiny", size * scale < SMALLEST - 0.01);
  }
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
