// Words with numbers in them, lists of names and the pointer's verb, in the page's language (i18n.js): a count
// with words of its own goes through trn(); plural() is left for forms the caller already translated.

import {LANGUAGE, number, tr} from "/static/i18n.js";

export {number};
let rules = null;

/** The plural category of `n` in the page's language: "one", "other" (and "few", "many"... elsewhere). */
function category(n) {
  if (LANGUAGE === "en") return n === 1 ? "one" : "other";
  rules = rules || new Intl.PluralRules(LANGUAGE);
  return rules.select(n);
}

/** "1 die", "2 dice": `forms` names each plural category of the page's language ({one, other} in English). */
export function plural(n, forms) {
  const form = forms[category(n)] ?? forms.other;
  return form.includes("{n}") ? form.replaceAll("{n}", number(n)) : `${number(n)} ${form}`;
}

/** The word alone, without the number: "roll" or "rolls". */
export function word(n, forms) {
  return forms[category(n)] ?? forms.other;
}

let lists = null;

/** "Ann", "Ann and Bob", "Ann, Bob and Cy" (in the page's language: "Ann, Bob und Cy"). */
export function list(items) {
  const all = items.filter((item) => item !== null && item !== undefined && item !== "").map(String);
  if (all.length < 2) return all[0] ?? "";
  if (LANGUAGE === "en") return `${all.slice(0, -1).join(", ")} and ${all[all.length - 1]}`;
  lists = lists || new Intl.ListFormat(LANGUAGE, {style: "long", type: "conjunction"});
  return lists.format(all);
}

/** Whether this screen is used with a finger (so the pages say "tap"), or a mouse ("click"). */
export function touch() {
  return Boolean(window.matchMedia?.("(pointer: coarse)").matches);
}

/** The verb for pressing something on the screen, for this device: "tap" or "click" (capitalised if asked). */
export function pressWord(capital = false) {
  if (capital) return touch() ? tr("Tap") : tr("Click");
  return touch() ? tr("tap") : tr("click");
}

/** A sentence's end: "won!" stays "won!", "won" becomes "won." */
export function sentence(text) {
  const trimmed = String(text).trim();
  if (!trimmed) return "";
  const first = trimmed[0].toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(first) ? first : `${first}.`;
}
