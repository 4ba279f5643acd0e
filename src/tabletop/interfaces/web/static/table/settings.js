// The settings menu: this browser's (sound, notifications, calm motion) and the seat's own, kept by the
// server (roll my dice for me, show the odds).
import {el} from "/static/common.js";
import {patch} from "/static/morph.js";
import {chooser} from "/static/language.js";
import {tr, trn} from "/static/i18n.js";

const KEY = "tabletop.settings";
const DEFAULTS = {sound: true, notify: false, calm: false};

export function local() {
  return {...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}")};
}

function save(change) {
  localStorage.setItem(KEY, JSON.stringify({...local(), ...change}));
  document.body.classList.toggle("calm", local().calm);
}

let drawnFor = null;  // what the menu was drawn from: an update that changes neither leaves it as it is

function toggle(id, label, checked, onchange, help) {
  return el("label", {class: "toggle", "data-key": id, for: id},
    el("input", {type: "checkbox", id, checked, onchange: (e) => {
      drawnFor = null;  // the next update draws the box from what was kept (a refused change unticks it)
      onchange(e.target.checked);
    }}),
    el("span", {}, label, help ? el("small", {class: "muted"}, help) : null));
}

export function renderSettings(t) {
  const mine = local();
  const prefs = t.view?.prefs;
  const from = JSON.stringify([mine, prefs ?? null]);
  if (from === drawnFor) return;
  drawnFor = from;
  const notifyHelp = "Notification" in window ? tr("when it is your turn and this tab is hidden") : tr("not in this browser");
  patch(document.getElementById("settings-panel"),
    toggle("set-sound", tr("Sound"), mine.sound, (on) => save({sound: on}), tr("a chime when it is your turn")),
    toggle("set-notify", tr("Notifications"), mine.notify, async (on) => {
      if (on && "Notification" in window && Notification.permission !== "granted") {
        on = (await Notification.requestPermission()) === "granted";
      }
      save({notify: on});
      renderSettings(t);
    }, notifyHelp),
    toggle("set-calm", tr("Calm motion"), mine.calm, (on) => save({calm: on}), tr("no tumbling dice or walking pawns")),
    prefs ? toggle("set-auto", tr("Roll my dice for me"), prefs.auto_roll,
      (on) => t.ctx.send({type: "prefs", auto_roll: on}), tr("the server rolls at once instead of waiting")) : null,
    prefs ? toggle("set-hints", tr("Show the odds"), prefs.hints,
      (on) => t.ctx.send({type: "prefs", hints: on}), tr("for learners; the game's record notes it")) : null,
    el("div", {class: "toggle language-setting", "data-key": "set-language"}, chooser("set-language")));
}

export function setupSettings() {
  document.body.classList.toggle("calm", local().calm);
}
