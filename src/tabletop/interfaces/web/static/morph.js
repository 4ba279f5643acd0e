// Updating the page in place. A part of the page is drawn afresh and merged into what is shown (morphdom):
// elements are matched by id or data-key, so a button under the pointer or holding the keyboard focus stays
// the same element across updates, and only what changed is touched. Handlers move to the kept element.
import morphdom from "/static/vendor/morphdom.js";
import {listen} from "/static/common.js";
import {tr, trn} from "/static/i18n.js";

function key(node) {
  if (node.nodeType !== 1) return undefined;
  return node.id || node.getAttribute("data-key") || undefined;
}

const TYPING = "input:not([type]), input[type=text], input[type=search], textarea";

function keep(from, to) {
  if (to.hasAttribute("data-fixed")) return false;  // the same key, the same inside (common.js: fixedGroup)
  if (from === document.activeElement && from.matches(TYPING)) return false;  // what a person is typing stays
  if (from.hasAttribute("data-walking") && to.getAttribute("transform") === null) {
    to.setAttribute("data-walking", "");  // a move being shown: let its animation end
    to.setAttribute("transform", from.getAttribute("transform") || "");
  }
  const handlers = to.handlers || {};
  for (const [type, handler] of Object.entries(handlers)) listen(from, type, handler);
  for (const type of Object.keys(from.handlers || {})) if (!(type in handlers)) from.handlers[type] = null;
  return true;
}

/** Make `container`'s children look like `children` (elements, strings, or null to skip). */
export function patch(container, ...children) {
  const next = container.cloneNode(false);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    next.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  try {
    morphdom(container, next, {childrenOnly: true, getNodeKey: key, onBeforeElUpdated: keep});
  } catch (error) {
    // a merge that fails half-way would leave a stale part (a board offering last turn's moves): draw it afresh,
    // and say so, since it is a bug (a keyed element that changed parent, a key used twice)
    console.error("patch: drawn afresh after", error);
    container.replaceChildren(...next.childNodes);
  }
}
