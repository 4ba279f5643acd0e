// What this viewer can do now: the dice tray, the roll button, the board's own way of choosing, the choices
// the board cannot show, undo; each control keyed, so it stays the same element (and keeps focus) on update.
import {el} from "/static/common.js";
import {tray} from "/static/table/dice.js";

/** The choices listed as buttons, in the server's order (the board may show some of them itself). */
export function listedChoices(t) {
  const {view, board} = t;
  if (!view.legal.length) return [];
  return view.legal.filter((action) => !board.shown || board.shown(action, view));
}

function sentence(phrase) {
  return phrase ? phrase[0].toUpperCase() + phrase.slice(1) : "Roll the dice";
}

function rollButton(t) {
  const {view, board, ctx} = t;
  const seat = view.roll_waits;
  if (seat === null || seat === undefined || !view.mine.includes(seat) || view.live) return null;
  if (t.rollSent === view.n) return el("p", {class: "muted", id: "rolling-now"}, "Rolling…");
  const phrase = board.prompt ? board.prompt(view) : null;
  return el("button", {type: "button", id: "roll-button", class: "primary big-action",
    onclick: () => ctx.press("roll", seat)}, sentence(phrase), " ", el("kbd", {}, "R"));
}

function choiceButtons(t) {
  const {view, board, ctx} = t;
  const listed = listedChoices(t);
  if (!listed.length) return null;
  return el("div", {class: "choice-list", id: "choice-list"}, ...listed.map((action, i) => el("button", {
    type: "button", class: "choice", "data-action": action, "data-key": `choice:${action}`,
    onclick: () => ctx.act(action)},
  i < 9 ? el("kbd", {}, String(i + 1)) : null, " ", board.label ? board.label(action, view) : action)));
}

export function controls(t) {
  const {view, board, ctx} = t;
  const mineNow = view.legal.length > 0;
  const custom = mineNow && board.choices ? board.choices(view, ctx) : null;
  const aside = board.aside ? board.aside(view, ctx) : null;
  const parts = [
    rollButton(t),  // first: on a phone it is the first thing under the board
    tray(t),
    aside ? el("div", {class: "board-aside", id: "board-aside"}, aside) : null,
    view.hint ? el("p", {class: "hint", id: "hint"}, el("strong", {}, "Odds: "), view.hint) : null,
    custom ? el("div", {class: "custom-choices", id: "custom-choices"}, custom) : null,
    choiceButtons(t),
    el("div", {class: "tools", id: "tools"},
      el("button", {type: "button", id: "undo", disabled: !view.undo, onclick: () => ctx.undo(),
        title: "Take back your last decision (key U)"}, "Undo ", el("kbd", {}, "U")),
      el("button", {type: "button", id: "zoom", "aria-pressed": t.zoomed ? "true" : "false", onclick: () => ctx.zoom()},
        t.zoomed ? "Zoom out" : "Zoom in")),
    el("p", {class: "error", id: "error", role: "alert"}, t.error || ""),
  ];
  return parts;
}
