// The lobby's players part: who you are (sign up, log in, log out, your profile), "Play now", the open
// tables waiting for players (pushed by the server as they change: /ws/lobby) and each game's leaderboard.
import {api, el, rememberSeat} from "/static/common.js";
import {patch} from "/static/morph.js";
import {tr, trn} from "/static/i18n.js";

const STRINGS = {
  you: tr("You"),
  guest: tr("You play as a guest. Claim a name to keep your games and a rating on every device."),
  signIn: tr("Log in or sign up"),
  signedIn: (name) => tr("Signed in as {name}.", {name}),
  profile: tr("Your profile"),
  logout: tr("Log out"),
  name: tr("Name"),
  password: tr("Password"),
  signup: tr("Sign up"),
  login: tr("Log in"),
  carried: (n) => trn("{n} of your games as a guest is now yours.", "{n} of your games as a guest are now yours.", n),
  passkeySignup: tr("Sign up with a passkey"),
  passkeyLogin: tr("Log in with a passkey"),
  passkeyAdd: tr("Add a passkey"),
  passkeyAdded: tr("Passkey added: you can log in with it on this device."),
  noPasskeys: tr("This browser cannot use passkeys."),
  players: tr("Players"),
  playerCount: (n) => trn("{n} player", "{n} players", n),
  none: tr("No table is waiting for players."),
  join: tr("Join"),
  seatsFree: (n) => trn("{n} seat free", "{n} seats free", n),
  host: (name, rating, provisional) => (!rating ? tr("host {name}", {name})
    : provisional ? tr("host {name} ({rating}, provisional)", {name, rating}) : tr("host {name} ({rating})", {name, rating})),
  rated: tr("rated"),
  unrated: tr("unrated"),
  bots: (s) => trn("bots in {n} second", "bots in {n} seconds", Math.round(s)),
};

const $ = (id) => document.getElementById(id);

/** A WebAuthn ceremony: options from the server, the browser's credential, the server's verdict. */
async function passkey(kind, body) {
  if (!window.PublicKeyCredential?.parseCreationOptionsFromJSON) throw new Error(STRINGS.noPasskeys);
  const {challenge, options} = await api(`/api/passkeys/${kind}/options`, body);
  const credential = kind === "login"
    ? await navigator.credentials.get({publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options)})
    : await navigator.credentials.create({publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options)});
  return api(`/api/passkeys/${kind}/verify`, {challenge, credential: credential.toJSON()});
}
let catalog = [];

function field(label, input) {
  return el("div", {class: "field"}, el("label", {for: input.id}, label), " ", input);
}

async function account() {
  const me = await api("/api/me");
  const box = $("account");
  const title = el("h2", {id: "account-title"}, STRINGS.you);
  if (me.signed_in) {
    box.replaceChildren(title, el("p", {id: "account-name"}, STRINGS.signedIn(me.name), " ",
      el("a", {href: `/players/${encodeURIComponent(me.name)}`}, STRINGS.profile)),
      el("button", {type: "button", id: "logout", onclick: async () => { await api("/api/logout", {}); account(); }},
        STRINGS.logout),
      el("button", {type: "button", id: "passkey-add", onclick: async () => {
        try {
          await passkey("register", {});
          $("account").append(el("p", {class: "muted", id: "passkey-added"}, STRINGS.passkeyAdded));
        } catch (problem) {
          $("account").append(el("p", {class: "error", role: "alert"}, problem.message));
        }
      }}, STRINGS.passkeyAdd));
    return;
  }
  const name = el("input", {type: "text", id: "account-name-input", autocomplete: "username", maxlength: 20});
  const password = el("input", {type: "password", id: "account-password", autocomplete: "current-password",
    maxlength: 256});
  const error = el("p", {class: "error", id: "account-error", role: "alert"});
  const submit = (path) => async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      const done = path === "signup" ? await passkey("signup", {name: name.value})
        : path === "login" ? await passkey("login", {})
          : await api(path, {name: name.value, password: password.value});
      await account();
      if (done.games_carried_over) $("account").append(el("p", {class: "muted"}, STRINGS.carried(done.games_carried_over)));
    } catch (problem) {
      error.textContent = problem.message;
    }
  };
  // a guest's panel is one line and a closed "Log in or sign up" (the page draws it so: lobby.html), so that "Play
  // now" is on a phone's first screen; it stays open once opened (after a wrong password, say)
  const open = $("account-sign")?.open;
  box.replaceChildren(title, el("p", {class: "muted"}, STRINGS.guest),
    el("details", {id: "account-sign", open}, el("summary", {}, STRINGS.signIn),
      el("form", {id: "account-form", onsubmit: submit("/api/login")},
        field(STRINGS.name, name), field(STRINGS.password, password),
        el("div", {class: "end-actions"},
          el("button", {type: "submit", id: "login", class: "primary"}, STRINGS.login),
          el("button", {type: "button", id: "signup", onclick: submit("/api/signup")}, STRINGS.signup),
          el("button", {type: "button", id: "passkey-signup", onclick: submit("signup")}, STRINGS.passkeySignup),
          el("button", {type: "button", id: "passkey-login", onclick: submit("login")}, STRINGS.passkeyLogin)),
        error)));
}

