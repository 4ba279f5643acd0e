// A player's profile: their rating in each game with a small history plot, their recent games (each
// linking to its replay) and how often they win against people and against each bot level.
import {api, el, svg} from "/static/common.js";
import {LANGUAGE, tr} from "/static/i18n.js";
import {list} from "/static/words.js";

const percent = new Intl.NumberFormat(LANGUAGE, {style: "percent"});
const moment = new Intl.DateTimeFormat(LANGUAGE, {dateStyle: "medium", timeStyle: "short"});

/** When a game ended, as the page's language writes a date (the server's text if it is not one). */
function ended(text) {
  const date = new Date(text.replace(" ", "T"));
  return Number.isNaN(date.getTime()) ? text.slice(0, 16) : moment.format(date);
}

const STRINGS = {
  ratings: tr("Ratings"),
  recent: tr("Recent games"),
  winRates: tr("Win rates"),
  game: tr("Game"),
  rating: tr("Rating"),
  games: tr("Games"),
  history: tr("History"),
  provisional: tr("provisional"),
  against: tr("Against"),
  won: tr("Won"),
  rate: tr("Win rate (95% interval)"),
  people: tr("people"),
  otherBots: tr("other bots"),
  level: (level) => tr("bot: {level}", {level}),
  place: (place, players) => tr("place {place} of {players}", {place, players}),
  winner: tr("won"),
  replay: tr("replay"),
  versus: (names) => tr("against {names}", {names: list(names)}),
  plot: (name, game, first, last) => tr("{name}'s rating in {game}, from {first} to {last}", {name, game, first, last}),
  note: tr("A win counts when the player placed above that opponent; ties count as not won."),
  lobby: tr("Back to the lobby"),
};

function plot(points, label) {
  const w = 120, h = 32;
  if (points.length < 2) return el("span", {class: "muted"}, points.length ? String(points[0]) : "");
  const low = Math.min(...points), high = Math.max(...points), span = Math.max(1, high - low);
  const xy = points.map((p, i) => `${(i * w / (points.length - 1)).toFixed(1)},${(h - 2 - (p - low) * (h - 4) / span).toFixed(1)}`);
  return svg("svg", {viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: "img", "aria-label": label, class: "sparkline"},
    svg("polyline", {points: xy.join(" "), fill: "none", stroke: "currentColor", "stroke-width": 2}));
}

function table(id, caption, head, rows) {
  return el("div", {class: "table-scroll", tabindex: 0, role: "region", "aria-labelledby": `${id}-caption`},
    el("table", {class: "score-table", id},
      el("caption", {id: `${id}-caption`}, caption),
      el("thead", {}, el("tr", {}, ...head.map((h, i) => el("th", {scope: "col", class: i ? "num" : ""}, h)))),
      el("tbody", {}, ...rows)));
}

async function main() {
  const name = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const [catalog, player] = await Promise.all([api("/api/catalog"), api(`/api/players/${encodeURIComponent(name)}`)]);
  const titleOf = (game) => catalog.games.find((g) => g.name === game)?.title || game;
  document.title = `tabletop · ${player.name}`;
  document.getElementById("title").textContent = player.name;
  const ratings = player.ratings.map((r) => el("tr", {},
    el("th", {scope: "row"}, el("a", {href: `/leaderboard/${r.game}`}, titleOf(r.game))),
    el("td", {class: "num"}, String(r.rating), r.provisional ? el("small", {class: "muted"}, ` ${STRINGS.provisional}`) : null),
    el("td", {class: "num"}, String(r.games)),
    el("td", {class: "num"}, plot(r.history, STRINGS.plot(player.name, titleOf(r.game), r.history[0], r.history.at(-1))))));
  const recent = player.recent.map((g) => el("li", {class: "game-item"},
    el("span", {class: "game-title"}, `${titleOf(g.game)} `),
    el("span", {class: "muted"}, `${g.won ? STRINGS.winner : STRINGS.place(g.place, g.players)} · ${STRINGS.versus(g.opponents)} · ${ended(g.ended)} `),
    el("a", {href: g.replay}, STRINGS.replay)));
  const label = (kind) => kind === "people" ? STRINGS.people : kind === "other bots" ? STRINGS.otherBots : STRINGS.level(kind);
  const rates = player.win_rates.map((w) => el("tr", {},
    el("th", {scope: "row"}, label(w.against)),
    el("td", {class: "num"}, `${w.wins} / ${w.games}`),
    el("td", {class: "num"}, `${percent.format(w.rate)} (${percent.format(w.low)}–${percent.format(w.high)})`)));
  document.getElementById("main").replaceChildren(
    el("section", {class: "panel"},
      table("ratings", STRINGS.ratings, [STRINGS.game, STRINGS.rating, STRINGS.games, STRINGS.history], ratings)),
    el("section", {class: "panel"},
      table("win-rates", STRINGS.winRates, [STRINGS.against, STRINGS.won, STRINGS.rate], rates),
      el("p", {class: "muted"}, STRINGS.note)),
    el("section", {class: "panel", "aria-labelledby": "recent-title"},
      el("h2", {id: "recent-title"}, STRINGS.recent), el("ul", {class: "game-list", id: "recent-games"}, ...recent),
      el("p", {}, el("a", {class: "button-link", href: "/"}, STRINGS.lobby))));
}

main().catch((error) => { document.getElementById("status").textContent = error.message; });
