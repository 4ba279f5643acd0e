// A game's leaderboard: its players by rating, established players first, then the provisional ones.
import {api, el} from "/static/common.js";
import {tr} from "/static/i18n.js";

const STRINGS = {
  title: (game) => tr("Leaderboard: {game}", {game}),
  place: "#",
  player: tr("Player"),
  rating: tr("Rating"),
  games: tr("Games"),
  provisional: tr("provisional"),
  none: tr("Nobody has played a rated game of this yet."),
  note: tr("Ratings are OpenSkill's, shown on an Elo-like scale (1500 to start); bots are rated at their measured strength. Provisional: fewer than 10 games."),
  lobby: tr("Back to the lobby"),
};

async function main() {
  const game = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const main = document.getElementById("main");
  const [catalog, board] = await Promise.all([api("/api/catalog"), api(`/api/leaderboard/${encodeURIComponent(game)}`)]);
  const title = catalog.games.find((g) => g.name === game)?.title || game;
  document.title = `tabletop · ${STRINGS.title(title)}`;
  document.getElementById("title").textContent = STRINGS.title(title);
  const rows = board.players.map((p) => el("tr", {class: p.provisional ? "provisional" : ""},
    el("td", {class: "num"}, String(p.place)),
    el("th", {scope: "row"}, el("a", {href: `/players/${encodeURIComponent(p.name)}`}, p.name)),
    el("td", {class: "num"}, String(p.rating), p.provisional ? el("small", {class: "muted"}, ` ${STRINGS.provisional}`) : null),
    el("td", {class: "num"}, String(p.games))));
  main.replaceChildren(el("section", {class: "panel"},
    rows.length ? el("div", {class: "table-scroll", tabindex: 0, role: "region", "aria-label": STRINGS.title(title)},
      el("table", {class: "score-table", id: "leaderboard"},
        el("thead", {}, el("tr", {}, ...[STRINGS.place, STRINGS.player, STRINGS.rating, STRINGS.games]
          .map((h, i) => el("th", {scope: "col", class: i === 1 ? "" : "num"}, h)))),
        el("tbody", {}, ...rows)))
      : el("p", {class: "muted", id: "leaderboard-empty"}, STRINGS.none),
    el("p", {class: "muted"}, STRINGS.note),
    el("p", {}, el("a", {class: "button-link", href: "/"}, STRINGS.lobby))));
}

main().catch((error) => { document.getElementById("status").textContent = error.message; });
