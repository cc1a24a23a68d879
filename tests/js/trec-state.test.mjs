// The TREC files page's state (web/js/trec-state.js), without a browser: the option values →
// trec_eval's arguments, the measures field, the decimal places, the files' uses, what is missing
// before an evaluation, and the texts and links made from a report. The expected values are
// written out by hand from the rules each function's comment states.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  TREC_OPTIONS,
  boundMeasures,
  comparisonLink,
  evaluateRequest,
  evaluatedText,
  factsText,
  measureNames,
  measuresForFormat,
  missingMessage,
  rankedLink,
  readDigits,
  runTies,
  sortDropped,
  sourcesOf,
  trecArgs,
  warningsOf,
  withAddedFiles,
} from '../../web/js/trec-state.js';

/** The controls as the page starts (web/trec.html): level 1, nothing ticked, version 10, qrels. */
const defaults = () => ({
  'trec-level': '1',
  'trec-complete': false,
  'trec-judged-only': false,
  'trec-max-docs': '',
  'trec-per-query': false,
  'trec-compat': '10',
  'trec-keep-first': false,
  'trec-format': 'qrels',
  'trec-ties': 'docno',
});

test('every option control of the table is read: one flag each, in trec_eval order', () => {
  assert.deepEqual(trecArgs({ measures: 'official', values: defaults() }), ['-m', 'official', '-l', '1']);
  const all = {
    'trec-level': ' 2 ',
    'trec-complete': true,
    'trec-judged-only': true,
    'trec-max-docs': '100',
    'trec-per-query': true,
    'trec-compat': '9',
    'trec-keep-first': true,
    'trec-format': 'prefs',
  };
  assert.deepEqual(trecArgs({ measures: 'map P.5,10', zscores: 'z.txt', values: all }), [
    '-m', 'map', '-m', 'P.5,10',
    '-l', '2', '-c', '-J', '-M', '100', '-q', '--compat', '9', '--keep-first', '-R', 'prefs',
    '-Z', 'z.txt',
  ]);
  // An empty level gives no -l; a choice at its fallback (version 10, qrels) gives no flag.
  assert.deepEqual(trecArgs({ measures: '', values: { ...defaults(), 'trec-level': '  ' } }), []);
  // The ids are the page's controls, each once.
  assert.equal(new Set(TREC_OPTIONS.map((option) => option.id)).size, TREC_OPTIONS.length);
});

test("every option of the table has its control in the page, of its kind", () => {
  // A new flag is one line in TREC_OPTIONS and its control in web/trec.html: this finds the
  // control missing, or of another kind, before a browser test would.
  const html = readFileSync(new URL('../../web/trec.html', import.meta.url), 'utf8');
  for (const { id, kind } of TREC_OPTIONS) {
    const tag = new RegExp(`<(input|select)\\b[^>]*\\bid="${id}"[^>]*>`).exec(html);
    assert.ok(tag, `web/trec.html has #${id}`);
    const shape = tag[1] === 'select' ? 'choice' : /type="checkbox"/.test(tag[0]) ? 'check' : 'text';
    assert.equal(shape, kind, `#${id} is a ${kind}`);
  }
});

test('measure names split at spaces, except inside parentheses', () => {
  assert.deepEqual(measureNames('map  P.5,10\tndcg_cut.10'), ['map', 'P.5,10', 'ndcg_cut.10']);
  assert.deepEqual(measureNames('P(rel=2, judged_only=True)@5 nDCG@10'), ['P(rel=2, judged_only=True)@5', 'nDCG@10']);
  assert.deepEqual(measureNames('   '), []);
});

test('a new judgment format replaces a measure set or an empty field, never typed measures', () => {
  assert.equal(measuresForFormat('official', 'prefs'), 'all_prefs');
  assert.equal(measuresForFormat(' all_prefs ', 'qrels'), 'official');
  assert.equal(measuresForFormat('', 'qrels_jg'), 'qrels_jg');
  assert.equal(measuresForFormat('set', 'qrels_prefs'), 'all_prefs');
  assert.equal(measuresForFormat('map P.10', 'prefs'), null);
});

test('decimal places: 0 to 17, anything else is 4 and marked', () => {
  assert.deepEqual(readDigits(' 6 '), { valid: true, digits: 6 });
  assert.deepEqual(readDigits('0'), { valid: true, digits: 0 });
  assert.deepEqual(readDigits('17'), { valid: true, digits: 17 });
  assert.deepEqual(readDigits('18'), { valid: false, digits: 4 });
  assert.deepEqual(readDigits('2.5'), { valid: false, digits: 4 });
  assert.deepEqual(readDigits(''), { valid: false, digits: 4 });
});

