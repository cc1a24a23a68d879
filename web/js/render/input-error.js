// @ts-check
// Shows where the input went wrong: the engine's message, the offending line with the span
// marked and a caret under it, aria-invalid on the field, and (when the reader is not typing
// there) the span selected in the field. The user's text is never changed.
//
// The engine counts columns in Unicode code points; the DOM counts UTF-16 code units. The
// conversion walks the line with for…of, which steps by code point.

import { el } from './dom.js';

const CONTEXT = 32; // code points shown either side of the span on a long line

/**
 * The UTF-16 range of `length` code points at 1-based `line`, `column` of `text`.
 * A column past the end of the line lands at its end.
 * @param {string} text
 * @param {{line: number, column: number, length: number}} where
 * @returns {{start: number, end: number}}
 */
export function spanToRange(text, { line, column, length }) {
  const lines = text.split('\n');
  const lineIndex = Math.min(Math.max(line, 1), lines.length) - 1;
  const lineStart = lines.slice(0, lineIndex).reduce((sum, previous) => sum + previous.length + 1, 0);
  const codePoints = [...lines[lineIndex]];
  const unitsBefore = (count) => codePoints.slice(0, count).join('').length;
  const first = Math.max(column, 1) - 1;
  return {
    start: lineStart + unitsBefore(first),
    end: lineStart + unitsBefore(first + Math.max(length, 0)),
  };
}

/**
 * The offending line cut to a window around the span: [before, marked, after] plus the caret
 * (the calculator pages' error box, and the embeddable widget's).
 * @param {string} text
 * @param {{line: number, column: number, length: number}} where
 * @returns {{before: string, marked: string, after: string, caret: string}}
 */
export function markedLine(text, { line, column, length }) {
  const codePoints = [...(text.split('\n')[line - 1] ?? '')].map((c) => (c === '\t' ? ' ' : c));
  const first = Math.max(column, 1) - 1;
  const last = first + Math.max(length, 1);
  const from = Math.max(0, first - CONTEXT);
  const to = Math.min(codePoints.length, last + CONTEXT);
  const before = (from > 0 ? '…' : '') + codePoints.slice(from, first).join('');
  const marked = codePoints.slice(first, last).join('');
  const after = codePoints.slice(last, to).join('') + (to < codePoints.length ? '…' : '');
  const caret = ' '.repeat([...before].length) + '^' + '~'.repeat(Math.max(length, 1) - 1);
  return { before, marked, after, caret };
}

/**
 * Selects the error's span in the field and focuses it (for a "show me" button).
 * @param {HTMLTextAreaElement | HTMLInputElement} control
 * @param {{line: number, column: number, length: number}} where
 */
export function selectErrorSpan(control, where) {
  const { start, end } = spanToRange(control.value, where);
  control.focus();
  control.setSelectionRange(start, end);
}

function describedBy(control, extraId) {
  control.dataset.describedByBase ??= control.getAttribute('aria-describedby') ?? '';
  const ids = [control.dataset.describedByBase, extraId].filter(Boolean).join(' ');
  if (ids) control.setAttribute('aria-describedby', ids);
  else control.removeAttribute('aria-describedby');
}

/**
 * Shows `error` for `control` in `messageElement` (which needs an id).
 * @param {HTMLTextAreaElement | HTMLInputElement} control
 * @param {import('../engine.js').InputError} error positions relative to control.value
 * @param {HTMLElement} messageElement
 */
export function showInputError(control, error, messageElement) {
  messageElement.replaceChildren(el('p', { class: 'error-message', text: error.message }));
  messageElement.hidden = false;
  messageElement.dataset.line = String(error.line);
  messageElement.dataset.column = String(error.column);
  control.setAttribute('aria-invalid', 'true');
  describedBy(control, messageElement.id);
  if (error.line <= 0) return;

  const { before, marked, after, caret } = markedLine(control.value, error);
  const showButton = el('button', { type: 'button', class: 'link-button', text: 'Select it in the field' });
  showButton.addEventListener('click', () => selectErrorSpan(control, error));
  messageElement.append(
    el(
      'div',
      { class: 'error-marker' },
      el('p', { class: 'error-where' }, `Line ${error.line}, column ${error.column}`, ' ', showButton),
      el(
        'pre',
        { 'aria-hidden': 'true' },
        el('code', {}, before, el('mark', { text: marked }), after, '\n', el('span', { class: 'error-caret', text: caret })),
      ),
    ),
  );
  // Moving the selection while the reader types would make the next key replace it.
  if (document.activeElement !== control) {
    const { start, end } = spanToRange(control.value, error);
    control.setSelectionRange(start, end);
  }
}

/**
 * Removes what {@link showInputError} added.
 * @param {HTMLTextAreaElement | HTMLInputElement} control
 * @param {HTMLElement} messageElement
 */
export function clearInputError(control, messageElement) {
  control.removeAttribute('aria-invalid');
  describedBy(control, '');
  messageElement.hidden = true;
  messageElement.replaceChildren();
  delete messageElement.dataset.line;
  delete messageElement.dataset.column;
}
