// The replay page's analysis: each decision of the human seats judged by the expert level, the costliest marked.
// Clicking a decision shows the position before it (through the replay's slider).
import {el} from "/static/common.js";
import {tr, trn} from "/static/i18n.js";

const gameId = location.pathname.split("/").filter(Boolean).pop();
const $ = (id) => document.getElementById(id);
const percent = (x) => tr("{p}%", {p: Math.round(100 * x)});
const estimate = (e) => trn("{value} ({low}–{high}, {n} playout)", "{value} ({low}–{high}, {n} playouts)", e.rollouts,
  {value: percent(e.value), low: percent(e.low), high: percent(e.high)});

/** How a decision changed the player's chance of winning, in words: "3 points worse", "no change". */
function change(swing) {
  if (swing === 0) return tr("no change");
  const n = Math.abs(swing);
  return swing > 0 ? trn("{n} percentage point better", "{n} percentage points better", n)
    : trn("{n} percentage point worse", "{n} percentage points worse", n);
}

function goTo(step) {
  const slider = $("slider");
  slider.value = String(step);
  slider.dispatchEvent(new Event("input"));
}

function row(d) {
  const swing = Math.round(100 * d.swing);
  const better = d.expert === d.played ? tr("expert agrees") : tr("expert: {action}", {action: d.expert});
  return el("li", {class: d.highlighted ? "swing" : "", "data-index": d.index, tabindex: "0",
                   title: tr("show the position before this decision"),
                   onclick: () => goTo(d.index), onkeydown: (e) => { if (e.key === "Enter") goTo(d.index); }},
    el("b", {}, tr("Step {n}", {n: d.index + 1})),
    ` · ${tr("seat {n} played {action} ({judged}).", {n: d.seat + 1, action: d.played, judged: better})} `,
    `${tr("Chance of winning before {before}, after {after}:", {before: estimate(d.before), after: estimate(d.after)})} `,
    el("b", {class: "swing-figure"}, change(swing)), d.label ? ` (${d.label})` : "", ".");
}

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, 1000 * seconds));

// The analysis is a job on the server: 202 says where it stands and when to ask again (Retry-After).
async function analysisWhenDone() {
  for (;;) {
    const response = await fetch(`/api/games/${gameId}/analysis`);
    const data = await response.json().catch(() => ({}));
    if (response.ok && response.status !== 202) return data;
    if (!response.ok) throw new Error(typeof data.detail === "string" ? data.detail : response.statusText);
    const job = data;
    $("analysis-status").textContent = job.status === "running"
      ? tr("Analysing: the expert searches every decision …")
      : trn("Waiting for the analysis: {n} game ahead in the queue …",
        "Waiting for the analysis: {n} games ahead in the queue …", job.position);
    await sleep(Math.min(30, Number(response.headers.get("Retry-After")) || 5));
  }
}

async function analyse() {
  const button = $("analyse");
  button.disabled = true;
  $("analysis-status").textContent = tr("Analysing: the expert searches every decision …");
  try {
    const analysis = await analysisWhenDone();
    const items = analysis.decisions.map(row);
    $("analysis").replaceChildren(...items);
    const marked = analysis.decisions.filter((d) => d.highlighted).length;
    const bot = analysis.search && analysis.search !== analysis.expert
      ? tr("{expert}, chances by {search}", {expert: analysis.expert, search: analysis.search}) : analysis.expert;
    const judged = trn("{n} decision judged by the expert bot ({bot})", "{n} decisions judged by the expert bot ({bot})",
      analysis.decisions.length, {bot});
    const each = trn("{n} search iteration each", "{n} search iterations each", analysis.iterations);
    const swings = marked ? trn("{n} biggest swing marked.", "{n} biggest swings marked.", marked) : tr("no big swing.");
    $("analysis-status").textContent = analysis.decisions.length ? `${judged}, ${each}; ${swings}`
      : tr("No decision with a choice to analyse.");
  } catch (error) {
    $("analysis-status").textContent = tr("No analysis: {problem}", {problem: error.message});
    button.disabled = false;
  }
}

$("analyse").onclick = analyse;
