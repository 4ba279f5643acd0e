// Writing a board's data as TOML (the subset data files use: tables, arrays of tables, strings, numbers,
// booleans and arrays). The server reads it back with Python's tomllib, as it reads any file.
const BARE = /^[A-Za-z0-9_-]+$/;

function key(name) {
  return BARE.test(name) ? name : basic(name);
}

function isTable(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isTableArray(value) {
  return Array.isArray(value) && value.length > 0 && value.every(isTable);
}

/** A one-line basic string: JSON's escapes are TOML's, but for DEL, which TOML wants escaped. */
function basic(text) {
  return JSON.stringify(text).replace(/\x7f/g, "\\u007F");
}

/** A multi-line basic string (for text with line breaks, as the files' notes are written). */
function multiline(text) {
  const body = text.replace(/\\/g, "\\\\").replace(/"""/g, "\"\"\\\"")
    .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `"""\n${body}"""`;
}

function value(item) {
  if (typeof item === "string") return item.includes("\n") ? multiline(item) : basic(item);
  if (typeof item === "boolean") return String(item);
  if (typeof item === "number") {
    if (!Number.isFinite(item)) throw new Error(`a number TOML cannot hold: ${item}`);
    return String(item);
  }
  if (Array.isArray(item)) return `[${item.map(value).join(", ")}]`;
  if (isTable(item)) {
    const pairs = Object.entries(item).filter(([, v]) => v !== null && v !== undefined);
    return `{${pairs.map(([k, v]) => `${key(k)} = ${value(v)}`).join(", ")}}`;
  }
  throw new Error(`a value TOML cannot hold: ${item}`);
}

function section(table, path, out) {
  const plain = [];
  const tables = [];
  const arrays = [];
  for (const [name, item] of Object.entries(table)) {
    if (item === null || item === undefined) continue;
    if (isTable(item)) tables.push([name, item]);
    else if (isTableArray(item)) arrays.push([name, item]);
    else plain.push([name, item]);
  }
  for (const [name, item] of plain) out.push(`${key(name)} = ${value(item)}`);
  for (const [name, item] of tables) {
    const here = [...path, name];
    out.push("", `[${here.map(key).join(".")}]`);
    section(item, here, out);
  }
  for (const [name, items] of arrays) {
    const here = [...path, name];
    for (const item of items) {
      out.push("", `[[${here.map(key).join(".")}]]`);
      section(item, here, out);
    }
  }
}

/** The TOML text of `data`, with a first comment line. */
export function toToml(data, comment) {
  const out = comment ? [`# ${comment.replace(/\n/g, " ")}`, ""] : [];
  section(data, [], out);
  return out.join("\n") + "\n";
}
