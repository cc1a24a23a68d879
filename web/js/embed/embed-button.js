// @ts-check
// The "Embed" button of every calculator page (web/partials/calculator.html): the page's current
// state as the snippets an instructor pastes into a course page (snippets.js): the no-script
// iframe of measured height for editors that strip scripts (Canvas, Moodle, Blackboard; fit.js),
// the script form (irmetrics-embed.js + <ir-calculator …>) and the iframe form (embed.html + the
// resizer), each in a read-only textarea with its own Copy button.
//
// The page provides [data-embed] (the button, aria-controls the panel) and [data-embed-panel]
// holding #embed-lms, #embed-script, #embed-frame, [data-embed-copy="ID"] buttons,
// [data-fit-status] and [data-embed-status].

import { frameSnippet, widgetSnippet } from './snippets.js';
import { writeFitSnippet } from './fit.js';

/**
 * Wires the Embed button.
 * @param {() => {calc: string, in: string, relevant?: string, m: string, problem?: string,
 *                 ask?: string, reveal?: string}} state the page's share-link state
 *   (calculator-page.js; a problem's keys: problem.js)
 * @returns {{refresh: () => void}} call refresh() after the state changes: an open panel follows
 */
export function setUpEmbedButton(state) {
  const button = document.querySelector('[data-embed]');
  const panel = /** @type {HTMLElement | null} */ (document.querySelector('[data-embed-panel]'));
  if (!button || !panel) return { refresh() {} };
  const scriptField = /** @type {HTMLTextAreaElement} */ (panel.querySelector('#embed-script'));
  const frameField = /** @type {HTMLTextAreaElement} */ (panel.querySelector('#embed-frame'));
  const fitField = /** @type {HTMLTextAreaElement | null} */ (panel.querySelector('#embed-lms'));
  const status = panel.querySelector('[data-embed-status]');

  function refresh() {
    if (panel.hidden) return;
    // A problem stays a problem: its keys (problem.js) become the widget's problem, ask and
    // reveal attributes, so the snippet never gives the answers away.
    const { calc, in: input, relevant = '', m, problem = '', ask = '', reveal = '' } = state();
    const current = { calc, in: input, relevant, m, ...(problem ? { problem, ask, reveal } : {}) };
    const here = window.location.href;
    scriptField.value = widgetSnippet(current, new URL('./irmetrics-embed.js', here).href);
    frameField.value = frameSnippet(current, new URL('./embed.html', here).href);
    if (fitField) {
      const fitStatus = panel.querySelector('[data-fit-status]');
      writeFitSnippet({ field: fitField, status: fitStatus, state: current, frameUrl: new URL('./embed.html', here).href });
    }
    status.textContent = '';
  }

  button.addEventListener('click', () => {
    panel.hidden = !panel.hidden;
    button.setAttribute('aria-expanded', String(!panel.hidden));
    refresh();
    if (!panel.hidden) (fitField ?? scriptField).focus();
  });

  for (const copy of /** @type {NodeListOf<HTMLElement>} */ (panel.querySelectorAll('[data-embed-copy]'))) {
    copy.addEventListener('click', async () => {
      const field = /** @type {HTMLTextAreaElement} */ (panel.querySelector(`#${copy.dataset.embedCopy}`));
      try {
        await navigator.clipboard.writeText(field.value);
        status.textContent = `${copy.dataset.embedName} copied.`;
      } catch {
        field.focus();
        field.select();
        status.textContent = 'Press Ctrl+C (⌘C on a Mac) to copy the selected snippet.';
      }
    });
  }
  return { refresh };
}
