// @ts-check
// Numbers as the page shows them: "28/45 ≈ 0.6222", "1/2 = 0.5", "0.9189". Display rounding
// lives here and nowhere else; the engine keeps full precision.

/** Decimal places shown unless a caller asks for more. */
export const DEFAULT_DIGITS = 4;

/**
 * The sentence a page shows next to its answers so readers know how decimals were made.
 * @param {number} [digits]
 * @returns {string}
 */
export function roundingNote(digits = DEFAULT_DIGITS) {
  return `Fractions are exact. Decimals are rounded to ${digits} places, halves away from zero; ` +
    `a value under ${10 ** -(digits - 1) < 1e-6 ? `1e-${digits - 1}` : (10 ** -(digits - 1)).toFixed(digits - 1)} to ${digits} significant digits.`;
}

/** "28/45" → {num: 28n, den: 45n}; null for anything else. */
function parseExact(exact) {
  const match = /^(-?\d+)(?:\/(\d+))?$/.exec(exact ?? '');
  if (!match) return null;
  const den = BigInt(match[2] ?? 1);
  return den > 0n ? { num: BigInt(match[1]), den } : null;
}

/** Digits after the point in num/den written out, or Infinity when it repeats. */
function terminatingPlaces(den) {
  let twos = 0;
  let fives = 0;
  for (; den % 2n === 0n; den /= 2n) twos += 1;
  for (; den % 5n === 0n; den /= 5n) fives += 1;
  return den === 1n ? Math.max(twos, fives) : Infinity;
}

/** num/den rounded to `digits` places, halves away from zero, without binary floating point. */
function roundFraction({ num, den }, digits) {
  const scale = 10n ** BigInt(digits);
  const negative = num < 0n;
  const magnitude = negative ? -num : num;
  const scaled = (2n * magnitude * scale + den) / (2n * den); // floor(x + 1/2)
  const whole = (scaled / scale).toString();
  const fraction = (scaled % scale).toString().padStart(digits, '0');
  const text = digits > 0 ? `${whole}.${fraction}` : whole;
  return negative && scaled !== 0n ? `-${text}` : text;
}

