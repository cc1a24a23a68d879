// @ts-check
// irmetrics judges: two qrels files of the same topics (two assessors, or people and a language
// model) compared document by document: both are read into TrecSessions in chunks (gzipped or
// not, '-' for standard input) as `irmetrics trec` reads qrels, and the core's judgesSessions()
// (irm/judges.h) works out the agreement with the agreement page's own calculators (κ, weighted
// κ with its interval, Krippendorff's α); this file writes the report as text, Markdown, CSV or
// JSON.

import {
  judgeInSessions, judgesNotes, judgesSummaryLines, judgesTables, leaderboardParts,
} from '../../common/judges-report.js';
import { tableToCsv } from '../../common/table-text.js';
import { readCommandArgs } from './compare.mjs';
import { displayName, feedFile } from './trec.mjs';

export const JUDGES_USAGE = `usage: irmetrics judges QRELS_A QRELS_B [RUN...] [-m MEASURE]... [--confidence C]
                        [--rbo-p P] [--bootstrap N] [--seed N]
                        [--format text|json|markdown|csv] [--digits N]`;

export const JUDGES_HELP = `irmetrics judges: do two sets of relevance judgments agree?

${JUDGES_USAGE}

Reads two qrels files of the same collection (\`topic iteration document grade\`, as trec_eval
reads them; gzipped files too) and compares the grades of every document both judge (the same
topic and document id): the table of grades (rows A, columns B), percent agreement, Cohen's κ,
weighted κ with linear and quadratic weights (Cohen 1968) with their large-sample intervals
(Fleiss, Cohen & Everitt 1969), Krippendorff's α at the ordinal and nominal levels, κ on
relevant/not relevant at every pair of thresholds, and each topic's agreement with the topics
that disagree most first. A topic or a document that only one file judges is counted and left
out, never an error. Each value is the one the agreement calculator shows for the same table
(irmetrics calc kappa, krippendorff), exact where it is a fraction.

With RUNs, each run is scored under both files (as \`irmetrics trec -q -c\`, on the topics both
judge) and the two leaderboards of each measure are set side by side with how far they agree:
Kendall's τ_b with a bootstrap interval over the topics, τ_AP (A's order the truth), Spearman's
ρ and Pearson's r with their p-values, rank-biased overlap (p = 0.9), and the pairs of runs whose
order swaps.

Options
  -m MEASURE      a trec_eval measure averaged over topics, repeatable (map, P.10,
                  ndcg_cut.10, …); default -m map -m P.10 -m ndcg_cut.10
  --confidence C  the level of κ's and τ_b's intervals, above 0 and below 1 (default 0.95)
  --rbo-p P       RBO's persistence (default 0.9)
  --bootstrap N   resamples of the topics for τ_b's interval (default 1000); --seed N their seed
  --format F      text (default), markdown, csv (one row per topic, then "all"), or json
                  ({files, topics, documents, grades, table, agreement: {percent, kappa,
                  kappa_linear, kappa_quadratic, krippendorff_ordinal, krippendorff_nominal,
                  kappa_ci, kappa_linear_ci, kappa_quadratic_ci, confidence, exact, binary},
                  per_topic, disagree_most, notes, and with runs leaderboards: {MEASURE: {runs,
                  mean_a, mean_b, order_a, order_b, kendall_tau_b, kendall_tau_b_ci, tau_ap,
                  spearman, spearman_p, pearson, pearson_p, rbo, swaps: [{a, b, diff_a,
                  diff_b}], notes}}}; a value that is 0/0 is null)
  --digits N      decimals of the values (default 4)

Example
  irmetrics judges qrels.people.txt qrels.llm.txt
  irmetrics judges qrels.a.txt.gz qrels.b.txt.gz --format json | jq .agreement.kappa
  irmetrics judges qrels.people.txt qrels.llm.txt runs/*.run -m map -m ndcg_cut.10

Exit status: 0 compared; 2 a usage error, a bad file, or no document judged in both; 1 an
internal error.`;

const FORMATS = ['text', 'json', 'csv', 'markdown'];

/**
 * The command line of judges.
 * @returns {{help: boolean, files: string[], measures: string[], format: string, confidence: string,
 *   digits: string | undefined, options: Record<string, string>}}
 */
export function parseJudgesArgs(argv, usageError) {
  /** @type {{help: boolean, files: string[], measures: string[], format: string, confidence: string,
   *   digits: string | undefined, options: Record<string, string>}} */
  const parsed = { help: false, files: [], measures: [], format: 'text', confidence: '0.95', digits: undefined, options: {} };
  /** @type {Record<string, (value: string) => void>} */
  const valued = {
    '-m': (value) => parsed.measures.push(value),
    '--rbo-p': (value) => (parsed.options.rboP = value),
    '--bootstrap': (value) => (parsed.options.bootstrap = value),
    '--seed': (value) => (parsed.options.seed = value),
    '--format': (value) => (parsed.format = value),
    '--confidence': (value) => (parsed.confidence = value),
    '--digits': (value) => (parsed.digits = value),
  };
  const read = readCommandArgs(argv, valued, 'judges', JUDGES_USAGE, usageError);
  parsed.help = read.help;
  parsed.files = read.files;
  if (!FORMATS.includes(parsed.format)) {
    usageError(`--format is one of ${FORMATS.join(', ')}; found '${parsed.format}'`, JUDGES_USAGE);
  }
  return parsed;
}

