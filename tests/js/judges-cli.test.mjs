// `irmetrics judges` as a user runs it (a child process) on the pair of qrels worked by hand in
// tests/core/judges_test.cpp:
//
//   8 documents both judge, 5 alike: percent 5/8; table (rows A 0 1 2, columns B)
//   [[2, 1, 0], [1, 1, 1], [0, 0, 2]]; κ = 19/43, linear 17/29, quadratic 8/11; Krippendorff's α
//   ordinal 1423/1936, nominal 8/17; binary κ at A ≥ 1, B ≥ 1: 7/15; per topic t1 3/5 (κ 3/8),
//   t2 2/3 (κ 1/2); t3 only in A, t4 only in B; d6 and x1 only in A, d7 and y1 only in B.
//
//   The intervals, from statsmodels 0.13.5: cohens_kappa(np.array([[2,1,0],[1,1,1],[0,0,2]]),
//   wt=None|'linear'|'quadratic') → kappa_low, kappa_upp = −0.045644, 0.929365; 0.183965,
//   0.988449; 0.428870, 1.025675 (the large-sample interval is not cut at 1).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../bin/irmetrics.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'irm-judges-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// The files of docs/examples/judges (the example of docs/trec.md).
const examples = fileURLToPath(new URL('../../docs/examples/judges/', import.meta.url));
const a = join(examples, 'a.qrels');
const b = join(examples, 'b.qrels');
const A = readFileSync(a, 'utf8');
const B = readFileSync(b, 'utf8');
assert.equal(A, 't1 0 d1 2\nt1 0 d2 1\nt1 0 d3 0\nt1 0 d4 0\nt1 0 d5 1\nt2 0 d1 0\nt2 0 d2 2\nt2 0 d3 1\nt2 0 d6 0\nt3 0 x1 1\n');
assert.equal(B, 't1 0 d1 2\nt1 0 d2 0\nt1 0 d3 0\nt1 0 d4 1\nt1 0 d5 1\nt2 0 d1 0\nt2 0 d2 2\nt2 0 d3 2\nt2 0 d7 1\nt4 0 y1 0\n');
writeFileSync(join(dir, 'b.qrels.gz'), gzipSync(B));

const run = (args, input) => spawnSync(process.execPath, [cli, 'judges', ...args], { encoding: 'utf8', input });

test('--format json: the agreement keys, exact values and counts worked by hand', () => {
  const { status, stdout, stderr } = run([a, b, '--format', 'json']);
  assert.equal(status, 0, stderr);
  const report = JSON.parse(stdout);
  assert.deepEqual(report.topics, { a: 3, b: 3, both: 2, only_a: ['t3'], only_b: ['t4'] });
  assert.deepEqual(report.documents, { a: 10, b: 10, both: 8, only_a: 2, only_b: 2 });
  assert.deepEqual(report.grades, [0, 1, 2]);
  assert.deepEqual(report.table, [[2, 1, 0], [1, 1, 1], [0, 0, 2]]);
  const { agreement } = report;
  assert.equal(agreement.percent, 5 / 8);
  assert.equal(agreement.kappa, 19 / 43);
  assert.equal(agreement.kappa_linear, 17 / 29);
  assert.equal(agreement.kappa_quadratic, 8 / 11);
  assert.equal(agreement.krippendorff_ordinal, 1423 / 1936);
  assert.equal(agreement.krippendorff_nominal, 8 / 17);
  assert.deepEqual(agreement.exact, {
    percent: '5/8', kappa: '19/43', kappa_linear: '17/29', kappa_quadratic: '8/11',
    krippendorff_ordinal: '1423/1936', krippendorff_nominal: '8/17',
  });
  const expected = { kappa_ci: [-0.045644, 0.929365], kappa_linear_ci: [0.183965, 0.988449], kappa_quadratic_ci: [0.42887, 1.025675] };
  for (const [key, [low, high]] of Object.entries(expected)) {
    assert.ok(Math.abs(agreement[key][0] - low) < 5e-6 && Math.abs(agreement[key][1] - high) < 5e-6, `${key}: ${agreement[key]}`);
  }
  assert.equal(agreement.binary.length, 4, 'thresholds 1 and 2 for each file');
  const atOne = agreement.binary.find((entry) => entry.a === 1 && entry.b === 1);
  assert.deepEqual(atOne.table, [[2, 1], [1, 4]]);
  assert.equal(atOne.kappa, 7 / 15);
  assert.deepEqual(report.per_topic.map((row) => [row.topic, row.both, row.agree, row.kappa]), [['t1', 5, 3, 3 / 8], ['t2', 3, 2, 1 / 2]]);
  assert.deepEqual(report.disagree_most, ['t1', 't2']);
});

