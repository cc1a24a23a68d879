// The only module the pages ask for answers. The wasm build runs in a module Web Worker
// (engine-worker.js), so a 100,000-rank list never freezes the page; where a module worker
// cannot start (the embeddable widget's classic script, a page opened from file://, a browser
// without workers) or dies, the same engine runs in the page's thread. Either way every failure
// is a result object: callers never need try/catch.
//
// An answer from the worker is light (engine-worker.js, `lighten`): a long step table holds its
// first 200 rows and `rowCount`, with a non-enumerable `fetchRows(from, to)` (a Promise of rows)
// for the others; a thinned chart says so in `thinned` ({drawn, total}).

import { inThread, internalError } from './engine-worker.js';

/**
 * @typedef {{approx: number, exact: string | null, formula: string}} Num
 *   A quantity: `exact` is "28/45", "3" or "-1/2", or null when irrational or too large.
 * @typedef {{text: string, value?: Num}} Cell
 * @typedef {{title: string, columns: string[], rows: Cell[][], highlight: number[]}} StepTable
 * @typedef {{name: string, kind: 'line' | 'step' | 'dot' | 'bar', faint: boolean,
 *            points: [number, number][]}} Series
 *   `faint`: thin and grey, behind the others (each query behind the mean)
 * @typedef {{rowTitle: string, columnTitle: string, rowLabels: string[], columnLabels: string[],
 *            cells: number[][]}} Matrix
 * @typedef {{id: string, kind: 'xy' | 'matrix', title: string, x: string, y: string,
 *            series: Series[], xCategories: string[], matrix?: Matrix,
 *            description: string}} Chart
 *   `xCategories`: when non-empty, x values are indexes into it; `matrix`: for kind 'matrix'
 * @typedef {{measure: string, value: Num, why: string}} Alternative
 * @typedef {{measure: string, title: string, label: string, value: Num,
 *            values: Object<string, Num>, formula: string, working: string, steps: StepTable[],
 *            notes: string[], alternatives: Alternative[], charts: Chart[]}} Outcome
 *   `label`: what `value` is ("AP@10"; "AUC" for ROC)
 * @typedef {{code: string, message: string, field: 'input' | 'measure' | 'relevant' | 'options',
 *            line: number, column: number, length: number}} InputError
 *   `line` and `column` are 1-based (0 when the error is not about a position); `column` and
 *   `length` count Unicode code points.
 * @typedef {{ok: true, value: Outcome} | {ok: false, error: InputError}} ComputeResult
 * @typedef {{name: string, choices: string[], default: string, help: string}} MeasureParam
 * @typedef {{name: string, title: string, summary: string,
 *            input: 'ranked_list' | 'graded_list' | 'queries' | 'scored_labels' | 'confusion' | 'multiclass'
 *                 | 'judges' | 'ratings' | 'rankings' | 'paired' | 'runs',
 *            cutoff: 'none' | 'optional' | 'required', cutoffKind: 'rank' | 'recall' | '',
 *            params: MeasureParam[], aliases: string[], formula: string,
 *            example: string}} MeasureInfo
 */

/**
 * The worker behind request/answer Promises; null when a module worker cannot be started here.
 * A worker that fails (it cannot load, it crashes) answers its pending requests, and every later
 * one, from the page's thread.
 */
