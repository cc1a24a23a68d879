// @ts-check
// Building DOM without HTML strings: every text goes through text nodes, so pasted labels,
// measure names and messages can never become markup. The element builder and ids live in
// render/el.js (a leaf module, so render/export.js can use them without importing this one back);
// they are re-exported here for the pages that import them from this module.

import { el } from './el.js';
import { tableExportToolbar, tableFromElement } from './export.js';

export { el, uniqueId } from './el.js';

/**
 * A <table> with a <caption> and column headers, in a box that scrolls sideways on a narrow
 * screen (focusable, so keyboard users can scroll it too), followed by buttons that copy it as
 * CSV, Markdown and LaTeX (render/export.js).
 * @param {{caption: string, columns: string[], rows: HTMLTableRowElement[], className?: string,
 *          id?: string, exports?: boolean, getTable?: () => import('./export.js').PlainTable | Promise<import('./export.js').PlainTable>}} table
 *   id: the scrolling box's; exports: false for no copy buttons (then the box itself is
 *   returned); getTable: what the buttons copy (default: the table as shown)
 * @returns {HTMLElement} a div.table-block holding the box and the buttons
 */
export function scrollingTable({ caption, columns, rows, className, id, exports = true, getTable }) {
  const table = el(
    'table',
    { class: className },
    el('caption', { text: caption }),
    // A column without a name (the corner of a grid) gets an empty cell, not an empty header.
    el('thead', {}, el('tr', {}, ...columns.map((text) => (text.trim() ? el('th', { scope: 'col', text }) : el('td'))))),
    el('tbody', {}, ...rows),
  );
  const box = el('div', { class: 'table-scroll', id, tabindex: 0, role: 'group', 'aria-label': caption }, table);
  if (!exports) return box;
  return el('div', { class: 'table-block' }, box, tableExportToolbar(getTable ?? (() => tableFromElement(table)), caption));
}
