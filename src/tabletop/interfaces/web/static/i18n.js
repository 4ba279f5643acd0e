// The pages' words in the page's language (<html lang>, which the server negotiated): tr("...") and trn(one, other, n)
// look a message up in the catalog compiled from the same .po files as the server's (/locales/<lang>.json).
// Messages are English with {name} fields, filled after translation: tr("{name} to roll", {name: "Ann"}).

export const LANGUAGE = document.documentElement.lang || "en";

const ENGLISH = {messages: {}, plurals: ["one", "other"]};

async function load() {
  if (LANGUAGE === "en") return ENGLISH;
  try {
    const response = await fetch(`/locales/${LANGUAGE}.json`);
    return response.ok ? await response.json() : ENGLISH;
  } catch {
    return ENGLISH;  // no catalog: the page reads in English rather than not at all
  }
}

const catalog = await load();
const messages = catalog.messages;
// gettext's forms of a plural message, in order: one per plural category of the language ("one", "many", "other")
const PLURALS = catalog.plurals;
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

/** The form that goes with `n` ({n} is filled, and any other field): the catalog's form for the plural category the
 * language's rules give `n` ("one" for 0 and 1 in French; "many" for a million in French and Spanish). */
export function trn(one, other, n, fields) {
  const found = messages[one];
  const category = rules ? rules.select(n) : n === 1 ? "one" : "other";
  if (Array.isArray(found)) {
    const at = PLURALS.indexOf(category);
    const form = found[at >= 0 ? at : found.length - 1];
    if (form) return fill(form, {n, ...fields});
  }
  return fill(category === "one" ? one : other, {n, ...fields});
}
