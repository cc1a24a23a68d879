// @ts-check
// The state of a calculator lives in the URL hash, so a link reproduces an answer:
//   ranked.html#calc=ranked&in=%2B+-+%2B&relevant=5&m=AP%4010
// Keys are public and stable: calc (which calculator: ranked, ndcg, queries, roc, sets,
// multiclass, agreement, correlation, significance, pooling; see calculators.js), in (the pasted
// text), relevant (R, on the pages that have the field), m (comma-separated measure names).
// Conventions, the β field of the sets page and the depth field of the pooling page add no key:
// they live in the names of m, as nDCG(dcg=trec), kappa(chance=pooled), F(beta=2) or pool@3.
// Also: preset (the source of the conventions, "My course uses": iir, croft, trec10, trec9,
// sklearn; common/presets.js; a link without one opens under the source this browser picked, see
// preset-view.js), and a problem's problem=1, ask (the measures asked) and reveal (ask | never)
// (web/js/problem.js).
// The significance page with a table of three or more systems in `in` adds test, correction,
// alpha and baseline (the comparison's options; web/js/significance-many.js).

/**
 * The hash as parameters. Never throws: a malformed hash reads as whatever URLSearchParams
 * makes of it (it decodes leniently), and an empty one as no parameters.
 * @param {string} [hash]
 * @returns {URLSearchParams}
 */
export function readHash(hash = window.location.hash) {
  try {
    return new URLSearchParams(hash.replace(/^#/, ''));
  } catch {
    return new URLSearchParams();
  }
}

/** A key or value shown in a message: at most 40 characters, the rest elided. */
const shown = (text) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * What a hand-edited or damaged share link got wrong, as sentences for the reader (the page
 * still reads what it can, as readHash does): a % that starts no valid escape (URLSearchParams
 * keeps "%ZZ" as typed and reads an escape that is not UTF-8 as U+FFFD), a key given twice,
 * of which the first is used, and a link longer than browsers keep. Never throws.
 * @param {string} [hash]
 * @returns {string[]} empty when the hash is well formed
 */
export function hashProblems(hash = window.location.hash) {
  const problems = [];
  if (hash.length > HASH_LIMIT) {
    problems.push(
      `This link is ${(hash.length / 1e6).toFixed(1)} MB long, more than browsers keep (about 2 MB): ` +
        'it may have been cut short, so check that the input below ends where it should.',
    );
  }
  const seen = new Set();
  const repeated = new Set();
  for (const part of hash.replace(/^#/, '').split('&')) {
    if (!part) continue;
    const equals = part.indexOf('=');
    const rawKey = equals < 0 ? part : part.slice(0, equals);
    // A key that cannot be decoded is named as typed; a value, by its key.
    let key = rawKey;
    let broken = false;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      if (equals >= 0) decodeURIComponent(part.slice(equals + 1).replace(/\+/g, ' '));
    } catch {
      broken = true;
    }
    if (broken) {
      problems.push(
        `Part of this link is damaged: “${shown(key)}” holds a % that does not start a valid ` +
          'escape of UTF-8 text, so it was read as far as possible. Check the fields below.',
      );
    }
    if (seen.has(key)) repeated.add(key);
    seen.add(key);
  }
  for (const key of repeated) problems.push(`This link gives “${shown(key)}” more than once; the first is used.`);
  return problems;
}

/** A value encoded for the hash, keeping the characters of measure names readable: m=AP@10,P@5. */
const encodeValue = (value) =>
  encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/%(40|2C|3A|2F|3D)/g, (escape) => decodeURIComponent(escape));

/**
 * The hash for `state` (without the "#"). Empty values are left out; readHash reads it back.
 * @param {Object<string, string>} state e.g. {calc: 'ranked', in: '+ - +', m: 'AP@10'}
 * @returns {string}
 */
export function hashFor(state) {
  return Object.entries(state)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${encodeValue(key)}=${encodeValue(value)}`)
    .join('&');
}

/**
 * The longest input a link holds, in characters. Encoded, an input can triple; browsers refuse
 * URLs past about 2 MB (Chromium), and writing a 50 MB paste into the hash on every keystroke
 * blocked a page for half a minute.
 */
export const LINK_INPUT_LIMIT = 200_000;

/** Longer than a browser keeps: a hash this long may have been cut. */
const HASH_LIMIT = 2_000_000;

/**
 * Replaces the hash (without adding a history entry). An input longer than LINK_INPUT_LIMIT
 * is left out of it (it is never encoded): the link then keeps the rest of the state.
 * @param {Object<string, string>} state see {@link hashFor}
 * @returns {{inputLeftOut: boolean}} whether the input was too long for the link
 */
export function writeHash(state) {
  const inputLeftOut = (state.in ?? '').length > LINK_INPUT_LIMIT;
  const kept = inputLeftOut ? { ...state, in: '' } : state;
  const url = `${window.location.pathname}${window.location.search}#${hashFor(kept)}`;
  window.history.replaceState(window.history.state, '', url);
  return { inputLeftOut };
}
