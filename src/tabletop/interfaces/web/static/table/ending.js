// The end of a game: who won and why, the game's own table (scores and how they were made), then one click
// to a rematch (the same seats, a new game) or to the replay.
import {el, readable} from "/static/common.js";
import {ratingTable} from "/static/table/ratings.js";

function scoreTable(view, ending) {
  const table = ending?.table;
  if (!table?.columns?.length) return null;
  const head = el("tr", {}, ...table.columns.map((c, i) => el("th", {scope: "col", class: i ? "num" : ""}, c)));
  const rows = table.rows.map((row) => el("tr", {}, ...row.map((cell, i) => (i === 0
    ? el("th", {scope: "row"}, readable(view, String(cell)))
    : el("td", {class: "num"}, String(cell))))));
  // a wide table scrolls sideways on a phone (a region that a keyboard can scroll too)
  return el("div", {class: "table-scroll", tabindex: 0, role: "region", "aria-labelledby": "score-caption"},
    el("table", {class: "score-table", id: "score-table"},
      el("caption", {id: "score-caption"}, table.caption || "Scores"),
      el("thead", {}, head),
      el("tbody", {}, ...rows)));
}

export function headline(t) {
  const {view, ctx} = t;
  const winners = view.winners;
  if (!winners.length) return "Nobody won";
  if (view.mine.length === 1 && winners.includes(view.mine[0])) return winners.length > 1 ? "You share the win!" : "You won!";
  const names = winners.map((s) => ctx.seatName(s));
  return `${names.join(" and ")} won`;
}

export function endScreen(t) {
  const {view, ctx, token} = t;
  const players = view.mine.length > 0;
  let rematch;
  if (view.rematch && players) {
    rematch = el("a", {class: "button-link primary", id: "join-rematch",
      href: `/game/${view.rematch}?token=${encodeURIComponent(token)}`}, "Join the rematch");
  } else if (view.rematch) {
    rematch = el("a", {class: "button-link", id: "watch-rematch", href: `/game/${view.rematch}`}, "Watch the rematch");
  } else if (players) {
    rematch = el("button", {type: "button", class: "primary", id: "rematch", onclick: () => ctx.rematch()}, "Rematch");
  }
  return el("div", {class: "panel-overlay ending", id: "end-screen"},
    el("h2", {id: "end-title"}, headline(t)),
    view.ending?.reason ? el("p", {class: "reason", id: "end-reason"}, readable(view, view.ending.reason)) : null,
    scoreTable(view, view.ending),
    ratingTable(t),
    el("div", {class: "end-actions"}, rematch,
      el("a", {class: "button-link", href: `/replay/${view.id}`, id: "end-replay"}, "Replay"),
      el("a", {class: "button-link", href: "/"}, "Lobby"),
      el("button", {type: "button", id: "see-board", onclick: () => { t.endDismissed = true; ctx.rerender(); }},
        "See the board")));
}
