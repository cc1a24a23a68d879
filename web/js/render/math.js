// LaTeX into an element with katex.render, which builds DOM nodes (a strict CSP blocks the
// style attributes that renderToString + innerHTML would need).

import katex from 'katex';
import 'katex/dist/katex.min.css';

/** Longest LaTeX typeset (characters); a longer one is shown as its source. */
const MATH_LIMIT = 5000;

/**
 * Renders `latex` into `element` (replacing its content). If KaTeX cannot parse it, or it is
 * longer than MATH_LIMIT, the source is shown as plain text instead, so the reader still sees
 * the formula.
 * @param {HTMLElement} element
 * @param {string} latex
 * @param {{block?: boolean}} [options] block: full-size math on its own lines. It is KaTeX's
 *   inline mode in \displaystyle rather than display mode, because display mode never wraps and
 *   a long working line must wrap after its = and + signs on a phone.
 * @returns {HTMLElement} the element
 */
export function renderMath(element, latex, { block = false } = {}) {
  if (latex.length > MATH_LIMIT) {
    // The working of a 100,000-rank list can be a sum of thousands of terms: typesetting it
    // would freeze the page for seconds. It is shown as its source, in a box that scrolls.
    element.textContent = latex;
    element.classList.add('math-source');
    if (block) element.classList.add('math-block');
    return element;
  }
  try {
    katex.render(block ? `\\displaystyle ${latex}` : latex, element, { throwOnError: true, strict: false });
  } catch {
    element.textContent = latex;
    element.classList.add('math-source');
  }
  if (block) element.classList.add('math-block');
  return element;
}

/**
 * A block of math in a box that scrolls sideways when one unbreakable piece is wider than the
 * page; the box can take focus so that keyboard users can scroll it too.
 * @param {string} latex
 * @param {string} label what the formula is, e.g. "Formula of AP"
 * @returns {HTMLElement}
 */
export function mathBlock(latex, label) {
  const element = document.createElement('div');
  element.setAttribute('tabindex', '0');
  element.setAttribute('role', 'group');
  element.setAttribute('aria-label', label);
  return renderMath(element, latex, { block: true });
}
