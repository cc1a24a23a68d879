// @ts-check
// The only module the pages ask for answers. The wasm build runs in a module Web Worker
// (engine-worker.js), so a 100,000-rank list never freezes the page; where a module worker
// cannot start (the embeddable widget's classic script, a page opened from file://, a browser
// without workers) or dies, the same engine runs in the page's thread. Either way every failure
// is a result object: callers never need try/catch.
//
// An answer from the worker is light (engine-worker.js, `lighten`): a long step table holds its
// first 200 rows and `rowCount`, with a non-enumerable `fetchRows(from, to)` (a Promise of rows)
// for the others; a thinned chart says so in `thinned` ({drawn, total}).

import { inThread, internalError, useModule as inThreadModule } from './engine-worker.js';
import { workerClient } from './worker-client.js';

/**
 * The module's values (web/js/irmetrics.d.ts, docs/js-api.md), as the pages get them:
 * @typedef {import('./irmetrics.js').Num} Num
 *   A quantity: `exact` is "28/45", "3" or "-1/2", or null when irrational or too large.
 * @typedef {import('./irmetrics.js').Cell} Cell
 * @typedef {import('./irmetrics.js').StepTable & {rowCount?: number,
 *            fetchRows?: (from: number, to: number) => Promise<Cell[][]>}} StepTable
 *   From the worker, a long table holds its first rows only: `rowCount` is the full count and
 *   `fetchRows` (not enumerable) gives the others.
 * @typedef {import('./irmetrics.js').Series} Series
 *   `faint`: thin and grey, behind the others (each query behind the mean)
 * @typedef {import('./irmetrics.js').Matrix} Matrix
 * @typedef {import('./irmetrics.js').Chart & {thinned?: {drawn: number, total: number}}} Chart
 *   `xCategories`: when non-empty, x values are indexes into it; `matrix`: for kind 'matrix';
 *   `thinned`: the worker drew at most `drawn` of the largest series' `total` points.
 * @typedef {import('./irmetrics.js').Alternative} Alternative
 * @typedef {Omit<import('./irmetrics.js').Outcome, 'steps' | 'charts'> &
 *           {steps: StepTable[], charts: Chart[]}} Outcome
 *   `label`: what `value` is ("AP@10"; "AUC" for ROC)
 * @typedef {Omit<import('./irmetrics.js').InputError, 'code'> &
 *           {code: import('./irmetrics.js').InputError['code'] | 'cancelled'}} InputError
 *   `line` and `column` are 1-based (0 when the error is not about a position); `column` and
 *   `length` count Unicode code points. 'cancelled': the request was given up (compute's signal).
 * @typedef {{ok: true, value: Outcome, error?: undefined} |
 *           {ok: false, error: InputError, value?: undefined}} ComputeResult
 *   (`error?` and `value?` let a non-strict check read them after `if (!result.ok)`)
 * @typedef {import('./irmetrics.js').MeasureParam} MeasureParam
 * @typedef {import('./irmetrics.js').MeasureInfo} MeasureInfo
 */

/**
 * A request whose caller has given up on it (its AbortSignal fired) and that has kept the worker
 * busy this long is stopped by restarting the worker: a 100,000-rank list takes seconds, and the
 * reader who typed again wants the new answer, not the old one first.
 */
const RESTART_AFTER_MS = 250;

/** The answer to a request given up before the worker finished it. */
export const cancelled = () => ({
  ok: false,
  error: { code: 'cancelled', message: 'A newer request replaced this one.', field: 'options', line: 0, column: 0, length: 0 },
});

/**
 * The worker behind request/answer Promises (worker-client.js); null when a module worker cannot
 * be started here. The worker is given one request at a time, the others wait in order, so a
 * request given up while it waits (its `signal` aborted) is never sent; one given up while the
 * worker runs it is stopped after RESTART_AFTER_MS by starting a new worker (its kept answers are
 * then recomputed when asked for: see engine-worker.js 'rows'). A worker that fails (it cannot
 * load, it crashes) answers its pending requests, and every later one, from the page's thread.
 * @returns {((message: object, signal?: AbortSignal) => Promise<any>) | null}
 */
function startWorker() {
  if (typeof Worker !== 'function' || globalThis.location?.protocol === 'file:') return null;
  const client = workerClient({
    spawn: () => {
      try {
        // scripts/build-embed.mjs replaces this expression by null: the widget has no worker file.
        return new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
      } catch {
        return null;
      }
    },
    answerOf: (data) => data.answer,
    onFailure: (message) => inThreadAnswer(/** @type {any} */ (message)),
    cancelled,
    serial: true,
    restartAfterMs: RESTART_AFTER_MS,
  });
  if (!client.start()) return null;
  return (message, signal) => client.request({ ...message, module: startModule }, { signal });
}

