// @ts-check
// "Check my answer": the field under a result where a student types their own answer, and the
// verdict the core gives (engine.js check()). Render only: the check itself is passed in, so
// this module never touches wasm (the calculator pages and the embeddable widget share it).

import { el, uniqueId } from './dom.js';

/**
 * @typedef {import('../irmetrics.js').Check} CheckValue
 * @typedef {{ok: true, value: CheckValue, error?: undefined} |
 *           {ok: false, error: import('../engine.js').InputError, value?: undefined}} CheckResult
 */

/**
 * Whether the core's sentence shows the value asked for: its fraction or its decimal to 2–6
 * places ("AP@10 = 28/45 ≈ 0.6222 rounds to 0.6 at 1 decimal").
 * @param {string} why
 * @param {import('../engine.js').Num | undefined} expected
 */
function showsValue(why, expected) {
  if (!expected) return false;
  const shown = [2, 3, 4, 5, 6].map((places) => Math.abs(expected.approx).toFixed(places));
  if (expected.exact && expected.exact.includes('/')) shown.push(expected.exact.replace(/^-/, ''));
  return shown.some((text) => why.includes(text));
}

/**
 * The verdict's first words and its class: "✓ Correct at 2 decimals." (is-correct), "✓ Correct
 * under AP(norm=retrieved)@10 at 2 decimals." (a convention: is-correct is-convention, green, never
 * a ✗), or "✗ Not AP@10 at 1 decimal." (a slip, or nothing known: is-wrong).
 * @param {CheckValue} value
 * @returns {{text: string, className: string}}
 */
export function verdictLine(value) {
  const { correct, precision, label, key } = value;
  const verdict = value.verdict ?? (correct ? 'correct' : 'unknown');
  if (verdict === 'correct') return { text: `✓ Correct ${precision}.`, className: 'is-correct' };
  if (verdict === 'correct_under_convention') {
    const names = (value.candidates ?? []).filter((c) => c.kind === 'convention').map((c) => c.measure);
    const under = names.length ? names.join(' or ') : value.convention;
    return { text: `✓ Correct under ${under} ${precision}.`, className: 'is-correct is-convention' };
  }
  return { text: `✗ Not ${key || label} ${precision}.`, className: 'is-wrong' };
}

/**
 * The core's sentence after the verdict line: for a convention, without its lead "Correct under
 * AP(norm=retrieved): ", which the verdict line already says.
 * @param {CheckValue} value
 */