function startWorker() {
  if (typeof Worker !== 'function' || globalThis.location?.protocol === 'file:') return null;
  let worker;
  try {
    // scripts/build-embed.mjs replaces this expression by null: the widget has no worker file.
    worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  if (!worker) return null;
  const pending = new Map(); // id → {message, resolve}
  let nextId = 0;
  let failed = false;
  const answerInThread = ({ message, resolve }) => resolve(inThreadAnswer(message));
  worker.addEventListener('message', ({ data }) => {
    const request = pending.get(data.id);
    if (!request) return;
    pending.delete(data.id);
    request.resolve(data.answer);
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    failed = true;
    worker.terminate();
    for (const request of pending.values()) answerInThread(request);
    pending.clear();
  });
  return (message) =>
    new Promise((resolve) => {
      if (failed) return resolve(inThreadAnswer(message));
      const id = ++nextId;
      pending.set(id, { message, resolve });
      worker.postMessage({ ...message, id });
    });
}

/** A worker request answered in this thread (the worker failed). */
async function inThreadAnswer({ type, measure, input, options, answer, table, from, to, request: asked }) {
  if (type === 'compute') return inThread.compute(measure, input, options);
  if (type === 'check') return inThread.check(measure, input, options, answer);
  if (type === 'listMeasures') return inThread.listMeasures();
  if (type === 'ready') return inThread.ready();
  if (type === 'rows') {
    const result = await inThread.compute(asked.measure, asked.input, asked.options);
    return result.ok ? { ok: true, rows: result.value.steps[table]?.rows.slice(from, to) ?? [] } : result;
  }
  return { ok: false, error: internalError(`unknown request ${type}`) };
}

let request; // the worker's request function, or null: started on first use
let nextHandle = 1; // names a worker's answer in its 'rows' requests
const worker = () => (request === undefined ? (request = startWorker()) : request);

/**
 * Gives each long table of a worker's answer its `fetchRows(from, to)`: the rows the answer
 * left behind, from the worker (recomputed there when it no longer keeps them).
 */
function withRowFetchers(result, handle, computeRequest) {
  if (!result?.ok) return result;
  result.value.steps.forEach((table, index) => {
    if (!(table.rowCount > table.rows.length)) return;
    Object.defineProperty(table, 'fetchRows', {
      enumerable: false,
      value: async (from, to) => {
        const answer = await worker()({ type: 'rows', handle, table: index, from, to, request: computeRequest });
        if (!answer?.ok) throw new Error(answer?.error?.message ?? 'the rows could not be read');
        return answer.rows;
      },
    });
  });
  return result;
}

/**
 * Loads the engine (once) and reports whether it is usable.
 * @returns {Promise<{ok: true, version: string} | {ok: false, error: InputError}>}
 */
export async function ready() {
  const send = worker();
  return send ? send({ type: 'ready' }) : inThread.ready();
}

/**
 * Computes a measure on pasted text. Never throws: bad input, and even a failure to load the
 * engine, resolve to `{ok: false, error}`. From the worker, a long table comes cut with
 * `rowCount` and `fetchRows` (see the header).
 * @param {string} measure a measure name such as "AP@10" or "IPrec(rule=trec10)@0.3"
 * @param {string} input the text as the user typed it
 * @param {{relevant?: string | number}} [options] `relevant` is R; "" means not given
 * @returns {Promise<ComputeResult>}
 */
export async function compute(measure, input, options = {}) {
  const send = worker();
  if (!send) return inThread.compute(measure, input, options);
  const computeRequest = { measure, input, options: { ...options } };
  const handle = nextHandle++;
  const result = await send({ type: 'compute', ...computeRequest, handle });
  return withRowFetchers(result, handle, computeRequest);
}

/**
 * Checks a student's answer to `measure` on `input` (docs/js-api.md, check()): judged at the
 * decimals typed; a wrong one is matched to the convention or common slip that gives it. Never
 * throws: bad input or a bad answer (field 'answer') resolve to `{ok: false, error}`.
 * @param {string} measure
 * @param {string} input
 * @param {{relevant?: string | number}} options
 * @param {string} answer as typed: "0.62", "28/45", "62.2%"
 * @returns {Promise<import('./render/check.js').CheckResult>}
 */
export async function check(measure, input, options, answer) {
  const send = worker();
  return send ? send({ type: 'check', measure, input, options: { ...options }, answer }) : inThread.check(measure, input, options, answer);
}

/**
 * The measure registry, in the order the reference shows it (most taught first).
 * Resolves to [] when the engine cannot load (see {@link ready} for why).
 * @returns {Promise<MeasureInfo[]>}
 */
export async function listMeasures() {
  const send = worker();
  return send ? send({ type: 'listMeasures' }) : inThread.listMeasures();
}
