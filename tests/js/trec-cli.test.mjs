// `irmetrics trec` as a user runs it (a child process, its output and its exit status), on
// small qrels and run files whose values are worked out by hand below, following trec_eval's
// own code (form_res_rels.c, m_map.c, m_bpref.c, m_ndcg.c, m_set_F.c, trec_eval.c).
//
// The fixture, used by most tests (relevance level 1 unless said otherwise):
//
//   qrels                    topic 9: R = 3 (d1, d3, d4); judged non-relevant d2, d5 (N = 2);
//                                     d9 has a negative grade, so it counts as unjudged
//                            topic 10: R = 2 (e1 grade 2, e3 grade 1); non-relevant e2, e4
//   run A (runid runA)       topic 9: d1 .9, d2 .8, d9 .7, d3 .6, d6 .5  (d6 not in the qrels)
//                            topic 10: e2 .9, e1 .5, e5 .5, e3 .1 (e1 and e5 tie; the file and
//                            the rank column put e1 first, trec_eval puts e5 first: docno
//                            descending)
//
//   ranked as evaluated      9:  d1 R, d2 N, d9 U, d3 R, d6 U
//                            10: e2 N, e5 U, e1 R, e3 R
//
//   per topic                          9                       10
//   map (AP)             (1/1 + 2/4)/3 = 1/2      (1/3 + 2/4)/2 = 5/12
//   P_5                  2/5                      2/5 (P@k divides by k)
//   P_10                 2/10                     2/10
//   num_ret / rel / rel_ret   5 / 3 / 2           4 / 2 / 2
//   recip_rank           1/1                      1/3
//   Rprec                P@3 = 1/3                P@2 = 0
//   bpref                d1: 1; d3: 1 − min(1,3)/min(2,3) = 1/2    e1: 1 − 1/2; e3: 1 − 1/2
//                        (1 + 1/2)/3 = 1/2        (1/2 + 1/2)/2 = 1/2
//   ndcg (gain = grade,  1/log2 2 + 2/log2 5      2/log2 4 + 1/log2 5
//   discount log2(r+1))  over ideal 2,1,1,0,0:    over ideal 2,1:
//                        2 + 1/log2 3 + 1/log2 4  2 + 1/log2 3
//                        = 1.86135/3.13093        = 1.43068/2.63093
//                        = 0.594505               = 0.543791
//
//   summary ('all')      map 11/24 = 0.4583, P_5 0.4, P_10 0.2, num_ret 9, num_rel 5,
//                        num_rel_ret 4, recip_rank 2/3, Rprec 1/6, bpref 1/2, num_q 2,
//                        gm_map sqrt(1/2 · 5/12) = 0.456435, ndcg 0.569148

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loadEngine } from '../../bin/lib/engine.mjs';
import { describeError, evaluateTrec } from '../../bin/lib/trec.mjs';

const cli = fileURLToPath(new URL('../../bin/irmetrics.mjs', import.meta.url));

