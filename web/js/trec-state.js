// @ts-check
// The TREC files page's state, without the page: which files are given and for what, the option
// controls' values and trec_eval's arguments they make, the measures field, the decimal places,
// the worker's 'evaluate' request, and the texts and links made from an evaluation. No DOM here
// (tests/js/trec-state.test.mjs runs it in node); pages/trec.js reads the controls into these
// values and renders the answers (trec-view.js).

import { pairedScores, rankedMarks } from './render/trec-report.js';
import { hashFor } from './url-state.js';
import { plural } from '../../common/format.js';

/** Measures the significance calculator runs on two runs' per-topic AP. */
export const PAIRED_TESTS = 'sign, wilcoxon, ttest, randomization';

/**
 * trec_eval's options that are one control each, in the order their flags are given (after the
 * measures' -m, before -Z): the element's id, what it is, and its flag. A text field gives its
 * flag with the value typed (none when empty); a checkbox its flag alone when ticked; a choice
 * its flag with the value chosen when that is not `fallback`. A new option is one line here
 * (and its control in web/trec.html).
 * @typedef {{id: string, kind: 'text' | 'check' | 'choice', flag: string, fallback?: string}} TrecOption
 * @type {TrecOption[]}
 */
export const TREC_OPTIONS = [
  { id: 'trec-level', kind: 'text', flag: '-l' },
  { id: 'trec-complete', kind: 'check', flag: '-c' },
  { id: 'trec-judged-only', kind: 'check', flag: '-J' },
  { id: 'trec-max-docs', kind: 'text', flag: '-M' },
  { id: 'trec-per-query', kind: 'check', flag: '-q' },
  { id: 'trec-compat', kind: 'choice', flag: '--compat', fallback: '10' },
  { id: 'trec-keep-first', kind: 'check', flag: '--keep-first' },
  { id: 'trec-format', kind: 'choice', flag: '-R', fallback: 'qrels' },
  { id: 'trec-ties', kind: 'choice', flag: '--ties', fallback: 'docno' },
];

/**
 * The option controls' values, by id: a string for a text field or a choice, a boolean for a
 * checkbox. `measures` is the measures field as typed; `zscores` the -Z file's name, or ''.
 * @typedef {{measures: string, zscores?: string, values: Object<string, string | boolean>}} TrecOptions
 */

/**
 * The measure names of the measures field. Names are separated by spaces, but an ir_measures
 * name may hold spaces inside its parentheses: P(rel=2, judged_only=True)@5 is one name.
 * @param {string} text
 * @returns {string[]}
 */
export const measureNames = (text) => text.match(/(?:[^\s(]+|\([^)]*\))+/g) ?? [];

/**
 * trec_eval's arguments: -m for each measure, then the options of TREC_OPTIONS in order, then
 * -Z with the z-score file's name.
 * @param {TrecOptions} options
 * @returns {string[]}
 */
export function trecArgs({ measures, zscores = '', values }) {
  const args = measureNames(measures).flatMap((measure) => ['-m', measure]);
  for (const { id, kind, flag, fallback } of TREC_OPTIONS) {
    const value = values[id];
    if (kind === 'check') {
      if (value === true) args.push(flag);
    } else {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text && text !== fallback) args.push(flag, text);
    }
  }
  if (zscores) args.push('-Z', zscores);
  return args;
}

// Each judgment format (-R) has its own measures: changing the format changes a measure set to
// that format's, and leaves measures the user typed alone.
const FORMAT_SETS = { qrels: 'official', prefs: 'all_prefs', qrels_prefs: 'all_prefs', qrels_jg: 'qrels_jg' };
const SET_NAMES = new Set(['official', 'all_trec', 'set', 'all_prefs', 'prefs', 'qrels_jg']);

/**
 * The measures field after the judgment format changes to `format`: that format's set when the
 * field is empty or names a set, or null (leave what the user typed).
 * @param {string} measures
 * @param {string} format
 * @returns {string | null}
 */
export function measuresForFormat(measures, format) {
  const text = measures.trim();
  return SET_NAMES.has(text) || text === '' ? FORMAT_SETS[format] : null;
}

/**
 * Decimal places of the tables and of trec_eval's output: a whole number from 0 to 16, or 17
 * for 17 significant digits (each value as the double it is); 4 when the field is not valid.
 * @param {string} text
 * @returns {{valid: boolean, digits: number}}
 */
export function readDigits(text) {
  const trimmed = text.trim();
  const valid = /^\d{1,2}$/.test(trimmed) && Number(trimmed) <= 17;
  return { valid, digits: valid ? Number(trimmed) : 4 };
}

