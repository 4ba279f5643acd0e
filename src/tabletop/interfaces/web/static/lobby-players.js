// The lobby's players part: who you are (sign up, log in, log out, your profile), "Play now", the open
// tables waiting for players (updated live) and each game's leaderboard.
import {api, el, rememberSeat} from "/static/common.js";
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

async function tables() {
  const list = $("open-tables");
  if (!list) return;
  try {
    const {tables: waiting} = await api("/api/tables");
    const items = waiting.map((table) => el("li", {class: "game-item open-table", "data-id": table.id},
      el("span", {class: "game-title"}, `${table.title} `),
      el("span", {class: "muted"}, [
        STRINGS.playerCount(table.players), STRINGS.seatsFree(table.free),
        STRINGS.host(table.host.name, table.host.rating, table.host.provisional),
        table.rated ? STRINGS.rated : STRINGS.unrated,
        ...Object.entries(table.options).map(([k, v]) => `${k.replaceAll("_", " ")} ${v}`),
        ...(table.fill_in !== null ? [STRINGS.bots(table.fill_in)] : []),
      ].join(" · ")), " ",
      el("button", {type: "button", class: "join-table", onclick: async () => {
        try {
          go(await api(`/api/tables/${table.id}/sit`, {}), table.game);
        } catch (problem) {
          $("quick-error").textContent = problem.message;
          tables();
        }
      }}, STRINGS.join)));
    list.replaceChildren(...(items.length ? items : [el("li", {class: "muted"}, STRINGS.none)]));
  } catch { /* the next refresh tries again */ }
}

async function main() {
  catalog = (await api("/api/catalog")).games;
  await account();
  quickForm();
  tables();
  setInterval(tables, 3000);
}

main();
