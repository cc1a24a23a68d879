// What the site's math (render/math.js, KaTeX's HTML with its CSS and fonts) and the embed
// widget's (embed/math-mathml.js, MathML) share: one pair of functions, made for KaTeX options.
// katex.render builds DOM nodes (a strict CSP blocks the style attributes that renderToString +
// innerHTML would need).

import katex from 'katex';

/** Longest LaTeX typeset (characters); a longer one is shown as its source. */
export const MATH_LIMIT = 5000;

/**
 * renderMath and mathBlock over katex.render with `katexOptions` (e.g. {output: 'mathml'}).
 * @param {object} [katexOptions]
 */
export function typesetter(katexOptions = {}) {
  /**
   * Renders `latex` into `element` (replacing its content). If KaTeX cannot parse it, or it is
   * longer than MATH_LIMIT, the source is shown as plain text instead, so the reader still sees
   * the formula.
   * @param {HTMLElement} element
   * @param {string} latex
   * @param {{block?: boolean}} [options] block: full-size math on its own lines. It is KaTeX's
   *   inline mode in \displaystyle rather than display mode, because display mode never wraps
   *   and a long working line must wrap after its = and + signs on a phone.
   * @returns {HTMLElement} the element
   */
  function renderMath(element, latex, { block = false } = {}) {
    if (latex.length > MATH_LIMIT) {
      // The working of a 100,000-rank list can be a sum of thousands of terms: typesetting it
      // would freeze the page for seconds. It is shown as its source, in a box that scrolls.
      element.textContent = latex;
      element.classList.add('math-source');
    } else {
      try {
        katex.render(block ? `\\displaystyle ${latex}` : latex, element, { throwOnError: true, strict: false, ...katexOptions });
      } catch {
        element.textContent = latex;
        element.classList.add('math-source');
      }
    }
    if (block) element.classList.add('math-block');
    return element;
  }

  /**
   * A block of math in a box that scrolls sideways when one unbreakable piece is wider than its
   * container; the box can take focus so that keyboard users can scroll it too.
   * @param {string} latex
   * @param {string} label what the formula is, e.g. "Formula of AP"
   * @returns {HTMLElement}
   */
  function mathBlock(latex, label) {
    const element = document.createElement('div');
    element.setAttribute('tabindex', '0');
    element.setAttribute('role', 'group');
    element.setAttribute('aria-label', label);
    return renderMath(element, latex, { block: true });
  }

  return { renderMath, mathBlock };
}