// ------------------------------------------------------------------ files

/**
 * A file's use: the qrels, a run, or the second qrels (another judge's, compared with the first:
 * common/judges-report.js).
 * @typedef {'qrels' | 'run' | 'second'} FileRole
 * @typedef {{key: number, name: string, blob: Blob, role: FileRole,
 *            error: {error: any, excerpt: string} | null}} TrecFile
 *   `error`: the worker's error about this file and the text of its line
 * @typedef {{blob: Blob, role: FileRole}} AddedFile
 */

/** Whether two blobs are the same file (name, size, date). */
const sameFile = (a, b) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * The file list with `added` files: a file already loaded is not added again, and a new qrels
 * (or second qrels) replaces the one loaded before (there is one of each per evaluation).
 * @param {TrecFile[]} files
 * @param {AddedFile[]} added
 * @param {number} lastKey the key given last; the new files get the next ones
 * @returns {{files: TrecFile[], lastKey: number}}
 */
export function withAddedFiles(files, added, lastKey) {
  const fresh = added.filter(({ blob }) => !files.some((file) => sameFile(file.blob, blob)));
  /** @type {Set<FileRole>} */
  const replaced = new Set(fresh.map(({ role }) => role).filter((role) => role !== 'run'));
  const kept = files.filter((file) => !replaced.has(file.role));
  let key = lastKey;
  for (const { blob, role } of fresh) {
    kept.push({ key: ++key, name: /** @type {File} */ (blob).name || 'file', blob, role, error: null });
  }
  return { files: kept, lastKey: key };
}

/**
 * The use of files dropped on the page, from their names and what the worker sniffed in their
 * first line (`kind`): named like a qrels or prefs, or with 4 or 5 fields a line, a file holds
 * the judgments; the first of several such is the qrels, a second qrels (4 fields a line) the
 * second qrels (another judge's), any other a run. `prefs`: the judgments are trec_eval's
 * preferences (5 fields a line), which sets the judgment format.
 * @param {{blob: Blob, kind: string}[]} sniffed
 * @returns {{added: AddedFile[], prefs: boolean}}
 */
export function sortDropped(sniffed) {
  const sorted = sniffed.map(({ blob, kind }) => ({
    blob,
    kind,
    role: /** @type {'qrels' | 'run'} */ (/qrel|pref/i.test(/** @type {File} */ (blob).name) || kind === 'qrels' || kind === 'prefs' ? 'qrels' : 'run'),
  }));
  const firstQrels = sorted.findIndex(({ role }) => role === 'qrels');
  const second = sorted.findIndex(({ role, kind }, index) => role === 'qrels' && index !== firstQrels && kind !== 'prefs' && kind !== 'run');
  /** @param {number} index @returns {FileRole} */
  const roleOf = (index) => {
    if (sorted[index].role !== 'qrels' || index === firstQrels) return sorted[index].role;
    return index === second ? 'second' : 'run';
  };
  return {
    added: sorted.map(({ blob }, index) => ({ blob, role: roleOf(index) })),
    prefs: firstQrels >= 0 && sorted[firstQrels].kind === 'prefs',
  };
}

/**
 * What to evaluate: the qrels, runs and second qrels of the file list, then the pasted texts.
 * Each source has its `file` (a TrecFile) or its `field` (the pasted text's key: 'qrels', 'run'
 * or 'second'), to show an error where it belongs.
 * @param {TrecFile[]} files
 * @param {{qrels: string, run: string, second?: string}} pasted
 */
export function sourcesOf(files, pasted) {
  const fromText = (field, name) => (pasted[field]?.trim() ? [{ name, blob: new Blob([pasted[field]]), field }] : []);
  const fromFiles = (role) => files.filter((file) => file.role === role).map((file) => ({ name: file.name, blob: file.blob, file }));
  return {
    qrels: [...fromFiles('qrels'), ...fromText('qrels', 'pasted qrels')],
    runs: [...fromFiles('run'), ...fromText('run', 'pasted run')],
    second: [...fromFiles('second'), ...fromText('second', 'pasted second qrels')],
  };
}

/**
 * Why there is nothing to evaluate yet, or '' when there is.
 * @param {{name: string}[]} qrels
 * @param {unknown[]} runs
 */
