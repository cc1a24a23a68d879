// @ts-check
// Formulas typeset by KaTeX (render/math-mathml.js, MathML, for the site's pages and the embed
// widget): one pair of functions, made for KaTeX and its options.
// katex.render builds DOM nodes (a strict CSP blocks the style attributes that renderToString +
// innerHTML would need).

import { formulaLines } from './math-lines.js';

/** Longest LaTeX typeset (characters); a longer one is shown as its source. */
export const MATH_LIMIT = 5000;

/**
 * renderMath and mathBlock over katex.render with `katexOptions` (e.g. {output: 'mathml'}).
 * @param {typeof import('katex').default} katex the KaTeX module's default export
 * @param {import('katex').KatexOptions} [katexOptions]
 */
export function typesetter(katex, katexOptions = {}) {
  const options = { throwOnError: true, strict: false, ...katexOptions };
  // MathML is never line-broken by the browser: its segments are cut into pieces as well.
  const pieces = katexOptions.output === 'mathml';

  const span = (className) => {
    const element = document.createElement('span');
    element.className = className;
    return element;
  };

  /** Typesets `latex` in display style into a new span of class `className`. */
  const displayed = (latex, className) => {
    const element = span(className);
    katex.render(`\\displaystyle ${latex}`, element, options);
    return element;
  };

  /**
   * A block formula cut into lines and segments (render/math-lines.js) that wrap on a narrow
   * screen: each segment ("= 1/10 · 8107/1680") stays whole on a line when it fits, and wraps
   * after its operators when it does not. An aligned environment keeps its two columns: the
   * left sides, and the rest, which wraps. Throws when KaTeX cannot typeset a piece.
   * @returns {{lines: HTMLElement[], aligned: boolean} | null} null when there is nothing to cut
   */
  function wrappingLines(latex) {
    const layout = formulaLines(latex, { pieces });
    if (!layout) return null;
    const [first] = layout.lines;
    if (!layout.aligned && layout.lines.length === 1 && first.segments.length === 1 && first.segments[0].length === 1 && first.segments[0][0] === latex.trim()) {
      return null; // nothing to cut: typeset whole
    }
    const lines = layout.lines.map(({ left, segments }) => {
      const line = span('math-line');
      if (layout.aligned) line.append(left ? displayed(left, 'math-left') : span('math-left'));
      const rest = layout.aligned ? span('math-right') : line;
      for (const segment of segments) {
        const box = span('math-segment');
        box.append(...segment.map((piece) => displayed(piece, 'math-piece')));
        rest.append(box);
      }
      if (rest !== line) line.append(rest);
      return line;
    });
    return { lines, aligned: layout.aligned };
  }

  /**
   * Renders `latex` into `element` (replacing its content). If KaTeX cannot parse it, or it is
   * longer than MATH_LIMIT, the source is shown as plain text instead, so the reader still sees
   * the formula.
   * @param {HTMLElement} element
   * @param {string} latex
   * @param {{block?: boolean}} [renderOptions] block: full-size math on its own lines. It is
   *   KaTeX's inline mode in \displaystyle rather than display mode, because display mode never
   *   wraps; and it is cut into lines and segments (wrappingLines) so that a long working line
   *   wraps on a phone after its = and + signs, inside brackets too.
   * @returns {HTMLElement} the element
   */
  function renderMath(element, latex, { block = false } = {}) {
    if (latex.length > MATH_LIMIT) {
      // The working of a 100,000-rank list can be a sum of thousands of terms: typesetting it
      // would freeze the page for seconds. It is shown as its source, in a box that scrolls.
      element.textContent = latex;
      element.classList.add('math-source');
    } else {
      let cut = null;
      if (block) {
        try {
          cut = wrappingLines(latex);
        } catch {
          cut = null; // typeset whole below, as written
        }
      }
      if (cut) {
        element.replaceChildren(...cut.lines);
        element.classList.add('math-lines');
        element.classList.toggle('math-aligned', cut.aligned);
      } else {
        try {
          katex.render(block ? `\\displaystyle ${latex}` : latex, element, options);
        } catch {
          element.textContent = latex;
          element.classList.add('math-source');
        }
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
