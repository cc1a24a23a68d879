// @ts-check
// A measure typed on a page that does not compute it is handed off to the page that does, with
// the input carried over in that page's form (calculator-state.js, handOffAnswer): a ranked list
// of binary marks becomes grades 1/0 for the graded page, with the relevant documents it did not
// retrieve (R minus those found) as an `unretrieved:` line of 1s; a graded list becomes marks
// (grade above 0: relevant, as trec_eval reads a qrels grade) with R for the ranked pages, or
// counts tp/fp/fn for the sets page. No DOM here, and no reading of notations either: the list
// is taken from the engine's own answer on this page (the table of a measure worked at every
// rank), so every input form the engine reads carries over the same way.
//
// The carried input is then computed on the target measure before the link is offered (a
// conversion that would land on an error is not offered): see handOffAnswer.

import { plural } from '../../common/format.js';

/**
 * @typedef {{label: string, grade: number}} ListDoc
 *   label: the document's name when the input gave one ("D2"), else ''; grade: 1/0 for a mark
 * @typedef {{docs: ListDoc[], relevant: number}} ListRead
 *   relevant: R, every relevant document of the query (retrieved or not)
 * @typedef {{input: string, options: Object<string, string>, note: string}} Carried
 *   note: one sentence saying how the input was written for the other page
 * @typedef {(measure: string, input: string, options: Object<string, string>) => Promise<any>} Compute
 */

/** More documents than this are not carried over (the link would be too long to be useful). */
const MAX_DOCS = 10_000;