/** A worker request answered in this thread (the worker failed). */
async function inThreadAnswer({ type, measure, input, options, answer, key, table, from, to, request: asked, all }) {
  if (type === 'compute') return inThread.compute(measure, input, options);
  if (type === 'check') return inThread.check(measure, input, options, answer, key);
  if (type === 'listMeasures') return inThread.listMeasures({ all });
  if (type === 'compare') return inThread.compareRuns(input, options);
  if (type === 'ready') return inThread.ready();
  if (type === 'rows') {
    const result = await inThread.compute(asked.measure, asked.input, asked.options);
    return result.ok ? { ok: true, rows: result.value.steps[table]?.rows.slice(from, to) ?? [] } : result;
  }
  return { ok: false, error: internalError(`unknown request ${type}`) };
}

/** The module the engine starts with (engine-worker.js, useModule): 'lite' unless a page says. */
let startModule = 'lite';

/**
 * Chooses the wasm module the engine starts with, before its first request: a calculator page's
 * group (calculators.js `engine`), whose module holds that page's measures only; a measure it
 * does not have is answered by the lite module, loaded then. Pages that call nothing keep 'lite'.
 * @param {string | undefined} name
 */
export function useModule(name) {
  startModule = name ?? 'lite';
  inThreadModule(startModule);
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
 * @returns {Promise<{ok: true, version: string, error?: undefined} | {ok: false, error: InputError}>}
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
 * @param {{signal?: AbortSignal}} [control] when `signal` aborts before the answer comes, the
 *   answer is `cancelled()` (code 'cancelled') and the worker stops working on it: a request
 *   still waiting is never sent, one running longer than RESTART_AFTER_MS is stopped
 * @returns {Promise<ComputeResult>}
 */
export async function compute(measure, input, options = {}, { signal } = {}) {
  const send = worker();
  if (!send) return inThread.compute(measure, input, options);
  const computeRequest = { measure, input, options: { ...options } };
  const handle = nextHandle++;
  const result = await send({ type: 'compute', ...computeRequest, handle }, signal);
  return withRowFetchers(result, handle, computeRequest);
}

/**
 * Checks a student's answer to `measure` on `input` (docs/js-api.md, check()): judged at the
 * decimals typed; a wrong one is matched to the convention or common slip that gives it, and one
 * nothing gives gets a `hint` (which quantity to check). Never throws: bad input, a bad answer
 * or an unknown key (field 'answer') resolve to `{ok: false, error}`.
 * @param {string} measure
 * @param {string} input
 * @param {{relevant?: string | number}} options
 * @param {string} answer as typed: "0.62", "28/45", "62.2%"
 * @param {string} [key] a named quantity of the outcome to check instead of the measure's value
 *   ("precision", "t", "PA"); left out, null or "" for the measure's value
 * @returns {Promise<import('./render/check.js').CheckResult>}
 */
export async function check(measure, input, options, answer, key) {
  const send = worker();
  return send
    ? send({ type: 'check', measure, input, options: { ...options }, answer, key })
    : inThread.check(measure, input, options, answer, key);
}

/**
 * The measure registry, in the order the reference shows it (most taught first): the measures of
 * the module the engine started with (useModule), or with `all` every measure (then from the
 * lite module, loaded for it on a calculator page). Resolves to [] when the engine cannot load
 * (see {@link ready} for why).
 * @param {{all?: boolean}} [which]
 * @returns {Promise<MeasureInfo[]>}
 */
export async function listMeasures({ all = false } = {}) {
  const send = worker();
  return send ? send({ type: 'listMeasures', all }) : inThread.listMeasures({ all });
}

/**
 * Compares N runs' per-topic scores pair by pair (docs/js-api.md, compareRuns), in the
 * calculators' worker: the module without the TREC engine has it, so a page comparing pasted
 * scores need not load the TREC page's module. Never throws.
 * @param {import('./irmetrics.js').CompareInput} input
 * @param {import('./irmetrics.js').CompareOptions} [options]
 * @returns {Promise<import('./irmetrics.js').CompareResult>}
 */
export async function compareRuns(input, options = {}) {
  const send = worker();
  return send ? send({ type: 'compare', input, options: { ...options } }) : inThread.compareRuns(input, options);
}
