// @ts-check
// Exports of what the pages show: every table copied as CSV, Markdown or LaTeX (booktabs; the
// text itself is written by common/table-text.js, shared with the command line), every chart
// downloaded as SVG or PNG. The one module for these ideas: the calculators' step tables
// (render/dom.js, render/steps.js), the matrices and charts (render/chart.js) and the TREC page's
// tables (render/trec-report.js, pages/trec.js) all come here.
//
// What a copied cell holds: the text the table shows. A step-table cell that is a quantity
// follows the page's "Numbers in tables" choice (.table-numbers-* on an ancestor):
//   both (default)  "3/5 = 0.6", "28/45 ≈ 0.6222": the exact fraction, then the decimal shown
//                   under it, rounded as shown (the page's digits), joined by = when the decimal
//                   is exact and ≈ when it is rounded (as the answer line writes it);
//   fractions       "3/5": the text as the notes write it;
//   decimals        "0.6": the rounded decimal as shown.
// A cell whose text already says its decimal ("TP = 2", "0.5") is copied as its text. Every other
// cell is its text content with white space collapsed. Nothing is recomputed here.
//
// Copying goes through navigator.clipboard; where that is missing or refused (an http: page, a
// browser that asks first), the text is put in a read-only box, selected, for the reader to copy.
// The box always holds the last text produced (the browser tests read it there).
//
// PNG: the chart's SVG, with the page's computed colours written into it, is loaded into an
// <img> from a blob: URL and drawn onto a canvas. The page's Content-Security-Policy allows that
// only because it says `img-src 'self' blob:` (scripts/serve.mjs); `default-src 'self'` alone
// refuses blob: images.

import { TABLE_FORMATS } from '../../../common/table-text.js';
import { el } from './el.js';

/**
 * @typedef {import('../../../common/table-text.js').PlainTable} PlainTable
 *   the texts of a table, as common/table-text.js writes them out
 */

// ------------------------------------------------------------------ a rendered table as text

const collapse = (text) => text.replace(/\s+/g, ' ').trim();

/** Which numbers the tables show where `node` is: 'both', 'fractions' or 'decimals'. */
function numbersShown(node) {
  if (node.closest('.table-numbers-fractions')) return 'fractions';
  if (node.closest('.table-numbers-decimals')) return 'decimals';
  return 'both';
}

/**
 * A cell's text as shown (see the header): a quantity of a step table by the page's choice of
 * numbers, anything else its text.
 * @param {HTMLTableCellElement} cell
 * @param {'both' | 'fractions' | 'decimals'} [shown] the numbers shown (default: the page's choice where the cell is)
 * @returns {string}
 */
export function cellText(cell, shown = numbersShown(cell)) {
  const text = cell.querySelector(':scope > .cell-text');
  const decimal = cell.querySelector(':scope > .cell-decimal');
  if (!text || !decimal) return collapse(cell.textContent);
  const [written, rounded] = [collapse(text.textContent), collapse(decimal.textContent)];
  if (cell.classList.contains('is-same')) return written;
  if (shown === 'fractions') return written;
  if (shown === 'decimals') return rounded;
  return `${written} ${cell.dataset.relation || '≈'} ${rounded}`;
}

/**
 * The cells of some rows as a grid, a cell spanning rows or columns repeated in each place it
 * covers (a matrix's "true class" beside every row).
 * @param {HTMLTableRowElement[]} rowElements
 * @param {'both' | 'fractions' | 'decimals'} shown
 * @returns {{text: string[], numeric: boolean[]}[]} one entry per row
 */
function grid(rowElements, shown) {
  const rows = rowElements.map(() => ({ text: [], numeric: [] }));
  rowElements.forEach((tr, r) => {
    let column = 0;
    for (const cell of tr.cells) {
      while (rows[r].text[column] !== undefined) column += 1;
      const value = cellText(cell, shown);
      for (let dr = 0; dr < Math.max(1, cell.rowSpan) && r + dr < rows.length; dr += 1) {
        for (let dc = 0; dc < Math.max(1, cell.colSpan); dc += 1) {
          rows[r + dr].text[column + dc] = value;
          rows[r + dr].numeric[column + dc] = cell.classList.contains('is-number') || cell.classList.contains('matrix-cell');
        }
      }
      column += Math.max(1, cell.colSpan);
    }
  });
  const width = Math.max(0, ...rows.map((row) => row.text.length));
  for (const row of rows) {
    for (let column = 0; column < width; column += 1) row.text[column] ??= '';
  }
  return rows;
}

