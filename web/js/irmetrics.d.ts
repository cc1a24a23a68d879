// The wasm module's API (web/generated/irmetrics.js, built by `npm run build`), as docs/js-api.md
// describes it and wasm/bindings.cpp exports it (keep the three in step). Hand-written: the generated file is never
// type-checked nor committed. tsconfig.json type-checks the modules that have `// @ts-check`
// (checkJs is off, so the Emscripten output that web/js/engine-worker.js imports is not checked);
// engine-worker.js gives the factory it imports this file's type. Before a build, when there is
// no generated file, that import resolves to this file (tsconfig.json's rootDirs).

/** A quantity: `exact` is "28/45", "3" or "-1/2", or null when irrational or too large. */
export type Num = {
  approx: number;
  exact: string | null;
  /** how it was made when not exact ("" otherwise) */
  formula: string;
};

/**
 * A step table's cell: the text as the notes write it ("3/5", "D5 +"). A lean answer
 * (compute's `lean: true`) has `quantity: true` on the cells that hold a number instead of `value`.
 */
export type Cell = { text: string; value?: Num; quantity?: true };

export type StepTable = {
  title: string;
  columns: string[];
  rows: Cell[][];
  /** indexes of rows to emphasise (e.g. the cutoff rank), may be empty */
  highlight: number[];
};

export type Series = {
  name: string;
  /** 'step': the value holds until the next x */
  kind: 'line' | 'step' | 'dot' | 'bar';
  /** thin and light, behind the others (each query behind the mean) */
  faint: boolean;
  points: [number, number][];
};

export type Matrix = {
  rowTitle: string;
  columnTitle: string;
  rowLabels: string[];
  columnLabels: string[];
  /** row-major */
  cells: number[][];
};

export type Chart = {
  /** 'pr' for the PR curve, 'per-query-AP' for MAP's bars; the page draws each id once */
  id: string;
  /** 'matrix': draw `matrix` as a shaded grid; series is then empty */
  kind: 'xy' | 'matrix';
  title: string;
  x: string;
  y: string;
  series: Series[];
  /** when non-empty, x values are indexes into these names (bars per query) */
  xCategories: string[];
  matrix?: Matrix;
  /** the text alternative for screen readers */
  description: string;
};

export type Alternative = { measure: string; value: Num; why: string };

export type Outcome = {
  /** canonical name of what was computed: "AP@10" */
  measure: string;
  title: string;
  /** what `value` is: the measure ("AP@10"), or for PR "P@10" */
  label: string;
  value: Num;
  values: { [key: string]: Num };
  /** LaTeX: the general formula */
  formula: string;
  /** LaTeX: the formula with this input's numbers substituted */
  working: string;
  steps: StepTable[];
  notes: string[];
  alternatives: Alternative[];
  charts: Chart[];
};

export type InputError = {
  code:
    | 'empty_input'
    | 'bad_token'
    | 'bad_number'
    | 'out_of_range'
    | 'unknown_measure'
    | 'unknown_parameter'
    | 'bad_parameter_value'
    | 'inconsistent_counts'
    | 'internal';
  /** one sentence for a student, already naming line/column */
  message: string;
  field: 'input' | 'measure' | 'relevant' | 'options' | 'answer';
  /** 1-based; 0 when not about a position */
  line: number;
  /** 1-based, in Unicode code points, within `field`'s own text; 0 when not about a position */
  column: number;
  /** code points to highlight (≥ 1 when line > 0) */
  length: number;
};

// Each failure has `value?: undefined` and each success `error?: undefined` (they are absent):
// without strictNullChecks, `if (!result.ok)` does not narrow a union on a boolean, and these
// let `result.error` and `result.value` be read after such a test.
export type ComputeResult =
  | { ok: true; value: Outcome; error?: undefined }
  | { ok: false; error: InputError; value?: undefined };

export type MeasureParam = {
  name: string;
  choices: string[];
  default: string;
  help: string;
  /** a number instead of a choice (F(beta=2)); choices is then empty */
  numeric: boolean;
  /** the largest value allowed ("1" for alpha), as an exact fraction */
  maximum: string | null;
  /** a parameter that cannot be given with this one ("alpha" for beta) */
  excludes: string;
};

export type MeasureInfo = {
  name: string;
  title: string;
  summary: string;
  input:
    | 'ranked_list'
    | 'graded_list'
    | 'queries'
    | 'scored_labels'
    | 'confusion'
    | 'multiclass'
    | 'judges'
    | 'ratings'
    | 'reliability'
    | 'rankings'
    | 'two_lists'
    | 'paired'
    | 'runs'
    | 'subtopic_list';
  cutoff: 'none' | 'optional' | 'required';
  cutoffKind: 'rank' | 'recall' | '';
  /** the input read when a cutoff is given, when that differs from `input`; null otherwise */
  cutoffInput: string | null;
  params: MeasureParam[];
  /** means over queries: the measure taken on each query ("AP" for MAP) */
  perQuery: string;
  /** mean(M): the parentheses hold a measure name */
  takesMeasure: boolean;
  aliases: string[];
  /** words exercises use for one quantity: "accuracy" is confusion(value=accuracy); aloneOnly:
   * the word names it only when typed alone ("precision", while "precision@5" is P@5) */
  words: { word: string; param: string; value: string; aloneOnly: boolean }[];
  /** LaTeX */
  formula: string;
  /** a name to try, e.g. "AP(norm=retrieved)@10" */
  example: string;
};

