// "Check my answer": the field under a result where a student types their own answer, and the
// verdict the core gives (engine.js check()). Render only: the check itself is passed in, so
// this module never touches wasm (the calculator pages and the embeddable widget share it).

import { el, uniqueId } from './dom.js';

/**
 * @typedef {{correct: boolean, matched: string | null, why: string, measure: string,
 *            label: string, precision: string, expected: import('../engine.js').Num,
 *            answer: {text: string, form: string, value: string, decimals: number}}} CheckValue
 * @typedef {{ok: true, value: CheckValue} |
 *           {ok: false, error: import('../engine.js').InputError}} CheckResult
 */

/**
 * The verdict as nodes: "✓ Correct at 2 decimals." or "✗ Not AP@10 at 1 decimal.", then the
 * core's sentence, then the name of the convention or slip it matched.
 * @param {CheckResult} result
 * @returns {Node[]}
 */
export function renderCheckResult(result) {
  if (!result.ok) {
    return [el('span', { class: 'check-verdict is-error', text: result.error.message })];
  }
  const { correct, matched, why, precision, label } = result.value;
  const verdict = correct ? `✓ Correct ${precision}.` : `✗ Not ${label} ${precision}.`;
  return [
    el('span', { class: `check-verdict ${correct ? 'is-correct' : 'is-wrong'}`, text: verdict }),
    ' ',
    el('span', { class: 'check-why', text: why }),
    matched && el('span', { class: 'check-matched' }, ' (', el('code', { text: matched }), ')'),
  ];
}

/**
 * A labelled answer field with a Check button and a role=status verdict. Checking runs on the
 * button, on Enter, and again when `initial` is given (the page re-renders after each edit, and
 * the student's answer stays).
 * @param {{label: string, check: (answer: string) => Promise<CheckResult>,
 *          initial?: string, onAnswer?: (answer: string) => void}} options
 *   label: what the answer is for ("AP@10"); check: the engine's check for this measure and
 *   input; onAnswer: told the typed answer each time it is checked (to keep it across renders)
 * @returns {HTMLElement} div.check-answer
 */
export function renderCheckField({ label, check, initial = '', onAnswer }) {
  const id = uniqueId('check-answer');
  const hintId = `${id}-hint`;
  const input = el('input', {
    id,
    type: 'text',
    inputmode: 'decimal',
    spellcheck: 'false',
    autocomplete: 'off',
    'aria-describedby': hintId,
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
    status.replaceChildren(...renderCheckResult(result).filter(Boolean));
    status.dataset.checked = answer; // which answer the verdict is about (tests wait for it)
  }
  button.addEventListener('click', run);
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // not the calculator form's submit
    run();
  });
  if (initial.trim()) run();
  return el(
    'div',
    { class: 'check-answer' },
    el('label', { for: id }, 'Your answer for ', el('code', { text: label })),
    el('p', { class: 'hint', id: hintId, text: 'A decimal (0.25), a fraction (1/4) or a percentage (25%), judged at the decimals you type.' }),
    el('div', { class: 'check-row' }, input, button),
    status,
  );
}
