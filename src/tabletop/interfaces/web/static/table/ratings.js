// The end screen's rating changes: each player's rating before and after a rated game.
import {el} from "/static/common.js";
import {tr} from "/static/i18n.js";

const STRINGS = {
  caption: tr("Ratings"),
  player: tr("Player"),
  before: tr("Before"),
  after: tr("After"),
  change: tr("Change"),
  guest: tr("guest: not kept"),
  bot: tr("bot: fixed rating"),
  provisional: tr("provisional"),
  waiting: tr("Rating the game…"),
};

/** Ask the server for the game's rating changes (rated a moment after it ends), then redraw. */
export async function loadRatings(t) {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const response = await fetch(`/api/games/${t.view.id}/ratings`);
      const data = await response.json();
      if (!data.rated) { t.ratings = {rated: false, changes: []}; break; }
      if (data.changes.length) { t.ratings = data; break; }
    } catch { /* try again */ }
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  t.ctx.rerender();
}

/** The end screen's ratings part: always one element (#end-ratings), so that the end screen's controls after it
 * keep their place, and the focus, when the ratings arrive. */
export function ratingTable(t) {
  return el("div", {id: "end-ratings"}, ratingContent(t));
}

function ratingContent(t) {
  if (!t.ratingsAsked) {
    t.ratingsAsked = true;
    loadRatings(t);
  }
  const ratings = t.ratings;
  if (!ratings) return el("p", {class: "muted", id: "ratings-waiting"}, STRINGS.waiting);
  if (!ratings.rated || !ratings.changes.length) return null;
  const rows = ratings.changes.map((c) => {
    const seat = t.view.seats[c.seat];
    const who = c.player || t.ctx.seatName(c.seat);
    const sign = c.change > 0 ? "+" : c.change < 0 ? "−" : "±";
    const note = seat?.kind === "bot" ? STRINGS.bot : c.kept ? (c.provisional ? STRINGS.provisional : "") : STRINGS.guest;
    return el("tr", {"data-seat": c.seat},
      el("th", {scope: "row"}, c.player ? el("a", {href: `/players/${encodeURIComponent(c.player)}`}, who) : who,
        note ? el("small", {class: "muted"}, ` (${note})`) : null),
      el("td", {class: "num"}, String(c.before)), el("td", {class: "num"}, String(c.after)),
      el("td", {class: `num rating-change ${c.change > 0 ? "up" : c.change < 0 ? "down" : ""}`},
        `${sign}${Math.abs(c.change)}`));
  });
  return el("table", {class: "score-table rating-table", id: "rating-table"},
    el("caption", {}, STRINGS.caption),
    el("thead", {}, el("tr", {}, ...[STRINGS.player, STRINGS.before, STRINGS.after, STRINGS.change]
      .map((h, i) => el("th", {scope: "col", class: i ? "num" : ""}, h)))),
    el("tbody", {}, ...rows));
}
