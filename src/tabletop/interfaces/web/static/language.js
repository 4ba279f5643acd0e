// The language setting: the player's choice overrides the browser's (a cookie the server reads on every request;
// the page is reloaded in the new language). The names are each language's own (tabletop.core.i18n.NAMES).
import {LANGUAGE, tr} from "/static/i18n.js";

export const LANGUAGES = {en: "English", de: "Deutsch", fr: "Français", es: "Español"};
const COOKIE = "tabletop_lang";

/** Speak `lang` from now on in this browser, and show this page in it. */
export function choose(lang) {
  if (!(lang in LANGUAGES)) return;
  document.cookie = `${COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  location.reload();
}

/** A labelled menu of the languages (the page's own selected), as a <label> holding its <select>. */
export function chooser(id = "language-select") {
  const select = document.createElement("select");
  select.id = id;
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = new Option(name, code, code === LANGUAGE, code === LANGUAGE);
    option.lang = code;
    select.append(option);
  }
  select.addEventListener("change", () => choose(select.value));
  const label = document.createElement("label");
  label.className = "language";
  label.htmlFor = id;
  label.append(`${tr("Language")} `, select);
  return label;
}

/** Wire the page's own language menu (the lobby's and the replay's are in their templates). */
export function wire(id = "language-select") {
  const select = document.getElementById(id);
  if (select) select.addEventListener("change", () => choose(select.value));
}