export type CheckCandidate = {
  /** 'ap.norm_retrieved', 'ap.over_k', 'any.truncated', … */
  name: string;
  kind: 'convention' | 'slip';
  /** a convention's canonical measure name, 'AP(norm=retrieved)@10'; null for a slip */
  measure: string | null;
  /** the value the cause gives; null for the 'any.*' slips (made from the right value) */
  value: Num | null;
  /** a convention: what it does and who uses it, no value; a slip: what to change */
  why: string;
};

export type Check = {
  /** correct_under_convention: right under another named convention (neutral or green, not ✗) */
  verdict: 'correct' | 'correct_under_convention' | 'slip' | 'unknown';
  /** verdict === 'correct' */
  correct: boolean;
  /** the first candidate's name: 'ap.norm_retrieved', 'dcg.ln', 'any.truncated', …; null when
   * right or nothing matched */
  matched: string | null;
  /** for correct_under_convention: the measure name that gives the answer, 'nDCG(dcg=trec)@10' */
  convention: string | null;
  /** every convention and slip that gives the typed digits, conventions first; for a right
   * answer, the conventions it is exactly (or to two more decimals) */
  candidates: CheckCandidate[];
  why: string;
  /** what to check when nothing reproduces a wrong answer; '' otherwise */
  hint: string;
  measure: string;
  /** the quantity checked, as the outcome spells it; null for the measure's own value */
  key: string | null;
  label: string;
  /** 'at 2 decimals', 'at 1 decimal', 'exactly', 'as the first 2 decimals', 'at 15 significant digits' */
  precision: string;
  expected: Num;
  answer: {
    text: string;
    form: 'decimal' | 'fraction' | 'percentage';
    value: string;
    /** judged at; 0 = exactly */
    decimals: number;
    /** typed with an ellipsis (0.41...): judged by truncation */
    prefix: boolean;
    /** 15 for a program's float output (16 or 17 significant digits), else 0 */
    significant: number;
  };
};

export type CheckResult =
  | { ok: true; value: Check; error?: undefined }
  | { ok: false; error: InputError; value?: undefined };

export type SlipInfo = { name: string; measures: string[]; summary: string };

/**
 * compute()'s and check()'s `options`: unknown keys are an error. `relevant` is R ("" for not
 * given); compute's `lean: true` answers for a reader of text (cells as text, no charts).
 */
export type Options = { [key: string]: string | number | boolean };

// ------------------------------------------------------------------ compareRuns

export type CompareInput = {
  /** at least 2, distinct */
  runs: string[];
  /** at least 2 */
  topics: string[];
  /** byRun[run][topic] */
  scores: { measure: string; byRun: number[][] }[];
};

export type CompareOptions = {
  test?: 'ttest' | 'wilcoxon' | 'sign' | 'randomization' | 'bootstrap' | 'tukey';
  correction?: 'none' | 'bonferroni' | 'holm' | 'bh';
  alpha?: number;
  confidence?: number;
  /** a run: each other run against it */
  baseline?: string;
  seed?: number;
  permutations?: number;
  bootstrap?: number;
  zero?: 'wilcox' | 'pratt';
  method?: 'exact' | 'normal';
  continuity?: 'yes' | 'no';
  tukey?: 'blocked' | 'oneway';
};

export type Comparison = {
  measure: string;
  a: string;
  b: string;
  test: string;
  p: number;
  p_adjusted: number;
  significant: boolean;
  mean_a: number;
  mean_b: number;
  diff: number;
  ci: [number, number];
  ci_method: string;
  /** Cohen's d_z */
  effect_size: number | null;
  wins: number;
  ties: number;
  losses: number;
  /** null when t is infinite: every difference the same and not 0 (method says so; p = 0) */
  statistic: number | null;
  statistic_name: string;
  df: number | null;
  z: number | null;
  method: string;
  p_standard_error: number | null;
  samples: number;
};

export type Comparisons = {
  measures: string[];
  runs: string[];
  topics: string[];
  options: {
    test: string;
    correction: string;
    alpha: number;
    confidence: number;
    baseline: string | null;
    seed: number;
    permutations: number;
    bootstrap: number;
  };
  comparisons: Comparison[];
  means: { run: string; measure: string; mean: number; ci: [number, number]; ci_method: string }[];
  summaries: { measure: string; pairs: number; mse: number | null; df: number | null; q_critical: number | null }[];
  notes: string[];
};

/** field 'options' for a bad option, 'input' for the scores */
export type CompareResult =
  | { ok: true; value: Comparisons; error?: undefined }
  | { ok: false; error: InputError; value?: undefined };

