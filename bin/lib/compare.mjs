// irmetrics compare: N runs evaluated on one qrels file (the TREC engine, trec_eval's per-topic
// values under -c, so every run is scored on every qrels topic), then every pair of runs
// compared on each measure by the core's compareRuns() (irm/compare.h): a paired test, a
// multiple-comparison correction over the pairs of each measure, confidence intervals, effect
// sizes and wins/ties/losses. Reports: a table of runs × measures whose means carry the letters
// of the runs each is significantly better than (ranx's style), as text, Markdown or LaTeX; every
// comparison as CSV; or all of it as JSON.

import { latexText, tableToCsv } from '../../web/js/render/export.js';
import { evaluateTrec } from './trec.mjs';

export const COMPARE_USAGE = `usage: irmetrics compare QRELS RUN RUN... [-m MEASURE]... [--test T] [--correction C]
                         [--baseline RUNID] [--alpha A] [--seed N] [--permutations N]
                         [--format text|json|csv|latex|markdown] [--digits N]`;

export const COMPARE_HELP = `irmetrics compare: which of several runs is better, and is it significant?

${COMPARE_USAGE}

Evaluates each RUN against QRELS as \`irmetrics trec -q -c\` does (every qrels topic counts; a
topic a run does not answer scores 0), then compares every pair of runs on each measure with a
paired test over the topics, corrects the p-values for the number of pairs, and prints a table of
the runs' means in which each mean carries the letters of the runs it is significantly better
than (p after correction ≤ α, and a higher mean).

Options
  -m MEASURE        a trec_eval measure, repeatable (map, P.10, ndcg_cut.10, recip_rank, bpref,
                    …; irmetrics trec --help lists them); only measures that are averaged over
                    topics are compared. Default: -m map -m P.10 -m ndcg_cut.10
  --test T          ttest (paired t, default), wilcoxon (signed rank), sign, randomization
                    (paired permutation: exact for up to 20 topics that differ, else
                    --permutations random sign assignments), bootstrap (resampled topics), or
                    tukey (Tukey's HSD over all runs, topics as blocks)
  --correction C    none (default), bonferroni, holm, or bh (Benjamini–Hochberg), over the pairs
                    of each measure
  --baseline RUNID  compare each other run with this one only (fewer pairs to correct for)
  --alpha A         the significance level, default 0.05
  --seed N          the seed of randomization and bootstrap (default 20240917): the same seed
                    gives the same p
  --permutations N  random assignments of randomization, resamples of bootstrap (default 10000)
  --format F        text (default), markdown, latex (the table), csv (one row per pair and
                    measure), json (everything: {measures, runs, topics, options,
                    comparisons: [{measure, a, b, test, p, p_adjusted, significant, mean_a,
                    mean_b, diff, ci: [lo, hi], effect_size, wins, ties, losses, …}],
                    means: [{run, measure, mean, ci}], summaries, notes})
  --digits N        decimals of the means (default 4)

Runs are named by their run tag (the sixth field); two runs with the same tag are named by their
files. Each pair's confidence interval is of the mean difference (t interval; bootstrap's
percentile interval; Tukey's simultaneous interval); the effect size is Cohen's d_z, the mean
difference over its standard deviation.

Examples
  irmetrics compare qrels.txt bm25.run dense.run hybrid.run
  irmetrics compare qrels.txt a.run b.run c.run --test randomization --correction holm
  irmetrics compare qrels.txt base.run x.run y.run --baseline base -m map --format latex

Exit status: 0 compared; 2 a usage error, a bad file or a comparison that cannot be made; 1 an
internal error.`;

const FORMATS = ['text', 'json', 'csv', 'latex', 'markdown'];
const DEFAULT_MEASURES = ['map', 'P.10', 'ndcg_cut.10'];

/**
 * The command line of compare: files, repeated -m, and --name value or --name=value options.
 * @returns {{help: boolean, files: string[], measures: string[], options: object, format: string,
 *   digits: string | undefined}}
 * @throws {{usage: string}} via `usageError` for anything it cannot read
 */
