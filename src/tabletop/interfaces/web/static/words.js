// Words with numbers in them, in one place: every count on the pages goes through plural(), so a language's
// plural rules (Intl.PluralRules) live here and nowhere else; lists of names and the pointer's verb too.

const LANGUAGE = document.documentElement.lang || "en";
const ENGLISH = LANGUAGE === "en";
// Intl's rules are exact for every language but slow to start (locale data): English, the pages' language for now,
// takes a short cut with the same results
let rules = null;
let numbers = null;

/** The plural category of `n` in the page's language: "one", "other" (and "few", "many"... elsewhere). */
function category(n) {
  if (ENGLISH) return n === 1 ? "one" : "other";
  rules = rules || new Intl.PluralRules(LANGUAGE);
  return rules.select(n);
}

/** "1,000": a number as the page's language writes it. */
export function number(n) {
  if (ENGLISH && Number.isInteger(n)) return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  numbers = numbers || new Intl.NumberFormat(LANGUAGE);
  return numbers.format(n);
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

/** "Ann", "Ann and Bob", "Ann, Bob and Cy". */
export function list(items) {
  const all = items.filter((item) => item !== null && item !== undefined && item !== "");
  if (all.length < 2) return all[0] ?? "";
  return `${all.slice(0, -1).join(", ")} and ${all[all.length - 1]}`;
}

/** Whether this screen is used with a finger (so the pages say "tap"), or a mouse ("click"). */
export function touch() {
  return Boolean(window.matchMedia?.("(pointer: coarse)").matches);
}

/** The verb for pressing something on the screen, for this device: "tap" or "click" (capitalised if asked). */
export function pressWord(capital = false) {
  const verb = touch() ? "tap" : "click";
  return capital ? verb[0].toUpperCase() + verb.slice(1) : verb;
}

/** A sentence's end: "won!" stays "won!", "won" becomes "won." */
export function sentence(text) {
  const trimmed = String(text).trim();
  if (!trimmed) return "";
  const first = trimmed[0].toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(first) ? first : `${first}.`;
}