/**
 * A rendered <table> as a PlainTable of the text shown. The header is the table's head: with
 * several header rows (a matrix's column title over its labels), each column's distinct texts
 * joined by " / ". The row saying "No rows." of an empty step table is left out.
 * @param {HTMLTableElement} table
 * @param {{shownFrom?: Element}} [options] where the page's choice of numbers is read (default:
 *   the table; a table rendered off the page for its full rows gives the one on the page)
 * @returns {PlainTable}
 */
export function tableFromElement(table, { shownFrom = table } = {}) {
  const shown = numbersShown(shownFrom);
  const head = grid([...(table.tHead?.rows ?? [])], shown);
  const isEmptyNote = (tr) => tr.cells.length === 1 && tr.cells[0].classList.contains('empty'); // "No rows."
  const body = grid([...table.tBodies].flatMap((tbody) => [...tbody.rows]).filter((tr) => !isEmptyNote(tr)), shown);
  const width = Math.max(0, ...head.map((row) => row.text.length), ...body.map((row) => row.text.length));
  const columns = Array.from({ length: width }, (_, column) => {
    const texts = head.map((row) => row.text[column] ?? '').filter((text) => text);
    return [...new Set(texts)].join(' / ');
  });
  const numeric = Array.from(
    { length: width },
    (_, column) => body.length > 0 && body.every((row) => row.numeric[column] || !row.text[column]),
  );
  return {
    caption: collapse(table.caption?.textContent ?? ''),
    columns,
    numeric,
    rows: body.map((row) => Array.from({ length: width }, (_, column) => row.text[column] ?? '')),
  };
}

// ------------------------------------------------------------------ copying and downloading

/**
 * Offers a Blob as a download named `fileName`, through an <a download> and an object URL
 * (released a minute later).
 * @param {string} fileName
 * @param {Blob} blob
 */
