// @ts-check
// The site's menu of calculators ([data-site-nav] in every page header): a link per calculator,
// then one to the practice page, and a "Calculators" button that folds them away on a narrow
// screen (site.css, "the menu on a narrow screen"): the button says aria-expanded, opens and
// closes the list, and Escape closes it again, giving the keyboard back to the button. On a wide
// screen the button is not shown and the links stand in a row. Nothing inline: the strict CSP
// (`script-src 'self'`, `style-src 'self'`) holds.
//
// Used by site.js (initSite) and by embedding.html's controller (embed/docs-page.js), which
// must not load the page engine.

import { calculators } from './calculators.js';
import { el } from './render/dom.js';

/** The practice page's key for `current` (it is no calculator, so not in calculators.js). */
export const PRACTICE = 'practice';

/**
 * Fills the menu and adds its button (once).
 * @param {string} [current] the page's calculator key ('ranked'), or PRACTICE, marked
 *   aria-current; '' for none
 * @returns {HTMLElement | null} the list, or null on a page without a menu
 */
export function fillSiteNav(current = '') {
  const list = /** @type {HTMLElement | null} */ (document.querySelector('[data-site-nav]'));
  if (!list) return null;
  list.replaceChildren(
    ...calculators.map(({ calc, page, short, title }) =>
      el(
        'li',
        {},
        el('a', { href: `./${page}`, title: short === title ? null : title, 'aria-current': calc === current ? 'page' : null, text: short }),
      ),
    ),
    // Not a calculator: the exercises of every family (practice.html), after them.
    el(
      'li',
      { class: 'site-nav-practice' },
      el('a', { href: './practice.html', title: 'Exercises to work out and check', 'aria-current': current === PRACTICE ? 'page' : null, text: 'Practice' }),
    ),
  );
  if (list.previousElementSibling?.matches('.nav-toggle')) return list;

  list.id ||= 'site-nav-list';
  const toggle = el(
    'button',
    { type: 'button', class: 'nav-toggle', 'aria-expanded': 'false', 'aria-controls': list.id },
    el('span', { class: 'nav-toggle-icon', 'aria-hidden': 'true' }),
    'Calculators',
  );
  list.before(toggle);
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const setOpen = (open) => toggle.setAttribute('aria-expanded', String(open));
  toggle.addEventListener('click', () => setOpen(!isOpen()));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen() || getComputedStyle(toggle).display === 'none') return;
    const inside = list.contains(document.activeElement);
    setOpen(false);
    if (inside || document.activeElement === toggle) toggle.focus();
  });
  // A click outside the open menu closes it, as a reader expects of a menu.
  document.addEventListener('click', (event) => {
    if (isOpen() && event.target instanceof Node && !toggle.parentElement.contains(event.target)) setOpen(false);
  });
  return list;
}
