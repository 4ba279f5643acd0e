// Donkey Kong in words: the position's fields, each player's cards, the obstacle a card must be played on, the
// buttons' and the status bar's words, the scores and cards beside the dice, the board in words and its key.
import {el, svg} from "/static/common.js";
import {list, touch} from "/static/words.js";
import {tr, trn} from "/static/i18n.js";

const CARD_NAMES = {J: tr("Jump"), H: tr("Hammer")};
const OBSTACLES = {B: "barrel", F: "fireball"};

/** key=value fields of the position's notation ("up=J100/-/H200.H300" ...). */
function fields(text) {
  const out = {};
  for (const part of text.split(" ")) {
    const at = part.indexOf("=");
    if (at > 0) out[part.slice(0, at)] = part.slice(at + 1);
  }
  return out;
}

/** Each seat's cards: face up (in hand) and face down (scored), from the notation. */
export function cards(view) {
  const f = fields(view.state.text);
  const split = (value) => (value || "").split("/").map((s) => (s === "-" || s === "" ? [] : s.split(".")));
  return {up: split(f.up), down: split(f.down)};
}

export function cardName(code) {
  return `${CARD_NAMES[code[0]] || code[0]} ${code.slice(1)}`;
}

/** The obstacle a card must be played on now: {kind: "barrel" | "fireball", at: "C5"}, or null. */
export function contact(view) {
  const f = fields(view.state.text);
  if (f.mover) {  // a moving obstacle met the pawn: "B:A2:4" (kind, space, steps left)
    const [kind, at] = f.mover.split(":");
    return {kind: OBSTACLES[kind] || "obstacle", at};
  }
  if (f.met) {  // the pawn walked into a resting obstacle
    const at = f.met.split(",")[0];
    const kind = view.state.barrels.includes(at) ? "barrel" : view.state.fireballs.includes(at) ? "fireball" : "obstacle";
    return {kind, at};
  }
  return null;
}

/** What a card does when played on an obstacle. */
function cardEffect(code, obstacle) {
  const points = Number(code.slice(1));
  const barrel = obstacle === "barrel";
  if (code[0] === "H") {
    return barrel ? tr("destroys the barrel; scores {points}", {points})
      : tr("destroys the fireball; scores {points}", {points});
  }
  return barrel ? tr("the barrel passes you; scores {points}", {points})
    : tr("the fireball passes you; scores {points}", {points});
}

/** "the barrel at C5", "the fireball at C5" (the obstacle a card is played on). */
function obstacleAt(met) {
  return met.kind === "barrel" ? tr("the barrel at {at}", {at: met.at})
    : met.kind === "fireball" ? tr("the fireball at {at}", {at: met.at}) : tr("the obstacle at {at}", {at: met.at});
}

/** A space in words, from its name in the notation: "girder B, space 4" (B4), "ladder 2, rung 1" (L2.1), "the Finish". */
export function placeName(name, view) {
  const board = view?.board || {};
  if (name === board.finish) return tr("the Finish");
  const rung = /^(.+)\.(\d+)$/.exec(name);
  if (rung) return tr("ladder {ladder}, rung {rung}", {ladder: ladderName(rung[1]), rung: Number(rung[2])});
  const girder = /^(.*?)(\d+)$/.exec(name);
  if (girder && girder[1]) return tr("girder {girder}, space {n}", {girder: girder[1], n: Number(girder[2])});
  return name;
}

/** "2" for the packaged board's L2; a board of one's own may name its ladders otherwise. */
function ladderName(name) {
  return /^L\d+$/.test(name) ? name.slice(1) : name;
}

/** The ladders a route climbs or goes down, and which way (a move keeps one way on the ladders, R-K10). */
function laddersOf(from, steps, view) {
  const ladders = view?.board?.ladders || [];
  const used = [];
  let way = null;
  let before = from;
  for (const step of steps) {
    const rung = /^(.+)\.(\d+)$/.exec(step);
    if (rung) {
      const ladder = ladders.find((l) => l.name === rung[1]);
      const last = /^(.+)\.(\d+)$/.exec(before || "");
      if (last && last[1] === rung[1]) way = Number(rung[2]) > Number(last[2]) ? "up" : "down";
      else if (ladder && before === ladder.top) way = "down";
      else if (ladder && before === ladder.bottom) way = "up";
      if (!used.includes(rung[1])) used.push(rung[1]);
    }
    before = step;
  }
  return {used, way};
}