// ------------------------------------------------------------------ TREC files

export type TrecError = InputError & { file: string };

export type TrecStatus = { ok: true; error?: undefined } | { ok: false; error: TrecError };

export type TrecQrelsDone =
  | { ok: true; file: string; topics: number; judgments: number; warnings: string[]; error?: undefined }
  | { ok: false; error: TrecError };

export type TrecRunDone =
  | {
      ok: true;
      index: number;
      file: string;
      runId: string;
      topics: number;
      /** topics whose ranked documents (after -M) include equal scores */
      tiedTopics: number;
      /** documents in such groups of equal scores, over every topic */
      tiedDocuments: number;
      warnings: string[];
      error?: undefined;
    }
  | { ok: false; error: TrecError };

/** A topic's equal scores among its ranked documents (after -M). */
export type TrecTopicTies = { tiedDocuments: number; groups: number; largest: number };

export type TrecTopic =
  | {
      ok: true;
      qid: string;
      /** R at the relevance level */
      relevant: number;
      level: number;
      /** each document's qrels grade; -1 unjudged, -2 a negative grade */
      grades: number[];
      ties: TrecTopicTies;
      error?: undefined;
    }
  | { ok: false; error: InputError };

/** `report('json', …)`, parsed. */
export type TrecReport = {
  options: {
    level: number;
    complete: boolean;
    judgedOnly: boolean;
    maxDocs: number | null;
    compat: '9' | '10';
    ties: 'docno' | 'input' | 'rank' | 'average' | 'bounds';
    args: string[];
  };
  qrels: { file: string; topics: number; judgments: number };
  warnings: string[];
  measures: {
    name: string;
    kind: 'float' | 'long' | 'string';
    summary: 'mean' | 'sum' | 'geometric' | 'count' | 'none' | 'runid';
  }[];
  runs: {
    file: string;
    runId: string;
    topics: string[];
    /** [topic][measure]; null where trec_eval prints nothing or -nan */
    perQuery: (number | string | null)[][];
    summary: (number | string | null)[];
    /** [topic] */
    ties: TrecTopicTies[];
    warnings: string[];
  }[];
};

/** trec_eval over qrels and run files fed in chunks (an embind object: call `delete()`). */
export interface TrecSession {
  /** trec_eval's flags, each a separate element; when ok, `warnings` says what was read loosely */
  configure(args: string[]): TrecStatus & { warnings?: string[] };
  /** with -Z FILE among the flags: the z-score file's text (`qid measure mean stddev` lines) */
  zscores(text: string, file: string): TrecStatus;
  /** `size` bytes of wasm memory for the next chunk, valid until the next call on the module */
  buffer(size: number): Uint8Array;
  beginQrels(name: string, bytes?: number): void;
  /** always ok: the qrels are read, and their errors reported, by endQrels */
  feedQrels(size: number): TrecStatus;
  endQrels(): TrecQrelsDone;
  beginRun(name: string, stream?: boolean): TrecStatus;
  /** `restart: true` when a streamed run must be begun again without streaming */
  feedRun(size: number): TrecStatus & { restart?: boolean };
  endRun(): TrecRunDone;
  keepTopicLists(keep: boolean): void;
  /** trec_eval's text ('trec'), `run,measure,topic,value` rows ('csv') or a TrecReport ('json') */
  report(format: 'trec' | 'csv' | 'json', digits: number): string;
  topic(runIndex: number, qid: string): TrecTopic;
  delete(): void;
}

// ------------------------------------------------------------------ the module

export interface IrMetricsModule {
  compute(measure: string, input: string, options?: Options): ComputeResult;
  /** check and listSlips are absent from irmetrics-lite (the calculators' first module) */
  check(measure: string, input: string, options: Options, answer: string): CheckResult;
  /** `key`: a named quantity of the outcome; undefined, null or '' is the measure's own value */
  check(measure: string, input: string, options: Options, answer: string, key: string | null | undefined): CheckResult;
  listMeasures(): MeasureInfo[];
  listSlips(): SlipInfo[];
  /** N runs' per-topic scores compared pair by pair on each measure */
  compareRuns(input: CompareInput, options: CompareOptions): CompareResult;
  /** the project version, e.g. "0.1.0" */
  version(): string;
  /** absent from the embeddable widget's build, irmetrics-lite and irmetrics-check (IRM_NO_TREC):
   *  only the TREC page's worker and the command line load the module that has it */
  TrecSession?: new () => TrecSession;
  /** test hook: an internal failure answered as {ok: false, code 'internal'} */
  internalErrorForTest(): ComputeResult;
}

/** Emscripten's module options: in Node, `{wasmBinary: fs.readFileSync('…/irmetrics.wasm')}`. */
export type IrMetricsOptions = {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, prefix: string) => string;
  [option: string]: unknown;
};

/** web/generated/irmetrics.js's default export. */
export type CreateIrMetrics = (options?: IrMetricsOptions) => Promise<IrMetricsModule>;

declare const createIrMetrics: CreateIrMetrics;
export default createIrMetrics;