export function whyAfterVerdict(value) {
  const lead = `Correct under ${value.convention}: `;
  if (value.verdict !== 'correct_under_convention' || !value.why.startsWith(lead)) return value.why;
  const rest = value.why.slice(lead.length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * The conventions of a check, each as "AP(norm=retrieved)@10: dividing by the 3 relevant
 * documents retrieved, as scikit-learn's average_precision_score does …": what each does and who
 * uses it, with no value (a problem that hides values may show it).
 * @param {CheckValue} value
 * @param {string} lead "Also " before each convention of a right answer, '' otherwise
 */
function conventionNotes(value, lead) {
  return (value.candidates ?? [])
    .filter((c) => c.kind === 'convention')
    .map((c) => el('span', { class: 'check-convention' }, ' ', lead, el('code', { text: c.measure ?? c.name }), `: ${c.why}.`));
}

/**
 * The verdict as nodes: "✓ Correct at 2 decimals.", "✓ Correct under AP(norm=retrieved) at 2
 * decimals." or "✗ Not AP@10 at 1 decimal.", then the core's sentence, then the name of the
 * convention or slip it matched, or, when several causes give the digits typed, each of them.
 * With `hideValue` (a problem whose working is never shown) a sentence that shows the value asked
 * for is left out: a right 0.6 is confirmed without 28/45 ≈ 0.6222, an answer right under another
 * convention is told which (what it does and who uses it) without the default's value, and nothing
 * reveals digits the student did not type. `hideDefault` (every problem, whose values stay hidden
 * until the working is shown) does the same for a convention's verdict only: the core's sentence
 * states the default's value there, which is the problem's answer.
 * @param {CheckResult} result
 * @param {{hideValue?: boolean, hideDefault?: boolean}} [options]
 * @returns {(Node | string | false | null)[]} with the parts left out as false, '' or null
 */
export function renderCheckResult(result, { hideValue = false, hideDefault = false } = {}) {
  if (!result.ok) {
    return [el('span', { class: 'check-verdict is-error', text: result.error.message })];
  }
  const value = result.value;
  const { correct, matched, why, hint, expected } = value;
  const candidates = value.candidates ?? [];
  const { text, className } = verdictLine(value);
  const verdict = el('span', { class: `check-verdict ${className}`, text });
  const underConvention = value.verdict === 'correct_under_convention';
  // The core's `why` states the default's value for a convention verdict and the value of a
  // right answer: hidden, the conventions are said from their own sentences, which hold none.
  if ((hideValue && (correct || underConvention || showsValue(why, expected))) || (hideDefault && underConvention)) {
    const slips = underConvention && candidates.some((c) => c.kind === 'slip');
    return [
      verdict,
      ...(correct || underConvention ? conventionNotes(value, correct ? 'It is also ' : '') : []),
      slips && el('span', { class: 'check-convention', text: ' A slip gives the same digits too: type more decimals to tell them apart.' }),
      underConvention && candidates.length === 1 && matched && el('span', { class: 'check-matched' }, ' (', el('code', { text: matched }), ')'),
      !correct && !underConvention && hint && ' ',
      !correct && !underConvention && hint && el('span', { class: 'check-hint' }, el('strong', { text: 'Hint: ' }), hint),
    ];
  }
  const several = candidates.length > 1 && !correct;
  return [
    verdict,
    ' ',
    el('span', { class: 'check-why', text: whyAfterVerdict(value) }),
    !several && matched && el('span', { class: 'check-matched' }, ' (', el('code', { text: matched }), ')'),
    // Several causes give the digits typed: each, with what it does or what to change (spans:
    // the verdict is a paragraph, which holds no list).
    several &&
      el(
        'span',
        { class: 'check-candidates' },
        ...candidates.map((c) => el('span', { class: 'check-candidate' }, ' ', el('code', { text: c.kind === 'convention' ? c.measure ?? c.name : c.name }), `: ${c.why}`)),
      ),
    // What to look at again when nothing the calculator knows gives the answer: a quantity to
    // check, never the right value (a problem may hide the working).
    !correct && hint && el('span', { class: 'check-hint' }, el('strong', { text: 'Hint: ' }), hint),
  ];
}

/**
 * A labelled answer field with a Check button and a role=status verdict. Checking runs on the
 * button, on Enter, and again when `initial` is given (the page re-renders after each edit, and
 * the student's answer stays).
 * @param {{label: string, check: (answer: string) => Promise<CheckResult>,
 *          initial?: string, onAnswer?: (answer: string) => void, compact?: boolean,
 *          describedBy?: string, hint?: boolean, headed?: boolean, hideValue?: boolean,
 *          hideDefault?: boolean}} options
 *   label: what the answer is for ("AP@10"); check: the engine's check for this measure and
 *   input; onAnswer: told the typed answer each time it is checked (to keep it across renders);
 *   compact: a one-line row (the label is the name alone); hint: false leaves out the line on
 *   how to type an answer (said once elsewhere, whose id `describedBy` names); headed: a heading
 *   just above names the measure, so the label is for screen readers only; hideValue: the
 *   verdicts never show the value asked for (renderCheckResult); hideDefault: a convention's
 *   verdict does not show the default's value (a problem's fields)
 * @returns {HTMLElement} div.check-answer
 */
export function renderCheckField({ label, check, initial = '', onAnswer, compact = false, describedBy = '', hint = true, headed = false, hideValue = false, hideDefault = false }) {
  const id = uniqueId('check-answer');
  const hintId = `${id}-hint`;
  // inputmode text, not decimal: a phone's decimal pad has no '/', '%' or '−', which answers
  // use (28/45, 62%, −0.3); nothing is corrected or capitalised on the way.
  const input = el('input', {
    id,
    type: 'text',
    inputmode: 'text',
    spellcheck: 'false',
    autocomplete: 'off',
    autocorrect: 'off',
    autocapitalize: 'off',
    placeholder: ANSWER_PLACEHOLDER,
    'aria-describedby': compact || !hint ? describedBy || null : hintId,
    value: initial,
  });
  const button = el('button', { type: 'button', class: 'secondary', text: 'Check' });
  const status = el('p', { class: 'check-result', role: 'status' });
  let generation = 0;
  async function run() {
    const answer = input.value;
    onAnswer?.(answer);
    const current = ++generation;
    if (!answer.trim()) {
      status.replaceChildren();
      delete status.dataset.checked;
      input.removeAttribute('aria-invalid');
      return;
    }
    const result = await check(answer);
    if (current !== generation) return;
    if (result.ok) input.removeAttribute('aria-invalid');
    else input.setAttribute('aria-invalid', 'true');
    status.replaceChildren(.../** @type {(Node | string)[]} */ (renderCheckResult(result, { hideValue, hideDefault }).filter(Boolean)));
    status.dataset.checked = answer; // which answer the verdict is about (tests wait for it)
  }
  button.addEventListener('click', run);
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // not the calculator form's submit
    run();
  });
  if (initial.trim()) run();
  if (compact) {
    // A row of the quantity checks: the quantity's name, the field and its verdict.
    return el(
      'div',
      // Not .check-answer: that is the answer's own field, one per answer.
      { class: 'quantity-check', 'data-check-key': label },
      el('label', { for: id }, el('code', { text: label })),
      el('div', { class: 'check-row' }, input, button),
      status,
    );
  }
  return el(
    'div',
    { class: 'check-answer' },
    el('label', { for: id, class: headed ? 'visually-hidden' : null }, 'Your answer for ', el('code', { text: label })),
    hint && el('p', { class: 'hint', id: hintId, text: ANSWER_FORMS }),
    el('div', { class: 'check-row' }, input, button),
    status,
  );
}

