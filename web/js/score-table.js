// @ts-check
// The per-query scores of three or more systems, as a student pastes them from a spreadsheet:
// a header row of system names (one per column), then a row per query, the cells separated by
// tabs, commas or spaces (whichever the header uses: tabs first, then commas, else runs of
// spaces), with an optional first column of query ids:
//
//   query  BM25  LM    RM3            BM25,LM,RM3,DPR
//   q1     0.62  0.48  0.55           0.62,0.48,0.55,0.70
//   q2     0.39  0.30  0.41           0.39,0.30,0.41,0.52
//
// A first line whose cells are all names (none a number) is a header. The first column holds
// query ids when the header names it query, topic, qid, id, … (so numeric TREC topic ids work),
// when the first row has one cell more than the header, or when its first cell is not a number.
// A header of one or two systems is not read here: the two-system calculator reads it as it
// always has. Pure: no DOM, no engine.

/** A header cell that names the query-id column (any case). */
const ID_HEADER = /^(#|q|id|ids|qid|qids|num|number|query|queries|query[ _-]?id|topic|topics|topic[ _-]?id)$/i;
/** A number as the cells write it: 0.62, .5, -1, 3e-2. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Four systems × ten queries: A and B are the calculator's ten-query example (x and y), C and D
 * two more systems. A table with a query column, separated by spaces: the significance page's example
 * (significance-many.js) and its browser test's.
 */
export const FOUR_SYSTEMS = [
  'query  A     B     C     D',
  'q1     0.62  0.48  0.55  0.30',
  'q2     0.39  0.30  0.35  0.28',
  'q3     0.71  0.52  0.60  0.41',
  'q4     0.45  0.45  0.50  0.33',
  'q5     0.58  0.41  0.47  0.39',
  'q6     0.22  0.31  0.25  0.20',
  'q7     0.80  0.66  0.71  0.52',
  'q8     0.53  0.40  0.49  0.36',
  'q9     0.35  0.28  0.30  0.25',
  'q10    0.67  0.49  0.58  0.40',
].join('\n');

/** The name every score gets: the comparison's one "measure". */
export const SCORE_MEASURE = 'score';

/**
 * @typedef {{text: string, column: number}} Cell  column: 1-based, in Unicode code points
 * @typedef {{code: 'bad_number' | 'bad_token' | 'empty_input' | 'inconsistent_counts', field: 'input',
 *            message: string, line: number, column: number, length: number}} TableError
 *   as the engine's InputError (engine.js)
 * @typedef {{runs: string[], topics: string[], scores: {measure: string, byRun: number[][]}[]}} CompareInput
 * @typedef {{kind: 'none'} |
 *           {kind: 'table', ok: true, input: CompareInput, ids: boolean, error?: undefined} |
 *           {kind: 'table', ok: false, error: TableError, input?: undefined}} TableReading
 *   kind 'none': not a table of three or more systems (the two-system calculator's input).
 */

const codePoints = (text) => [...text].length;

/**
 * The cells of a line with their columns. `separator` is '\t', ',' or ' ' (runs of spaces).
 * @param {string} line
 * @param {string} separator
 * @returns {Cell[]}
 */
function cellsOf(line, separator) {
  const cells = [];
  if (separator === ' ') {
    for (const match of line.matchAll(/\S+/g)) cells.push({ text: match[0], column: codePoints(line.slice(0, match.index)) + 1 });
    return cells;
  }
  let start = 0;
  for (const piece of line.split(separator)) {
    const lead = piece.length - piece.trimStart().length;
    cells.push({ text: piece.trim(), column: codePoints(line.slice(0, start + lead)) + 1 });
    start += piece.length + 1;
  }
  return cells;
}

const isNumber = (text) => NUMBER.test(text);

/** A cell's span for an error: at least one column wide. */
const spanOf = (cell) => Math.max(1, codePoints(cell.text));

/**
 * @param {TableError['code']} code
 * @param {string} message
 * @param {number} line
 * @param {number} column
 * @param {number} length
 * @returns {{kind: 'table', ok: false, error: TableError}}
 */
const failure = (code, message, line, column, length) => ({ kind: 'table', ok: false, error: { code, field: 'input', message, line, column, length } });

/**
 * Reads a pasted table of per-query scores of three or more systems.
 * @param {string} text as typed (never changed)
 * @returns {TableReading}
 */
export function readScoreTable(text) {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, '').replace(/\s+$/, ''));
  const rows = lines.map((line, index) => ({ line, number: index + 1 })).filter(({ line }) => line.trim() !== '');
  if (rows.length === 0) return { kind: 'none' };
  const [head, ...data] = rows;
  const separator = head.line.includes('\t') ? '\t' : head.line.includes(',') ? ',' : ' ';
  const header = cellsOf(head.line, separator);
  if (header.some((cell) => cell.text === '' || isNumber(cell.text) || cell.text.endsWith(':'))) return { kind: 'none' };
  const first = data.length ? cellsOf(data[0].line, separator) : [];
  const named = ID_HEADER.test(header[0].text);
  const unnamed = !named && first.length === header.length + 1;
  const ids = named || unnamed || (first.length > 0 && !isNumber(first[0].text));
  const names = ids && !unnamed ? header.slice(1) : header;
  if (names.length < 3) return { kind: 'none' };

  const seen = new Map();
  for (const cell of names) {
    const earlier = seen.get(cell.text);
    if (earlier) {
      return failure(
        'bad_token',
        `The header names “${cell.text}” twice (columns ${earlier.column} and ${cell.column}): give each system its own name.`,
        head.number,
        cell.column,
        spanOf(cell),
      );
    }
    seen.set(cell.text, cell);
  }

  const width = names.length + (ids ? 1 : 0);
  const what = `${names.length} systems${ids ? ' after a query id' : ''}`;
  const topics = [];
  const topicLines = new Map();
  /** @type {number[][]} */
  const byRun = names.map(() => []);
  for (const row of data) {
    const cells = cellsOf(row.line, separator);
    if (cells.length < width) {
      const end = codePoints(row.line) + 1;
      return failure('inconsistent_counts', `Line ${row.number} has ${cells.length} cells where the header asks for ${width} (${what}): a score is missing.`, row.number, end, 1);
    }
    if (cells.length > width) {
      const extra = cells[width];
      return failure(
        'inconsistent_counts',
        `Line ${row.number} has ${cells.length} cells where the header asks for ${width} (${what}): “${extra.text}” has no system.`,
        row.number,
        extra.column,
        spanOf(extra),
      );
    }
    const id = ids ? cells[0].text : `q${topics.length + 1}`;
    if (ids) {
      const before = topicLines.get(id);
      if (before) return failure('bad_token', `The query “${id}” is on line ${before} and again on line ${row.number}: each query takes one row.`, row.number, cells[0].column, spanOf(cells[0]));
      topicLines.set(id, row.number);
    }
    const scores = ids ? cells.slice(1) : cells;
    for (let s = 0; s < scores.length; s += 1) {
      const cell = scores[s];
      if (!isNumber(cell.text)) {
        const shown = cell.text === '' ? 'An empty cell' : `“${cell.text}”`;
        const comma = /^[+-]?\d*,\d+$/.test(cell.text) ? ' (write decimals with a point: 0.62)' : '';
        return failure('bad_number', `${shown} in ${names[s].text}’s column is not a number${comma}.`, row.number, cell.column, spanOf(cell));
      }
      byRun[s].push(Number(cell.text));
    }
    topics.push(id);
  }
  if (topics.length < 2) {
    const last = data.length ? data[data.length - 1] : head;
    return failure(
      'empty_input',
      `A comparison needs the scores of 2 or more queries; this table has ${topics.length === 0 ? 'none yet' : 'only 1'}: add a row per query under the header.`,
      last.number,
      1,
      codePoints(last.line),
    );
  }
  return { kind: 'table', ok: true, ids, input: { runs: names.map((cell) => cell.text), topics, scores: [{ measure: SCORE_MEASURE, byRun }] } };
}

/**
 * The two columns of one pair as the two-system calculator reads them: "q1 0.62 0.48" a line
 * (a query id's spaces become underscores, so that it stays one field).
 * @param {CompareInput} input
 * @param {number} a index of system x
 * @param {number} b index of system y
 * @param {number} [measure] index into input.scores
 * @returns {string}
 */
export function pairColumns(input, a, b, measure = 0) {
  const { byRun } = input.scores[measure];
  return input.topics.map((topic, t) => `${topic.replace(/\s+/g, '_')} ${byRun[a][t]} ${byRun[b][t]}`).join('\n');
}