/** A route's button: where it ends in words, and the ladders it takes ("Move up ladder 2 to girder B, space 4 (B4)"). */
function routeLabel(steps, view) {
  const end = steps[steps.length - 1];
  const from = view?.mover >= 0 ? view.state?.pawns?.[view.mover] : null;
  const {used, way} = laddersOf(from, steps, view);
  const place = placeName(end, view);
  const onLadder = /^(.+)\.\d+$/.exec(end)?.[1];
  const passed = used.filter((name) => name !== onLadder);  // ending on a rung names its ladder already
  const fields = {place, space: end, ladders: list(passed.map(ladderName)), n: passed.length};
  if (passed.length && way === "down") {
    return trn("Move down ladder {ladders} to {place} ({space})", "Move down ladders {ladders} to {place} ({space})",
      passed.length, fields);
  }
  if (passed.length) {
    return trn("Move up ladder {ladders} to {place} ({space})", "Move up ladders {ladders} to {place} ({space})",
      passed.length, fields);
  }
  if (way === "down") return tr("Move down to {place} ({space})", fields);
  if (way === "up") return tr("Move up to {place} ({space})", fields);
  return tr("Move to {place} ({space})", fields);
}

export function label(action, view) {
  let m;
  if ((m = /^move (.*)$/.exec(action))) return routeLabel(m[1].split(">"), view);
  if ((m = /^play ([JH]\d+)$/.exec(action))) {
    const met = view ? contact(view) : null;
    if (!met) return tr("Play {card}", {card: cardName(m[1])});
    const played = m[1][0] === "H" ? tr("{card} on {obstacle}", {card: cardName(m[1]), obstacle: obstacleAt(met)})
      : tr("{card} over {obstacle}", {card: cardName(m[1]), obstacle: obstacleAt(met)});
    return [played,
      el("span", {class: "what"}, cardEffect(m[1], met.kind))];
  }
  return action;
}

/** Above the card buttons: what happened and what the cards do. */
export function choicesCaption(view) {
  const met = view.legal.some((a) => a.startsWith("play ")) ? contact(view) : null;
  if (!met) return null;
  const reached = met.kind === "fireball" ? tr("A fireball reached you at {at}: play a card on it.", {at: met.at})
    : tr("A barrel reached you at {at}: play a card on it.", {at: met.at});
  return `${reached} ${tr("A Jump lets it pass; a Hammer destroys it.")}`;
}

/** What the player whose turn it is must do, for the status bar ("Alan must ..."). */
export function prompt(view) {
  if (view.roll_waits !== null && view.roll_waits !== undefined) return tr("roll the white and red dice");
  if (view.mover < 0) return null;
  const met = contact(view);
  if (met) return tr("play a card on {obstacle}", {obstacle: obstacleAt(met)});
  if (view.state.stage === "route") {
    if (!view.legal.length) return tr("choose where to move");
    return touch() ? tr("choose where to move (tap a numbered circle)") : tr("choose where to move (click a numbered circle)");
  }
  return null;
}

/** Each player's score and cards, under the dice (the board shows the girders only, so it can be large). */
export function aside(view, ctx) {
  const hand = cards(view);
  return [el("ul", {class: "dk-hands", "data-key": "hands", "aria-label": tr("Scores and cards")},
    ...view.state.scores.map((score, seat) => el("li", {"data-key": `hand-${seat}`},
      el("span", {class: "dot", style: `background:${ctx.colour(seat)}`}),
      el("strong", {}, `${ctx.seatName(seat)}: ${trn("{n} point", "{n} points", score)}`), " · ",
      (hand.up[seat] || []).length
        ? el("span", {class: "dk-cards"}, ...(hand.up[seat] || []).map((code, i) => el("span", {
          class: `dk-card flip ${code[0] === "H" ? "hammer" : "jump"}`, "data-key": `card-${seat}-${i}-${code}`,
          title: cardName(code)}, cardName(code))))
        : tr("no cards in hand"),
      ` · ${tr("{n} scored", {n: (hand.down[seat] || []).length})}`)))];
}