/** How an answer may be typed: the hint under an answer field. */
export const ANSWER_FORMS =
  'A decimal (0.25 or −0.3), a fraction (1/4), a percentage (25%) or the first digits (0.41...), judged at the decimals you type.';

/** The answer fields' placeholder: the forms a phone keyboard must let a student type. */
export const ANSWER_PLACEHOLDER = '0.62, 28/45 or 62%';

/**
 * The named quantities of an answer other than its value: AP's sum, R and normaliser, but not
 * "AP" itself, which the answer's own field checks.
 * @param {import('../engine.js').Outcome} outcome
 * @returns {string[]}
 */
export function otherQuantities(outcome) {
  const own = [outcome.label, outcome.measure, outcome.measure.replace(/[(@].*$/s, '')].map((name) => name?.toLowerCase());
  return Object.keys(outcome.values ?? {}).filter((key) => !own.includes(key.toLowerCase()));
}

/**
 * A field for each named quantity of an answer (Outcome.values: a confusion matrix's precision,
 * recall, accuracy…; a t-test's t, df and p), behind a disclosure: "Check the other quantities (15)".
 * Only the names are shown, never the values, so a problem can use it too. It opens by itself
 * when one of its fields already holds an answer (the page re-renders as the reader types).
 * @param {{keys: string[], check: (answer: string, key: string) => Promise<CheckResult>,
 *          answers: Map<string, string>, prefix: string, hideValue?: boolean, hideDefault?: boolean}} options
 *   keys: the quantities' names; answers: typed answers, kept across renders under
 *   `${prefix}${key}`; hideValue, hideDefault: as renderCheckField's
 * @returns {HTMLElement | null} details.quantity-checks, or null when there is no quantity
 */
export function renderQuantityChecks({ keys, check, answers, prefix, hideValue = false, hideDefault = false }) {
  if (!keys.length) return null;
  const hintId = uniqueId('quantity-hint');
  const rows = keys.map((key) =>
    renderCheckField({
      label: key,
      compact: true,
      describedBy: hintId,
      check: (answer) => check(answer, key),
      initial: answers.get(`${prefix}${key}`) ?? '',
      onAnswer: (answer) => answers.set(`${prefix}${key}`, answer),
      hideValue,
      hideDefault,
    }),
  );
  const open = keys.some((key) => (answers.get(`${prefix}${key}`) ?? '').trim() !== '');
  return el(
    'details',
    { class: 'quantity-checks', open: open || null },
    el('summary', { text: `Check the other quantities (${keys.length})` }),
    el('p', { class: 'hint', id: hintId, text: `Each named quantity of this answer. ${ANSWER_FORMS}` }),
    el('div', { class: 'quantity-check-list' }, ...rows),
  );
}
