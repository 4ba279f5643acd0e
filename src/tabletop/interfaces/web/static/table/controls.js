// What this viewer can do now, answers first: a live race's panel, the roll button, the board's own way of
// choosing and the choices it cannot show; then what helps to decide (the dice tray, the board's aside, the
// odds) and the tools. On a phone this is the sheet under the board, so the answer is always on screen. Each
// control is keyed, so it stays the same element (and keeps the focus) across updates.
import {el} from "/static/common.js";
import {patch} from "/static/morph.js";
import {tray} from "/static/table/dice.js";
import {tr, trn} from "/static/i18n.js";

// the words of this module (for translation)
const WORDS = {roll: tr("Roll the dice"), rolling: tr("Rolling…"), choices: tr("Choices"), race: tr("Race against the timer"),
  undo: tr("Undo"), undoTitle: tr("Take back your last decision (key U)"), showResult: tr("Show the result"), key: tr("Key"),
  words: tr("Board in words"), wordsTitle: tr("Every piece's place, as text (key D)"), odds: tr("Odds: ")};

/** The choices listed as buttons, in the server's order (the board may show some of them itself). */
export function listedChoices(t) {
  const {view, board} = t;
  if (!view.legal.length) return [];
  return view.legal.filter((action) => !board.shown || board.shown(action, view));
}

function sentence(phrase) {
  return phrase ? phrase[0].toUpperCase() + phrase.slice(1) : WORDS.roll;
}

function rollButton(t) {
  const {view, board, ctx} = t;
  const seat = view.roll_waits;
  if (seat === null || seat === undefined || !view.mine.includes(seat) || view.live) return null;
  if (t.rollSent === view.n) return el("p", {class: "muted rolling-now", id: "rolling-now"}, WORDS.rolling);
  const phrase = board.prompt ? board.prompt(view) : null;
  return el("button", {type: "button", id: "roll-button", class: "primary big-action",
    onclick: () => ctx.press("roll", seat)}, sentence(phrase), " ", el("kbd", {"aria-hidden": "true"}, "R"));
}

function choiceButtons(t) {
  const {view, board, ctx} = t;
  const listed = listedChoices(t);
  if (!listed.length) return null;
  const caption = board.choicesCaption ? board.choicesCaption(view, ctx) : null;
  return el("div", {class: "choice-list", id: "choice-list", role: "group", "aria-label": caption || WORDS.choices},
    caption ? el("p", {class: "choice-caption", "data-key": "choice-caption"}, caption) : null,
    ...listed.map((action, i) => el("button", {
      type: "button", class: "choice", "data-action": action, "data-key": `choice:${action}`,
      onclick: () => ctx.act(action)},
    i < 9 ? el("kbd", {"aria-hidden": "true"}, String(i + 1)) : null, " ",
    board.label ? board.label(action, view, ctx) : action)));
}

/** A live race (a rescue, a call), in the sheet: its button is where the thumb is. */
function livePanel(t) {
  const {view, board, ctx} = t;
  if (!view.live || !board.live) return null;
  return el("div", {class: "live-panel", id: "live-panel", role: "group", "aria-label": WORDS.race},
    board.live(view, ctx, t.elapsed()));
}

/** The tools; `prefix` names the race's own copy of them (see `controls`). */
function tools(t, prefix = "") {
  const {view, board, ctx} = t;
  const player = view.mine.length > 0;
  return el("div", {class: "tools", id: `${prefix}tools`},
    player && !view.terminal ? el("button", {type: "button", id: `${prefix}undo`, disabled: !view.undo,
      onclick: () => ctx.undo(), title: WORDS.undoTitle}, `${WORDS.undo} `, el("kbd", {"aria-hidden": "true"}, "U")) : null,
    view.terminal && t.endDismissed ? el("button", {type: "button", id: "show-result", class: "primary",
      onclick: () => ctx.showEnd()}, WORDS.showResult) : null,
    board.legend ? el("button", {type: "button", id: `${prefix}key-button`, onclick: () => ctx.showKey()}, WORDS.key)
      : null,
    el("button", {type: "button", id: `${prefix}words-button`, onclick: () => ctx.describe(),
      title: WORDS.wordsTitle}, `${WORDS.words} `, el("kbd", {"aria-hidden": "true"}, "D")));
}

export function controls(t) {
  const {view, board, ctx} = t;
  const error = el("p", {class: "error", id: "error", role: "alert"}, t.error || "");
  // A race takes the sheet for itself: its panel, the choices it may need and its own copy of the tools (ids
  // "race-…"). Every element it shows is new when it begins and gone when it ends, so nothing on screen moves:
  // a panel put on top of the usual sheet pushed the tray, the card and the tools 151 px down on a phone and
  // back up, a layout shift of 0.12 (tests/interfaces/web/test_race_shift.py).
  if (view.live && board.live) return [error, livePanel(t), choiceButtons(t), tools(t, "race-")];
  const mineNow = view.legal.length > 0;
  const custom = mineNow && board.choices ? board.choices(view, ctx) : null;
  const aside = board.aside ? board.aside(view, ctx) : null;
  return [
    error,
    rollButton(t),  // first: on a phone it is the first thing under the board
    custom ? el("div", {class: "custom-choices", id: "custom-choices"}, custom) : null,
    choiceButtons(t),
    tray(t),
    aside ? el("div", {class: "board-aside", id: "board-aside"}, aside) : null,
    view.hint ? el("p", {class: "hint", id: "hint"}, el("strong", {}, WORDS.odds), view.hint) : null,
    tools(t),
  ];
}

/** Ten times a second during a race only its panel changes (its countdown, the presses): the rest of the sheet is
 * neither built again nor compared. */
export function refreshLive(t) {
  const panel = document.getElementById("live-panel");
  if (panel && t.view.live && t.board.live) patch(panel, t.board.live(t.view, t.ctx, t.elapsed()));
  else patch(document.getElementById("controls"), ...controls(t));
}
