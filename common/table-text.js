// @ts-check
// Tables as text: CSV, Markdown and LaTeX (booktabs), from a plain table of the texts a table
// shows. Pure (no DOM): the pages' copy buttons (web/js/render/export.js, which reads a rendered
// <table> into a plain table) and the command line (irmetrics compare --format csv or latex,
// bin/lib/compare.mjs) write tables the same way.

/**
 * @typedef {{caption: string, columns: string[], numeric: boolean[], rows: string[][]}} PlainTable
 *   numeric: which columns hold numbers (right-aligned in LaTeX and Markdown)
 */

/** Relevance marks alone ("+", "-", "+-"): a ranked list's documents, no formula. */
const MARKS = /^[+-]+$/;
/** A number as a spreadsheet reads one: -0.5, +3, 1e-5, and an exact fraction such as -2/5. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^[+-]?\d+\/\d+$/;

/**
 * A cell that a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage
 * return: a pasted docno "=HYPERLINK(…)") gets a leading ' so it stays text, as OWASP advises
 * against CSV injection; numbers keep their sign, and relevance marks alone (+, -) stay marks.
 */
export const neutralised = (text) => (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text) && !MARKS.test(text) ? `'${text}` : text);

const csvField = (raw) => {
  const text = neutralised(raw);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * A table as CSV (RFC 4180: CRLF line ends; fields with commas, quotes, line breaks or edge
 * spaces in double quotes, a quote doubled; a field that would start a formula neutralised).
 * The caption is not part of CSV.
 * @param {PlainTable} table
 * @returns {string}
 */
export function tableToCsv({ columns, rows }) {
  return [columns, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const LATEX_SPECIALS = {
  '\\': '\\textbackslash{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  // Symbols the tables use that pdfLaTeX's default input encoding would refuse.
  '≈': '\\ensuremath{\\approx}',
  '≤': '\\ensuremath{\\leq}',
  '≥': '\\ensuremath{\\geq}',
  '≠': '\\ensuremath{\\neq}',
  '×': '\\ensuremath{\\times}',
  '−': '\\ensuremath{-}',
  '·': '\\ensuremath{\\cdot}',
  '…': '\\ldots{}',
  '–': '--',
  '—': '---',
  α: '\\ensuremath{\\alpha}',
  β: '\\ensuremath{\\beta}',
  κ: '\\ensuremath{\\kappa}',
  ρ: '\\ensuremath{\\rho}',
  τ: '\\ensuremath{\\tau}',
  Σ: '\\ensuremath{\\Sigma}',
  σ: '\\ensuremath{\\sigma}',
  χ: '\\ensuremath{\\chi}',
  '²': '\\textsuperscript{2}',
};
const LATEX_PATTERN = new RegExp(`[${Object.keys(LATEX_SPECIALS).join('').replace(/[\\\]^-]/g, '\\$&')}]`, 'gu');

/**
 * Text for LaTeX: & % $ # _ { } ~ ^ \ escaped (and < >, and the few Unicode symbols the tables
 * use, written as LaTeX commands).
 * @param {string} text
 * @returns {string}
 */
export const latexText = (text) => text.replace(LATEX_PATTERN, (char) => LATEX_SPECIALS[char]).replace(/\r?\n/g, ' ');

/**
 * A table as a LaTeX table with booktabs rules (\usepackage{booktabs}): \toprule above the
 * header, \midrule under it, \bottomrule at the end; numeric columns right-aligned.
 * @param {PlainTable} table
 * @returns {string}
 */
export function tableToLatex({ caption, columns, numeric, rows }) {
  const line = (cells) => `    ${cells.map(latexText).join(' & ')} \\\\`;
  return [
    '% needs \\usepackage{booktabs}',
    '\\begin{table}',
    '  \\centering',
    `  \\caption{${latexText(caption)}}`,
    `  \\begin{tabular}{${numeric.map((isNumber) => (isNumber ? 'r' : 'l')).join('')}}`,
    '    \\toprule',
    line(columns),
    '    \\midrule',
    ...rows.map(line),
    '    \\bottomrule',
    '  \\end{tabular}',
    '\\end{table}',
    '',
  ].join('\n');
}

const markdownText = (text) => text.replace(/[\\|*_`<>[\]]/g, (char) => `\\${char}`).replace(/\r?\n/g, ' ');

/**
 * A table as a GitHub-flavoured Markdown table, numbers right-aligned; | * _ ` < > [ ] \ escaped.
 * The caption is written above it in bold.
 * @param {PlainTable} table
 * @returns {string}
 */
export function tableToMarkdown({ caption, columns, numeric, rows }) {
  const line = (cells) => `| ${cells.map(markdownText).join(' | ')} |`;
  return [
    ...(caption ? [`**${markdownText(caption)}**`, ''] : []),
    line(columns),
    `| ${numeric.map((isNumber) => (isNumber ? '---:' : '---')).join(' | ')} |`,
    ...rows.map(line),
    '',
  ].join('\n');
}

/** The formats a table copies to, in toolbar order. */
export const TABLE_FORMATS = [
  { id: 'csv', label: 'CSV', extension: 'csv', type: 'text/csv', write: tableToCsv },
  { id: 'markdown', label: 'Markdown', extension: 'md', type: 'text/markdown', write: tableToMarkdown },
  { id: 'latex', label: 'LaTeX', extension: 'tex', type: 'application/x-tex', write: tableToLatex },
];
