// The waiting room: who has joined, the links to send to friends (kept by the lobby in this browser only),
// your name, and the host's "start now" (bots take the seats nobody joined).
import {el, invitesOf} from "/static/common.js";
import {tr, trn} from "/static/i18n.js";

function copyRow(label, url, key) {
  const input = el("input", {type: "text", class: "copy", readonly: true, value: url, "aria-label": label,
    id: `invite-${key}`, onfocus: (e) => e.target.select()});
  const button = el("button", {type: "button", class: "copy-button", "data-key": `copy-${key}`, onclick: async (e) => {
    input.select();
    try {
      await navigator.clipboard.writeText(url);
      e.target.textContent = tr("Copied");
    } catch {
      document.execCommand?.("copy");
      e.target.textContent = tr("Copied");
    }
  }}, tr("Copy"));
  return el("div", {class: "invite", "data-key": `row-${key}`}, el("span", {class: "invite-label"}, label), input, button);
}

export function waitingRoom(t) {
  const {view, ctx} = t;
  const invites = invitesOf(view.id) || {};
  const me = view.mine;
  const hosts = view.seats.filter((s) => s.host).map((s) => s.seat);
  const canStart = me.length > 0 && (hosts.length === 0 || hosts.some((s) => me.includes(s)));
  const rows = view.seats.map((s) => el("li", {"data-key": `seat-${s.seat}`, class: s.joined || s.kind === "bot" ? "ready" : ""},
    el("span", {class: "dot", style: `background:${ctx.colour(s.seat)}`}),
    `${tr("Seat {n}: {name}", {n: s.seat + 1, name: ctx.seatName(s.seat)})} `,
    el("span", {class: "muted"}, s.kind === "bot" ? tr("· bot, ready") : s.joined ? tr("· here") : tr("· not here yet"))));
  const waitingFor = view.seats.filter((s) => s.kind === "human" && !s.joined);
  const links = waitingFor.filter((s) => invites[s.seat]).map((s) =>
    copyRow(tr("Link for seat {n} ({name})", {n: s.seat + 1, name: s.name}), new URL(invites[s.seat], location.href).href, s.seat));
  const mineNamed = me.length === 1 ? view.seats[me[0]] : null;
  const nameForm = mineNamed ? el("form", {class: "name-form", id: "name-form", onsubmit: (e) => {
    e.preventDefault();
    const value = e.target.querySelector("input").value.trim();
    if (value) ctx.send({type: "name", name: value});
  }},
  el("label", {for: "your-name"}, tr("Your name")),
  el("input", {type: "text", id: "your-name", maxlength: 40, autocomplete: "nickname", value: mineNamed.name}),
  el("button", {type: "submit"}, tr("Save"))) : null;
  return el("div", {class: "panel-overlay waiting", id: "waiting-room"},
    el("h2", {}, tr("Waiting room")),
    el("p", {}, tr("The game starts as soon as everyone has opened their link.")),
    el("ul", {class: "waiting-seats"}, ...rows),
    links.length ? el("div", {class: "invites"}, el("h3", {}, tr("Invite your friends")),
      el("p", {class: "muted"}, tr("Send each friend their own link: whoever opens it plays that seat.")), ...links) : null,
    nameForm,
    canStart ? el("button", {type: "button", class: "primary", id: "start-now", onclick: () => ctx.send({type: "start"})},
      tr("Start now: bots take the empty seats")) : null,
    el("p", {class: "muted"}, tr("Anyone can watch with the address of this page without ?token=…")));
}
