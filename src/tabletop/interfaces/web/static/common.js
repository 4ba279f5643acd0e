// Small helpers shared by the pages: building HTML and SVG elements, calling the API.
import {tr} from "/static/i18n.js";
import {list} from "/static/words.js";


export const SVG_NS = "http://www.w3.org/2000/svg";

/** An HTML element: el("button", {class: "x", onclick: f}, "text", child, ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

/** An SVG element: svg("circle", {cx: 1, cy: 2, r: 3}). */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

const layers = new Map();  // a board's fixed layer's key -> the address of its picture
const ESCAPED = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"};

/** An SVG shape as markup, for a fixedLayer: shape("circle", {cx: 1, cy: 2, r: 3}) is
 * '<circle cx="1" cy="2" r="3"/>'. */
export function shape(tag, attrs) {
  const written = Object.entries(attrs).filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => ` ${k}="${String(v).replace(/[&<>"]/g, (c) => ESCAPED[c])}"`);
  return `<${tag}${written.join("")}/>`;
}

const groups = new Map();  // a fixed group's key -> the group, built once

/** Marks that stay as they are while `key` does (a board's printed names: words, so not in its fixedLayer), as one
 * <g>: built once, then copied for each drawing (a copy is made natively, not element by element), and a drawn
 * group whose key is the same is left as it is by the morph (morph.js: data-fixed), its inside not compared. */
export function fixedGroup(key, build) {
  let group = groups.get(key);
  if (!group) {
    group = svg("g", {"data-key": `fixed-group-${groups.size}`, "data-fixed": ""}, ...build());
    groups.set(key, group);
  }
  return group.cloneNode(true);
}

/** A board's fixed parts (what `build()` draws, once per `key`: paths, spaces, girders...) as one picture: a single
 * <image> on the board, so that an update neither rebuilds nor compares hundreds of shapes that never change, and
 * the browser paints them once. Words stay out of it (they are drawn live, to keep their size on any screen).
 * `build()` gives SVG elements, or their markup as one string (shape(): no element made only to be written out). */
export function fixedLayer(key, width, height, build) {
  let address = layers.get(key);
  if (!address) {
    const drawn = build();
    const art = typeof drawn === "string"
      ? `<svg xmlns="${SVG_NS}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${drawn}</svg>`
      : new XMLSerializer().serializeToString(
        svg("svg", {xmlns: SVG_NS, viewBox: `0 0 ${width} ${height}`, width, height}, ...drawn));
    address = URL.createObjectURL(new Blob([art], {type: "image/svg+xml"}));
    layers.set(key, address);
  }
  return svg("image", {href: address, x: 0, y: 0, width, height, preserveAspectRatio: "none", "aria-hidden": "true",
    class: "fixed-layer", "data-key": `fixed-${key.length}-${address.slice(-12)}`});
}

/** Event handlers live on the node (node.handlers), behind one listener per type, so that an update that
 * keeps the node (morph.js) can hand it the new handlers: a control is never rebuilt under the pointer. */
function dispatch(event) {
  const handler = this.handlers?.[event.type];
  if (handler) handler.call(this, event);
}

export function listen(node, type, handler) {
  node.handlers = node.handlers || {};
  if (!(type in node.handlers)) node.addEventListener(type, dispatch);
  node.handlers[type] = handler;
}

function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") listen(node, key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** JSON from the API; throws an Error carrying the server's message. */
export async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = typeof data.detail === "string" ? data.detail
      : Array.isArray(data.detail) ? data.detail.map((d) => d.msg).join("; ") : response.statusText;
    throw new Error(detail);
  }
  return data;
}