/** A double rounded to `digits` places; "−0.0000" never appears. */
function roundApprox(approx, digits) {
  const text = Math.abs(approx).toFixed(digits);
  return approx < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/**
 * A value so small that `digits` places would keep less than two of its significant digits
 * (under 0.001 at 4 places: a p of 6.594e-05 is not "0.0001") is written to `digits`
 * significant digits instead: "0.00006594", "1.200e-10". Null for any other value.
 */
function smallDecimal(value, digits) {
  if (value === 0 || !Number.isFinite(value) || Math.abs(value) >= 10 ** -(digits - 1)) return null;
  return value.toPrecision(Math.max(1, digits));
}

/** Trailing zeros dropped from a decimal that is already exact: "0.7000" → "0.7". */
const trimZeros = (text) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/**
 * The parts of a number for display.
 *  - exact: the fraction as the engine wrote it ("28/45"), or "" when there is none;
 *  - relation: "=" when the decimal is exact, "≈" when it is rounded, "" when there is no fraction
 *    or the fraction is a whole number;
 *  - decimal: the value to `digits` places ("0.6222"; "0.7" or "7" when that is exact); "—" if
 *    not a number;
 *  - formula: how an irrational value was made ("4 + 3/log2(3)"), or "".
 * @param {{approx: number, exact: string | null, formula?: string}} num a Num (or without formula)
 * @param {number} [digits]
 * @returns {{exact: string, relation: '' | '=' | '≈', decimal: string, formula: string}}
 */
export function numParts(num, digits = DEFAULT_DIGITS) {
  const formula = num?.formula ?? '';
  const fraction = parseExact(num?.exact);
  if (fraction) {
    const exact = num.exact;
    if (fraction.den === 1n) return { exact, relation: '', decimal: exact, formula };
    const isExactDecimal = terminatingPlaces(fraction.den) <= digits;
    const small = isExactDecimal ? null : smallDecimal(Number(fraction.num) / Number(fraction.den), digits);
    if (small) return { exact, relation: '≈', decimal: small, formula };
    const decimal = roundFraction(fraction, digits);
    return isExactDecimal
      ? { exact, relation: '=', decimal: trimZeros(decimal), formula }
      : { exact, relation: '≈', decimal, formula };
  }
  const approx = num?.approx;
  if (!Number.isFinite(approx)) return { exact: '', relation: '', decimal: '—', formula };
  // A value too small for a double is given as its bound (a sign test's p "< 1e-300"), never 0.
  if (approx === 0 && formula.startsWith('< ')) return { exact: '', relation: '', decimal: formula, formula: '' };
  const small = smallDecimal(approx, digits);
  if (small) return { exact: '', relation: '', decimal: small, formula };
  const decimal = roundApprox(approx, digits);
  // 4 + 3/log2(2) is exactly 7: write "7", as the notes do, not "7.0000".
  return { exact: '', relation: '', decimal: Number(decimal) === approx ? trimZeros(decimal) : decimal, formula };
}

/**
 * A number rounded to `digits` places (halves away from zero), trailing zeros dropped, as a quiz
 * system reads one: "0.6222", "-0.4", "3", "0.001", "0". Unlike numParts, a small value is
 * rounded too (1/30000 is "0"). Null when there is no value to round: not finite ("—"), or given
 * as a bound ("< 1e-300").
 * @param {{approx: number, exact: string | null, formula?: string}} num
 * @param {number} [digits]
 * @returns {string | null}
 */
export function plainDecimal(num, digits = DEFAULT_DIGITS) {
  const fraction = parseExact(num?.exact);
  if (fraction) return trimZeros(roundFraction(fraction, digits));
  const approx = num?.approx;
  if (!Number.isFinite(approx) || (approx === 0 && (num.formula ?? '').startsWith('< '))) return null;
  return trimZeros(roundApprox(approx, digits));
}

/**
 * One line of text for a number: "28/45 ≈ 0.6222", "1/2 = 0.5", "3", "0.9189".
 * The formula of an irrational value is not included (see {@link numParts}).
 * @param {{approx: number, exact: string | null, formula?: string}} num a Num (or without formula)
 * @param {number} [digits]
 * @returns {string}
 */
export function formatNum(num, digits = DEFAULT_DIGITS) {
  const { exact, relation, decimal } = numParts(num, digits);
  return relation ? `${exact} ${relation} ${decimal}` : decimal;
}

/**
 * "AP@10 = 28/45 ≈ 0.6222": a name and its value, or "p < 1e-300" for a value given as a bound.
 * @param {string} name
 * @param {import('../web/js/irmetrics.js').Num} num
 * @param {number} [digits]
 */
export function formatAnswer(name, num, digits = DEFAULT_DIGITS) {
  const text = formatNum(num, digits);
  return text.startsWith('< ') ? `${name} ${text}` : `${name} = ${text}`;
}

/** "1 exercise", "3 exercises": a count and its noun. */
export const plural = (count, one, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * Whether a character is shown as its code point, ⟨U+XXXX⟩: controls (but tab and newline), DEL
 * and the C1 block, bidirectional controls and marks, zero-width characters, and a lone
 * surrogate. The same set as the core's irm::visible (core/src/parse/text.cpp), which writes
 * labels in the working and the TREC reports.
 * @param {number} cp
 */
function shownAsCode(cp) {
  if (cp < 0x20) return cp !== 0x09 && cp !== 0x0a;
  if (cp >= 0x7f && cp <= 0x9f) return true;
  if (cp === 0x061c || cp === 0x200e || cp === 0x200f) return true; // Arabic, LTR, RTL marks
  if (cp >= 0x202a && cp <= 0x202e) return true; // embeddings, overrides
  if (cp >= 0x2066 && cp <= 0x2069) return true; // isolates
  if (cp >= 0x200b && cp <= 0x200d) return true; // zero-width space, (non)joiner
  if (cp >= 0xd800 && cp <= 0xdfff) return true; // a surrogate left alone
  return (cp >= 0x2060 && cp <= 0x2064) || cp === 0xfeff; // word joiner, invisible operators, BOM
}

/**
 * Pasted text as a reader can see it: every character that would be invisible or would reorder
 * what follows ("D1\u202Eabc" reads "D1cba") written as its code point, "D1⟨U+202E⟩abc".
 * @param {string} text
 * @returns {string}
 */
export function visible(text) {
  let out = '';
  for (const char of text) {
    const cp = /** @type {number} */ (char.codePointAt(0));
    out += shownAsCode(cp) ? `⟨U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟩` : char;
  }
  return out;
}