export function parseCompareArgs(argv, usageError) {
  const parsed = { help: false, files: [], measures: [], options: {}, format: 'text', digits: undefined };
  const valued = {
    '-m': (value) => parsed.measures.push(value),
    '--test': (value) => (parsed.options.test = value),
    '--correction': (value) => (parsed.options.correction = value),
    '--baseline': (value) => (parsed.options.baseline = value),
    '--alpha': (value) => (parsed.options.alpha = value),
    '--seed': (value) => (parsed.options.seed = value),
    '--permutations': (value) => {
      parsed.options.permutations = value;
      parsed.options.bootstrap = value;
    },
    '--format': (value) => (parsed.format = value),
    '--digits': (value) => (parsed.digits = value),
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      parsed.help = true;
      continue;
    }
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = equals > 0 ? arg.slice(0, equals) : arg.startsWith('-m') && arg.length > 2 ? '-m' : arg;
    if (name in valued) {
      let value;
      if (equals > 0) value = arg.slice(equals + 1);
      else if (name === '-m' && arg.length > 2) value = arg.slice(2);
      else {
        value = argv[i + 1];
        i += 1;
      }
      if (value === undefined || value === '') usageError(`${name} needs a value`, COMPARE_USAGE);
      valued[name](value);
      continue;
    }
    if (arg.startsWith('-') && arg !== '-') usageError(`unknown option '${arg}' for compare`, COMPARE_USAGE);
    parsed.files.push(arg);
  }
  if (!FORMATS.includes(parsed.format)) {
    usageError(`--format expects one of ${FORMATS.join(', ')}, found '${parsed.format}'`, COMPARE_USAGE);
  }
  return parsed;
}

/** Names for the runs: their tags, or their files where two tags are the same. */
function runNames(runs) {
  const tags = runs.map((run) => run.runId || run.file);
  return runs.map((run, index) => (tags.indexOf(tags[index]) !== tags.lastIndexOf(tags[index]) ? run.file : tags[index]));
}

/**
 * The per-topic scores of every run, from a trec report (TrecReport, docs/js-api.md) made with
 * -q -c: the measures averaged over topics, on the topics of the first run (every run has them
 * all under -c).
 * @returns {{ok: true, input: object} | {ok: false, message: string}}
 */
export function scoresFromReport(report) {
  const measures = report.measures
    .map((measure, index) => ({ ...measure, index }))
    .filter((measure) => measure.kind === 'float' && (measure.summary === 'mean' || measure.summary === 'geometric'));
  if (measures.length === 0) {
    return { ok: false, message: 'none of the measures asked for is averaged over topics (map, P.10, ndcg_cut.10, … are)' };
  }
  const topics = report.runs[0].topics;
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

const SUPERSCRIPT = { a: 'ᵃ', b: 'ᵇ', c: 'ᶜ', d: 'ᵈ', e: 'ᵉ', f: 'ᶠ', g: 'ᵍ', h: 'ʰ', i: 'ⁱ', j: 'ʲ', k: 'ᵏ', l: 'ˡ', m: 'ᵐ', n: 'ⁿ', o: 'ᵒ', p: 'ᵖ' };
const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** Each run's mark: a, b, c, … (up to 16 runs), else 1, 2, 3, …. */
const marksFor = (count) => Array.from({ length: count }, (_, i) => (count <= 16 ? String.fromCharCode(97 + i) : String(i + 1)));

const TEST_NAMES = {
  ttest: 'paired t-test',
  wilcoxon: 'Wilcoxon signed-rank test',
  sign: 'sign test',
  randomization: 'paired randomization test',
  bootstrap: 'paired bootstrap test',
  tukey: 'Tukey’s HSD',
};
const CORRECTION_NAMES = { none: 'no correction', bonferroni: 'Bonferroni correction', holm: 'Holm correction', bh: 'Benjamini–Hochberg correction' };

/** The table's cells: for each run and measure, its mean and the marks of the runs it beats. */
function meansTable(comparison) {
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

/** The legend under the table: what the marks mean, the test, the correction and α. */
function legend(comparison) {
  const { options, runs, comparisons, measures } = comparison;
  const pairs = measures.length ? comparisons.length / measures.length : 0;
  const against = options.baseline ? `each run against ${options.baseline}` : `all ${pairs} pairs`;
  return (
    `A mark after a mean: significantly better than that run (${TEST_NAMES[options.test] ?? options.test}, ` +
    `${CORRECTION_NAMES[options.correction] ?? options.correction} over ${against} of each measure, ` +
    `α = ${options.alpha}; ${runs.length} runs, ${comparison.topics.length} topics).`
  );
}

const fixed = (value, digits) => value.toFixed(digits);

/** Text: an aligned table, then the legend and each significant pair. */
export function comparisonToText(comparison, digits = 4) {
  const rows = meansTable(comparison);
  const superscript = (marks) => marks.map((mark) => (SUPERSCRIPT[mark] ?? [...mark].map((d) => SUPERSCRIPT_DIGITS[d]).join(''))).join('');
  const header = ['', 'run', ...comparison.measures];
  const body = rows.map((row) => [row.mark, row.run, ...row.cells.map((cell) => `${fixed(cell.mean, digits)}${superscript(cell.beats)}`)]);
  const widths = header.map((title, c) => Math.max([...title].length, ...body.map((cells) => [...cells[c]].length)));
  const line = (cells) => cells.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]) : cell.padEnd(widths[c]))).join('  ').trimEnd();
  const lines = [line(header), line(widths.map((w) => '─'.repeat(w))), ...body.map(line), '', legend(comparison)];
  const significant = comparison.comparisons.filter((c) => c.significant);
  if (significant.length) {
    lines.push('', 'Significant differences (p after correction ≤ α):');
    for (const c of significant) {
      lines.push(
        `  ${c.measure}: ${c.a} − ${c.b} = ${c.diff.toFixed(digits)}, p = ${pText(c.p)}, corrected ${pText(c.p_adjusted)}, ` +
          `${Math.round(comparison.options.confidence * 100)}% CI [${c.ci[0].toFixed(digits)}, ${c.ci[1].toFixed(digits)}], ` +
          `${c.wins}/${c.ties}/${c.losses} wins/ties/losses`,
      );
    }
  } else {
    lines.push('', 'No difference is significant after the correction.');
  }
  return `${lines.join('\n')}\n`;
}