export function downloadBlob(fileName, blob) {
  const url = URL.createObjectURL(blob);
  const link = el('a', { href: url, download: fileName, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Offers `text` as a download named `fileName` (UTF-8).
 * @param {string} fileName
 * @param {string} text
 * @param {string} [type] MIME type
 */
export function downloadText(fileName, text, type = 'text/plain') {
  downloadBlob(fileName, new Blob([text], { type: `${type};charset=utf-8` }));
}

/** A file name from a title: "Precision at each rank" → "precision-at-each-rank". */
export const fileNameFor = (title, fallback = 'table') =>
  title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || fallback;

/** How long a copy may wait for the browser (which may be asking the reader) before the box is shown. */
const CLIPBOARD_WAIT_MS = 1500;

/**
 * Copies `text` to the clipboard; false when the browser has no clipboard API, refuses, or has
 * not answered within CLIPBOARD_WAIT_MS (a permission prompt nobody sees, a headless browser).
 * @param {string} text
 * @returns {Promise<boolean>}
 */
async function copyToClipboard(text) {
  if (!navigator.clipboard?.writeText) return false;
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve(false), CLIPBOARD_WAIT_MS);
  });
  const write = navigator.clipboard.writeText(text).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([write, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The copy buttons of a table: "Copy CSV", "Copy Markdown", "Copy LaTeX", a status line
 * (role=status) saying what was copied, and a read-only box holding the text produced (shown
 * when the clipboard cannot be used).
 * @param {() => PlainTable | Promise<PlainTable>} getTable the table to copy, read when a button is pressed
 * @param {string} caption the table's caption, for the buttons' accessible names
 * @returns {HTMLElement}
 */
export function tableExportToolbar(getTable, caption) {
  const status = el('span', { class: 'export-status', role: 'status' });
  const box = el('textarea', {
    class: 'export-text',
    rows: 6,
    readonly: true,
    spellcheck: 'false',
    'aria-label': `${caption}: the copied text`,
    'data-export-text': true,
    hidden: true,
  });
  const buttons = TABLE_FORMATS.map(({ id, label, write }) => {
    const button = el('button', {
      type: 'button',
      class: 'export-button',
      'data-copy-table': id,
      'aria-label': `Copy ${label}: ${caption}`,
      text: `Copy ${label}`,
    });
    button.addEventListener('click', async () => {
      const text = write(await getTable()); // a table with rows still in the engine's worker fetches them
      box.value = text;
      box.dataset.format = id;
      if (await copyToClipboard(text)) {
        box.hidden = true;
        status.textContent = `Copied as ${label}.`;
      } else {
        box.hidden = false;
        status.textContent = `The browser did not allow copying: the ${label} is in the box below, selected; copy it with Ctrl+C (⌘C).`;
        box.focus();
        box.select();
      }
    });
    return button;
  });
  return el(
    'div',
    { class: 'export-toolbar table-exports', role: 'group', 'aria-label': `Copy the table: ${caption}` },
    ...buttons,
    status,
    box,
  );
}

// ------------------------------------------------------------------ charts as files

const SVG_NS = 'http://www.w3.org/2000/svg';
// Computed styles written into the exported SVG as presentation attributes, so that it looks as
// on the page without site.css (a file, an <img>). Attributes, not style="": nothing here depends
// on what a Content-Security-Policy says about inline styles. `color` too: Plot's markers and
// marks say currentColor, which must resolve in the file as on the page.
const PAINT_PROPERTIES = ['color', 'fill', 'fill-opacity', 'stroke', 'stroke-opacity', 'stroke-width', 'stroke-dasharray', 'opacity'];
const TEXT_PROPERTIES = ['font-family', 'font-size', 'font-weight', 'text-anchor'];

/**
 * A copy of `node` (an SVG element and what it holds) with its computed paint and font written
 * in as attributes, its classes and ARIA attributes dropped. Each property is written where it
 * differs from what the parent passes down (or, for opacity, which does not inherit, where it
 * is not 1), to keep the file small.
 * @param {SVGElement} node
 * @returns {SVGElement}
 */
function styledCopy(node) {
  const copy = /** @type {SVGElement} */ (node.cloneNode(true));
  const originals = [node, ...node.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  const computedOf = new Map(originals.map((original) => [original, getComputedStyle(original)]));
  originals.forEach((original, index) => {
    const computed = computedOf.get(original);
    const parent = index === 0 ? null : computedOf.get(original.parentElement);
    const target = copies[index];
    for (const property of [...PAINT_PROPERTIES, ...TEXT_PROPERTIES]) {
      const value = computed.getPropertyValue(property);
      const inherited = property !== 'opacity' && parent?.getPropertyValue(property) === value;
      const isDefault = (property === 'stroke-dasharray' && value === 'none') || (property === 'opacity' && value === '1');
      if (value && !inherited && !isDefault) target.setAttribute(property, value);
    }
    for (const attribute of ['class', 'role', 'aria-label', 'aria-describedby', 'aria-hidden', 'style']) target.removeAttribute(attribute);
  });
  return copy;
}

const svgElement = (tag, attributes = {}, text = '') => {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text) element.textContent = text;
  return element;
};

const LEGEND_SWATCH = { width: 24, height: 12, gap: 6 }; // as .legend-swatch in site.css
const LEGEND_ITEM_GAP = 20;

/**
 * The chart's legend (the <ul class="chart-legend"> beside its SVG) drawn in SVG: each entry's
 * swatch and name, in rows that fit `width`.
 * @param {HTMLElement} legend
 * @param {number} width
 * @returns {{group: SVGGElement, height: number}}
 */
function legendSvg(legend, width) {
  const style = getComputedStyle(legend);
  const fontSize = parseFloat(style.fontSize) || 13;
  const rowHeight = Math.round(fontSize * 1.6);
  const measure = document.createElement('canvas').getContext('2d');
  measure.font = `${style.fontSize} ${style.fontFamily}`;
  const group = svgElement('g', { 'font-family': style.fontFamily, 'font-size': style.fontSize, fill: style.color });
  let x = 0;
  let row = 0;
  for (const item of legend.querySelectorAll(':scope > li')) {
    const name = item.textContent.trim();
    const itemWidth = LEGEND_SWATCH.width + LEGEND_SWATCH.gap + measure.measureText(name).width;
    if (x > 0 && x + itemWidth > width) {
      x = 0;
      row += 1;
    }
    const top = row * rowHeight;
    const swatch = item.querySelector('svg');
    if (swatch) {
      const copy = styledCopy(swatch);
      for (const [attribute, value] of Object.entries({ x, y: top + (rowHeight - LEGEND_SWATCH.height) / 2, ...LEGEND_SWATCH })) {
        if (attribute !== 'gap') copy.setAttribute(attribute, String(value));
      }
      group.append(copy);
    }
    const textX = x + LEGEND_SWATCH.width + LEGEND_SWATCH.gap;
    group.append(svgElement('text', { x: textX, y: top + rowHeight / 2, 'dominant-baseline': 'central' }, name));
    x += itemWidth + LEGEND_ITEM_GAP;
  }
  return { group, height: (row + 1) * rowHeight + 4 };
}

/**
 * A standalone copy of a chart's SVG: colours, strokes and fonts as the page computes them
 * (light or dark), on the page's surface colour, with the chart's legend drawn above the plot
 * and its title and description as <title> and <desc>.
 * @param {SVGSVGElement} svg the chart's SVG, in the document
 * @param {{title?: string, description?: string, legend?: HTMLElement | null}} [parts]
 * @returns {SVGSVGElement}
 */
export function standaloneSvg(svg, { title = '', description = '', legend = null } = {}) {
  const { width: shownWidth, height: shownHeight } = svg.getBoundingClientRect();
  const viewBox = svg.getAttribute('viewBox') ?? `0 0 ${shownWidth} ${shownHeight}`;
  const [, , width, height] = viewBox.split(/[\s,]+/).map(Number);
  const drawnLegend = legend?.children.length ? legendSvg(legend, width) : null;
  const top = drawnLegend ? drawnLegend.height : 0;

  const plotCopy = styledCopy(svg);
  for (const [attribute, value] of Object.entries({ x: 0, y: top, width, height, viewBox })) {
    plotCopy.setAttribute(attribute, String(value));
  }
  const file = svgElement('svg', { xmlns: SVG_NS, width, height: height + top, viewBox: `0 0 ${width} ${height + top}` });
  for (const property of TEXT_PROPERTIES.slice(0, 2)) file.setAttribute(property, getComputedStyle(svg).getPropertyValue(property));
  if (title) file.append(svgElement('title', {}, title));
  if (description) file.append(svgElement('desc', {}, description));
  file.append(svgElement('rect', { x: 0, y: 0, width, height: height + top, fill: surfaceColour(svg) }));
  if (drawnLegend) file.append(drawnLegend.group);
  file.append(plotCopy);
  return file;
}

/** The first opaque background behind `node` (the card the chart sits on), or white. */
function surfaceColour(node) {
  for (let current = node; current instanceof Element; current = current.parentElement) {
    const colour = getComputedStyle(current).backgroundColor;
    if (colour && colour !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(colour)) return colour;
  }
  return '#ffffff';
}

/**
 * A chart's SVG as the text of an .svg file.
 * @param {SVGSVGElement} svg
 * @param {{title?: string, description?: string, legend?: HTMLElement | null}} [parts] see standaloneSvg
 * @returns {string}
 */
export function svgFileText(svg, parts) {
  return serialise(standaloneSvg(svg, parts));
}

const serialise = (svg) => `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}\n`;

/**
 * A chart as a PNG at `scale` times its size: the standalone SVG drawn onto a canvas through an
 * <img> loaded from a blob: URL (allowed by the page's `img-src 'self' blob:`).
 * @param {SVGSVGElement} svg
 * @param {{title?: string, description?: string, legend?: HTMLElement | null, scale?: number}} [options]
 *   see standaloneSvg; scale: pixels of the PNG per CSS pixel of the chart
 * @returns {Promise<Blob>}
 */
export async function svgToPng(svg, { scale = 2, ...parts } = {}) {
  const copy = standaloneSvg(svg, parts);
  const text = serialise(copy);
  const [width, height] = ['width', 'height'].map((name) => Number(copy.getAttribute(name)));
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.width = width;
    image.height = height;
    await new Promise((resolve, reject) => {
      image.onload = resolve;
      image.onerror = () => reject(new Error('the chart could not be drawn as an image'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    return await new Promise((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The download buttons of a chart: "Download SVG", "Download PNG", and a status line.
 * @param {() => SVGSVGElement | null} getSvg the chart's SVG as it is now (charts redraw on resize)
 * @param {{title: string, description?: string, legend?: HTMLElement | null}} chart
 *   legend: the chart's legend (<ul class="chart-legend">), drawn into the files above the plot
 * @returns {HTMLElement}
 */
export function chartExportToolbar(getSvg, { title, description = '', legend = null }) {
  const status = el('span', { class: 'export-status', role: 'status' });
  const name = fileNameFor(title, 'chart');
  const button = (format, label, save) => {
    const element = el('button', {
      type: 'button',
      class: 'export-button',
      'data-download-chart': format,
      'aria-label': `Download ${label}: ${title}`,
      text: `Download ${label}`,
    });
    element.addEventListener('click', async () => {
      const svg = getSvg();
      if (!svg) return;
      try {
        await save(svg);
        status.textContent = `${label} downloaded: ${name}.${format}`;
      } catch (error) {
        status.textContent = `The ${label} could not be made: ${error.message}.`;
      }
    });
    return element;
  };
  return el(
    'div',
    { class: 'export-toolbar chart-exports', role: 'group', 'aria-label': `Download the chart: ${title}` },
    button('svg', 'SVG', async (svg) =>
      downloadText(`${name}.svg`, svgFileText(svg, { title, description, legend }), 'image/svg+xml'),
    ),
    button('png', 'PNG', async (svg) => downloadBlob(`${name}.png`, await svgToPng(svg, { title, description, legend }))),
    status,
  );
}
