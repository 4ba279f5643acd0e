// The pages' words in the page's language (<html lang>, which the server negotiated): tr("...") and trn(one, other, n)
// look a message up in the catalog compiled from the same .po files as the server's (/locales/<lang>.json).
// Messages are English with {name} fields, filled after translation: tr("{name} to roll", {name: "Ann"}).

export const LANGUAGE = document.documentElement.lang || "en";

async function load() {
  if (LANGUAGE === "en") return {};
  try {
    const response = await fetch(`/locales/${LANGUAGE}.json`);
    return response.ok ? (await response.json()).messages : {};
  } catch {
    return {};  // no catalog: the page reads in English rather than not at all
  }
}

const messages = await load();
const rules = LANGUAGE === "en" ? null : new Intl.PluralRules(LANGUAGE);
let numbers = null;

/** "1,000": a number as the page's language writes it. */
export function number(n) {
  if (LANGUAGE === "en" && Number.isInteger(n)) return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  numbers = numbers || new Intl.NumberFormat(LANGUAGE);
  return numbers.format(n);
}

function fill(text, fields) {
  if (!fields) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in fields)) return whole;
    const value = fields[name];
    return typeof value === "number" ? number(value) : String(value ?? "");
  });
}

/** `message` in the page's language, its {fields} filled from `fields`. */
export function tr(message, fields) {
  const found = messages[message];
  return fill(typeof found === "string" && found ? found : message, fields);
}

/** The form that goes with `n` ({n} is filled, and any other field): gettext's two forms, chosen by the language's
 * plural rules (each of our languages has "one" and the rest; French counts 0 as "one"). */
export function trn(one, other, n, fields) {
  const found = messages[one];
  const index = rules ? (rules.select(n) === "one" ? 0 : 1) : n === 1 ? 0 : 1;
  const form = Array.isArray(found) && found[index] ? found[index] : index === 0 ? one : other;
  return fill(form, {n, ...fields});
}