/** A p-value as a reader wants it: 4 significant digits, "< 1e-300" for an underflow. */
const pText = (p) => (p === 0 ? '< 1e-300' : p >= 0.001 ? p.toFixed(4) : p.toPrecision(4));

const markdownText = (text) => text.replace(/([\\`*_{}[\]()#+\-.!|<>])/g, '\\$1');

/** Markdown: the table with <sup> marks, and the legend. */
export function comparisonToMarkdown(comparison, digits = 4) {
  const rows = meansTable(comparison);
  const header = `| | run | ${comparison.measures.map(markdownText).join(' | ')} |`;
  const rule = `| --- | --- | ${comparison.measures.map(() => '---:').join(' | ')} |`;
  const body = rows.map(
    (row) => `| ${row.mark} | ${markdownText(row.run)} | ${row.cells.map((cell) => `${fixed(cell.mean, digits)}${cell.beats.length ? `<sup>${cell.beats.join('')}</sup>` : ''}`).join(' | ')} |`,
  );
  return `${[header, rule, ...body, '', legend(comparison)].join('\n')}\n`;
}

/** LaTeX (booktabs): the table with superscript marks, the legend as its caption. */
export function comparisonToLatex(comparison, digits = 4) {
  const rows = meansTable(comparison);
  const cell = (c) => `${fixed(c.mean, digits)}${c.beats.length ? `$^{${c.beats.join('')}}$` : ''}`;
  return `${[
    '% needs \\usepackage{booktabs}',
    '\\begin{table}',
    '  \\centering',
    `  \\caption{${latexText(legend(comparison))}}`,
    `  \\begin{tabular}{ll${'r'.repeat(comparison.measures.length)}}`,
    '    \\toprule',
    `     & run & ${comparison.measures.map(latexText).join(' & ')} \\\\`,
    '    \\midrule',
    ...rows.map((row) => `    ${row.mark} & ${latexText(row.run)} & ${row.cells.map(cell).join(' & ')} \\\\`),
    '    \\bottomrule',
    '  \\end{tabular}',
    '\\end{table}',
  ].join('\n')}\n`;
}

/** CSV: one row per measure and pair (formula-like cells neutralised, as every export). */
export function comparisonToCsv(comparison) {
  const columns = ['measure', 'a', 'b', 'test', 'p', 'p_adjusted', 'significant', 'mean_a', 'mean_b', 'diff', 'ci_low', 'ci_high', 'effect_size', 'wins', 'ties', 'losses'];
  const rows = comparison.comparisons.map((c) => [
    c.measure, c.a, c.b, c.test, String(c.p), String(c.p_adjusted), String(c.significant), String(c.mean_a), String(c.mean_b),
    String(c.diff), String(c.ci[0]), String(c.ci[1]), c.effect_size === null ? '' : String(c.effect_size), String(c.wins), String(c.ties), String(c.losses),
  ]);
  return tableToCsv({ columns, rows });
}

/**
 * Evaluates the runs and compares them.
 * @returns {Promise<{ok: true, comparison: object} | {ok: false, error: object}>}
 */
export async function compareFiles(engine, { qrels, runs, measures, options, onWarning }) {
  const asked = measures.length ? measures : DEFAULT_MEASURES;
  const evaluated = await evaluateTrec(engine, {
    args: ['-q', '-c', ...asked.flatMap((measure) => ['-m', measure])],
    qrels,
    runs,
    format: 'json',
    onWarning,
  });
  if (!evaluated.ok) return evaluated;
  const scores = scoresFromReport(JSON.parse(evaluated.report));
  if (!scores.ok) return { ok: false, error: { code: 'bad_parameter_value', message: scores.message, field: 'options' } };
  const compared = engine.compareRuns(scores.input, options);
  return compared.ok ? { ok: true, comparison: compared.value } : compared;
}
