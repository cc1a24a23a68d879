// @ts-check
// The calculators' engine, in two forms:
//
//   - as a module Web Worker (web/js/engine.js starts it with `new Worker(new URL(…))`): the wasm
//     computes off the main thread, so a 100,000-rank list never freezes the page. The answer
//     it posts back is made light first (see `lighten`): a step table keeps its first ROW_LIMIT
//     rows and says how many it has (`rowCount`), the rest are asked for when the reader opens
//     them ('rows'); a chart series of more than POINT_LIMIT points is thinned for drawing (the
//     chart says so: `thinned`). Copying the whole answer across threads would itself take
//     seconds on the main thread (a 100,000-rank AP answer is ~45 MB of objects);
//   - in the page's own thread (`inThread`), where a module worker cannot load: the embeddable
//     widget's single classic script, a page opened from file:// (engine.js chooses).
//
// Messages in (each with an `id`; the answer {type: 'answer', id, answer} carries it back):
//   {type: 'ready'}                                   → {ok, version} | {ok: false, error}
//   {type: 'compute', handle, measure, input, options} → ComputeResult, lightened; `handle`
//       names the answer in later 'rows' requests
//   {type: 'check', measure, input, options, answer, key} → CheckResult (key optional)
//   {type: 'listMeasures', all}                       → MeasureInfo[]: the first module's
//       measures, or with `all` every measure (the lite module's)
//   {type: 'compare', input, options}                 → module.compareRuns(input, options):
//       CompareResult (docs/js-api.md, compareRuns)
//   {type: 'rows', handle, table, from, to, request}  → {ok: true, rows} | {ok: false, error}:
//       rows [from, to) of table `table` of the answer to compute request `handle`; `request`
//       ({measure, input, options}) recomputes it when it is no longer kept (KEPT answers are).
// Every request also carries `module`, the module the page starts with (useModule).
// Nothing here throws into the page: a failure is answered as {ok: false, error}.

// The modules (wasm/CMakeLists.txt), none with the TREC engine (the TREC files page's worker,
// trec-worker.js, loads the full one):
//   a group's module  what a first visit of a calculator page downloads: its group's measures
//                     and input readers only (engine-modules.js; the page chooses it with
//                     `useModule`, calculators.js names each page's group); a measure it does not
//                     have (another group's, a typo, F without a cutoff on the ranked page), and
//                     an input outside its calculator's own notation or one its reader rejects
//                     (a list as an exercise prints it, a sentence, a Python session, a typo:
//                     core/src/parse/forms.h), is answered `unknown_measure`, and then asked of
//                     the lite module;
//   irmetrics-lite    every measure, no answer checks: the module of the pages that are not a
//                     calculator (home, practice), and the one the others ask, loaded then, for
//                     what their group's module does not have;
//   irmetrics-check   lite with the checks (check.cpp's catalogue of slips), loaded when a
//                     check is first asked; from then on it answers everything, so that two
//                     modules are never both kept busy.
import { groupModules } from './engine-modules.js';

/**
 * Loads the lite module's factory (scripts/build-embed.mjs points this import at the widget's
 * one module).
 * @type {() => Promise<{default: import('./irmetrics.js').CreateIrMetrics}>}
 */
const LITE_MODULE = () => import('../generated/irmetrics-lite.js');

/**
 * Loads the check module's factory. scripts/build-embed.mjs replaces this function by null:
 * the widget's one module has the checks.
 * @type {(() => Promise<{default: import('./irmetrics.js').CreateIrMetrics}>) | null}
 */
const CHECK_MODULE = () => import('../generated/irmetrics-check.js');

/** Rows of a step table sent with an answer; the page shows 200 before "Show all". */
export const ROW_LIMIT = 200;
/** Points of a chart series drawn; a longer series is thinned (see thinPoints). */
export const POINT_LIMIT = 2000;
/** Full answers kept for 'rows' requests (the newest ones); older ones are recomputed. */
const KEPT = 6;

/**
 * The answer when the engine fails: `cause` is what was thrown; `restarted` says the module was
 * dropped after failing on a request (a new one answers the next), rather than failing to load.
 * @returns {import('./engine.js').InputError}
 */
