// Doodle Jump's choices read from their notation: the roll, the dice picked in it, the pads and levels the
// board offers as targets, and what is left for the button list (continue, stop, try again ...).

/** The current roll, from its notation "roll 1 3 6 6 / 2": numbered dice and the symbol die's face. */
export function parseRoll(text) {
  if (!text) return null;
  const m = /^roll ([\d ]+?)(?: \/ (\S+))?$/.exec(text);
  if (!m) return null;
  return {numbers: m[1].trim().split(/\s+/).map(Number), symbol: m[2] || null};
}

/** A jump's pad and dice: "jump E9 = 1+3+4+s1" -> {pad: "E9", dice: [1, 3, 4], dots: 1}. */
export function parseJump(action) {
  const m = /^jump (\S+) = (\S+)$/.exec(action);
  if (!m) return null;
  const parts = m[2].split("+");
  return {pad: m[1], dice: parts.filter((p) => !p.startsWith("s")).map(Number),
    dots: Number((parts.find((p) => p.startsWith("s")) || "s0").slice(1))};
}

/** The pad an action lands on or aims at (jumps, springs, tiles used to jump, shots), if any. */
export function targetPad(action) {
  const m = /^(?:jump|shoot|spring|use \w+) ([A-Z]\d+)\b/.exec(action);
  return m ? m[1] : null;
}

/** The level a shift or a removal of the symbol die acts on: {level, move: "left" | "right" | "remove"}. */
export function levelMove(action) {
  let m = /^shift ([A-Z]) (left|right)$/.exec(action);
  if (m) return {level: m[1], move: m[2]};
  m = /^remove ([A-Z])$/.exec(action);
  return m ? {level: m[1], move: "remove"} : null;
}

let selection = {n: -1, picked: [], pad: null};

/** The dice picked in the current roll (indexes; the symbol die is index numbers.length) and the pad chosen. */
export function selected(view) {
  if (selection.n !== view.n) selection = {n: view.n, picked: [], pad: null};
  return selection;
}

/** The values of the picked dice: numbered values and the symbol die's dots. */
function pickedValues(view) {
  const roll = parseRoll(view.state.roll);
  const {picked} = selected(view);
  if (!roll) return {numbers: [], dots: 0};
  return {numbers: picked.filter((i) => i < roll.numbers.length).map((i) => roll.numbers[i]),
    dots: picked.includes(roll.numbers.length) ? Number(roll.symbol) : 0};
}

/** Does the action use every picked die? (Actions that use no dice always do.) */
export function usesPicked(action, view) {
  const jump = parseJump(action);
  const {numbers, dots} = pickedValues(view);
  if (!jump) return !numbers.length && !dots;
  if (dots && jump.dots !== dots) return false;
  const left = [...jump.dice];
  for (const n of numbers) {
    const at = left.indexOf(n);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

/** Pads the board offers now, each with its actions (those using the picked dice). */
export function padTargets(view) {
  const targets = new Map();
  for (const action of view.legal) {
    const pad = targetPad(action);
    if (pad && usesPicked(action, view)) targets.set(pad, [...(targets.get(pad) || []), action]);
  }
  return targets;
}

/** Level edges the board offers now: "B:left" -> "shift B left", "B:remove" -> "remove B". */
export function levelTargets(view) {
  const targets = new Map();
  for (const action of view.legal) {
    const move = levelMove(action);
    if (move) targets.set(`${move.level}:${move.move}`, action);
  }
  return targets;
}

/** An action the page lists as a button: what the board cannot show, or the pad chosen's jumps. */
export function shown(action, view) {
  const {pad} = selected(view);
  const target = targetPad(action);
  if (pad) return target === pad && usesPicked(action, view);
  if (target || levelMove(action)) return false;
  return true;
}