/** A stand-in for a File: a Blob with a name and a date. */
const file = (name, text = 'x', lastModified = 1) => Object.assign(new Blob([text]), { name, lastModified });

test('files: one qrels at a time, the same file not added twice, keys counted on', () => {
  const qrelsA = file('a.qrels');
  const run1 = file('run1.txt');
  let state = withAddedFiles([], [{ blob: qrelsA, role: 'qrels' }, { blob: run1, role: 'run' }], 0);
  assert.deepEqual(state.files.map((entry) => [entry.key, entry.name, entry.role]), [[1, 'a.qrels', 'qrels'], [2, 'run1.txt', 'run']]);
  assert.equal(state.lastKey, 2);
  // run1 again (same name, size, date) is not added; a second qrels replaces the first.
  state = withAddedFiles(state.files, [{ blob: file('run1.txt'), role: 'run' }, { blob: file('b.qrels'), role: 'qrels' }], state.lastKey);
  assert.deepEqual(state.files.map((entry) => [entry.key, entry.name, entry.role]), [[2, 'run1.txt', 'run'], [3, 'b.qrels', 'qrels']]);
  // A blob without a name is called "file".
  assert.equal(withAddedFiles([], [{ blob: new Blob(['x']), role: 'run' }], 0).files[0].name, 'file');
  // A second qrels replaces the second qrels before it, and leaves the qrels.
  state = withAddedFiles(state.files, [{ blob: file('c.qrels'), role: 'second' }], state.lastKey);
  state = withAddedFiles(state.files, [{ blob: file('d.qrels'), role: 'second' }], state.lastKey);
  assert.deepEqual(state.files.map((entry) => [entry.name, entry.role]), [['run1.txt', 'run'], ['b.qrels', 'qrels'], ['d.qrels', 'second']]);
});

test('dropped files: named or shaped like judgments are the qrels, the second of them the second qrels', () => {
  const sorted = sortDropped([
    { blob: file('run1.txt'), kind: 'run' },
    { blob: file('judged.txt'), kind: 'qrels' }, // 4 fields a line
    { blob: file('more-qrels.txt'), kind: '' }, // named qrels, the second: another judge's
    { blob: file('third.qrels'), kind: 'qrels' }, // a third: a run (the page says it is not one)
    { blob: file('odd.txt'), kind: '' },
  ]);
  assert.deepEqual(sorted.added.map(({ blob, role }) => [blob.name, role]), [
    ['run1.txt', 'run'],
    ['judged.txt', 'qrels'],
    ['more-qrels.txt', 'second'],
    ['third.qrels', 'run'],
    ['odd.txt', 'run'],
  ]);
  // A file named like a qrels whose lines have a run's 6 fields is not a second qrels.
  assert.deepEqual(sortDropped([
    { blob: file('a.qrels'), kind: 'qrels' },
    { blob: file('qrels-run.txt'), kind: 'run' },
  ]).added.map(({ role }) => role), ['qrels', 'run']);
  assert.equal(sorted.prefs, false);
  // A file of 5 fields a line is trec_eval's preferences: it sets the format.
  assert.equal(sortDropped([{ blob: file('p.txt'), kind: 'prefs' }, { blob: file('r.txt'), kind: 'run' }]).prefs, true);
  assert.equal(sortDropped([{ blob: file('r.txt'), kind: 'run' }]).prefs, false);
});

test('sources: files by use, then the pasted texts; what is missing before an evaluation', async () => {
  const files = withAddedFiles([], [{ blob: file('q.txt'), role: 'qrels' }, { blob: file('r.txt'), role: 'run' }], 0).files;
  const { qrels, runs } = sourcesOf(files, { qrels: '  ', run: '101 Q0 d1 1 1 x' });
  assert.deepEqual(qrels.map((source) => source.name), ['q.txt']);
  assert.equal(qrels[0].file, files[0]);
  assert.deepEqual(runs.map((source) => [source.name, source.field]), [['r.txt', undefined], ['pasted run', 'run']]);
  assert.equal(await runs[1].blob.text(), '101 Q0 d1 1 1 x');
  assert.equal(missingMessage(qrels, runs), '');
  assert.equal(missingMessage([], runs), 'Add a qrels (a file, or paste it) and at least one run, or load the sample data.');
  assert.equal(
    missingMessage([{ name: 'q.txt' }, { name: 'pasted qrels' }], runs),
    'There are 2 qrels (q.txt, pasted qrels): keep one, or mark the others as runs.',
  );
  assert.equal(missingMessage(qrels, []), 'Add at least one run (a file, or paste it).');
  // The second qrels: from the file list, then pasted; two of them are one too many.
  const withSecond = withAddedFiles(files, [{ blob: file('b.txt'), role: 'second' }], 2).files;
  const { second } = sourcesOf(withSecond, { qrels: '', run: '', second: '1 0 d1 1' });
  assert.deepEqual(second.map((source) => [source.name, source.field]), [['b.txt', undefined], ['pasted second qrels', 'second']]);
  assert.deepEqual(sourcesOf(files, { qrels: '', run: '' }).second, []);
  assert.equal(missingMessage(qrels, runs, second), 'There are 2 second qrels (b.txt, pasted second qrels): keep one to compare with q.txt.');
  assert.equal(missingMessage(qrels, runs, second.slice(0, 1)), '');
});