export function internalError(cause, { restarted = false } = {}) {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return {
    code: 'internal',
    message: restarted
      ? `The calculator engine failed on this request (${reason}). It has been restarted, so other ` +
        'answers are not affected; if this input should work, please report it.'
      : `The calculator engine failed (${reason}). Reload the page; if it happens again, please report it.`,
    field: 'options',
    line: 0,
    column: 0,
    length: 0,
  };
}

/**
 * The engine over a module made by `create` (a Promise of the wasm module); every function
 * resolves, never rejects. The module is made on first use (and made again after a failed
 * load). A call that throws (a wasm trap such as "table index is out of bounds", a stack
 * overflow, an abort) may leave the module's memory broken, so the module is dropped and the
 * next call makes a new one: one bad request never breaks the answers after it, nor the other
 * widgets of a page.
 * @param {() => Promise<import('./irmetrics.js').IrMetricsModule>} create
 */
export function engineOver(create) {
  let modulePromise = null;
  /** Runs `use(module)`; a failure drops the module and `fallback(cause, restarted)` answers. */
  const guarded = async (use, fallback) => {
    const loading = (modulePromise ??= Promise.resolve().then(create));
    const drop = () => {
      if (modulePromise === loading) modulePromise = null;
    };
    let module;
    try {
      module = await loading;
    } catch (cause) {
      drop();
      return fallback(cause, false);
    }
    try {
      return use(module);
    } catch (cause) {
      drop();
      return fallback(cause, true);
    }
  };
  const failed = (cause, restarted) => ({ ok: false, error: internalError(cause, { restarted }) });
  return {
    ready: () => guarded((module) => ({ ok: true, version: module.version() }), failed),
    compute: (measure, input, options = {}) => guarded((module) => module.compute(measure, input, options), failed),
    // The four-argument form when no key is given (the measure's own value).
    check: (measure, input, options, answer, key) => guarded((module) => (key == null || key === ''
      ? module.check(measure, input, options, answer)
      : module.check(measure, input, options, answer, key)), failed),
    listMeasures: () => guarded((module) => module.listMeasures(), () => []),
    // null: the module has no compareRuns (a group's module but the significance page's)
    compareRuns: (input, options = {}) =>
      guarded((module) => (module.compareRuns ? module.compareRuns(input, options) : null), failed),
  };
}

/** The module the engine starts with: a group's (engine-modules.js), or 'lite'. */
let startWith = 'lite';
/** The engine over the module it starts with, made on first use. */
let first = null;
/** The engine over the lite module when the first one is a group's: made when first needed. */
let lite = null;
/** The engine over the check module, made when a check is first asked. */
let checks = null;

const loaderOf = (name) => groupModules[name] ?? LITE_MODULE;
const firstEngine = () => (first ??= engineOver(async () => (await loaderOf(startWith)()).default()));
const liteEngine = () =>
  startWith === 'lite' ? firstEngine() : (lite ??= engineOver(async () => (await LITE_MODULE()).default()));
const checkEngine = () =>
  (checks ??= CHECK_MODULE ? engineOver(async () => (await CHECK_MODULE()).default()) : liteEngine());
/** The engine that answers first: the check module's once a check has been asked. */
const current = () => checks ?? firstEngine();
/** An answer the first module gives for want of the measure (or its reader): lite has it. */
const notHere = (answer) =>
  !checks && startWith !== 'lite' && answer?.ok === false && answer.error?.code === 'unknown_measure';

/**
 * Chooses the module the engine starts with: a group of engine-modules.js (calculators.js's
 * `engine` of the page), else the lite module. Without effect once the engine has started.
 * @param {string | undefined} name
 */
export function useModule(name) {
  if (first === null && name) startWith = name in groupModules ? name : 'lite';
}

/** The engine in the calling thread (see engineOver for what each function answers). */
export const inThread = {
  ready: () => current().ready(),
  compute: async (measure, input, options = {}) => {
    const answer = await current().compute(measure, input, options);
    return notHere(answer) ? liteEngine().compute(measure, input, options) : answer;
  },
  check: (measure, input, options, answer, key) => checkEngine().check(measure, input, options, answer, key),
  /** `all`: every measure, also those the first module does not have (from lite, loaded then). */
  listMeasures: ({ all = false } = {}) =>
    (all && !checks && startWith !== 'lite' ? liteEngine() : current()).listMeasures(),
  compareRuns: async (input, options = {}) =>
    (await current().compareRuns(input, options)) ?? liteEngine().compareRuns(input, options),
};