/** Runs `irmetrics trec ARGS`; returns {status, stdout, stderr}. */
function trec(args, stdin = '') {
  const result = spawnSync(process.execPath, [cli, 'trec', ...args],
    { input: stdin, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs `irmetrics trec --format json ARGS`, checks it succeeded, returns the parsed report. */
function trecJson(args) {
  const { status, stdout, stderr } = trec(['--format', 'json', ...args]);
  assert.equal(status, 0, stderr);
  return JSON.parse(stdout);
}

/** A value of the JSON report by measure name: the summary, or one topic's value. */
function valueOf(report, name, { run = 0, topic = 'all' } = {}) {
  const index = report.measures.findIndex((measure) => measure.name === name);
  assert.ok(index >= 0, `no measure ${name} in ${report.measures.map((m) => m.name)}`);
  const { summary, perQuery, topics } = report.runs[run];
  if (topic === 'all') return summary[index];
  const row = topics.indexOf(topic);
  assert.ok(row >= 0, `no topic ${topic} in ${topics}`);
  return perQuery[row][index];
}

const near = (actual, expected, what) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual}, expected ${expected}`);

/** trec_eval's line: the name padded to 22 characters, then tabs. */
const line = (name, topic, value) => `${name.padEnd(22)}\t${topic}\t${value}`;

// ---------------------------------------------------------------------------------------------
// The files

const dir = mkdtempSync(join(tmpdir(), 'irmetrics-trec-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `text` (lines joined with \n) to dir/name and returns the path. */
function file(name, lines) {
  const path = join(dir, name);
  writeFileSync(path, Array.isArray(lines) ? `${lines.join('\n')}\n` : lines);
  return path;
}

const QRELS_LINES = [
  '# topic 9',
  '9 0 d1 1',
  '9 0 d2 0',
  '9 0 d3 2',
  '9 0 d4 1',
  '9 0 d5 0',
  '9 0 d9 -1',
  '10 0 e1 2',
  '10 0 e2 0',
  '10 0 e3 1',
  '10 0 e4 0',
];
const RUN_A_LINES = [
  '9 Q0 d1 1 0.9 runA',
  '9 Q0 d2 2 0.8 runA',
  '9 Q0 d9 3 0.7 runA',
  '9 Q0 d3 4 0.6 runA',
  '9 Q0 d6 5 0.5 runA',
  '10 Q0 e2 1 0.9 runA',
  '10 Q0 e1 2 0.5 runA',
  '10 Q0 e5 3 0.5 runA',
  '10 Q0 e3 4 0.1 runA',
];
const qrels = file('qrels.txt', QRELS_LINES);
const runA = file('run-a.txt', RUN_A_LINES);

describe('irmetrics trec: the official measures of one run, worked out by hand', () => {
  let official;
  const report = () => (official ??= trecJson([qrels, runA]));  // run once, on first use

  test('map = (1/2 + 5/12)/2 = 11/24, and each topic\'s AP', () => {
    near(valueOf(report(), 'map'), 11 / 24, 'map');
    near(valueOf(report(), 'map', { topic: '9' }), 1 / 2, 'AP of 9');
    near(valueOf(report(), 'map', { topic: '10' }), 5 / 12, 'AP of 10');
  });

  test('P_5 = 2/5 and P_10 = 2/10: P@k divides by k even when fewer are retrieved', () => {
    near(valueOf(report(), 'P_5'), 2 / 5, 'P_5');
    near(valueOf(report(), 'P_10'), 2 / 10, 'P_10');
    near(valueOf(report(), 'P_10', { topic: '10' }), 2 / 10, 'P_10 of 10 (4 retrieved)');
  });

  test('counts are sums: num_ret 9, num_rel 5, num_rel_ret 4, num_q 2', () => {
    assert.equal(valueOf(report(), 'num_ret'), 9);
    assert.equal(valueOf(report(), 'num_rel'), 5);
    assert.equal(valueOf(report(), 'num_rel_ret'), 4);
    assert.equal(valueOf(report(), 'num_q'), 2);
  });

  test('recip_rank = (1 + 1/3)/2, Rprec = (1/3 + 0)/2, bpref = 1/2', () => {
    near(valueOf(report(), 'recip_rank'), 2 / 3, 'recip_rank');
    near(valueOf(report(), 'Rprec'), 1 / 6, 'Rprec');
    near(valueOf(report(), 'Rprec', { topic: '9' }), 1 / 3, 'Rprec of 9');
    near(valueOf(report(), 'bpref'), 1 / 2, 'bpref');
    near(valueOf(report(), 'bpref', { topic: '9' }), 1 / 2, 'bpref of 9');
  });

  test('gm_map is the geometric mean of the APs: sqrt(1/2 · 5/12)', () => {
    near(valueOf(report(), 'gm_map'), Math.sqrt((1 / 2) * (5 / 12)), 'gm_map');
  });

  test('the report carries the qrels, the run\'s file and runid, topics in strcmp order', () => {
    assert.equal(report().qrels.topics, 2);
    assert.equal(report().qrels.judgments, 10);
    assert.equal(report().runs.length, 1);
    assert.equal(report().runs[0].runId, 'runA');
    assert.match(report().runs[0].file, /run-a\.txt$/);
    assert.deepEqual(report().runs[0].topics, ['10', '9']);
    assert.equal(report().options.level, 1);
  });
});

describe('irmetrics trec: trec_eval\'s text output', () => {
  test('lines are name padded to 22, tab, topic, tab, value with 4 decimals', () => {
    const { status, stdout, stderr } = trec([qrels, runA]);
    assert.equal(status, 0, stderr);
    const lines = stdout.split('\n');
    assert.ok(lines.includes(line('runid', 'all', 'runA')), stdout);
    assert.ok(lines.includes(line('num_q', 'all', '2')), stdout);
    assert.ok(lines.includes(line('num_ret', 'all', '9')), stdout);
    assert.ok(lines.includes(line('map', 'all', '0.4583')), stdout);
    assert.ok(lines.includes(line('P_5', 'all', '0.4000')), stdout);
    assert.ok(lines.includes(line('recip_rank', 'all', '0.6667')), stdout);
    assert.ok(stdout.includes('map                   \tall\t0.4583\n'));
    assert.equal(stderr, '');
  });

  test('-q prints each topic in strcmp order (10 before 9), then the summary', () => {
    const { status, stdout } = trec(['-q', '-m', 'map', qrels, runA]);
    assert.equal(status, 0);
    assert.deepEqual(stdout.trimEnd().split('\n'), [
      line('map', '10', '0.4167'),
      line('map', '9', '0.5000'),
      line('map', 'all', '0.4583'),
    ]);
  });

  test('-n leaves the summary out; -q -n prints the topics only', () => {
    const { stdout } = trec(['-q', '-n', '-m', 'map', qrels, runA]);
    assert.deepEqual(stdout.trimEnd().split('\n'),
      [line('map', '10', '0.4167'), line('map', '9', '0.5000')]);
  });

  test('-n without -q prints nothing at all, as trec_eval (not a lone newline)', () => {
    const { status, stdout } = trec(['-n', '-m', 'map', qrels, runA]);
    assert.equal(status, 0);
    assert.equal(stdout, '');
  });

  test('trec_eval\'s joined forms work too: -qn -mmap', () => {
    const { stdout } = trec(['-qn', '-mmap', qrels, runA]);
    assert.deepEqual(stdout.trimEnd().split('\n'),
      [line('map', '10', '0.4167'), line('map', '9', '0.5000')]);
  });

  test('--digits 2 prints 2 decimals, in trec_eval\'s width of 6 (%6.2f)', () => {
    const { stdout } = trec(['--digits', '2', '-m', 'map', qrels, runA]);
    assert.equal(stdout, `${line('map', 'all', '  0.46')}\n`);
  });

  test('--digits 17 prints each value as the double it is (%.17g); 18 is refused', () => {
    // The doubles trec_eval's arithmetic gives: topic 10's AP is (1/3 + 2/4) / 2, in doubles
    // 0.41666666666666663 (not 5/12's nearest double, ...669); map is the topics' sum divided by
    // 2: (AP + 0.5) / 2 = 0.45833333333333331 (Python: a = (1/3 + 2/4) / 2; '%.17g' % a,
    // '%.17g' % ((a + 0.5) / 2)). 17 significant digits, no padding to trec_eval's width.
    const { stdout } = trec(['-q', '--digits', '17', '-m', 'map', qrels, runA]);
    assert.deepEqual(stdout.trimEnd().split('\n'), [
      line('map', '10', '0.41666666666666663'),
      line('map', '9', '0.5'),
      line('map', 'all', '0.45833333333333331'),
    ]);
    const refused = trec(['--digits', '18', '-m', 'map', qrels, runA]);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /--digits expects a whole number from 0 to 17, found '18'/);
  });
});

describe('irmetrics trec: trec_eval\'s conventions', () => {
  test('a score tie is broken by docno descending, not by the file order or rank column', () => {
    // Topic 10: e1 and e5 both score .5. e5 first gives AP (1/3 + 2/4)/2 = 5/12; the file's
    // order (e1 first) would give (1/2 + 2/4)/2 = 1/2.
    near(valueOf(trecJson(['-m', 'map', qrels, runA]), 'map', { topic: '10' }), 5 / 12, 'AP');
    // Reversing the file and the ranks changes nothing.
    const reversed = file('run-a-reversed.txt', RUN_A_LINES.map((l, i) =>
      l.replace(/ \d+ (0\.\d)/, ` ${RUN_A_LINES.length - i} $1`)).reverse());
    near(valueOf(trecJson(['-m', 'map', qrels, reversed]), 'map', { topic: '10' }), 5 / 12,
      'AP, file reversed');
  });

  test('a negative grade counts as unjudged: bpref of topic 9 is 1/2, not 4/9', () => {
    // d9 (grade -1, ranked 3rd) is skipped by bpref and N = 2 (d2, d5), so at d3 one judged
    // non-relevant document is above it: 1 − 1/min(2,3). Were d9 judged non-relevant (grade
    // 0), N = 3 and two would be above d3: (1 + 1 − 2/3)/3 = 4/9.
    near(valueOf(trecJson(['-m', 'bpref', qrels, runA]), 'bpref', { topic: '9' }), 1 / 2,
      'bpref, d9 negative');
    const zero = file('qrels-d9-zero.txt', QRELS_LINES.map((l) => l.replace('d9 -1', 'd9 0')));
    near(valueOf(trecJson(['-m', 'bpref', zero, runA]), 'bpref', { topic: '9' }), 4 / 9,
      'bpref, d9 judged 0');
  });

  test('scores are doubles; --compat 9 reads them as 32-bit floats, where more of them tie', () => {
    // e1 scores 0.50000001, e5 0.5. As doubles e1 ranks first: AP of 10 = (1/2 + 2/4)/2 = 1/2.
    // As floats both are 0.5, and the tie puts e5 first: 5/12.
    const nearTie = file('run-near-tie.txt',
      RUN_A_LINES.map((l) => l.replace('e1 2 0.5', 'e1 2 0.50000001')));
    near(valueOf(trecJson(['-m', 'map', qrels, nearTie]), 'map', { topic: '10' }), 1 / 2,
      'AP as doubles');
    const compat9 = trecJson(['--compat', '9', '-m', 'map', qrels, nearTie]);
    near(valueOf(compat9, 'map', { topic: '10' }), 5 / 12, 'AP as floats');
    assert.equal(compat9.options.compat, '9');
  });

  test('-J drops unjudged documents, negative grades included: AP of 9 = 5/9', () => {
    // -J ranks d1 R, d2 N, d3 R (d9 and d6 dropped): (1/1 + 2/3)/3 = 5/9; topic 10 becomes
    // e2 N, e1 R, e3 R: (1/2 + 2/3)/2 = 7/12.
    const report = trecJson(['-J', '-m', 'map', qrels, runA]);
    near(valueOf(report, 'map', { topic: '9' }), 5 / 9, 'AP of 9');
    near(valueOf(report, 'map', { topic: '10' }), 7 / 12, 'AP of 10');
    assert.equal(report.options.judgedOnly, true);
  });

  test('-l 2: only grade 2 is relevant; map = (1/4 + 1/3)/2 = 7/24, num_rel 2', () => {
    // 9: d3 alone is relevant, ranked 4th: 1/4. 10: e1 alone, ranked 3rd: 1/3.
    for (const flags of [['-l', '2'], ['-l2']]) {
      const report = trecJson([...flags, '-m', 'map', '-m', 'num_rel', qrels, runA]);
      near(valueOf(report, 'map'), 7 / 24, `map with ${flags.join(' ')}`);
      assert.equal(valueOf(report, 'num_rel'), 2);
      assert.equal(report.options.level, 2);
    }
  });

  test('nDCG uses the grades as gains whatever the level: 0.5945 for topic 9 at -l 1 and 2', () => {
    const ndcg9 = (1 + 2 / Math.log2(5)) / (2 + 1 / Math.log2(3) + 1 / 2);
    const ndcg10 = (2 / 2 + 1 / Math.log2(5)) / (2 + 1 / Math.log2(3));
    for (const level of ['1', '2']) {
      const report = trecJson(['-l', level, '-m', 'ndcg', qrels, runA]);
      near(valueOf(report, 'ndcg', { topic: '9' }), ndcg9, `ndcg of 9 at -l ${level}`);
      near(valueOf(report, 'ndcg'), (ndcg9 + ndcg10) / 2, `ndcg at -l ${level}`);
    }
    assert.ok(Math.abs(ndcg9 - 0.594505) < 1e-6);
  });

  test('-M 3 evaluates the top 3 of each topic: map = (1/3 + 1/6)/2, num_ret 6', () => {
    // 9: d1 R, d2, d9: 1/3. 10: e2, e5, e1 R: (1/3)/2 = 1/6.
    const report = trecJson(['-M', '3', '-m', 'map', '-m', 'num_ret', qrels, runA]);
    near(valueOf(report, 'map'), 1 / 4, 'map');
    assert.equal(valueOf(report, 'num_ret'), 6);
  });

  test('set_F.2 takes 2 as β²: (3·P·R)/(2P + R)', () => {
    // 9: P = 2/5, R = 2/3: 3·(4/15)/(4/5 + 2/3) = (4/5)/(22/15) = 6/11.
    // 10: P = 1/2, R = 1: (3/2)/2 = 3/4. Mean (6/11 + 3/4)/2 = 57/88.
    const report = trecJson(['-m', 'set_F.2', qrels, runA]);
    const name = report.measures.find((m) => m.name.startsWith('set_F')).name;
    near(valueOf(report, name, { topic: '9' }), 6 / 11, `${name} of 9`);
    near(valueOf(report, name), 57 / 88, name);
  });
});

describe('irmetrics trec: topics missing from the run or the qrels', () => {
  const qrels11 = file('qrels-11.txt', [...QRELS_LINES, '11 0 f1 1', '11 0 f2 0']);

  test('a qrels topic missing from the run: a warning naming it, the mean over the others', () => {
    const { status, stdout, stderr } = trec(['-m', 'map', '-m', 'num_q', qrels11, runA]);
    assert.equal(status, 0, stderr);
    assert.match(stderr, /^irmetrics trec: warning: .*\b11\b/m);
    assert.ok(stderr.split('\n').filter(Boolean)
      .every((l) => l.startsWith('irmetrics trec: warning: ')), stderr);
    assert.ok(stdout.split('\n').includes(line('map', 'all', '0.4583')), stdout);
    assert.ok(stdout.split('\n').includes(line('num_q', 'all', '2')), stdout);
  });

  test('-c: the missing topic scores 0 and counts: num_q 3, map = (1/2 + 5/12 + 0)/3', () => {
    const report = trecJson(['-c', '-m', 'map', '-m', 'num_q', '-m', 'gm_map', qrels11, runA]);
    assert.equal(valueOf(report, 'num_q'), 3);
    near(valueOf(report, 'map'), 11 / 36, 'map');
    // gm_map floors topic 11's AP of 0 at 1e-5: (1/2 · 5/12 · 1e-5)^(1/3).
    near(valueOf(report, 'gm_map'), Math.cbrt((1 / 2) * (5 / 12) * 1e-5), 'gm_map');
    assert.equal(report.options.complete, true);
  });

  test('-c: num_rel counts the missing topic\'s relevant document too: 3 + 2 + 1 = 6', () => {
    // trec_eval -c evaluates topic 11 over an empty ranking (trec_eval.c, bogus_ranking), whose
    // num_rel is 1, and m_num_rel.c's average under -c counts every qrels line with rel > 0.
    const report = trecJson(['-c', '-m', 'num_rel', qrels11, runA]);
    assert.equal(valueOf(report, 'num_rel'), 6);
  });

  test('-c -q prints the missing topic in its place: 10, 11, 9', () => {
    // trec_eval.c loops over the qrels topics and, with -c, prints each, the missing ones
    // evaluated over an empty ranking.
    const { stdout } = trec(['-c', '-q', '-m', 'map', qrels11, runA]);
    assert.deepEqual(stdout.trimEnd().split('\n'), [
      line('map', '10', '0.4167'),
      line('map', '11', '0.0000'),
      line('map', '9', '0.5000'),
      line('map', 'all', '0.3056'),
    ]);
  });

  test('a topic only in the run is ignored, with a warning naming it', () => {
    const extra = file('run-extra.txt', [...RUN_A_LINES, '12 Q0 g1 1 0.3 runA']);
    const { status, stdout, stderr } = trec(['-m', 'map', '-m', 'num_q', '-m', 'num_ret',
      qrels, extra]);
    assert.equal(status, 0, stderr);
    assert.match(stderr, /^irmetrics trec: warning: .*\b12\b/m);
    assert.ok(stdout.split('\n').includes(line('map', 'all', '0.4583')), stdout);
    assert.ok(stdout.split('\n').includes(line('num_ret', 'all', '9')), stdout);
  });
});

describe('irmetrics trec: several runs, formats and compressed files', () => {
  // Run B ranks the relevant documents first: AP 1 for both topics.
  const runB = file('run-b.txt', [
    '9 Q0 d4 1 3 runB', '9 Q0 d3 2 2 runB', '9 Q0 d1 3 1 runB',
    '10 Q0 e3 1 2 runB', '10 Q0 e1 2 1 runB',
  ]);

  test('two runs print two blocks, each with its runid, the qrels read once', () => {
    const { status, stdout, stderr } = trec(['-m', 'runid', '-m', 'map', qrels, runA, runB]);
    assert.equal(status, 0, stderr);
    assert.deepEqual(stdout.trimEnd().split('\n'), [
      line('runid', 'all', 'runA'),
      line('map', 'all', '0.4583'),
      line('runid', 'all', 'runB'),
      line('map', 'all', '1.0000'),
    ]);
  });

  test('--format json: runs[1].summary holds run B\'s values', () => {
    const report = trecJson(['-m', 'map', qrels, runA, runB]);
    assert.equal(report.runs.length, 2);
    assert.equal(report.runs[1].runId, 'runB');
    assert.ok(Array.isArray(report.runs[1].summary));
    near(valueOf(report, 'map', { run: 1 }), 1, 'map of run B');
    near(valueOf(report, 'map', { run: 0 }), 11 / 24, 'map of run A');
    assert.equal(report.measures.find((m) => m.name === 'map').summary, 'mean');
  });

  test('--format csv: a header, then run,measure,topic,value rows', () => {
    const { status, stdout } = trec(['--format', 'csv', '-q', '-m', 'map', qrels, runA]);
    assert.equal(status, 0);
    const rows = stdout.trimEnd().split('\n');
    assert.equal(rows[0], 'run,measure,topic,value');
    assert.equal(rows.length, 4, stdout);
    assert.match(rows[1], /^runA,map,10,0\.4167/);
    assert.match(rows[3], /^runA,map,all,0\.4583/);
  });

  test('a gzipped run (by name, or by its bytes 1f 8b) prints what the plain one does', () => {
    const bytes = gzipSync(readFileSync(runA));
    const byName = join(dir, 'run-a.txt.gz');
    const byMagic = join(dir, 'run-a.compressed');
    writeFileSync(byName, bytes);
    writeFileSync(byMagic, bytes);
    const plain = trec(['-q', qrels, runA]);
    assert.equal(plain.status, 0);
    for (const path of [byName, byMagic]) {
      const zipped = trec(['-q', qrels, path]);
      assert.equal(zipped.status, 0, zipped.stderr);
      assert.equal(zipped.stdout, plain.stdout);
    }
  });

  test('a gzipped qrels file, and a run on standard input', () => {
    const zipped = join(dir, 'qrels.gz');
    writeFileSync(zipped, gzipSync(readFileSync(qrels)));
    const { status, stdout, stderr } = trec(['-m', 'map', zipped, '-'], readFileSync(runA));
    assert.equal(status, 0, stderr);
    assert.equal(stdout, `${line('map', 'all', '0.4583')}\n`);
  });
});

describe('irmetrics trec: bad input exits with status 2', () => {
  test('a malformed run line names file:line:column on stderr, nothing on stdout', () => {
    // Line 3's score is 'x', at column 12 of "10 Q0 e7 3 x runA".
    const bad = file('bad-run.txt', ['9 Q0 d1 1 0.9 runA', '9 Q0 d2 2 0.8 runA',
      '10 Q0 e7 3 x runA']);
    const { status, stdout, stderr } = trec([qrels, bad]);
    assert.equal(status, 2);
    assert.equal(stdout, '');
    assert.match(stderr, /^irmetrics: \S*bad-run\.txt:3:12: [^\n]+\n$/);
  });

  test('with --format json: {error: {code, file, line, column}} on stdout', () => {
    const bad = file('bad-run-json.txt', ['9 Q0 d1 1 0.9 runA', '10 Q0 e7 2 x runA']);
    const { status, stdout } = trec(['--format', 'json', qrels, bad]);
    assert.equal(status, 2);
    const { error } = JSON.parse(stdout);
    assert.equal(error.code, 'bad_number');
    assert.match(error.file, /bad-run-json\.txt$/);
    assert.equal(error.line, 2);
    assert.equal(error.column, 12);
  });

  test('a malformed qrels line (3 fields) names the qrels file, line 2, column 1', () => {
    const bad = file('bad-qrels.txt', ['9 0 d1 1', '9 0 d2', '10 0 e1 1']);
    const { status, stderr } = trec([bad, runA]);
    assert.equal(status, 2);
    assert.match(stderr, /^irmetrics: \S*bad-qrels\.txt:2:1: /);
  });

  test('a docno given twice for a topic is an error naming both lines', () => {
    const dup = file('dup-run.txt', ['9 Q0 d1 1 0.9 runA', '9 Q0 d2 2 0.8 runA',
      '9 Q0 d3 3 0.7 runA', '9 Q0 d1 4 0.6 runA', '10 Q0 e1 1 0.5 runA']);
    const { status, stdout, stderr } = trec(['-m', 'map', qrels, dup]);
    assert.equal(status, 2);
    assert.equal(stdout, '');
    assert.match(stderr, /^irmetrics: \S*dup-run\.txt:4:\d+: /);
    assert.match(stderr, /'d1'/);
    assert.match(stderr, /lines 1 and 4/);
  });

  test('--keep-first keeps the first line of a duplicate, with a warning', () => {
    // The first d1 (.9) kept: 9 ranks d1 R, d2, d3 R: (1 + 2/3)/3 = 5/9. Keeping the later one
    // (.6) would rank d2, d3 R, d1 R: (1/2 + 2/3)/3 = 7/18.
    const dup = file('dup-run-2.txt', ['9 Q0 d1 1 0.9 runA', '9 Q0 d2 2 0.8 runA',
      '9 Q0 d3 3 0.7 runA', '9 Q0 d1 4 0.6 runA', '10 Q0 e1 1 0.5 runA']);
    const { status, stdout, stderr } = trec(['--keep-first', '-q', '-m', 'map', qrels, dup]);
    assert.equal(status, 0, stderr);
    assert.match(stderr, /^irmetrics trec: warning: .*'d1'.*\n/m);
    assert.ok(stdout.split('\n').includes(line('map', '9', '0.5556')), stdout);
  });

  test('an unknown -m measure is a clear error naming it', () => {
    const { status, stdout, stderr } = trec(['-m', 'nosuchmeasure', qrels, runA]);
    assert.equal(status, 2);
    assert.equal(stdout, '');
    assert.match(stderr, /^irmetrics: [^\n]*nosuchmeasure[^\n]*\n$/);
  });

  test('a missing file, a missing RUN, an unknown flag and a bad --format', () => {
    const missing = trec([qrels, join(dir, 'none.txt')]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /^irmetrics: cannot read \S*none\.txt: ENOENT\n$/);
    for (const args of [[qrels], [], ['-x', qrels, runA], ['--format', 'xml', qrels, runA],
      ['-l']]) {
      const { status, stderr } = trec(args);
      assert.equal(status, 2, args.join(' '));
      assert.match(stderr, /usage: irmetrics trec/, args.join(' '));
    }
  });

  test('a corrupt .gz file is exit 2 naming the file', () => {
    const corrupt = file('corrupt.gz', 'this is not gzip\n');
    const { status, stderr } = trec([qrels, corrupt]);
    assert.equal(status, 2);
    assert.match(stderr, /^irmetrics: cannot read \S*corrupt\.gz: /);
  });
});

describe('irmetrics trec as a Unix tool: pipes, /dev/stdin, a directory', () => {
  // map of run A is (1/2 + 5/12)/2 = 11/24 ≈ 0.4583 (the fixture above).
  const shell = (command) => spawnSync('bash', ['-c', command],
    { encoding: 'utf8', env: { ...process.env, CLI: cli, QRELS: qrels, RUN: runA } });

  test('a qrels from a pipe, <(cat qrels), is read in order', () => {
    const { status, stdout, stderr } = shell(`"${process.execPath}" "$CLI" trec -m map <(cat "$QRELS") "$RUN"`);
    assert.equal(status, 0, stderr);
    assert.equal(stdout, 'map                   \tall\t0.4583\n');
  });

  test('a gzipped run from a pipe, and a run on /dev/stdin', () => {
    const gz = shell(`"${process.execPath}" "$CLI" trec -m map "$QRELS" <(gzip -c "$RUN")`);
    assert.equal(gz.status, 0, gz.stderr);
    assert.equal(gz.stdout, 'map                   \tall\t0.4583\n');
    // A shell pipe, as a user has it (node's own stdin for a child is a socket, which Linux
    // does not let /dev/stdin open).
    const stdin = shell(`cat "$RUN" | "${process.execPath}" "$CLI" trec -m map "$QRELS" /dev/stdin`);
    assert.equal(stdin.status, 0, stdin.stderr);
    assert.equal(stdin.stdout, 'map                   \tall\t0.4583\n');
  });

  test('a directory is named as one, with status 2; in JSON with --format json', () => {
    const dir = dirname(qrels);
    const { status, stdout, stderr } = trec([dir, runA]);
    assert.equal(status, 2);
    assert.equal(stdout, '');
    assert.equal(stderr, `irmetrics: ${dir} is a directory; give a qrels or run file\n`);
    const json = trec(['--format', 'json', qrels, dir]);
    assert.equal(json.status, 2);
    assert.deepEqual(JSON.parse(json.stdout), { error: { code: 'file', message: `${dir} is a directory; give a qrels or run file` } });
  });

  test('an error without a line is prefixed by its file unless it names the file itself', () => {
    const limit = 'bomb.gz is larger than 256 MiB (uncompressed); irmetrics trec reads qrels of at most 256 MiB';
    assert.equal(describeError({ file: 'bomb.gz', line: 0, message: limit }), limit);
    assert.equal(describeError({ file: 'q.txt', line: 0, message: 'no topic' }), 'q.txt: no topic');
    assert.equal(describeError({ file: 'q.txt', line: 3, column: 2, message: 'bad' }), 'q.txt:3:2: bad');
  });

  test('a usage error with --format json is JSON too', () => {
    const { status, stdout } = trec(['--format', 'json', qrels]);
    assert.equal(status, 2);
    const { error } = JSON.parse(stdout);
    assert.equal(error.code, 'usage');
    assert.match(error.message, /^trec needs at least one RUN after /);
  });
});

describe('irmetrics trec --help', () => {
  test('states trec_eval\'s conventions', () => {
    const { status, stdout } = trec(['--help']);
    assert.equal(status, 0);
    assert.match(stdout, /usage: irmetrics trec/);
    assert.match(stdout, /docno, *\n? *descending byte order/);
    assert.match(stdout, /rank column is ignored, as trec_eval ignores it/);
    assert.match(stdout, /32-bit float/);
    assert.match(stdout, /negative grade counts as unjudged/);
    assert.match(stdout, /P_k divides by k/);
    assert.match(stdout, /1e-5/);
    assert.match(stdout, /β²/);
  });
});

describe('bin/lib/trec.mjs: chunks split anywhere give the same report', () => {
  test('7-byte chunks (lines, a UTF-8 docno split) equal whole chunks', async () => {
    // 'dé' (unjudged, last of topic 9) adds 1 to num_ret and changes no other value.
    const run = file('run-a-utf8.txt', [...RUN_A_LINES, '9 Q0 d\u00e9 6 0.4 runA']);
    const engine = await loadEngine();
    const request = { args: ['-q', '-m', 'all_trec'], qrels, runs: [run], format: 'json' };
    const whole = await evaluateTrec(engine, request);
    const small = await evaluateTrec(engine, { ...request, chunkSize: 7 });
    assert.ok(whole.ok, JSON.stringify(whole.error));
    assert.ok(small.ok, JSON.stringify(small.error));
    assert.deepEqual(JSON.parse(small.report), JSON.parse(whole.report));
    const report = JSON.parse(small.report);
    near(valueOf(report, 'map'), 11 / 24, 'map');
    assert.equal(valueOf(report, 'num_ret'), 10);
  });
});

describe('bin/lib/trec.mjs: runs streamed topic by topic', () => {
  // A run file is streamed (each topic evaluated as its lines end). Here topic 9's lines are
  // split by topic 10's: the reader meets 9 again after 10, so the file is read a second time,
  // whole. The values are the fixture's, worked out above: map 11/24, each topic's AP.
  const interleaved = [
    RUN_A_LINES[0], RUN_A_LINES[1], RUN_A_LINES[5], RUN_A_LINES[6],
    RUN_A_LINES[2], RUN_A_LINES[3], RUN_A_LINES[7], RUN_A_LINES[8], RUN_A_LINES[4],
  ];

  test('a run whose topics interleave gives the values of the run in order', () => {
    const path = file('run-a-interleaved.txt', interleaved);
    const report = trecJson(['-q', qrels, path]);
    near(valueOf(report, 'map'), 11 / 24, 'map');
    near(valueOf(report, 'map', { topic: '9' }), 1 / 2, 'AP of 9');
    near(valueOf(report, 'map', { topic: '10' }), 5 / 12, 'AP of 10');
    assert.equal(valueOf(report, 'num_ret'), 9);
  });

  test('on standard input (read whole from the start, as it cannot be read twice)', () => {
    const path = file('run-a-interleaved-2.txt', interleaved);
    const expected = `${line('map', 'all', '0.4583')}\n`;
    const piped = trec(['-m', 'map', qrels, '-'], readFileSync(path));
    assert.equal(piped.status, 0, piped.stderr);
    assert.equal(piped.stdout, expected);
  });

  test('7-byte chunks of the interleaved run equal the run in order', async () => {
    const path = file('run-a-interleaved-3.txt', interleaved);
    const engine = await loadEngine();
    const request = { args: ['-q', '-m', 'all_trec'], qrels, format: 'json' };
    const inOrder = await evaluateTrec(engine, { ...request, runs: [runA] });
    const small = await evaluateTrec(engine, { ...request, runs: [path], chunkSize: 7 });
    assert.ok(small.ok, JSON.stringify(small.error));
    assert.deepEqual(JSON.parse(small.report).runs[0].perQuery,
      JSON.parse(inOrder.report).runs[0].perQuery);
  });
});

describe('irmetrics trec: what trec_eval reads loosely, and --strict', () => {
  // Run A with words after the tag of its second line: trec_eval 10.0 ignores them, so the
  // values are run A's (map 11/24 = 0.4583), with one warning at line 2, column 20 (after
  // '9 Q0 d2 2 0.8 runA ', 19 characters).
  const extra = file('run-seven-fields.txt',
    RUN_A_LINES.map((text, i) => (i === 1 ? `${text} extra words` : text)));

  test('fields after the tag are ignored with a positioned warning', () => {
    const { status, stdout, stderr } = trec(['-m', 'map', qrels, extra]);
    assert.equal(status, 0, stderr);
    assert.equal(stdout, `${line('map', 'all', '0.4583')}\n`);
    assert.match(stderr, /run-seven-fields\.txt:2:20: ignored the fields after the tag/);
    assert.match(stderr, /--strict refuses them/);
  });

  test('--strict refuses them with the error at line 2, column 20', () => {
    const { status, stdout, stderr } = trec(['--strict', '-m', 'map', qrels, extra]);
    assert.equal(status, 2);
    assert.equal(stdout, '');
    assert.match(stderr, /run-seven-fields\.txt:2:20: found an extra field 'extra'/);
  });

  test('-M 0 leaves topics empty: -nan as trec_eval prints it, or 0 with --nan-as-zero', () => {
    // Both topics lose every document; interpolated precision at level 0 (no relevant document
    // needed) is trec_eval's 0/0, so 11pt_avg is NaN, printed '  -nan' (%6.4f).
    const nan = trec(['-M', '0', '-m', '11pt_avg', qrels, runA]);
    assert.equal(nan.stdout, `${line('11pt_avg', 'all', '  -nan')}\n`);
    const zero = trec(['--nan-as-zero', '-M', '0', '-m', '11pt_avg', qrels, runA]);
    assert.equal(zero.stdout, `${line('11pt_avg', 'all', '0.0000')}\n`);
  });
});

describe('irmetrics trec: how the arguments are read, by both command lines', () => {
  // The same reader (core/src/trec/args.cpp) serves the wasm module's path and the native
  // executable's: each case runs both ways, with the same expectation.
  const ways = [['wasm', { IRMETRICS_WASM: '1' }], ['native when built', {}]];
  const run = (args, env) => {
    const result = spawnSync(process.execPath, [cli, 'trec', ...args],
      { encoding: 'utf8', env: { ...process.env, ...env } });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  // The usage printed after a usage error: bin/lib/trec-help.txt from 'usage:' to its first
  // blank line.
  const help = readFileSync(new URL('../../bin/lib/trec-help.txt', import.meta.url), 'utf8');
  const usage = help.slice(help.indexOf('usage:'), help.indexOf('\n\n', help.indexOf('usage:')));
  const refused = (args, message) => {
    for (const [way, env] of ways) {
      const { status, stdout, stderr } = run(args, env);
      assert.equal(status, 2, way);
      assert.equal(stdout, '', way);
      assert.equal(stderr, `irmetrics: ${message}\n${usage}\n`, way);
    }
  };

  test('-qc is -q -c: each topic, then the mean over both (map 5/12, 1/2, 11/24)', () => {
    for (const [way, env] of ways) {
      for (const flags of [['-qc'], ['-q', '-c'], ['-cq']]) {
        const { status, stdout } = run([...flags, '-m', 'map', qrels, runA], env);
        assert.equal(status, 0, way);
        assert.equal(stdout, [line('map', '10', '0.4167'), line('map', '9', '0.5000'),
          line('map', 'all', '0.4583'), ''].join('\n'), `${way}: ${flags.join(' ')}`);
      }
    }
  });

  test('-mmap, -m map and -qmmap (the rest of a group is the value)', () => {
    for (const [way, env] of ways) {
      assert.equal(run(['-mmap', qrels, runA], env).stdout, `${line('map', 'all', '0.4583')}\n`, way);
      assert.equal(run(['-qmmap', qrels, runA], env).stdout,
        [line('map', '10', '0.4167'), line('map', '9', '0.5000'), line('map', 'all', '0.4583'), '']
          .join('\n'), way);
    }
  });

  test('an unknown flag, alone or in a group, and an unknown option', () => {
    refused(['-x', qrels, runA], 'unknown flag -x for trec');
    refused(['-qx', qrels, runA], "unknown flag -x for trec (in '-qx')");
    refused(['--nope=1', qrels, runA], "unknown option '--nope' for trec");
    refused(['--strict=yes', qrels, runA], '--strict takes no value');
    refused(['-ql'], '-l needs a value');
    refused(['-h', '-x'], 'unknown flag -x for trec');
  });

  test('a flag letter that is not ASCII is named as JS names arg[1]', () => {
    // é is one UTF-16 unit, so "-é" is two long: no "(in ...)".
    refused(['-é', qrels, runA], 'unknown flag -é for trec');
    refused(['-qé', qrels, runA], "unknown flag -é for trec (in '-qé')");
    // U+1F600 is two units, D83D DE00: arg[1] is the high surrogate alone, which Node writes
    // as U+FFFD, and JSON.stringify as \ud83d.
    refused(['-😀', qrels, runA], "unknown flag -\uFFFD for trec (in '-😀')");
    for (const [way, env] of ways) {
      const { status, stdout } = run(['--format', 'json', '-😀', qrels, runA], env);
      assert.equal(status, 2, way);
      assert.ok(stdout.includes('"message": "unknown flag -\\ud83d for trec (in \'-😀\')"'), `${way}: ${stdout}`);
      assert.deepEqual(JSON.parse(stdout), {
        error: { code: 'usage', message: "unknown flag -\ud83d for trec (in '-😀')", usage },
      }, way);
    }
  });

  test('--digits reads its value as JS\'s Number() does: 0x10 is 16, U+00A0 around it is space', () => {
    // map = 11/24, in doubles 0.45833333333333331 (see --digits 17 above): 16 decimals, and 3.
    for (const [way, env] of ways) {
      assert.equal(run(['--digits=0x10', '-m', 'map', qrels, runA], env).stdout,
        `${line('map', 'all', '0.4583333333333333')}\n`, way);
      assert.equal(run(['--digits', '\u00a03\u3000', '-m', 'map', qrels, runA], env).stdout,
        `${line('map', 'all', ' 0.458')}\n`, way);
      assert.equal(run(['--digits', '1e1', '-m', 'map', qrels, runA], env).stdout,
        `${line('map', 'all', '0.4583333333')}\n`, way);
    }
    refused(['--digits=0x12', qrels, runA], "--digits expects a whole number from 0 to 17, found '0x12'");
    refused(['--digits', '\u200b3', qrels, runA],
      "--digits expects a whole number from 0 to 17, found '\u200b3'");
    // --help is answered before --digits and the files are read.
    for (const [way, env] of ways) {
      const { status, stdout } = run(['--help', '--digits', '99'], env);
      assert.equal(status, 0, way);
      assert.equal(stdout, help, way);
    }
  });

  test('the files: a qrels and a run at least, standard input once, -- before a name like a flag', () => {
    refused([], 'trec needs a QRELS file and at least one RUN');
    refused([qrels], `trec needs at least one RUN after ${qrels}`);
    refused(['-', qrels, '-'], "standard input ('-') can be only one of the files");
    for (const [way, env] of ways) {
      const { status, stderr } = run(['-m', 'map', '--', qrels, '-q'], env);
      assert.equal(status, 2, way);
      assert.equal(stderr, 'irmetrics: cannot read -q: ENOENT\n', way);
    }
  });
});
