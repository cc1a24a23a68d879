// The embed build's stand-in for web/js/render/math.js (scripts/build-embed.mjs aliases it):
// the same two functions, rendering LaTeX as MathML instead of KaTeX's HTML.
//
// Why: KaTeX's HTML output needs katex.css and 20 font files. A single classic script cannot
// fetch them (the widget must work offline, from file://, and under `default-src 'self'` on a
// page that is not ours), and inlining them as data: URLs is refused by that same policy
// (font-src falls back to 'self'). MathML is drawn by the browser itself with its own math
// fonts (Chromium 109+, Firefox, Safari), needs no stylesheet, and katex.render builds it as
// DOM nodes, so the strict CSP holds.

import katex from 'katex';

/**
 * Renders `latex` into `element` as MathML (replacing its content). If KaTeX cannot parse it,
 * the source is shown as plain text instead.
 * @param {HTMLElement} element
 * @param {string} latex
 * @param {{block?: boolean}} [options] block: full-size math on its own line
 * @returns {HTMLElement} the element
 */
export function renderMath(element, latex, { block = false } = {}) {
  try {
    katex.render(block ? `\\displaystyle ${latex}` : latex, element, { throwOnError: true, strict: false, output: 'mathml' });
  } catch {
    element.textContent = latex;
    element.classList.add('math-source');
  }
  if (block) element.classList.add('math-block');
  return element;
}

/**
 * A block of math in a box that scrolls sideways when it is wider than the widget.
 * @param {string} latex
 * @param {string} label what the formula is, e.g. "Formula: AP"
 * @returns {HTMLElement}
 */
export function mathBlock(latex, label) {
  const element = document.createElement('div');
  element.setAttribute('tabindex', '0');
  element.setAttribute('role', 'group');
  element.setAttribute('aria-label', label);
  return renderMath(element, latex, { block: true });
}
