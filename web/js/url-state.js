// The state of a calculator lives in the URL hash, so a link reproduces an answer:
//   ranked.html#calc=ranked&in=%2B+-+%2B&relevant=5&m=AP%4010
// Keys are public and stable: calc (which calculator: ranked, ndcg, queries, roc, sets,
// multiclass, agreement, correlation, significance, pooling; see calculators.js), in (the pasted
// text), relevant (R, on the pages that have the field), m (comma-separated measure names).
// Conventions, the β field of the sets page and the depth field of the pooling page add no key:
// they live in the names of m, as nDCG(dcg=trec), kappa(chance=pooled), F(beta=2) or pool@3.
// Also: preset (the convention preset: iir, trec10, trec9, sklearn; web/js/presets.js), and a
// problem's problem=1, ask (the measures asked) and reveal (ask | never) (web/js/problem.js).

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
 * Replaces the hash (without adding a history entry).
 * @param {Object<string, string>} state see {@link hashFor}
 */
export function writeHash(state) {
  const url = `${window.location.pathname}${window.location.search}#${hashFor(state)}`;
  window.history.replaceState(window.history.state, '', url);
}
