// @ts-check
// Building DOM without HTML strings: every text goes through text nodes, so pasted labels,
// measure names and messages can never become markup. A leaf module (it imports nothing), so
// render/dom.js and render/export.js can both use it without importing each other.

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