test("the worker's evaluate request carries the args, the sources' names and blobs, and -Z's file", () => {
  const qrels = { name: 'q.txt', blob: file('q.txt'), file: {} };
  const run = { name: 'pasted run', blob: new Blob(['r']), field: 'run' };
  const zscores = file('z.txt');
  const request = evaluateRequest({ qrels, runs: [run], options: { measures: 'map', values: defaults() }, zscores, digits: 6 });
  assert.deepEqual(request, {
    type: 'evaluate',
    args: ['-m', 'map', '-l', '1', '-Z', 'z.txt'],
    qrels: { name: 'q.txt', blob: qrels.blob },
    runs: [{ name: 'pasted run', blob: run.blob }],
    zscores: { name: 'z.txt', blob: zscores },
    digits: 6,
    judges: null,
  });
  assert.equal(evaluateRequest({ qrels, runs: [], options: { measures: '', values: defaults() }, zscores: null, digits: 4 }).zscores, null);
});

test("with a second qrels, the request's judges part: its file, the leaderboards' measures, the defaults", () => {
  const qrels = { name: 'a.qrels', blob: file('a.qrels') };
  const second = { name: 'b.qrels', blob: file('b.qrels'), file: {} };
  const request = evaluateRequest({
    qrels, runs: [], options: { measures: 'map', values: defaults() }, zscores: null, digits: 4, second,
    judges: { measures: ' map  P.10 ', confidence: ' ', rboP: '0.8' },
  });
  assert.deepEqual(request.judges, { second: { name: 'b.qrels', blob: second.blob }, measures: ['map', 'P.10'], confidence: '0.95', rboP: '0.8' });
  // Judges compare qrels: under -R prefs there is no second qrels to compare.
  const prefs = evaluateRequest({
    qrels, runs: [], options: { measures: 'all_prefs', values: { ...defaults(), 'trec-format': 'prefs' } }, zscores: null, digits: 4, second,
    judges: { measures: '', confidence: '0.95', rboP: '0.9' },
  });
  assert.equal(prefs.judges, null);
});

// A report of two runs on topics 101 and 102 (run B has 102 only), with map at index 1.
const report = {
  qrels: { file: 'q.txt', topics: 2, judgments: 1 },
  options: { args: [] },
  measures: [{ name: 'runid', kind: 'string' }, { name: 'map', kind: 'float' }],
  warnings: ['w1'],
  runs: [
    { runId: 'A', file: 'a.txt', topics: ['101', '102'], perQuery: [['A', 0.5], ['A', 0.25]], warnings: ['w1', 'w2'] },
    { runId: 'B', file: 'b.txt', topics: ['102'], perQuery: [['B', 1 / 3]] },
  ],
};

test('the texts of an evaluation: facts, progress, warnings once each', () => {
  assert.equal(factsText(report, 'qrels'), 'Qrels: q.txt, 2 topics, 1 judgment. Options: (trec_eval’s defaults).');
  assert.equal(
    factsText({ ...report, options: { args: ['-R', 'prefs'] } }, 'prefs'),
    'Judgments: q.txt, 2 topics, 1 judgment line. Options: -R prefs.',
  );
  assert.equal(evaluatedText(report), 'Evaluated 2 runs against 2 topics.');
  assert.equal(evaluatedText({ ...report, runs: [report.runs[0]] }), 'Evaluated 1 run against 2 topics.');
  assert.deepEqual(warningsOf({ qrels: { warnings: ['w0'] }, runs: [{ warnings: ['w2'] }], report }), ['w0', 'w2', 'w1']);
});