/**
 * At most about `limit` points of a series that keep its shape: the series is cut into
 * buckets of consecutive points and each bucket keeps its first and last point and the points
 * of its lowest and highest y, in their order. The first and last points are always kept.
 * @param {[number, number][]} points
 * @param {number} [limit]
 * @returns {[number, number][]}
 */
export function thinPoints(points, limit = POINT_LIMIT) {
  if (points.length <= limit) return points;
  const buckets = Math.max(1, Math.floor(limit / 4));
  const size = points.length / buckets;
  const kept = [];
  for (let bucket = 0; bucket < buckets; bucket += 1) {
    const from = Math.floor(bucket * size);
    const to = Math.min(points.length, Math.floor((bucket + 1) * size));
    let low = from;
    let high = from;
    for (let index = from; index < to; index += 1) {
      if (points[index][1] < points[low][1]) low = index;
      if (points[index][1] > points[high][1]) high = index;
    }
    for (const index of [...new Set([from, low, high, to - 1])].sort((a, b) => a - b)) kept.push(points[index]);
  }
  return kept;
}

/**
 * The answer as it crosses to the page: long step tables cut to their first ROW_LIMIT rows
 * (`rowCount` says how many there are), long chart series thinned (`thinned`: {drawn, total}
 * points, the largest series). Small answers are returned as they are.
 * @param {import('./engine.js').Outcome} outcome
 */
export function lighten(outcome) {
  const long = outcome.steps.some((table) => table.rows.length > ROW_LIMIT);
  const many = outcome.charts.some((chart) => chart.series.some((series) => series.points.length > POINT_LIMIT));
  if (!long && !many) return outcome;
  return {
    ...outcome,
    steps: outcome.steps.map((table) =>
      table.rows.length > ROW_LIMIT ? { ...table, rows: table.rows.slice(0, ROW_LIMIT), rowCount: table.rows.length } : table,
    ),
    charts: outcome.charts.map((chart) => {
      const total = Math.max(0, ...chart.series.map((series) => series.points.length));
      if (total <= POINT_LIMIT) return chart;
      const series = chart.series.map((one) => ({ ...one, points: thinPoints(one.points) }));
      const drawn = Math.max(...series.map((one) => one.points.length));
      return { ...chart, series, thinned: { drawn, total } };
    }),
  };
}

// ------------------------------------------------------------------ the worker

/** Full answers by request id, newest last. */
const kept = new Map();

function keep(handle, outcome) {
  kept.set(handle, outcome);
  while (kept.size > KEPT) kept.delete(kept.keys().next().value);
}

async function compute({ id, handle = id, measure, input, options }) {
  const result = await inThread.compute(measure, input, options);
  if (!result.ok) return result;
  const light = lighten(result.value);
  if (light !== result.value) keep(handle, result.value);
  return { ok: true, value: light };
}

async function rows({ handle, table, from, to, request }) {
  let outcome = kept.get(handle);
  if (!outcome) {
    const result = await inThread.compute(request.measure, request.input, request.options);
    if (!result.ok) return result;
    outcome = result.value;
    keep(handle, outcome);
  }
  const steps = outcome.steps[table];
  if (!steps) return { ok: false, error: internalError(`the answer has no table ${table}`) };
  return { ok: true, rows: steps.rows.slice(from, to) };
}

const handlers = {
  ready: () => inThread.ready(),
  compute,
  check: ({ measure, input, options, answer, key }) => inThread.check(measure, input, options, answer, key),
  listMeasures: ({ all }) => inThread.listMeasures({ all }),
  compare: ({ input, options }) => inThread.compareRuns(input, options),
  rows,
};

const inWorker = typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope;
if (inWorker) {
  self.addEventListener('message', async ({ data }) => {
    let answer;
    try {
      useModule(data.module); // engine.js names the page's module in every request
      const handler = handlers[data.type];
      answer = handler ? await handler(data) : { ok: false, error: internalError(`unknown request ${data.type}`) };
    } catch (cause) {
      answer = { ok: false, error: internalError(cause) };
    }
    self.postMessage({ type: 'answer', id: data.id, answer });
  });
}
