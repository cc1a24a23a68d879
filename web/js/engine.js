// The only module that touches the wasm build. It loads the module once, on first use, and
// turns every failure into a result object: callers never need try/catch.

import createIrMetrics from '../generated/irmetrics.js';

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

let modulePromise; // loaded once, on first use

const load = () => (modulePromise ??= createIrMetrics());

/** @returns {InputError} */
function internalError(cause) {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return {
    code: 'internal',
    message: `The calculator engine failed (${reason}). Reload the page; if it happens again, please report it.`,
    field: 'options',
    line: 0,
    column: 0,
    length: 0,
  };
}

/**
 * Loads the engine (once) and reports whether it is usable.
 * @returns {Promise<{ok: true, version: string} | {ok: false, error: InputError}>}
 */
export async function ready() {
  try {
    return { ok: true, version: (await load()).version() };
  } catch (cause) {
    return { ok: false, error: internalError(cause) };
  }
}

/**
 * Computes a measure on pasted text. Never throws: bad input, and even a failure to load the
 * engine, resolve to `{ok: false, error}`.
 * @param {string} measure a measure name such as "AP@10" or "IPrec(rule=trec10)@0.3"
 * @param {string} input the text as the user typed it
 * @param {{relevant?: string | number}} [options] `relevant` is R; "" means not given
 * @returns {Promise<ComputeResult>}
 */
export async function compute(measure, input, options = {}) {
  try {
    return (await load()).compute(measure, input, options);
  } catch (cause) {
    return { ok: false, error: internalError(cause) };
  }
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
  try {
    return (await load()).check(measure, input, options, answer);
  } catch (cause) {
    return { ok: false, error: internalError(cause) };
  }
}

/**
 * The measure registry, in the order the reference shows it (most taught first).
 * Resolves to [] when the engine cannot load (see {@link ready} for why).
 * @returns {Promise<MeasureInfo[]>}
 */
export async function listMeasures() {
  try {
    return (await load()).listMeasures();
  } catch {
    return [];
  }
}