test("the significance link: two runs ticked, their AP on the topics both have", () => {
  assert.deepEqual(comparisonLink(report, [0], 4), { hint: 'Tick two runs to test whether their APs differ significantly.' });
  assert.deepEqual(comparisonLink(report, [0, 1, 2], 4), { hint: '3 runs are ticked; tick exactly two to compare them.' });
  const noMap = { ...report, measures: [{ name: 'P_5', kind: 'float' }] };
  assert.deepEqual(comparisonLink(noMap, [0, 1], 4), { hint: 'Add map to the measures to compare the runs’ per-topic AP.' });
  // Picked in either order, A is x. Topic 102 only: A's 0.25 and B's 1/3 to 4 places, 0.3333.
  // The hash: in = "102 0.2500 0.3333" with spaces as +, m's ", " as ",+".
  assert.deepEqual(comparisonLink(report, [1, 0], 4), {
    href: './significance.html#calc=significance&in=102+0.2500+0.3333&m=sign,+wilcoxon,+ttest,+randomization',
    x: 'A',
    y: 'B',
    topics: '1 topic',
  });
  const apart = { ...report, runs: [report.runs[0], { ...report.runs[1], topics: ['103'] }] };
  assert.deepEqual(comparisonLink(apart, [0, 1], 4), { hint: 'A and B have no topic in common.' });
});

test("a topic's ranked-list link: its grades as marks at the level, R, and AP", () => {
  // Grades 2, 0, -1 (unjudged) at level 1: R N ?.
  assert.deepEqual(rankedLink({ ok: true, grades: [2, 0, -1], level: 1, relevant: 3 }, '101'), {
    href: './ranked.html#calc=ranked&in=R+N+%3F&relevant=3&m=AP',
  });
  assert.deepEqual(rankedLink({ ok: true, grades: [], level: 1, relevant: 0 }, '7'), { error: 'Topic 7 has no documents in this run.' });
  assert.deepEqual(rankedLink({ ok: false, error: { message: 'gone' } }, '7'), { error: 'gone' });
});

test('--ties: the choice is passed on unless it is trec_eval’s docno', () => {
  assert.deepEqual(trecArgs({ measures: 'map', values: defaults() }), ['-m', 'map', '-l', '1']);
  assert.deepEqual(trecArgs({ measures: 'map', values: { ...defaults(), 'trec-ties': 'bounds' } }), [
    '-m',
    'map',
    '-l',
    '1',
    '--ties',
    'bounds',
  ]);
});

test('ties: the topics with equal scores, most tied documents first, and the bounds of each measure', () => {
  // A report as --ties bounds -m map -m P.2 writes it: map, P_2, then their _low and _high lines.
  const report = {
    options: { ties: 'bounds' },
    measures: ['map', 'P_2', 'map_low', 'map_high', 'P_2_low', 'P_2_high', 'num_ret'].map((name) => ({
      name,
      kind: name === 'num_ret' ? 'long' : 'float',
      summary: 'mean',
    })),
    runs: [
      {
        runId: 'r1',
        topics: ['1', '2', '3'],
        perQuery: [
          [0.5, 1, 0.4, 0.6, 0.5, 1, 10],
          [0.25, 0.5, 0.25, 0.25, 0.5, 0.5, 10],
          [0.8, 1, 0.7, 0.9, 1, 1, 10],
        ],
        summary: [0.5, 0.75, 0.45, 0.55, 0.625, 0.75, 30],
        ties: [
          { tiedDocuments: 2, groups: 1, largest: 2 },
          { tiedDocuments: 0, groups: 0, largest: 1 },
          { tiedDocuments: 5, groups: 2, largest: 3 },
        ],
      },
    ],
  };
  assert.deepEqual(boundMeasures(report), [
    { name: 'map', index: 0, low: 2, high: 3 },
    { name: 'P_2', index: 1, low: 4, high: 5 },
  ]);
  const ties = runTies(report, 0);
  assert.equal(ties.tiedTopics, 2);
  assert.equal(ties.tiedDocuments, 7); // 2 + 5
  assert.equal(ties.largest, 3);
  assert.deepEqual(
    ties.topics.map((t) => t.topic),
    ['3', '1'],
  );
  assert.deepEqual(ties.topics[1].ranges, [
    { name: 'map', low: 0.4, value: 0.5, high: 0.6 },
    { name: 'P_2', low: 0.5, value: 1, high: 1 },
  ]);
  assert.deepEqual(ties.means[0], { name: 'map', low: 0.45, value: 0.5, high: 0.55 });
});
