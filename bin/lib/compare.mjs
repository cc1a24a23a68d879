// @ts-check
// irmetrics compare: N runs evaluated on one qrels file (the TREC engine, trec_eval's per-topic
// values under -c, so every run is scored on every qrels topic), then every pair of runs
// compared on each measure by the core's compareRuns() (irm/compare.h): a paired test, a
// multiple-comparison correction over the pairs of each measure, confidence intervals, effect
// sizes and wins/ties/losses. Reports: a table of runs × measures whose means carry the letters
// of the runs each is significantly better than (ranx's style), as text, Markdown or LaTeX; every
// comparison as CSV; or all of it as JSON.

import { latexText, tableToCsv } from '../../common/table-text.js';
import { SUPERSCRIPT, SUPERSCRIPT_DIGITS, legend, meansTable, pText, pairP, scoresFromReport } from '../../common/compare-report.js';
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
 * The options of a command that takes files, a repeatable -m (also glued: -mmap) and --name value
 * or --name=value options: each value goes to its handler in `valued`; -h and --help set `help`;
 * the rest are files ('-' too). An unknown option or a missing value is a usage error.
 * @param {string[]} argv
 * @param {Record<string, (value: string) => void>} valued
 * @returns {{help: boolean, files: string[]}}
 */
export function readCommandArgs(argv, valued, command, usage, usageError) {
  const read = { help: false, files: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      read.help = true;
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
      if (value === undefined || value === '') usageError(`${name} needs a value`, usage);
      valued[name](value);
      continue;
    }
    if (arg.startsWith('-') && arg !== '-') usageError(`unknown option '${arg}' for ${command}`, usage);
    read.files.push(arg);
  }
  return read;
}

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
  const read = readCommandArgs(argv, valued, 'compare', COMPARE_USAGE, usageError);
  parsed.help = read.help;
  parsed.files = read.files;
  if (!FORMATS.includes(parsed.format)) {
    usageError(`--format expects one of ${FORMATS.join(', ')}, found '${parsed.format}'`, COMPARE_USAGE);
  }
  return parsed;
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
        `  ${c.measure}: ${c.a} − ${c.b} = ${c.diff.toFixed(digits)}, p = ${pairP(c).p}${standardError(c)}, corrected ${pairP(c).adjusted}, ` +
          `${Math.round(comparison.options.confidence * 100)}% CI [${c.ci[0].toFixed(digits)}, ${c.ci[1].toFixed(digits)}], ` +
          `${c.wins}/${c.ties}/${c.losses} wins/ties/losses`,
      );
    }
  } else {
    lines.push('', 'No difference is significant after the correction.');
  }
  return `${lines.join('\n')}\n`;
}

/** A sampled p's standard error, " (± 0.0021 from 10000 samples)", or "" when p is exact. */
const standardError = (c) => (c.p_standard_error === null ? '' : ` (± ${pText(c.p_standard_error)} from ${c.samples} samples)`);

/** A p-value as a reader wants it: 4 significant digits, "< 1e-300" for an underflow. */

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
  return tableToCsv({ caption: '', columns, numeric: columns.map(() => false), rows });
}

/**
 * Evaluates the runs and compares them.
 * @returns {Promise<any>} {ok: true, comparison} or {ok: false, error}
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
  if (scores.ok === false) {
    const { message } = /** @type {{message: string}} */ (scores);
    return { ok: false, error: { code: 'bad_parameter_value', message, field: 'options' } };
  }
  const compared = engine.compareRuns(scores.input, options);
  return compared.ok ? { ok: true, comparison: compared.value } : compared;
}
