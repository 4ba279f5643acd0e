// Turn alerts: the tab's title, a short chime (unless muted) and, if asked for, a notification when it becomes
// your turn or a race starts while you look elsewhere.
import {local} from "/static/table/settings.js";
import {tr, trn} from "/static/i18n.js";

let audio = null;
let wasMine = false;
let lastLive = null;

function chime() {
  try {
    if (!audio) return;  // no sound before the first press on the page (a browser rule; and a costly start)
    const now = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.14);
      gain.gain.exponentialRampToValueAtTime(0.18, now + i * 0.14 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.14 + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.14);
      osc.stop(now + i * 0.14 + 0.3);
    }
  } catch {
    audio = null;
  }
}

/** The sound is made ready on the first press or key (browsers allow sound only after one). */
function wake() {
  if (!local().sound) return;
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
  } catch {
    audio = null;
  }
}
const soon = () => setTimeout(wake, 50);  // after the press is handled (the user's activation lasts seconds)
document.addEventListener("pointerdown", soon, {passive: true, once: true});
document.addEventListener("keydown", soon, {once: true});

function notify(title, body) {
  if (!local().notify || !("Notification" in window) || Notification.permission !== "granted") return;
  if (!document.hidden) return;
  try {
    new Notification(title, {body, tag: "tabletop-turn"});
  } catch {
    // some browsers allow notifications only from a service worker: the title and the chime remain
  }
}

/** Call after each update with the status line: alerts on the moment it becomes this viewer's turn. */
export function alertTurn(t, line) {
  const view = t.view;
  const mine = Boolean(line.mine) && !view.terminal;
  document.title = `${mine ? `● ${tr("Your turn")} · ` : ""}${view.title} · tabletop`;
  const liveKey = view.live ? `${view.n}:${view.live.kind}` : null;
  const raceForMe = view.live && view.live.acting.some((s) => view.mine.includes(s)) && liveKey !== lastLive;
  if ((mine && !wasMine) || raceForMe) {
    if (local().sound) chime();
    notify(raceForMe ? tr("{title}: quick!", {title: view.title}) : tr("{title}: your turn", {title: view.title}), line.text);
  }
  if (view.live) lastLive = liveKey;
  wasMine = mine;
}
