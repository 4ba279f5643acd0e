// Chat at the table: the players' channel (seated players) or the spectators' (spectators also read the
// players'). Lines are drawn as text, never as HTML; authors can be muted, and the host can remove a spectator.
import {el} from "/static/common.js";
import {tr} from "/static/i18n.js";

const STRINGS = {
  playersTitle: tr("Chat with the players"),
  spectatorsTitle: tr("Spectators' chat"),
  placeholder: tr("Say something"),
  send: tr("Send"),
  mute: tr("Mute"),
  unmute: tr("Unmute"),
  remove: tr("Remove"),
  muteLabel: (name) => tr("Mute {name}", {name}),
  unmuteLabel: (name) => tr("Unmute {name}", {name}),
  removeLabel: (name) => tr("Remove {name} from the table", {name}),
  quick: tr("Quick phrases"),
  readOnly: tr("Open this page in your browser to chat."),
  over: tr("The game is over: the chat is closed. It stays in the replay."),
  empty: tr("No messages yet."),
  spectator: tr("spectator"),
};
const LENGTH = 300;

const state = {lines: [], me: null, muted: new Set(), canPost: false, over: false, phrases: [], host: false,
  seated: false, send: null};

function line(entry) {
  const who = el("span", {class: "chat-name"}, entry.name + (entry.channel === "spectators" ? ` (${STRINGS.spectator})` : ""));
  const mine = entry.author === state.me;
  const tools = [];
  if (!mine && state.canPost) {
    const muted = state.muted.has(entry.author);
    tools.push(el("button", {type: "button", class: "chat-tool", "data-author": entry.author,
      "aria-label": muted ? STRINGS.unmuteLabel(entry.name) : STRINGS.muteLabel(entry.name),
      onclick: () => mute(entry.author, !muted)}, muted ? STRINGS.unmute : STRINGS.mute));
    if (state.host && entry.channel === "spectators") {
      tools.push(el("button", {type: "button", class: "chat-tool", "aria-label": STRINGS.removeLabel(entry.name),
        onclick: () => state.send({type: "remove", author: entry.author})}, STRINGS.remove));
    }
  }
  // textContent only: a message is plain text whatever it holds
  return el("li", {class: `chat-line ${entry.channel}`, "data-n": entry.n}, who, ": ",
    el("span", {class: "chat-text"}, entry.text), ...tools);
}

function draw() {
  const list = document.getElementById("chat-lines");
  if (!list) return;
  const shown = state.lines.filter((entry) => !state.muted.has(entry.author));
  list.replaceChildren(...(shown.length ? shown.map(line) : [el("li", {class: "muted"}, STRINGS.empty)]));
  list.scrollTop = list.scrollHeight;
}

function mute(author, muted) {
  if (muted) state.muted.add(author); else state.muted.delete(author);
  state.send({type: "mute", author, muted});
  draw();
}

function say(text) {
  const clean = text.trim();
  if (!clean) return;
  state.send({type: "chat", text: clean.slice(0, LENGTH)});
}

/** Build the chat box in #chat (once): the lines, a field and the quick phrases. */
export async function setupChat({gameId, token, send, host}) {
  const box = document.getElementById("chat");
  if (!box) return;
  state.send = send;
  state.host = host;
  state.seated = Boolean(token);
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  try {
    const response = await fetch(`/api/games/${gameId}/chat${query}`);
    const data = await response.json();
    state.lines = merged(data.lines || [], state.lines);  // with any line the socket brought meanwhile
    state.me = data.me;
    state.canPost = data.can_post;
    state.over = state.over || Boolean(data.over);
    state.phrases = data.phrases || [];
    state.muted = new Set(data.muted || []);
  } catch { /* the chat stays empty; the game goes on */ }
  const input = el("input", {type: "text", id: "chat-input", maxlength: LENGTH, autocomplete: "off",
    placeholder: STRINGS.placeholder, "aria-label": STRINGS.placeholder});
  const form = el("form", {class: "chat-form", id: "chat-form", onsubmit: (event) => {
    event.preventDefault();
    say(input.value);
    input.value = "";
  }}, input, el("button", {type: "submit", id: "chat-send"}, STRINGS.send));
  const phrases = el("div", {class: "chat-phrases", role: "group", "aria-label": STRINGS.quick},
    ...state.phrases.map((p) => el("button", {type: "button", class: "chat-phrase", onclick: () => say(p)}, p)));
  box.replaceChildren(
    el("h2", {id: "chat-title"}, state.seated ? STRINGS.playersTitle : STRINGS.spectatorsTitle),
    el("ol", {id: "chat-lines", class: "chat-lines", tabindex: 0, "aria-labelledby": "chat-title",
      "aria-live": "polite"}),
    ...(state.canPost ? [form, phrases]
      : [el("p", {class: "muted", id: "chat-closed"}, state.over ? STRINGS.over : STRINGS.readOnly)]));
  draw();
  if (state.over) closeField();  // the game ended while the chat was being fetched
}

/** The game ended while the page was open: the server takes no more lines, so the field and the phrases are
 * disabled, and say why (muting still works). */
export function chatOver() {
  if (state.over) return;
  state.over = true;
  closeField();
}

function closeField() {
  const form = document.getElementById("chat-form");
  if (!form || form.dataset.closed) return;
  form.dataset.closed = "true";
  for (const control of document.querySelectorAll("#chat-form input, #chat-form button, .chat-phrase")) {
    control.disabled = true;
  }
  document.getElementById("chat-input").placeholder = "";
  form.before(el("p", {class: "muted", id: "chat-closed"}, STRINGS.over));
}

/** A chat frame from the server: new lines (already filtered for this viewer). */
export function receiveChat(message) {
  state.lines = merged(state.lines, message.lines || []);
  draw();
}

/** The lines of both lists, each once (by its number), in the order they were said; the last 200. A socket that
 * opens sends the lines said so far, which the page may already have read over HTTP. */
function merged(lines, more) {
  const known = new Set(lines.map((entry) => entry.n));
  const all = lines.concat(more.filter((entry) => !known.has(entry.n)));
  all.sort((a, b) => a.n - b.n);
  return all.slice(-200);
}
