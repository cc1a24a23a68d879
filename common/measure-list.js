// @ts-check
// The measures field: "AP, P@5, IPrec(rule=trec10)@0.3". This module only finds the names in
// the field and sets one parameter in a name (for the convention selectors). Whether a name is
// valid is the engine's business: a name this module cannot read is passed on unchanged, and
// the engine answers with a positioned error.

/**
 * The names in a comma- (or semicolon-, or newline-) separated list; separators inside
 * parentheses belong to the name. `start`/`end` are UTF-16 offsets of the trimmed name.
 * @param {string} text
 * @returns {{name: string, start: number, end: number}[]}
 */
export function splitMeasureList(text) {
  const names = [];
  let depth = 0;
  let start = 0;
  const push = (end) => {
    const raw = text.slice(start, end);
    const name = raw.trim();
    if (name) {
      const offset = start + raw.indexOf(name);
      names.push({ name, start: offset, end: offset + name.length });
    }
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (char === ',' || char === ';' || char === '\n')) {
      push(index);
      start = index + 1;
    }
  }
  push(text.length);
  return names;
}

/**
 * The name before any parameters or cutoff: "AP" for "AP(norm=retrieved)@10", "mean" for
 * "mean(P@10)" (whose parentheses hold a measure, not parameters), "" for nothing.
 * @param {string} name
 */
export const measureBase = (name) => /^\s*([^\s(),;@=]+)/.exec(name)?.[1] ?? '';

const NAME = /^([^\s(),;@=]+)\s*(?:\(([^()]*)\))?\s*(@\S*)?$/;

/**
 * Reads `Name(param=value, …)@cutoff`; null when the text does not have that shape.
 * @param {string} name
 * @returns {{base: string, params: [string, string][], cutoff: string} | null}
 */
export function parseMeasureName(name) {
  const match = NAME.exec(name.trim());
  if (!match) return null;
  const params = [];
  for (const part of (match[2] ?? '').split(',')) {
    if (!part.trim()) continue;
    const [key, ...rest] = part.split('=');
    if (!rest.length) return null;
    params.push([key.trim(), rest.join('=').trim()]);
  }
  return { base: match[1], params, cutoff: match[3] ?? '' };
}

/** @param {{base: string, params: [string, string][], cutoff: string}} parts */
export function formatMeasureName({ base, params, cutoff }) {
  const list = params.map(([key, value]) => `${key}=${value}`).join(',');
  return `${base}${list ? `(${list})` : ''}${cutoff}`;
}

/**
 * `name` with `param` set to `value`, or removed when `value` is the default (canonical names
 * omit defaults). A name that cannot be read is returned unchanged.
 * @param {string} name
 * @param {string} param
 * @param {string} value
 * @param {string} defaultValue
 */
export function withParam(name, param, value, defaultValue) {
  const parts = parseMeasureName(name);
  if (!parts) return name;
  const params = parts.params.filter(([key]) => key !== param);
  if (value !== defaultValue) params.push([param, value]);
  return formatMeasureName({ ...parts, params });
}

/**
 * `name` with the cutoff `@cutoff`, or without one when `cutoff` is "". A name that cannot be
 * read is returned unchanged.
 * @param {string} name
 * @param {string} cutoff "3", "0.5" or ""
 */
export function withCutoff(name, cutoff) {
  const parts = parseMeasureName(name);
  return parts ? formatMeasureName({ ...parts, cutoff: cutoff ? `@${cutoff}` : '' }) : name;
}

/**
 * Replaces every name of the list by `rewrite(name)`, keeping the separators as typed.
 * @param {string} text
 * @param {(name: string) => string} rewrite
 */
export function rewriteMeasureList(text, rewrite) {
  let result = text;
  for (const { name, start, end } of splitMeasureList(text).reverse()) {
    result = result.slice(0, start) + rewrite(name) + result.slice(end);
  }
  return result;
}
