// @ts-check
// Comparing runs, the part the command line (bin/lib/compare.mjs), the TREC files page and the
// significance page (both through web/js/render/trec-compare.js) share: the per-topic scores a
// comparison reads, taken from a TREC report, and what a comparison's table shows (each run's
// mean and the runs it is significantly better than) with its legend. Pure functions: no DOM,
// no engine.

/** Names for the runs: their tags, or their files where two tags are the same. */
function runNames(runs) {
  const tags = runs.map((run) => run.runId || run.file);
  return runs.map((run, index) => (tags.indexOf(tags[index]) !== tags.lastIndexOf(tags[index]) ? run.file : tags[index]));
}

/**
 * The per-topic scores of every run, from a TREC report (TrecReport, docs/js-api.md) with
 * per-topic values: the measures averaged over topics, on the topics every run was evaluated on
 * (all the qrels topics under -c), in the first run's order.
 * @param {{measures: {name: string, kind: string, summary: string}[],
 *          runs: {file: string, runId: string, topics: string[], perQuery: (number | string | null)[][]}[]}} report
 * @returns {{ok: true, input: {runs: string[], topics: string[], scores: {measure: string, byRun: number[][]}[]}}
 *   | {ok: false, message: string}}
 */
export function scoresFromReport(report) {
  const measures = report.measures
    .map((measure, index) => ({ ...measure, index }))
    .filter((measure) => measure.kind === 'float' && (measure.summary === 'mean' || measure.summary === 'geometric'));
  if (measures.length === 0) {
    return { ok: false, message: 'none of the measures asked for is averaged over topics (map, P.10, ndcg_cut.10, … are)' };
  }
  const inAll = report.runs.slice(1).map((run) => new Set(run.topics));
  const topics = report.runs[0].topics.filter((topic) => inAll.every((set) => set.has(topic)));
  if (topics.length < 2) {
    return { ok: false, message: `the runs have ${topics.length === 0 ? 'no topic' : 'only one topic'} in common; a comparison needs two or more` };
  }
  const scores = measures.map(({ name, index }) => ({
    measure: name,
    byRun: report.runs.map((run) => {
      const row = new Map(run.topics.map((topic, t) => [topic, run.perQuery[t][index]]));
      return topics.map((topic) => {
        const value = row.get(topic);
        return typeof value === 'number' ? value : 0;
      });
    }),
  }));
  return { ok: true, input: { runs: runNames(report.runs), topics, scores } };
}

// ---------------------------------------------------------------------------------------------
// Reports

export const SUPERSCRIPT = { a: 'ᵃ', b: 'ᵇ', c: 'ᶜ', d: 'ᵈ', e: 'ᵉ', f: 'ᶠ', g: 'ᵍ', h: 'ʰ', i: 'ⁱ', j: 'ʲ', k: 'ᵏ', l: 'ˡ', m: 'ᵐ', n: 'ⁿ', o: 'ᵒ', p: 'ᵖ' };
export const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** Each run's mark: a, b, c, … (up to 16 runs), else 1, 2, 3, …. */
export const marksFor = (count) => Array.from({ length: count }, (_, i) => (count <= 16 ? String.fromCharCode(97 + i) : String(i + 1)));

export const TEST_NAMES = {
  ttest: 'paired t-test',
  wilcoxon: 'Wilcoxon signed-rank test',
  sign: 'sign test',
  randomization: 'paired randomization test',
  bootstrap: 'paired bootstrap test',
  tukey: 'Tukey’s HSD',
};
export const CORRECTION_NAMES = { none: 'no correction', bonferroni: 'Bonferroni correction', holm: 'Holm correction', bh: 'Benjamini–Hochberg correction' };

/** The table's cells: for each run and measure, its mean and the marks of the runs it beats. */
export function meansTable(comparison) {
  const { runs, measures, means, comparisons } = comparison;
  const marks = marksFor(runs.length);
  const mean = (run, measure) => means.find((m) => m.run === run && m.measure === measure)?.mean ?? 0;
  const beats = (run, measure) =>
    runs
      .map((other, index) => ({ other, index }))
      .filter(({ other }) =>
        comparisons.some(
          (c) =>
            c.measure === measure &&
            c.significant &&
            ((c.a === run && c.b === other && c.diff > 0) || (c.b === run && c.a === other && c.diff < 0)),
        ),
      )
      .map(({ index }) => marks[index]);
  return runs.map((run, r) => ({ mark: marks[r], run, cells: measures.map((measure) => ({ mean: mean(run, measure), beats: beats(run, measure) })) }));
}

/**
 * What the compared things are called: runs over topics (the TREC files page, the command line),
 * or systems over queries (the significance page's pasted table). `ofEach` follows "all 6 pairs"
 * where there are several measures.
 */
export const RUN_WORDS = { run: 'run', runs: 'runs', topic: 'topic', topics: 'topics', ofEach: ' of each measure' };
export const SYSTEM_WORDS = { run: 'system', runs: 'systems', topic: 'query', topics: 'queries', ofEach: '' };

/** A p as shown: 4 decimals, or 4 significant digits under 0.001; 0 where it underflowed. */
export const pText = (p) => (p === 0 ? '< 1e-300' : p >= 0.001 ? p.toFixed(4) : p.toPrecision(4));

/**
 * A pair's p and corrected p as shown. Where every difference is the same and not 0, t is
 * infinite (its statistic null in the JSON) and p is exactly 0, corrected or not: shown as 0,
 * the p with the method that says why.
 * @param {{p: number, p_adjusted: number, statistic: number | null, statistic_name: string, method: string}} pair
 */
export function pairP(pair) {
  const infinite = pair.statistic_name === 't' && pair.statistic === null;
  return {
    p: infinite ? `0 (${pair.method})` : pText(pair.p),
    adjusted: infinite ? '0' : pText(pair.p_adjusted),
  };
}

/** The legend under the table: what the marks mean, the test, the correction and α. */
export function legend(comparison, words = RUN_WORDS) {
  const { options, runs, comparisons, measures } = comparison;
  const pairs = measures.length ? comparisons.length / measures.length : 0;
  const against = options.baseline ? `each ${words.run} against ${options.baseline}` : `all ${pairs} pairs`;
  return (
    `A mark after a mean: significantly better than that ${words.run} (${TEST_NAMES[options.test] ?? options.test}, ` +
    `${CORRECTION_NAMES[options.correction] ?? options.correction} over ${against}${words.ofEach}, ` +
    `α = ${options.alpha}; ${runs.length} ${words.runs}, ${comparison.topics.length} ${words.topics}).`
  );
}
