// Words with numbers in them, in one place: every count on the pages goes through plural(), so a language's
// plural rules (Intl.PluralRules) live here and nowhere else; lists of names and the pointer's verb too.

const RULES = new Intl.PluralRules(document.documentElement.lang || "en");

/** "1 die", "2 dice": `forms` names each plural category of the page's language ({one, other} in English). */
export function plural(n, forms) {
  const form = forms[RULES.select(n)] ?? forms.other;
  return form.includes("{n}") ? form.replaceAll("{n}", n.toLocaleString("en")) : `${n.toLocaleString("en")} ${form}`;
}

/** The word alone, without the number: "roll" or "rolls". */
export function word(n, forms) {
  return forms[RULES.select(n)] ?? forms.other;
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