export function missingMessage(qrels, runs, second = []) {
  if (qrels.length === 0) return 'Add a qrels (a file, or paste it) and at least one run, or load the sample data.';
  if (qrels.length > 1) {
    return `There are ${qrels.length} qrels (${qrels.map((source) => source.name).join(', ')}): keep one, or mark the others as runs.`;
  }
  if (second.length > 1) {
    return `There are ${second.length} second qrels (${second.map((source) => source.name).join(', ')}): keep one to compare with ${qrels[0].name}.`;
  }
  return runs.length === 0 ? 'Add at least one run (a file, or paste it).' : '';
}

/**
 * The second qrels' options as the controls give them: the leaderboards' measures (as typed,
 * trec_eval's names separated by spaces; empty: common/judges-report.js's defaults), the level
 * of the intervals and RBO's persistence.
 * @typedef {{measures: string, confidence: string, rboP: string}} JudgesOptions
 */

/**
 * The worker's 'evaluate' request (trec-worker.js). With a second qrels, its `judges` part; the
 * judges compare qrels files, so only under -R qrels.
 * @param {{qrels: {name: string, blob: Blob}, runs: {name: string, blob: Blob}[], options: TrecOptions,
 *          zscores: File | null, digits: number, second?: {name: string, blob: Blob} | null,
 *          judges?: JudgesOptions}} what
 */
export function evaluateRequest({ qrels, runs, options, zscores, digits, second = null, judges }) {
  const format = options.values['trec-format'];
  const compared = second && (format === undefined || format === 'qrels');
  return {
    type: 'evaluate',
    args: trecArgs({ ...options, zscores: zscores?.name ?? '' }),
    qrels: { name: qrels.name, blob: qrels.blob },
    runs: runs.map(({ name, blob }) => ({ name, blob })),
    zscores: zscores ? { name: zscores.name, blob: zscores } : null,
    digits,
    judges: compared
      ? {
          second: { name: second.name, blob: second.blob },
          measures: measureNames(judges?.measures ?? ''),
          confidence: judges?.confidence.trim() || '0.95',
          rboP: judges?.rboP.trim() || '0.9',
        }
      : null,
  };
}

// ------------------------------------------------------------------ what an evaluation says

/**
 * The measures shown in the tables, with their index in the report: the numbers (runid and
 * relstring stay in trec_eval's text).
 */
export const numericMeasures = (report) =>
  report.measures.map((measure, index) => ({ ...measure, index })).filter((measure) => measure.kind !== 'string');

/**
 * The measures --ties bounds added lines for: each measure with the report's indexes of its
 * value and of its NAME_low and NAME_high lines, in the report's order.
 * @param {any} report
 * @returns {{name: string, index: number, low: number, high: number}[]}
 */
export function boundMeasures(report) {
  const at = new Map(report.measures.map((measure, index) => [measure.name, index]));
  return report.measures.flatMap((measure, index) => {
    const low = at.get(`${measure.name}_low`);
    const high = at.get(`${measure.name}_high`);
    return low === undefined || high === undefined ? [] : [{ name: measure.name, index, low, high }];
  });
}

/**
 * The ties of one run: how many topics rank documents with equal scores, and those topics with
 * their groups, most tied documents first (then in the report's order of topics); under --ties
 * bounds, each bounded measure's lowest and highest value for the topic, and the run's means.
 * @param {any} report
 * @param {number} runIndex
 */
export function runTies(report, runIndex) {
  const run = report.runs[runIndex];
  const bounded = boundMeasures(report);
  const ties = run.ties ?? [];
  const topics = run.topics
    .map((topic, t) => ({ topic, t, ...(ties[t] ?? { tiedDocuments: 0, groups: 0, largest: 0 }) }))
    .filter((entry) => entry.groups > 0)
    .sort((a, b) => b.tiedDocuments - a.tiedDocuments || a.t - b.t)
    .map(({ topic, t, tiedDocuments, groups, largest }) => ({
      topic,
      tiedDocuments,
      groups,
      largest,
      ranges: bounded.map((m) => ({
        name: m.name,
        low: run.perQuery[t][m.low],
        value: run.perQuery[t][m.index],
        high: run.perQuery[t][m.high],
      })),
    }));
  return {
    runId: run.runId,
    topicCount: run.topics.length,
    tiedTopics: topics.length,
    tiedDocuments: topics.reduce((sum, entry) => sum + entry.tiedDocuments, 0),
    largest: topics.reduce((most, entry) => Math.max(most, entry.largest), 0),
    means: bounded.map((m) => ({ name: m.name, low: run.summary[m.low], value: run.summary[m.index], high: run.summary[m.high] })),
    topics,
  };
}