/** Where everything is, in words. */
export function describe(view, ctx) {
  const s = view.state;
  const hand = cards(view);
  const name = (seat) => (ctx ? ctx.seatName(seat) : tr("Player {n}", {n: seat + 1}));
  const lines = s.pawns.map((at, seat) => {
    const up = (hand.up[seat] || []).map(cardName);
    return trn("{name}: on {at}, {n} point; cards in hand: {cards}; {scored} scored.",
      "{name}: on {at}, {n} points; cards in hand: {cards}; {scored} scored.", s.scores[seat],
      {name: name(seat), at, cards: up.length ? list(up) : tr("none"), scored: (hand.down[seat] || []).length});
  });
  lines.push(s.barrels.length ? tr("Barrels on {spaces}.", {spaces: list(s.barrels)}) : tr("No barrel on the girders."));
  lines.push(s.fireballs.length ? tr("Fireballs on {spaces}.", {spaces: list(s.fireballs)})
    : tr("No fireball on the girders."));
  lines.push(`${trn("Donkey Kong holds {n} barrel.", "Donkey Kong holds {n} barrels.", s.barrels_in_arm)} `
    + trn("{n} fireball waits at the Oil Can.", "{n} fireballs wait at the Oil Can.", s.fireballs_at_oil_can));
  const met = contact(view);
  if (met) lines.push(tr("Reached a pawn: {obstacle}.", {obstacle: obstacleAt(met)}));
  return lines;
}

/** What the marks on the girders mean. */
export function legend() {
  return [
    {swatch: svg("circle", {cx: 20, cy: 20, r: 8, fill: "#ff3030", stroke: "#fff", "stroke-width": 2}),
      text: tr("Red dot: stop on it by exact count to draw a card")},
    {swatch: svg("circle", {cx: 20, cy: 20, r: 8, fill: "#000", stroke: "#fff", "stroke-width": 2}),
      text: tr("Black dot: where a barrel starts the game")},
    {swatch: [svg("ellipse", {cx: 20, cy: 20, rx: 12, ry: 10, fill: "#c7782b", stroke: "#5b3410", "stroke-width": 2.5}),
      svg("line", {x1: 8, y1: 20, x2: 32, y2: 20, stroke: "#5b3410", "stroke-width": 2})],
    text: tr("Barrel: rolls down the girders by the red die, towards the Oil Can")},
    {swatch: [svg("circle", {cx: 20, cy: 20, r: 11, fill: "#ff7b00", stroke: "#ffe066", "stroke-width": 3}),
      svg("circle", {cx: 20, cy: 20, r: 4, fill: "#fff3b0"})],
    text: tr("Fireball: climbs up from the Oil Can by the red die")},
    {swatch: [svg("line", {x1: 12, y1: 4, x2: 12, y2: 36, stroke: "#38d9d9", "stroke-width": 3}),
      svg("line", {x1: 28, y1: 4, x2: 28, y2: 36, stroke: "#38d9d9", "stroke-width": 3}),
      svg("rect", {x: 12, y: 14, width: 16, height: 10, fill: "#0e5c5c", stroke: "#38d9d9"})],
    text: tr("Ladder: each rung is a space; pawns and fireballs climb, barrels roll past")},
    {swatch: svg("path", {d: "M 8 6 C 34 6, 34 34, 8 34", fill: "none", stroke: "#0b0b1e", "stroke-width": 3,
      "stroke-dasharray": "5 4"}), text: tr("Broken line: where barrels drop to the girder below")},
    {swatch: [svg("rect", {x: 8, y: 4, width: 24, height: 32, rx: 4, fill: "#1f6fe0", stroke: "#0b0b1e", "stroke-width": 2})],
      text: tr("Oil Can: fireballs wait here")},
    {swatch: [svg("circle", {cx: 20, cy: 20, r: 15, fill: "#fff", stroke: "#d1495b", "stroke-width": 4}),
      svg("text", {x: 20, y: 27, "text-anchor": "middle", "font-size": 20, "font-weight": 800}, "1")],
    text: tr("A numbered circle: where a move you may choose ends (the same number as its button)")},
    {swatch: svg("text", {x: 20, y: 28, "text-anchor": "middle", "font-size": 24, fill: "#d1495b"}, "♥"),
      text: tr("Finish: the first pawn there ends the game and scores 500")},
  ];
}
