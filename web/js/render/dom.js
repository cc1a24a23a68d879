// Building DOM without HTML strings: every text goes through text nodes, so pasted labels,
// measure names and messages can never become markup.

/**
 * Creates an element.
 * @param {string} tag e.g. 'p', 'table'
 * @param {Object<string, string | number | boolean | null | undefined>} [attributes]
 *   `class` sets the class list, `text` the text content; `true` sets an empty attribute;
 *   null, undefined and false are skipped. Everything else is set with setAttribute.
 * @param {...(Node | string | null | undefined | false)} children strings become text nodes
 * @returns {HTMLElement}
 */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value == null || value === false) continue;
    if (name === 'text') element.textContent = String(value);
    else if (name === 'class') element.className = String(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children.filter((child) => child != null && child !== false));
  return element;
}

let idCounter = 0;

/** A document-unique id such as "chart-desc-3", for aria-labelledby and friends. */
export const uniqueId = (prefix) => `${prefix}-${++idCounter}`;

/**
 * A <table> with a <caption> and column headers, in a box that scrolls sideways on a narrow
 * screen (focusable, so keyboard users can scroll it too).
 * @param {{caption: string, columns: string[], rows: HTMLTableRowElement[], className?: string,
 *          id?: string}} table
 * @returns {HTMLElement}
 */
export function scrollingTable({ caption, columns, rows, className, id }) {
  return el(
    'div',
    { class: 'table-scroll', id, tabindex: 0, role: 'group', 'aria-label': caption },
    el(
      'table',
      { class: className },
      el('caption', { text: caption }),
      // A column without a name (the corner of a grid) gets an empty cell, not an empty header.
      el('thead', {}, el('tr', {}, ...columns.map((text) => (text.trim() ? el('th', { scope: 'col', text }) : el('td'))))),
      el('tbody', {}, ...rows),
    ),
  );
}
