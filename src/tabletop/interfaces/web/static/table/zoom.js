// Zooming and panning the board: two fingers pinch (on a touch screen), one finger or the mouse drags a zoomed
// board, Ctrl + wheel (a trackpad's pinch) zooms at the pointer, and the + / − / Fit buttons do it from the
// keyboard. The board is scaled as a whole (its labels grow with it); a tap that was a drag does not act.
import {el} from "/static/common.js";
import {patch} from "/static/morph.js";
import {stageResized, stageZoomed} from "/static/table/fit.js";
import {tr, trn} from "/static/i18n.js";

const MAX = 4;
const STEP = 1.6;
const DRAG = 8;  // CSS px a pointer moves before a press becomes a drag
// the words of this module (for translation)
const WORDS = {zoomIn: tr("Zoom in"), zoomInTitle: tr("Zoom in (or pinch)"), zoomOut: tr("Zoom out"), fit: tr("Fit"),
  fitName: tr("Show the whole board")};

export function setupZoom(t) {
  const stage = document.getElementById("stage");
  const port = document.getElementById("viewport");
  const box = document.getElementById("board");
  const z = {s: 1, x: 0, y: 0};
  const pointers = new Map();  // pointer id -> {x, y}
  let gesture = null;  // {s, x, y, mid, dist} at the start of a pinch, or {x, y, px, py} at the start of a drag
  let dragged = false;

  let w = 0;  // the viewport's size, read once before the first drawing, then from its ResizeObserver (a read on
  let h = 0;  // each update would lay the page out)

  function clamp() {
    z.s = Math.min(MAX, Math.max(1, z.s));
    z.x = Math.min(0, Math.max(w - w * z.s, z.x));
    z.y = Math.min(0, Math.max(h - h * z.s, z.y));
  }

  function apply() {
    clamp();
    box.style.transform = z.s === 1 ? "" : `translate(${z.x}px, ${z.y}px) scale(${z.s})`;
    port.classList.toggle("zoomed", z.s > 1);
    t.zoomed = z.s > 1;
    stageZoomed(stage, z.s);
    tools();
  }

  /** Zoom to `s`, keeping the board's point under (px, py) (viewport px) where it is. */
  function zoomAt(s, px, py, from = z) {
    const ratio = Math.min(MAX, Math.max(1, s)) / from.s;
    z.x = px - (px - from.x) * ratio;
    z.y = py - (py - from.y) * ratio;
    z.s = from.s * ratio;
    apply();
  }

  function centre() {
    return [w / 2, h / 2];
  }

  function tools() {
    const zoomed = z.s > 1;
    patch(document.getElementById("zoom-tools"),
      el("button", {type: "button", id: "zoom-in", class: "zoom-button", "aria-label": WORDS.zoomIn,
        title: WORDS.zoomInTitle, disabled: z.s >= MAX, onclick: () => zoomAt(z.s * STEP, ...centre())}, "+"),
      el("button", {type: "button", id: "zoom-out", class: "zoom-button", "aria-label": WORDS.zoomOut,
        title: WORDS.zoomOut, disabled: !zoomed, onclick: () => zoomAt(z.s / STEP, ...centre())}, "−"),
      zoomed ? el("button", {type: "button", id: "zoom-fit", class: "zoom-button fit", "aria-label": WORDS.fitName,
        title: WORDS.fitName, onclick: () => { z.s = 1; apply(); }}, WORDS.fit) : null);
  }

  function local(event) {
    const rect = port.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  }

  port.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    pointers.set(event.pointerId, local(event));
    dragged = false;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      gesture = {s: z.s, x: z.x, y: z.y, mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
        dist: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1};
    } else if (pointers.size === 1) {
      const [px, py] = local(event);
      gesture = {x: z.x, y: z.y, px, py};
    }
  });

  port.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId) || !gesture) return;
    pointers.set(event.pointerId, local(event));
    if (pointers.size >= 2 && gesture.dist) {
      const [a, b] = [...pointers.values()];
      const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const dist = Math.hypot(a[0] - b[0], a[1] - b[1]);
      dragged = true;
      // the board's point under the fingers' first midpoint follows the midpoint as the fingers spread
      const ratio = Math.min(MAX, Math.max(1, gesture.s * dist / gesture.dist)) / gesture.s;
      z.s = gesture.s * ratio;
      z.x = mid[0] - (gesture.mid[0] - gesture.x) * ratio;
      z.y = mid[1] - (gesture.mid[1] - gesture.y) * ratio;
      apply();
    } else if (pointers.size === 1 && z.s > 1 && gesture.px !== undefined) {
      const [px, py] = local(event);
      if (!dragged && Math.hypot(px - gesture.px, py - gesture.py) < DRAG) return;
      dragged = true;
      port.setPointerCapture?.(event.pointerId);
      z.x = gesture.x + px - gesture.px;
      z.y = gesture.y + py - gesture.py;
      apply();
    }
  });

  const release = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size === 1) {  // one finger left after a pinch: it drags from here
      const [px, py] = [...pointers.values()][0];
      gesture = {x: z.x, y: z.y, px, py};
    } else if (!pointers.size) gesture = null;
  };
  port.addEventListener("pointerup", release);
  port.addEventListener("pointercancel", release);
  // a press that turned into a drag or a pinch does not choose what was under it
  port.addEventListener("click", (event) => {
    if (dragged) {
      event.stopPropagation();
      event.preventDefault();
      dragged = false;
    }
  }, true);

  port.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;  // a trackpad's pinch (or Ctrl + wheel); a plain wheel scrolls the page
    event.preventDefault();
    zoomAt(z.s * Math.exp(-event.deltaY / 200), ...local(event));
  }, {passive: false});

  // the stage's size is set by the page, never by the board (style.css: contained), so it is read once now, before
  // the board is drawn (the page is laid out as it shows "Connecting…": little to lay out again): the first frame lays
  // the board's words out at their fitted size (fit.js), not at the drawing's and again once the observer reports
  ({width: w, height: h} = port.getBoundingClientRect());
  stageResized(stage, w, h);
  new ResizeObserver(([entry]) => {
    ({width: w, height: h} = entry.contentRect);
    stageResized(stage, w, h);
    apply();
  }).observe(port);
  tools();

  /** After an update: if the board is zoomed and the places a decision refers to are out of sight, go to them. */
  t.ctx.reveal = () => {
    if (z.s === 1) return;
    const wanted = [...box.querySelectorAll(".target, .mover")].map((node) => node.getBoundingClientRect())
      .filter((r) => r.width > 0);
    if (!wanted.length) return;
    const view = port.getBoundingClientRect();
    const left = Math.min(...wanted.map((r) => r.left));
    const right = Math.max(...wanted.map((r) => r.right));
    const top = Math.min(...wanted.map((r) => r.top));
    const bottom = Math.max(...wanted.map((r) => r.bottom));
    if (left >= view.left && right <= view.right && top >= view.top && bottom <= view.bottom) return;
    if (right - left > view.width || bottom - top > view.height) {  // too far apart to be seen together: fit
      z.s = 1;
    } else {
      z.x += view.left + view.width / 2 - (left + right) / 2;
      z.y += view.top + view.height / 2 - (top + bottom) / 2;
    }
    apply();
  };
  t.ctx.zoom = (factor) => zoomAt(z.s * factor, ...centre());
}
