// The lobby: create a game (game, options, seats) and list open, running and finished games.
import {api, el, mySeats, rememberInvites, rememberSeat} from "/static/common.js";
import {patch} from "/static/morph.js";
import {boardBadge, boardField, chosenBoard} from "/static/lobby/boards.js";
import {tr, trn} from "/static/i18n.js";
import {list} from "/static/words.js";

let catalog = [];
const $ = (id) => document.getElementById(id);

function currentGame() {
  return catalog.find((g) => g.name === $("game-select").value);
}

function seatRow(game, index) {
  const kind = el("select", {name: `seat-${index}`, "aria-label": tr("Seat {n}", {n: index + 1}), "data-seat": index},
    el("option", {value: "me"}, tr("Me (this browser)")),
    el("option", {value: "human"}, tr("A friend (secret link)")),
    ...game.bots.map((b) => el("option", {value: `bot:${b.spec}`}, tr("Bot: {level}", {level: b.label}))));
  const usual = game.bots.find((b) => b.usual) || game.bots[0];
  kind.value = index === 0 ? "me" : `bot:${usual.spec}`;
  const name = el("input", {type: "text", name: `name-${index}`, placeholder: tr("name (optional)"), maxlength: 40,
    "aria-label": tr("Name of seat {n}", {n: index + 1})});
  return el("div", {class: "seat-row"}, el("span", {class: "seat-number"}, tr("Seat {n}", {n: index + 1})), kind, name);
}

function renderForm() {
  const game = currentGame();
  $("game-description").textContent = game.description || game.title;
  const players = $("players-select");
  const before = Number(players.value) || game.min_players;
  players.replaceChildren(...Array.from({length: game.max_players - game.min_players + 1},
    (_, i) => el("option", {value: game.min_players + i}, String(game.min_players + i))));
  const def = game.options.find((o) => o.name === "players");
  players.value = String(Math.min(Math.max(before, game.min_players), game.max_players) || def?.default);
  renderSeats();
  $("options").replaceChildren(...game.options.map(optionInput));
  patch($("board-box"), boardField(game));
}

function renderSeats() {
  const game = currentGame();
  const count = Number($("players-select").value);
  const box = $("seats");
  box.replaceChildren(el("legend", {}, tr("Seats")), ...Array.from({length: count}, (_, i) => seatRow(game, i)),
    ...(game.bots_note ? [el("p", {class: "muted bots-note"}, game.bots_note)] : []));
}

/** Option help in plain words: the rule codes (J-TURN-1, R-D7 ...) are for the rules docs, not the lobby. */
export function plain(text) {
  return String(text || "").replace(/\s*\((?:[A-Z]{1,2}-[A-Z0-9-]+(?:,\s*)?)+\)/g, "").trim();
}

/** "the seat that plays first": a choice of seats counted from 1 (the engine counts them from 0). */
function seatOption(option, id) {
  const count = Number($("players-select").value) || option.maximum + 1;
  const input = el("select", {id, name: option.name, "data-seat-option": "true"},
    option.nullable ? el("option", {value: ""}, tr("Decided by the rules (an opening roll)")) : null,
    ...Array.from({length: count}, (_, i) => el("option", {value: String(i)}, tr("Seat {n}", {n: i + 1}))));
  input.value = option.default === null ? "" : String(option.default);
  return input;
}

function optionInput(option) {
  const id = `opt-${option.name}`;
  let input;
  if (option.name === "first_player" && option.kind === "int") {
    input = seatOption(option, id);
  } else if (option.kind === "bool") {
    input = el("input", {type: "checkbox", id, name: option.name, checked: option.default === true});
    return el("div", {class: "option"}, el("label", {class: "checkbox-line"}, input,
      option.name.replaceAll("_", " ")), el("small", {class: "muted", id: `${id}-help`}, plain(option.help)));
  } else if (option.choices) {
    input = el("select", {id, name: option.name}, ...option.choices.map((c) => el("option", {value: c}, String(c))));
    input.value = String(option.default);
  } else {
    input = el("input", {id, name: option.name, type: option.kind === "int" ? "number" : "text",
      min: option.minimum ?? undefined, max: option.maximum ?? undefined,
      placeholder: option.default === null ? tr("the usual") : String(option.default)});
  }
  input.setAttribute("aria-describedby", `${id}-help`);
  const range = option.kind === "int" && option.minimum !== null && option.maximum !== null && option.name !== "first_player"
    ? ` ${tr("({low} to {high})", {low: option.minimum, high: option.maximum})}` : "";
  return el("div", {class: "option"}, el("label", {for: id}, option.name.replaceAll("_", " ")), input,
    el("small", {class: "muted", id: `${id}-help`}, `${plain(option.help)}${range}`));
}

