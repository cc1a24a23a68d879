// @ts-check
// LaTeX on the site's pages: KaTeX's MathML output (render/math-mathml.js), loaded when the first
// formula is shown, so that a page opened without an answer does not download KaTeX (its
// script is 76 KB gzip, half of a calculator page's first visit). Until it arrives, a formula
// shows its LaTeX source; then it is typeset in place. A page opened on an answer (a share link)
// asks for it at once (loadMath), beside the engine, so that it is usually there first. The
// embed widget swaps this module for render/math-mathml.js itself (one script, typeset at once).

/** @type {typeof import('./math-mathml.js') | null} */
let typeset = null;
/** @type {Promise<void> | null} */
let loading = null;
/** Formulas shown before KaTeX arrived: element -> its LaTeX. */
const waiting = new Map();

/**
 * Starts loading KaTeX (once); resolves when every formula shown so far is typeset (or, if the
 * module cannot be loaded, left as its source).
 * @returns {Promise<void>}
 */
export function loadMath() {
  loading ??= import('./math-mathml.js').then(
    (module) => {
      typeset = module;
      for (const [element, latex] of waiting) {
        element.classList.remove('math-pending');
        module.renderMath(element, latex, { block: true });
      }
      waiting.clear();
    },
    () => {
      // Offline after the page loaded, say: the source stays, as for a formula KaTeX refuses.
      for (const element of waiting.keys()) element.classList.replace('math-pending', 'math-source');
      waiting.clear();
    },
  );
  return loading;
}

/** Resolves when no formula is waiting for KaTeX. */
export function mathSettled() {
  return waiting.size === 0 ? Promise.resolve() : loadMath();
}

/**
 * A block of math in a box that scrolls sideways when one unbreakable piece is wider than its
 * container (render/typeset.js); typeset at once when KaTeX is loaded, else when it arrives.
 * @param {string} latex
 * @param {string} label what the formula is, e.g. "Formula of AP"
 * @returns {HTMLElement}
 */
export function mathBlock(latex, label) {
  if (typeset) return typeset.mathBlock(latex, label);
  const element = document.createElement('div');
  element.setAttribute('tabindex', '0');
  element.setAttribute('role', 'group');
  element.setAttribute('aria-label', label);
  element.className = 'math-block math-pending';
  element.textContent = latex;
  waiting.set(element, latex);
  void loadMath();
  return element;
}