/** What --ties chose, in words, for the ties section. */
export const TIES_POLICIES = {
  docno: 'trec_eval’s order: equal scores by docno, descending',
  input: 'the run file’s order of lines',
  rank: 'the run’s rank column, the scores unused (ndeval’s default order); equal ranks in the file’s order',
  average: 'the average over every order of the tied documents',
  bounds: 'trec_eval’s order, with the lowest and highest value any order gives',
};

/** The warnings of an evaluation, each once: the report repeats those of the qrels and runs. */
export function warningsOf({ qrels, runs, report }) {
  return [...new Set([qrels, ...runs, report, ...report.runs].flatMap((part) => part.warnings ?? []))];
}

/** The line above the results: the judgments read and the options. */
export function factsText(report, format) {
  return (
    `${format === 'qrels' ? 'Qrels' : 'Judgments'}: ${report.qrels.file}, ${plural(report.qrels.topics, 'topic')}, ` +
    `${plural(report.qrels.judgments, format === 'prefs' ? 'judgment line' : 'judgment')}. ` +
    `Options: ${report.options.args.join(' ') || '(trec_eval’s defaults)'}.`
  );
}

/** The progress line once an evaluation is done. */
export function evaluatedText(report) {
  const runCount = `${report.runs.length} run${report.runs.length === 1 ? '' : 's'}`;
  return `Evaluated ${runCount} against ${report.qrels.topics} topics.`;
}

/**
 * The significance calculator's link for the runs ticked (their per-topic AP), or the hint that
 * says why there is none: {hint} or {href, x, y, topics}.
 * @param {{runs: any[], measures: {name: string}[]}} report
 * @param {number[]} picked the runs ticked, by index
 * @param {number} places
 */
export function comparisonLink(report, picked, places) {
  const sorted = [...picked].sort((a, b) => a - b);
  if (sorted.length !== 2) {
    return {
      hint:
        sorted.length < 2
          ? 'Tick two runs to test whether their APs differ significantly.'
          : `${sorted.length} runs are ticked; tick exactly two to compare them.`,
    };
  }
  const ap = report.measures.findIndex((measure) => measure.name === 'map');
  if (ap < 0) return { hint: 'Add map to the measures to compare the runs’ per-topic AP.' };
  const [x, y] = sorted.map((index) => report.runs[index]);
  const lines = pairedScores(x, y, ap, places);
  if (lines.length === 0) return { hint: `${x.runId} and ${y.runId} have no topic in common.` };
  const href = `./significance.html#${hashFor({ calc: 'significance', in: lines.join('\n'), m: PAIRED_TESTS })}`;
  return { href, x: x.runId, y: y.runId, topics: `${lines.length} topic${lines.length === 1 ? '' : 's'}` };
}

/**
 * The ranked-list calculator's link for a topic of a run, from the worker's 'topic' answer
 * (its documents' grades, the relevance level and R): {href} or {error}.
 */
export function rankedLink(answer, topic) {
  if (!answer.ok) return { error: answer.error.message };
  if (answer.grades.length === 0) return { error: `Topic ${topic} has no documents in this run.` };
  const state = { calc: 'ranked', in: rankedMarks(answer.grades, answer.level), relevant: String(answer.relevant), m: 'AP' };
  return { href: `./ranked.html#${hashFor(state)}` };
}

// ------------------------------------------------------------------ the sample data
//
// Three topics with graded judgments. Run A ties d2 and d3 on topic 101 (d3 goes first: ties by
// docno, descending) and retrieves d6, which 101's judgments do not hold (unjudged). Run B has
// no topic 103 (a warning, or a 0 with -c).

export const SAMPLE_QRELS = `# qid iter docno grade
101 0 d1 2
101 0 d2 0
101 0 d3 1
101 0 d4 0
101 0 d5 1
102 0 d6 1
102 0 d7 0
102 0 d8 2
103 0 d9 1
103 0 d10 0
103 0 d11 1`;

export const SAMPLE_RUN_A = `# qid Q0 docno rank score tag
101 Q0 d1 1 9.5 runA
101 Q0 d2 2 8.1 runA
101 Q0 d3 3 8.1 runA
101 Q0 d6 4 5.0 runA
101 Q0 d5 5 4.2 runA
102 Q0 d7 1 3.3 runA
102 Q0 d8 2 2.9 runA
103 Q0 d9 1 7.0 runA
103 Q0 d10 2 6.0 runA`;

export const SAMPLE_RUN_B = `101 Q0 d5 1 0.9 runB
101 Q0 d4 2 0.8 runB
101 Q0 d1 3 0.7 runB
102 Q0 d8 1 0.95 runB
102 Q0 d6 2 0.5 runB
102 Q0 d99 3 0.4 runB
`;