test('text: the table with its totals, each statistic with its exact value, the worst topics', () => {
  const { status, stdout, stderr } = run([a, join(dir, 'b.qrels.gz')]);
  assert.equal(status, 0, stderr);
  assert.match(stdout, /Topics: 3 in .*a\.qrels \(A\), 3 in .*b\.qrels\.gz \(B\), 2 in both; only in A: t3; only in B: t4/);
  assert.match(stdout, /Documents: 10 judged in A, 10 in B, 8 in both; 2 only in A and 2 only in B \(left out\)/);
  assert.match(stdout, /^ {2}0 +2 +1 +0 +3$/m);
  assert.match(stdout, /^ {2}total +3 +2 +3 +8$/m);
  assert.match(stdout, /Cohen's κ +0\.4419 +19\/43 +\[-0\.0456, 0\.9294\]/);
  assert.match(stdout, /weighted κ, quadratic +0\.7273 +8\/11 +\[0\.4289, 1\.0257\]/);
  assert.match(stdout, /Krippendorff's α, ordinal +0\.7350 +1423\/1936/);
  assert.match(stdout, /^ {2}≥1 +0\.4667 /m);
  assert.match(stdout, /^ {2}t1 +5 +3 +0\.6000 +0\.3750$/m);
});

test('csv: one row per topic, then all; markdown: the same tables', () => {
  const csv = run([a, b, '--format', 'csv']);
  assert.equal(csv.status, 0, csv.stderr);
  assert.equal(csv.stdout, 'topic,both,agree,percent,kappa,only_a,only_b\r\nt1,5,3,0.6,0.375,0,0\r\nt2,3,2,0.6666666666666666,0.5,1,1\r\nall,8,5,0.625,0.4418604651162791,2,2\r\n');
  const markdown = run([a, b, '--format', 'markdown', '--digits', '2']);
  assert.equal(markdown.status, 0, markdown.stderr);
  assert.match(markdown.stdout, /^\| Cohen's κ \| 0\.44 \| 19\/43 \| \[-0\.05, 0\.93\] \|$/m);
});

test('--confidence changes the interval; standard input is one of the files', () => {
  const { status, stdout, stderr } = run(['-', b, '--format', 'json', '--confidence', '0.9'], A);
  assert.equal(status, 0, stderr);
  const report = JSON.parse(stdout);
  assert.equal(report.agreement.confidence, 0.9);
  // κ ± z·SE with z = Φ⁻¹(0.95) = 1.644854 and statsmodels' SE 0.248731: [0.032734, 0.850987] (SciPy 1.10.1 norm.ppf(0.95)).
  assert.ok(Math.abs(report.agreement.kappa_ci[0] - 0.032734) < 5e-6, String(report.agreement.kappa_ci));
});

test('usage errors and bad files: exit 2 with a message naming the problem', () => {
  const one = run([a]);
  assert.equal(one.status, 2);
  assert.match(one.stderr, /judges needs two qrels files/);
  const format = run([a, b, '--format', 'xml']);
  assert.equal(format.status, 2);
  assert.match(format.stderr, /--format is one of text, json, csv, markdown; found 'xml'/);
  const confidence = run([a, b, '--confidence', '2']);
  assert.equal(confidence.status, 2);
  assert.match(confidence.stderr, /confidence must be above 0 and below 1/);
  // RBO's p is checked where the leaderboards are made: with runs.
  const rbo = run([a, b, join(examples, 'R1.run'), '--rbo-p', '1.5']);
  assert.equal(rbo.status, 2);
  assert.match(rbo.stderr, /RBO's persistence p must be above 0 and below 1, such as 0\.9; found '1\.5'/);
  writeFileSync(join(dir, 'bad.qrels'), 't1 0 d1 2\nt1 0 d2\n');
  const bad = run([a, join(dir, 'bad.qrels')]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /bad\.qrels.*line 2/);
  writeFileSync(join(dir, 'other.qrels'), 'q9 0 z1 1\n');
  const none = run([a, join(dir, 'other.qrels')]);
  assert.equal(none.status, 2);
  assert.match(none.stderr, /no document is judged in both/);
  const missing = run([a, join(dir, 'nope.qrels')]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /nope\.qrels/);
});

test('--help and the main help name the command', () => {
  const help = run(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /irmetrics judges: do two sets of relevance judgments agree\?/);
  const main = spawnSync(process.execPath, [cli, '--help'], { encoding: 'utf8' });
  assert.match(main.stdout, /judges QRELS_A QRELS_B/);
});

// Three runs on the same pair of qrels, scored with P.2 (grade ≥ 1 relevant; t3 and t4, judged
// in one file only, are left out of the leaderboards):
//              t1 top 2   A     B      t2 top 2   A     B      mean A   mean B
//   R1         d1 d2      1     1/2    d2 d3      1     1      1        3/4
//   R2         d4 d5      1/2   1      d7 d3      1/2   1      1/2      1
//   R3         d3 d2      1/2   0      d1 d6      0     0      1/4      0
// A orders R1 R2 R3, B orders R2 R1 R3 (the leaderboards of tests/core/judges_test.cpp): τ_b =
// 1/3, τ_AP = 0, ρ = 1/2, RBO = 0.9, and R1/R2 swaps (A: +1/2, B: −1/4). Pearson's r on the
// means: SciPy 1.10.1 pearsonr([1, .5, .25], [.75, 1, 0]) = 0.5765566601970551, p =
// 0.6087920099682765; spearmanr p = 0.6666666666666667.
const RUNS = {
  R1: { t1: ['d1', 'd2', 'd3', 'd4', 'd5'], t2: ['d2', 'd3', 'd1', 'd6', 'd7'] },
  R2: { t1: ['d4', 'd5', 'd1', 'd2', 'd3'], t2: ['d7', 'd3', 'd1', 'd2', 'd6'] },
  R3: { t1: ['d3', 'd2', 'd4', 'd1', 'd5'], t2: ['d1', 'd6', 'd2', 'd3', 'd7'] },
};
const runFiles = Object.entries(RUNS).map(([name, topics]) => {
  const file = join(examples, `${name}.run`);
  const lines = Object.entries(topics).flatMap(([topic, docs]) => docs.map((doc, i) => `${topic} Q0 ${doc} ${i + 1} ${10 - i} ${name}`));
  assert.equal(readFileSync(file, 'utf8'), `${lines.join('\n')}\n`, `${name}.run ranks as the table above`);
  return file;
});

test('with runs: the two leaderboards of P.2, their correlations and the pair that swaps', () => {
  const { status, stdout, stderr } = run([a, b, ...runFiles, '-m', 'P.2', '--format', 'json', '--bootstrap', '100']);
  assert.equal(status, 0, stderr);
  const board = JSON.parse(stdout).leaderboards.P_2;
  assert.deepEqual(board.runs, ['R1', 'R2', 'R3']);
  assert.deepEqual(board.mean_a, [1, 0.5, 0.25]);
  assert.deepEqual(board.mean_b, [0.75, 1, 0]);
  assert.deepEqual([board.order_a, board.order_b], [[0, 1, 2], [1, 0, 2]]);
  assert.ok(Math.abs(board.kendall_tau_b - 1 / 3) < 1e-12);
  assert.equal(board.tau_ap, 0);
  assert.equal(board.spearman, 0.5);
  assert.ok(Math.abs(board.spearman_p - 0.6666666666666667) < 1e-9);
  assert.ok(Math.abs(board.pearson - 0.5765566601970551) < 1e-12);
  assert.ok(Math.abs(board.pearson_p - 0.6087920099682765) < 1e-9);
  assert.ok(Math.abs(board.rbo - 0.9) < 1e-12);
  assert.deepEqual(board.swaps, [{ a: 'R1', b: 'R2', diff_a: 0.5, diff_b: -0.25 }]);
  const [low, high] = board.kendall_tau_b_ci;
  assert.ok(low <= high && low >= -1 && high <= 1, String(board.kendall_tau_b_ci));
  const text = run([a, b, ...runFiles, '-mP.2', '--bootstrap', '100']);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /Leaderboards of P_2 \(A's order\)/);
  assert.match(text.stdout, /^ {2}R2 +0\.5000 +2 +1\.0000 +1$/m);
  assert.match(text.stdout, /Kendall's τ_b 0\.3333 \(95% bootstrap interval \[/);
  assert.match(text.stdout, /1 pair swaps: R1 > R2 under A \(0\.5000\) but not under B \(-0\.2500\)/);
});

test("docs/trec.md's example is the command's output, as run in docs/examples/judges", () => {
  const doc = readFileSync(new URL('../../docs/trec.md', import.meta.url), 'utf8');
  const command = '$ node ../../../bin/irmetrics.mjs judges a.qrels b.qrels R1.run R2.run R3.run -m P.2\n';
  const start = doc.indexOf(command);
  assert.ok(start > 0, 'the example is there');
  const shown = doc.slice(start + command.length, doc.indexOf('\n```', start));
  const { status, stdout } = spawnSync(process.execPath, [cli, 'judges', 'a.qrels', 'b.qrels', 'R1.run', 'R2.run', 'R3.run', '-m', 'P.2'],
    { cwd: examples, encoding: 'utf8' });
  assert.equal(status, 0);
  assert.equal(shown, stdout.trimEnd());
});

test('a scale of 13 grades: no binary table in the text, and a note saying why', () => {
  const qrels = Array.from({ length: 13 }, (_, g) => `1 0 d${g} ${g}`).join('\n') + '\n';
  writeFileSync(join(dir, 'wide.qrels'), qrels);
  const { status, stdout, stderr } = run([join(dir, 'wide.qrels'), join(dir, 'wide.qrels')]);
  assert.equal(status, 0, stderr);
  assert.doesNotMatch(stdout, /κ on relevant or not: relevant when/);
  assert.match(stdout, /κ on relevant or not is given for scales of at most 12 grades; these files use 13/);
  // 13 documents, all alike: percent 13/13 = 1, κ = (1 − 1/13)/(1 − 1/13) = 1.
  assert.match(stdout, /percent agreement +1\.0000 +1$/m);
});

test('one file against itself: the same leaderboards, ρ = 1 with p = 0 printed as 0, no swap', () => {
  // Means under A twice: (1, 1/2, 1/4), so every correlation is 1; Spearman's t is infinite and
  // its p 0, as SciPy 1.10.1's spearmanr([1, .5, .25], [1, .5, .25]) gives (pvalue 0.0).
  const { status, stdout, stderr } = run([a, a, ...runFiles, '-m', 'P.2', '--bootstrap', '10']);
  assert.equal(status, 0, stderr);
  assert.match(stdout, /Kendall's τ_b 1\.0000 .*τ_AP 1\.0000; Spearman's ρ 1\.0000, p = 0; Pearson's r 1\.0000, p = 0; RBO 1\.0000/);
  assert.match(stdout, /No pair of runs swaps\./);
});