/** "Play now": the page draws its form (lobby.html); here it is wired. */
function quickForm() {
  const game = $("quick-game");
  const players = $("quick-players");
  const fillPlayers = () => {
    const info = catalog.find((g) => g.name === game.value);
    if (!info) return;
    const before = players.value;
    players.replaceChildren(...Array.from({length: info.max_players - info.min_players + 1},
      (_, i) => el("option", {value: info.min_players + i}, String(info.min_players + i))));
    if ([...players.options].some((option) => option.value === before)) players.value = before;
  };
  game.addEventListener("change", fillPlayers);
  fillPlayers();  // a browser may have brought back another game than the page's first
  const error = $("quick-error");
  $("quick-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      const wait = Number($("quick-wait").value);
      go(await api("/api/play", {game: game.value, players: Number(players.value), wait}), game.value);
    } catch (problem) {
      error.textContent = problem.message;
    }
  });
}

function go(seated, game) {
  const url = new URL(seated.link, location.href);
  rememberSeat(seated.id, seated.seat, url.searchParams.get("token"), game);
  location.href = seated.link;
}

// The open tables: sent by the server as they change (/ws/lobby); each table's countdown to its bots runs here.
const lobby = {tables: [], socket: null, retry: 1000};

/** A table's options in words: the catalog's labels of the option and of its choice. */
function optionWords(game, name, value) {
  const option = catalog.find((g) => g.name === game)?.options.find((o) => o.name === name);
  if (!option) return `${name.replaceAll("_", " ")} ${value}`;
  const at = option.choices ? option.choices.indexOf(value) : -1;
  return `${option.label} ${at >= 0 && option.choice_labels ? option.choice_labels[at] : value}`;
}

function botsIn(table) {
  return table.deadline === null ? null : STRINGS.bots(Math.max(0, table.deadline - Date.now() / 1000));
}

function drawTables() {
  const list = $("open-tables");
  if (!list) return;
  const items = lobby.tables.map((table) => el("li", {class: "game-item open-table", "data-id": table.id,
    "data-key": `open-${table.id}`},
  el("span", {class: "game-title"}, `${catalog.find((g) => g.name === table.game)?.title || table.title} `),
  el("span", {class: "muted"}, [
    STRINGS.playerCount(table.players), STRINGS.seatsFree(table.free),
    STRINGS.host(table.host.name, table.host.rating, table.host.provisional),
    table.rated ? STRINGS.rated : STRINGS.unrated,
    ...Object.entries(table.options).map(([k, v]) => optionWords(table.game, k, v)),
  ].join(" · "), ...(table.deadline !== null ? [" · ", el("span", {class: "fill-in"}, botsIn(table))] : [])), " ",
  el("button", {type: "button", class: "join-table", onclick: async () => {
    try {
      go(await api(`/api/tables/${table.id}/sit`, {}), table.game);
    } catch (problem) {
      $("quick-error").textContent = problem.message;
      poll();
    }
  }}, STRINGS.join)));
  patch(list, ...(items.length ? items : [el("li", {class: "muted", "data-key": "none"}, STRINGS.none)]));
}

/** The tables as received: `remaining(table)` is how long until bots fill it, by the server's clock. */
function received(tables, remaining) {
  const now = Date.now() / 1000;
  lobby.tables = tables.map((table) => ({...table, deadline: remaining(table) === null ? null : now + remaining(table)}));
  drawTables();
}

/** Once, over HTTP: while the socket is away, the list does not wait for it. */
async function poll() {
  try {
    const {tables: waiting} = await api("/api/tables");
    received(waiting, (table) => table.fill_in);
  } catch { /* the socket's next attempt tries again */ }
}

/** Listen to the server's list; when the socket closes, ask once over HTTP and try again later, waiting longer
 * each time (1 s doubling to 30 s, a little at random so that a restarted server is not met by every lobby at once). */
function listen() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/lobby`);
  lobby.socket = socket;
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type !== "tables") return;
    lobby.retry = 1000;
    received(message.tables, (table) => (table.fill_at === null ? null : table.fill_at - message.now));
  };
  socket.onclose = () => {
    if (lobby.socket !== socket) return;
    lobby.socket = null;
    poll();
    setTimeout(listen, lobby.retry * (1 + Math.random() / 4));
    lobby.retry = Math.min(30000, lobby.retry * 2);
  };
}

async function main() {
  catalog = (await api("/api/catalog")).games;
  await account();
  quickForm();
  listen();
  // the countdowns to the bots, every second (only their text changes: nothing else is drawn again)
  setInterval(() => {
    for (const node of document.querySelectorAll(".open-table .fill-in")) {
      const table = lobby.tables.find((t) => t.id === node.closest(".open-table").dataset.id);
      if (table) node.textContent = botsIn(table);
    }
  }, 1000);
}

main();
