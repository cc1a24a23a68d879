// @ts-check
// Building DOM without HTML strings: every text goes through text nodes, so pasted labels,
// measure names and messages can never become markup.

import { tableExportToolbar, tableFromElement } from './export.js';

/**
 * Creates an element.
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag e.g. 'p', 'table'
 * @param {Object<string, string | number | boolean | null | undefined>} [attributes]
 *   `class` sets the class list, `text` the text content; `true` sets an empty attribute;
 *   null, undefined and false are skipped. Everything else is set with setAttribute.
 * @param {...(Node | string | null | undefined | false)} children strings become text nodes
 * @returns {HTMLElementTagNameMap[Tag]}
 */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value == null || value === false) continue;
    if (name === 'text') element.textContent = String(value);
    else if (name === 'class') element.className = String(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(.../** @type {(Node | string)[]} */ (children.filter((child) => child != null && child !== false)));
  return element;
}

let idCounter = 0;

/** A document-unique id such as "chart-desc-3", for aria-labelledby and friends. */
export const uniqueId = (prefix) => `${prefix}-${++idCounter}`;

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
