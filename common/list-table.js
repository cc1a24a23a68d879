// @ts-check
// A ranked or graded list as the table a textbook prints (rank, document, relevant or grade),
// read from the engine's own working: the first step table of an answer whose first columns are
// the input's. Only those columns are kept, so nothing of the answer shows; the list is read once,
// by the core, whatever notation it was written in. The widget's problems (web/js/problem.js) and
// the quiz questions (common/practice/quiz.js) draw it, each in its own markup.

/** The input's columns of a step table, by the names the core gives them, in this order. */
const INPUT_COLUMNS = ['rank', 'document', 'relevant?', 'grade'];
/** A document written as its own judgement ("+", "R", "1") or not named ("—"): the column says nothing. */
const MARK = /^[+\-RNrnYy✓✗01?—]?$/;
/** Lists longer than this stay as text: a table would push the question out of sight. */
export const MAX_LIST_ROWS = 30;

/**
 * The list of an answer as rows of text under their column names ('relevant?' read as
 * 'relevant'); the document column is left out when the documents are only their marks, and a
 * document starred as relevant ("*D3*") is shown without its stars. Null when the answer has no
 * such table, its ranks do not run 1, 2, 3, …, or it has more than MAX_LIST_ROWS rows.
 * @param {{steps?: {columns: string[], rows: {text: string}[][], rowCount?: number}[]} | undefined} outcome
 * @returns {{columns: string[], rows: string[][]} | null}
 */
export function listTable(outcome) {
  const source = (outcome?.steps ?? []).find(
    (table) => table.columns.includes('rank') && (table.columns.includes('relevant?') || table.columns.includes('grade')),
  );
  if (!source || (source.rowCount ?? 0) > source.rows.length || source.rows.length > MAX_LIST_ROWS) return null;
  const rankAt = source.columns.indexOf('rank');
  // A table of the relevant documents only would hide the others.
  if (!source.rows.every((row, i) => row[rankAt].text === String(i + 1))) return null;
  const documentAt = source.columns.indexOf('document');
  const marksOnly = documentAt >= 0 && source.rows.every((row) => MARK.test(row[documentAt].text.trim()));
  const keep = INPUT_COLUMNS.map((name) => source.columns.indexOf(name)).filter((index) => index >= 0 && !(marksOnly && index === documentAt));
  const shown = (text, index) => (index === documentAt ? text.replace(/^\*(.+)\*$/, '$1') : text);
  return {
    columns: keep.map((index) => (source.columns[index] === 'relevant?' ? 'relevant' : source.columns[index])),
    rows: source.rows.map((row) => keep.map((index) => shown(row[index].text, index))),
  };
}