function collectOptions(game) {
  const options = {};
  for (const option of game.options) {
    const input = document.getElementById(`opt-${option.name}`);
    if (!input) continue;
    if (option.kind === "bool") {
      if (input.checked !== option.default) options[option.name] = input.checked;
    } else if (input.dataset.seatOption) {
      const value = input.value === "" ? null : Number(input.value);
      if (value !== option.default) options[option.name] = value;
    } else if (input.value !== "" && input.value !== String(option.default)) {
      options[option.name] = option.kind === "int" ? Number(input.value) : input.value;
    }
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const game = currentGame();
  const rows = [...document.querySelectorAll("#seats .seat-row")];
  const mine = rows.map((row) => row.querySelector("select").value === "me");
  const host = mine.indexOf(true);
  // every "Me" seat shares one link (pass and play on this device); the first of them hosts the waiting room
  const seats = rows.map((row, i) => {
    const kind = row.querySelector("select").value;
    const name = row.querySelector("input").value.trim();
    if (kind.startsWith("bot:")) return {kind: "bot", bot: kind.slice(4), name};
    return {kind: "human", name, auto_roll: false, ...(mine[i] ? {holder: 0, host: i === host} : {})};
  });
  const friends = rows.some((row) => row.querySelector("select").value === "human");
  const clock = Number($("clock-select").value) || null;
  try {
    $("create-button").disabled = true;
    const created = await api("/api/games", {game: game.name, options: collectOptions(game), seats,
      start: friends ? "joined" : "now", clock, board: chosenBoard(game)});
    const invites = {};
    const links = $("links");
    links.replaceChildren();
    let myLink = null;
    for (const seat of created.seats) {
      if (seat.kind !== "human") continue;
      const url = new URL(seat.link, location.href).href;
      if (mine[seat.seat]) {
        if (myLink === null) myLink = seat.link;
        rememberSeat(created.id, seat.seat, new URL(url).searchParams.get("token"), game.name);
      } else {
        invites[seat.seat] = seat.link;
      }
      links.append(el("li", {},
        el("strong", {}, `${mine[seat.seat] ? tr("Seat {n} ({name}): you", {n: seat.seat + 1, name: seat.name})
          : tr("Seat {n} ({name})", {n: seat.seat + 1, name: seat.name})} `),
        el("a", {href: seat.link, class: "join-link", "data-seat": seat.seat}, mine[seat.seat] ? tr("Play") : tr("Join link")),
        " ", el("input", {class: "copy", readonly: true, value: url, "aria-label": tr("Link of seat {n}", {n: seat.seat + 1}),
          onfocus: (e) => e.target.select()})));
    }
    rememberInvites(created.id, invites);
    links.append(el("li", {}, el("strong", {}, `${tr("Spectators:")} `),
      el("a", {href: created.spectate, class: "spectate-link"}, tr("Watch")), " ",
      el("input", {class: "copy", readonly: true, value: new URL(created.spectate, location.href).href,
        "aria-label": tr("Spectator link"), onfocus: (e) => e.target.select()})));
    if (myLink) {
      location.href = myLink;  // to the table (its waiting room offers the friends' links to copy)
      return;
    }
    $("created").hidden = false;
    refresh();
  } catch (error) {
    $("create-error").textContent = error.message;
  } finally {
    $("create-button").disabled = false;
  }
}

function gameItem(game) {
  const mine = mySeats()[game.id];
  const seats = game.seats.map((s) => s.kind === "bot" ? tr("{name} (bot)", {name: s.name})
    : s.joined ? s.name : tr("{name} (not joined yet)", {name: s.name}));
  const title = catalog.find((g) => g.name === game.game)?.title || game.game;
  return el("li", {class: "game-item", "data-key": `game-${game.id}`},
    el("span", {class: "game-title"}, `${title} `), el("code", {}, game.id),
    el("span", {class: "muted"}, ` · ${trn("{n} action", "{n} actions", game.actions)} · ${seats.join(", ")}`),
    game.status === "finished" && game.winners ? el("span", {class: "muted"},
      game.winners.length ? ` · ${tr("won by {names}", {names: list(game.winners.map((w) => game.seats[w]?.name
        || tr("seat {n}", {n: w + 1})))})}` : ` · ${tr("nobody won")}`) : null,
    " ",
    mine && game.status !== "finished" ? el("a", {href: `/game/${game.id}?token=${mine.token}`}, tr("resume")) : null,
    mine && game.status !== "finished" ? " · " : null,
    el("a", {href: game.spectate}, game.status === "finished" ? tr("final position") : tr("watch")), " · ",
    el("a", {href: game.replay}, tr("replay")), boardBadge(game, title));
}

async function refresh() {
  try {
    const {games} = await api("/api/games");
    for (const status of ["open", "running", "finished"]) {
      const list = $(`${status}-games`);
      const items = games.filter((g) => g.status === status).slice(0, 50).map(gameItem);
      patch(list, ...(items.length ? items : [el("li", {class: "muted"}, tr("none"))]));
    }
  } catch (error) {
    $("open-games").replaceChildren(el("li", {class: "error"}, error.message));
  }
}

async function main() {
  catalog = (await api("/api/catalog")).games;
  const select = $("game-select");
  select.replaceChildren(...catalog.map((g) => el("option", {value: g.name}, g.title)));
  const asked = new URLSearchParams(location.search).get("game");  // from the board editor's "Play on this board"
  if (catalog.some((g) => g.name === asked)) select.value = asked;
  select.addEventListener("change", renderForm);
  $("players-select").addEventListener("change", () => {
    renderSeats();
    $("options").replaceChildren(...currentGame().options.map(optionInput));  // "first player" lists the seats
  });
  $("create").addEventListener("submit", create);
  renderForm();
  refresh();
  setInterval(refresh, 5000);
}

main();