/**
 * Reads both files into two TrecSessions (streamed in chunks, gzip or not, as irmetrics trec
 * reads qrels: judgeInSessions) and compares them; with runs, the leaderboards too. Resolves with
 * {ok: true, report} or {ok: false, error} (error.file names the file a problem is in; a file
 * that cannot be read is thrown as trec.mjs's TrecFileError). The runs' warnings go to
 * `onWarning`.
 */
export async function judgeFiles(engine, { a, b, confidence, runs = [], measures = [], options = {}, onWarning }) {
  const judged = await judgeInSessions(engine, {
    qrels: [a, b], runs, measures, confidence, options,
    feed: (session, kind, path) => feedFile(session, kind, path),
    nameOf: displayName,
  });
  if (!judged.ok) return judged;
  const { report, warnings, leaderboardsError } = /** @type {any} */ (judged);
  warnings.forEach((warning) => onWarning?.(warning));
  if (leaderboardsError) return { ok: false, error: { code: 'bad_parameter_value', message: leaderboardsError, field: 'options' } };
  return { ok: true, report };
}

function plainTable(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => [...row[c]].length)));
  // The first column (names) to the left, the numbers to the right.
  const pad = (cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]));
  return rows.map((row) => `  ${row.map(pad).join('  ').trimEnd()}`).join('\n');
}

function markdownTable(rows) {
  const line = (row) => `| ${row.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(rows[0]), line(rows[0].map(() => '---')), ...rows.slice(1).map(line)].join('\n');
}

/** The report as text. */
export function judgesToText(report, digits) {
  const t = judgesTables(report, digits);
  const boards = leaderboardParts(report, digits).flatMap(({ measure, rows, lines }) => [
    `Leaderboards of ${measure} (A's order)`, plainTable(rows), ...lines.map((line) => `  ${line}`), '',
  ]);
  return [
    `irmetrics judges: ${report.files.a} (A) against ${report.files.b} (B)`,
    '',
    ...judgesSummaryLines(report),
    '',
    `Grades of the ${report.documents.both} documents both judge (rows A, columns B)`,
    plainTable(t.grid),
    '',
    'Agreement',
    plainTable(t.stats),
    '',
    ...(report.agreement.binary.length === 0 ? [] : [
      'κ on relevant or not: relevant when A\'s grade ≥ a (rows) and B\'s ≥ b (columns)',
      plainTable(t.binary),
      '',
    ]),
    'Topics that disagree most (lowest percent agreement first)',
    plainTable(t.worst),
    '',
    ...boards,
    'Notes',
    ...judgesNotes(report).map((note) => `  - ${note}`),
    '',
  ].join('\n');
}

/** The report as Markdown. */
export function judgesToMarkdown(report, digits) {
  const t = judgesTables(report, digits);
  return [
    `## Agreement of ${report.files.a} (A) and ${report.files.b} (B)`,
    '',
    ...judgesSummaryLines(report).map((line) => `- ${line}`),
    '',
    `Grades of the ${report.documents.both} documents both judge (rows A, columns B):`,
    '',
    markdownTable(t.grid),
    '',
    markdownTable(t.stats),
    '',
    ...(report.agreement.binary.length === 0 ? [] : [
      'κ on relevant or not (A ≥ a in rows, B ≥ b in columns):',
      '',
      markdownTable(t.binary),
      '',
    ]),
    'Topics that disagree most:',
    '',
    markdownTable(t.worst),
    '',
    ...leaderboardParts(report, digits).flatMap(({ measure, rows, lines }) => [
      `### Leaderboards of ${measure}`, '', markdownTable(rows), '', ...lines, '',
    ]),
    ...judgesNotes(report).map((note) => `- ${note}`),
    '',
  ].join('\n');
}

/** One row per topic both judge, then "all": the pooled figures. */
export function judgesToCsv(report) {
  const value = (v) => (v === null || v === undefined ? '' : String(v));
  const columns = ['topic', 'both', 'agree', 'percent', 'kappa', 'only_a', 'only_b'];
  const rows = [];
  for (const row of report.per_topic) {
    rows.push([row.topic, row.both, row.agree, value(row.percent), value(row.kappa), row.only_a, row.only_b].map(String));
  }
  const agreeAll = report.per_topic.reduce((sum, row) => sum + row.agree, 0);
  rows.push(['all', String(report.documents.both), String(agreeAll), value(report.agreement.percent),
    value(report.agreement.kappa), String(report.documents.only_a), String(report.documents.only_b)]);
  return tableToCsv({ caption: '', columns, numeric: columns.map((_, c) => c > 0), rows });
}
