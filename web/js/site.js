// @ts-check
// What every page shares: the calculator menu, the engine version in the footer, and a banner
// when the engine cannot load.

import { ready } from './engine.js';
import { el } from './render/dom.js';
import { fillSiteNav } from './site-nav.js';

/**
 * Fills the menu ([data-site-nav], with its button for narrow screens: site-nav.js) and the
 * footer ([data-version]), and loads the calculators' engine.
 * @param {string} current the page's calculator key ('ranked'), or '' for the home page
 * @param {{engine?: boolean}} [options] engine: false for a page with an engine of its own (the
 *   TREC files page's worker), which then names its version with showVersion
 * @returns {Promise<boolean>} whether the engine is usable
 */
export async function initSite(current, { engine = true } = {}) {
  fillSiteNav(current);
  if (!engine) return true;
  const status = await ready();
  if (status.ok) {
    showVersion(status.version);
    return true;
  }
  document.querySelector('main')?.prepend(el('div', { class: 'engine-banner', role: 'alert', text: status.error.message }));
  return false;
}

/**
 * Names the engine's version in the footer.
 * @param {string} version
 */
export function showVersion(version) {
  const footer = document.querySelector('[data-version]');
  if (footer) footer.textContent = `engine ${version}`;
}

/**
 * Lets a <select> (values both | fractions | decimals) choose which numbers the step tables in
 * `container` show; site.css does the hiding.
 * @param {HTMLSelectElement} select
 * @param {HTMLElement} container
 */
export function bindTableNumbers(select, container) {
  const apply = () => {
    for (const choice of ['both', 'fractions', 'decimals']) {
      container.classList.toggle(`table-numbers-${choice}`, select.value === choice);
    }
  };
  select.addEventListener('change', apply);
  apply();
}

/**
 * On a calculator the hash holds the state (url-state.js), so same-page links (the skip link,
 * "#outcome-2") scroll to and focus their target instead of replacing it.
 */
export function keepStateInHash() {
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? /** @type {HTMLAnchorElement | null} */ (event.target.closest('a[href^="#"]')) : null;
    const target = link && document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'start' });
  });
}