/** A relevance mark alone (R, N, +, 1, ✓, …): a document without a name. */
const MARK = /^[RrNnIiUuYy10+\-?\u2713\u2714\u2717\u2718]$/;
/** A document's name as the graded and ranked readers take it (labels: D2, doc-7, q1/d3). */
const LABEL = /^[A-Za-z0-9_\u0080-\uFFFF][A-Za-z0-9_.\-/#\u0080-\uFFFF]*$/;

/**
 * A document's name from its cell as the engine shows it ("*D2*", "D2+", "D3?", "d7"), or ''
 * for a mark or a cell that is not a plain name.
 * @param {string} text
 */
export function labelOf(text) {
  if (!text || text === '—' || MARK.test(text)) return '';
  const name = /^\*(.+)\*$/.exec(text)?.[1] ?? /^(.+?)[+\-?]$/.exec(text)?.[1] ?? text;
  return LABEL.test(name) && !/:/.test(name) ? name : '';
}

/** The rows of an answer's step table, all of them (a worker's long table comes cut). */
async function allRows(table) {
  if (table.rowCount > table.rows.length) {
    if (table.rowCount > MAX_DOCS + 1 || typeof table.fetchRows !== 'function') return null;
    return table.fetchRows(0, table.rowCount);
  }
  return table.rows;
}

const column = (table, name) => table.columns.indexOf(name);
const isRank = (text) => /^[1-9][0-9]*$/.test(text);

/**
 * A ranked list of binary marks as the engine reads it: from PR's table "Precision and recall at
 * each rank" (document, relevant?) and its R.
 * @param {string} input
 * @param {Object<string, string>} options the page's option fields ({relevant: '5'})
 * @param {Compute} compute
 * @returns {Promise<ListRead | null>} null when the engine cannot read it so
 */
export async function readRanked(input, options, compute) {
  const result = await compute('PR', input, options);
  if (!result?.ok) return null;
  const table = result.value.steps.find((step) => step.columns.includes('relevant?') && step.columns.includes('document'));
  const relevant = result.value.values?.R?.approx;
  if (!table || !Number.isInteger(relevant)) return null;
  const rows = await allRows(table);
  if (!rows) return null;
  const [rank, doc, judged] = [column(table, 'rank'), column(table, 'document'), column(table, 'relevant?')];
  const docs = rows
    .filter((row) => isRank(row[rank]?.text ?? ''))
    .map((row) => ({ label: labelOf(row[doc].text), grade: row[judged].text.startsWith('yes') ? 1 : 0 }));
  return docs.length ? { docs, relevant } : null;
}

/**
 * A graded list as the engine reads it: from nDCG's table "DCG, IDCG and nDCG at each rank"
 * (document, grade; its ideal grades run over every judged grade, so those above 0 are R).
 * @param {string} input
 * @param {Compute} compute
 * @returns {Promise<ListRead | null>}
 */
export async function readGraded(input, compute) {
  const result = await compute('nDCG', input, {});
  if (!result?.ok) return null;
  const table = result.value.steps.find((step) => step.columns.includes('grade') && step.columns.includes('ideal grade'));
  if (!table) return null;
  const rows = await allRows(table);
  if (!rows) return null;
  const [rank, doc, grade, ideal] = [column(table, 'rank'), column(table, 'document'), column(table, 'grade'), column(table, 'ideal grade')];
  const ranked = rows.filter((row) => isRank(row[rank]?.text ?? ''));
  const docs = ranked
    .filter((row) => row[grade].text !== '—')
    .map((row) => ({ label: labelOf(row[doc].text), grade: Number(row[grade].number?.approx ?? row[grade].text) }));
  const relevant = ranked.filter((row) => Number(row[ideal].number?.approx ?? row[ideal].text) > 0).length;
  return docs.length && docs.every((entry) => Number.isFinite(entry.grade)) ? { docs, relevant } : null;
}

/** Whether every document has a name, so that the names can be kept. */
const named = (docs) => docs.every((entry) => entry.label);

/**
 * A binary list as grades 1/0 for the graded page, with R's documents not retrieved as an
 * `unretrieved:` line of 1s.
 * @param {ListRead} list
 * @returns {Carried}
 */
export function asGraded({ docs, relevant }) {
  const labels = named(docs);
  const grades = docs.map((entry) => (labels ? `${entry.label}:${entry.grade}` : String(entry.grade)));
  const missing = Math.max(0, relevant - docs.filter((entry) => entry.grade > 0).length);
  const lines = [grades.join(' ')];
  if (missing > 0) lines.push(`unretrieved: ${Array(missing).fill('1').join(' ')}`);
  const note =
    'The link writes the list as grades, 1 for relevant and 0 for not' +
    (missing > 0 ? `, and the ${plural(missing, 'relevant document', 'relevant documents')} it did not retrieve (R = ${relevant}) as an “unretrieved:” line.` : '.');
  return { input: lines.join('\n'), options: {}, note };
}

/**
 * A graded list as marks for the ranked pages: a grade above 0 is relevant; R counts the judged
 * grades above 0, retrieved or not.
 * @param {ListRead} list
 * @returns {Carried}
 */
export function asMarks({ docs, relevant }) {
  const labels = named(docs);
  const marks = docs.map((entry) => (labels ? `${entry.label}${entry.grade > 0 ? '+' : '-'}` : entry.grade > 0 ? 'R' : 'N'));
  return {
    input: marks.join(' '),
    options: { relevant: String(relevant) },
    note: `The link writes the grades as marks, a grade above 0 as relevant, with R = ${relevant}.`,
  };
}

/**
 * A list as the counts of a confusion matrix for the sets page: the documents returned are the
 * list, the relevant ones R.
 * @param {ListRead} list
 * @returns {Carried}
 */
export function asCounts({ docs, relevant }) {
  const found = docs.filter((entry) => entry.grade > 0).length;
  return {
    input: `tp=${found} fp=${docs.length - found} fn=${Math.max(0, relevant - found)}`,
    options: {},
    note: `The link writes the list as counts: ${found} relevant returned (TP), ${docs.length - found} not relevant returned (FP), ${Math.max(0, relevant - found)} relevant not returned (FN).`,
  };
}

/**
 * How each input family is written for another one (source family → target family → writer).
 * A pair not listed carries the input as typed (a ranked list reads the same on the queries and
 * the ROC pages).
 */
const WRITERS = {
  ranked_list: { graded_list: asGraded, confusion: asCounts },
  graded_list: { ranked_list: asMarks, queries: asMarks, scored_labels: asMarks, confusion: asCounts },
};

/**
 * The input of this page written for the input family `target`, or null when no writer applies
 * or the engine cannot read the input as this page's family.
 * @param {string[]} sources this page's input families
 * @param {string} target the family the other page reads
 * @param {{input: string, options: Object<string, string>}} state
 * @param {Compute} compute
 * @returns {Promise<Carried | null>}
 */
export async function carriedInput(sources, target, { input, options }, compute) {
  for (const source of sources) {
    const write = WRITERS[source]?.[target];
    if (!write) continue;
    const list = source === 'ranked_list' ? await readRanked(input, options, compute) : await readGraded(input, compute);
    if (list && list.docs.length <= MAX_DOCS && list.relevant <= MAX_DOCS) return write(list);
  }
  return null;
}
