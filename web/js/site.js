// @ts-check
// What every page shares: the calculator menu, the engine version in the footer, and a banner
// when the engine cannot load.

import { ready } from './engine.js';
import { el } from './render/dom.js';
import { fillSiteNav } from './site-nav.js';

/**
 * Fills the menu ([data-site-nav], with its button for narrow screens: site-nav.js) and the
 * footer ([data-version]), and loads the engine.
 * @param {string} current the page's calculator key ('ranked'), or '' for the home page
 * @returns {Promise<boolean>} whether the engine is usable
 */
export async function initSite(current) {
  fillSiteNav(current);
  const status = await ready();
  const version = document.querySelector('[data-version]');
  if (status.ok) {
    if (version) version.textContent = `engine ${status.version}`;
    return true;
  }
  document.querySelector('main')?.prepend(el('div', { class: 'engine-banner', role: 'alert', text: status.error.message }));
  return false;
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