/** A length of time for people: "45 s", "2:05". */
export function duration(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Seat colours used by every board (colour-blind friendly order). */
export const SEAT_COLOURS = ["#d1495b", "#2e86ab", "#edae49", "#3a9d5d", "#8e6cbf", "#6b6b6b"];

export function seatName(view, seat) {
  const info = view.seats?.[seat];
  if (!info) return tr("seat {n}", {n: seat + 1});
  const yours = view.you === seat || (view.mine?.length > 1 && view.mine.includes(seat));
  return yours ? tr("{name} (you)", {name: info.name}) : info.name;
}

/** Text for people: a log entry (its parts in the viewer's language, players named where the entry says
 * {seat: n} or {seats: [..]}), or a server's text with each "seat N" replaced by that seat's name (the engine
 * counts seats from 0). */
export function readable(view, line) {
  if (line && typeof line === "object") {
    return (line.parts || []).map((part) => (typeof part === "string" ? part
      : part.seats ? list(part.seats.map((n) => seatName(view, n))) : seatName(view, part.seat))).join("");
  }
  return String(line).replace(/\bseat (\d+)\b/g,
    (whole, n) => (view.seats?.[Number(n)] ? seatName(view, Number(n)) : whole));
}

/** The last event of the log whose message is one of `keys` (the engine's messages, never its words) and whose
 * fields pass `test`, or null: a board finds who made the last roll this way. */
export function lastEvent(view, keys, test = () => true) {
  const log = view.log_lines || [];
  for (let i = log.length - 1; i >= 0; i--) {
    if (keys.includes(log[i]?.key) && test(log[i].fields || {})) return log[i];
  }
  return null;
}

/** Remember the join links this browser holds, so the lobby can offer to resume. */
export function rememberSeat(gameId, seat, token, game) {
  const mine = JSON.parse(localStorage.getItem("tabletop.seats") || "{}");
  mine[gameId] = {seat, token, game};
  localStorage.setItem("tabletop.seats", JSON.stringify(mine));
}

export function mySeats() {
  return JSON.parse(localStorage.getItem("tabletop.seats") || "{}");
}

/** Whether to keep things still: the system's "reduce motion", or the player's own setting. */
export function calm() {
  return document.body?.classList.contains("calm") || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/** Show an SVG element drawn at `to` walking through the points of `path` (its last point is `to`), a step at a
 * time: the element is marked, and playWalks() moves it once it is on the page. */
export function walk(node, path, to, stepMs = 110) {
  if (!path || path.length < 2) return;
  const offsets = path.map(([x, y]) => `translate(${(x - to[0]).toFixed(1)} ${(y - to[1]).toFixed(1)})`);
  node.setAttribute("data-walk", JSON.stringify({offsets, stepMs}));
}

/** Play the walks marked under `root` (unless motion is reduced): short, and skipped by finishWalks(). */
export function playWalks(root) {
  for (const node of root.querySelectorAll("[data-walk]")) {
    const {offsets, stepMs} = JSON.parse(node.getAttribute("data-walk"));
    node.removeAttribute("data-walk");
    if (calm()) continue;
    clearInterval(node.walkTimer);
    let step = 0;
    node.setAttribute("data-walking", "");
    node.setAttribute("transform", offsets[0]);
    node.walkTimer = setInterval(() => {
      step += 1;
      if (step >= offsets.length - 1) {
        endWalk(node);
        return;
      }
      node.setAttribute("transform", offsets[step]);
    }, stepMs);
  }
}

function endWalk(node) {
  clearInterval(node.walkTimer);
  node.removeAttribute("transform");
  node.removeAttribute("data-walking");
}

/** Skip the moves being shown: every piece goes straight to where it is (a tap on the board, or Escape). */
export function finishWalks(root) {
  for (const node of root?.querySelectorAll("[data-walking]") || []) endWalk(node);
}

/** The join links the lobby made for a game (the host's waiting room offers them to copy). */
export function rememberInvites(gameId, invites) {
  const all = JSON.parse(localStorage.getItem("tabletop.invites") || "{}");
  all[gameId] = invites;
  localStorage.setItem("tabletop.invites", JSON.stringify(all));
}

export function invitesOf(gameId) {
  return JSON.parse(localStorage.getItem("tabletop.invites") || "{}")[gameId] || null;
}
