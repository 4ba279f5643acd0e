// The replay page's analysis: each decision of the human seats judged by the expert level, the costliest marked.
// Clicking a decision shows the position before it (through the replay's slider).
import {api, el} from "/static/common.js";
import {plural} from "/static/words.js";

const gameId = location.pathname.split("/").filter(Boolean).pop();
const $ = (id) => document.getElementById(id);
const percent = (x) => `${Math.round(100 * x)}%`;
const estimate = (e) => `${percent(e.value)} (${percent(e.low)}–${percent(e.high)}, `
  + `${plural(e.rollouts, {one: "playout", other: "playouts"})})`;

/** How a decision changed the player's chance of winning, in words: "3 points worse", "no change". */
function change(swing) {
  if (swing === 0) return "no change";
  const points = plural(Math.abs(swing), {one: "percentage point", other: "percentage points"});
  return swing > 0 ? `${points} better` : `${points} worse`;
}

function goTo(step) {
  const slider = $("slider");
  slider.value = String(step);
  slider.dispatchEvent(new Event("input"));
}

function row(d) {
  const swing = Math.round(100 * d.swing);
  const better = d.expert === d.played ? "expert agrees" : `expert: ${d.expert}`;
  return el("li", {class: d.highlighted ? "swing" : "", "data-index": d.index, tabindex: "0",
                   title: "show the position before this decision",
                   onclick: () => goTo(d.index), onkeydown: (e) => { if (e.key === "Enter") goTo(d.index); }},
    el("b", {}, `Step ${d.index + 1}`), ` · seat ${d.seat + 1} played ${d.played} (${better}). `,
    `Chance of winning before ${estimate(d.before)}, after ${estimate(d.after)}: `,
    el("b", {class: "swing-figure"}, change(swing)), d.label ? ` (${d.label})` : "", ".");
}

async function analyse() {
  const button = $("analyse");
  button.disabled = true;
  $("analysis-status").textContent = "Analysing: the expert searches every decision …";
  try {
    const analysis = await api(`/api/games/${gameId}/analysis`);
    const items = analysis.decisions.map(row);
    $("analysis").replaceChildren(...items);
    const marked = analysis.decisions.filter((d) => d.highlighted).length;
    const searched = analysis.search && analysis.search !== analysis.expert ? `, chances by ${analysis.search}` : "";
    $("analysis-status").textContent = analysis.decisions.length
      ? `${plural(analysis.decisions.length, {one: "decision", other: "decisions"})} judged by the expert bot `
        + `(${analysis.expert}${searched}), ${plural(analysis.iterations, {one: "search iteration",
          other: "search iterations"})} each; `
        + (marked ? `${plural(marked, {one: "biggest swing", other: "biggest swings"})} marked.` : "no big swing.")
      : "No decision with a choice to analyse.";
  } catch (error) {
    $("analysis-status").textContent = `No analysis: ${error.message}`;
    button.disabled = false;
  }
}

$("analyse").onclick = analyse;
