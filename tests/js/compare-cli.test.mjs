// `irmetrics compare` as a user runs it (a child process), and the module's compareRuns(), on a
// fixture whose values are worked out by hand below.
//
//   qrels      topics q1 … q4, one relevant document each: q1 r1, q2 r2, q3 r3, q4 r4
//   runs       each ranks four documents; the relevant one is at rank
//                          q1  q2  q3  q4         AP (R = 1: 1/rank)
//              A (runA)     1   1   1   1         1, 1, 1, 1          mean 1
//              B (runB)     2   2   1   2         1/2, 1/2, 1, 1/2    mean 5/8 = 0.625
//              C (runC)     3   4   4   2         1/3, 1/4, 1/4, 1/2  mean 1/3 = 0.3333
//
//   d = AP_a − AP_b per topic, and the sign test (ties dropped; p = min(1, 2 Σ_{k ≤ min(n+,n−)}
//   C(n,k)/2^n)):
//     A − B   1/2, 1/2, 0, 1/2       wins 3, ties 1: n = 3, p = 2 · 1/8 = 1/4
//     A − C   2/3, 3/4, 3/4, 1/2     wins 4:         n = 4, p = 2 · 1/16 = 1/8
//     B − C   1/6, 1/4, 3/4, 0       wins 3, ties 1: n = 3, p = 1/4
//   Holm over the 3 pairs: sorted 1/8, 1/4, 1/4 → 3/8, max(3/8, 2/4) = 1/2, max(1/2, 1/4) = 1/2.
//
//   Paired t, A − B: mean 3/8, sd = √((3·(1/8)² + (3/8)²)/3) = 1/4, t = (3/8)/((1/4)/√4) = 3,
//   df = 3; for df = 3 the two-sided p = 1 − (2/π)(atan(x) + x/(1 + x²)), x = t/√3 = √3:
//   1 − (2/π)(π/3 + √3/4) = 1/3 − √3/(2π) = 0.0576714…
//   Its 95% interval: 3/8 ± t_{0.975,3} · 1/8, t_{0.975,3} = 3.18245 (printed tables): [−0.0228, 0.7728].

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../../bin/lib/engine.mjs';

const cli = fileURLToPath(new URL('../../bin/irmetrics.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'irm-compare-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const RANKS = { A: [1, 1, 1, 1], B: [2, 2, 1, 2], C: [3, 4, 4, 2] };
writeFileSync(join(dir, 'qrels'), [1, 2, 3, 4].map((t) => `q${t} 0 r${t} 1\nq${t} 0 n${t}a 0`).join('\n') + '\n');
for (const [name, ranks] of Object.entries(RANKS)) {
  const lines = [];
  ranks.forEach((rank, t) => {
    // Four documents, scores 4, 3, 2, 1: the relevant one at `rank`, the others non-relevant.
    const others = ['x', 'y', 'z'].map((letter) => `n${t + 1}${letter}`);
    const order = [...others];
    order.splice(rank - 1, 0, `r${t + 1}`);
    order.forEach((doc, i) => lines.push(`q${t + 1} Q0 ${doc} ${i + 1} ${4 - i} run${name}`));
  });
  writeFileSync(join(dir, `run${name}`), `${lines.join('\n')}\n`);
}
const files = [join(dir, 'qrels'), join(dir, 'runA'), join(dir, 'runB'), join(dir, 'runC')];

function compare(args) {
  const result = spawnSync(process.execPath, [cli, 'compare', ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const close = (actual, expected, tolerance = 1e-9) => assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} ≠ ${expected}`);

test('JSON: the sign test on map, Holm over the three pairs, as worked above', () => {
  const { status, stdout, stderr } = compare([...files, '-m', 'map', '--test', 'sign', '--correction', 'holm', '--format', 'json']);
  assert.equal(status, 0, stderr);
  const report = JSON.parse(stdout);
  assert.deepEqual(report.runs, ['runA', 'runB', 'runC']);
  assert.deepEqual(report.measures, ['map']);
  assert.deepEqual(report.topics, ['q1', 'q2', 'q3', 'q4']);
  const pair = (a, b) => report.comparisons.find((c) => c.a === a && c.b === b);
  const expected = [
    ['runA', 'runB', 1 / 4, 1 / 2, 3 / 8, [3, 1, 0]],
    ['runA', 'runC', 1 / 8, 3 / 8, 2 / 3, [4, 0, 0]],
    ['runB', 'runC', 1 / 4, 1 / 2, 7 / 24, [3, 1, 0]],
  ];
  for (const [a, b, p, adjusted, diff, [wins, ties, losses]] of expected) {
    const c = pair(a, b);
    close(c.p, p);
    close(c.p_adjusted, adjusted);
    close(c.diff, diff);
    assert.deepEqual([c.wins, c.ties, c.losses], [wins, ties, losses]);
    assert.equal(c.significant, false);
    assert.equal(c.test, 'sign');
  }
  const mean = (run) => report.means.find((m) => m.run === run).mean;
  close(mean('runA'), 1);
  close(mean('runB'), 5 / 8);
  close(mean('runC'), 1 / 3);
});

test('JSON: the paired t-test of A and B, its p and interval as worked above', () => {
  const { status, stdout, stderr } = compare([...files, '-m', 'map', '--format', 'json']);
  assert.equal(status, 0, stderr);
  const c = JSON.parse(stdout).comparisons.find((one) => one.a === 'runA' && one.b === 'runB');
  close(c.statistic, 3);
  assert.equal(c.df, 3);
  close(c.p, 1 / 3 - Math.sqrt(3) / (2 * Math.PI));
  close(c.ci[0], 3 / 8 - 3.182446305 / 8, 1e-8);
  close(c.ci[1], 3 / 8 + 3.182446305 / 8, 1e-8);
  close(c.effect_size, (3 / 8) / (1 / 4)); // Cohen's d_z = mean/sd = 1.5
});

test('a pair whose differences are all the same: t is infinite and p = 0 for it, the others go on', () => {
  // runD: the relevant document at rank 2 on every topic, AP 1/2 each. A − D = 1/2 on all four
  // topics: sd = 0, t = mean/(sd/√n) is infinite, p = 0 (its limit; SciPy's ttest_rel gives
  // statistic=inf, pvalue=0.0). B − D = 0, 0, 1/2, 0: mean 1/8, sd 1/4 (as A − B's, above),
  // t = (1/8)/((1/4)/√4) = 1, df = 3, x = 1/√3: p = 1 − (2/π)(π/6 + √3/4) = 2/3 − √3/(2π).
  // Before, the whole comparison stopped with exit status 2 and no pair at all.
  const lines = [];
  for (let t = 1; t <= 4; t += 1) {
    [`n${t}x`, `r${t}`, `n${t}y`, `n${t}z`].forEach((doc, i) => lines.push(`q${t} Q0 ${doc} ${i + 1} ${4 - i} runD`));
  }
  writeFileSync(join(dir, 'runD'), `${lines.join('\n')}\n`);
  const withD = [files[0], files[1], files[2], join(dir, 'runD')];
  const { status, stdout, stderr } = compare([...withD, '-m', 'map', '--format', 'json']);
  assert.equal(status, 0, stderr);
  const pairs = JSON.parse(stdout).comparisons;
  assert.equal(pairs.length, 3);
  const ad = pairs.find((one) => one.a === 'runA' && one.b === 'runD');
  assert.equal(ad.statistic, null); // infinite: JSON has no spelling for it
  assert.equal(ad.p, 0);
  assert.equal(ad.significant, true);
  assert.equal(ad.effect_size, null);
  assert.match(ad.method, /^every difference is the same and not 0: .*t = mean \/ \(sd\/√n\) is infinite and p = 0/);
  const bd = pairs.find((one) => one.a === 'runB' && one.b === 'runD');
  close(bd.statistic, 1);
  close(bd.p, 2 / 3 - Math.sqrt(3) / (2 * Math.PI));
  close(pairs.find((one) => one.a === 'runA' && one.b === 'runB').p, 1 / 3 - Math.sqrt(3) / (2 * Math.PI));
  // As text: A − D among the significant differences with its p of exactly 0 and why; A − B
  // (p 0.0577) and B − D (p 0.391) are not significant.
  const text = compare([...withD, '-m', 'map']);
  assert.equal(text.status, 0, text.stderr);
  const significant = text.stdout.split('\n').filter((line) => line.startsWith('  map: '));
  assert.deepEqual(significant, [
    '  map: runA − runD = 0.5000, p = 0 (every difference is the same and not 0: sd = 0, so t = mean / (sd/√n) ' +
      'is infinite and p = 0, its limit), corrected 0, 95% CI [0.5000, 0.5000], 4/0/0 wins/ties/losses',
  ]);
});

test('text: the table marks each mean with the runs it beats; the legend names test, correction and α', () => {
  // At α = 0.3, no correction: A beats B (p 1/4) and C (1/8), B beats C (1/4).
  const { status, stdout, stderr } = compare([...files, '-m', 'map', '--test', 'sign', '--alpha', '0.3']);
  assert.equal(status, 0, stderr);
  const lines = stdout.split('\n');
  assert.deepEqual(lines.slice(0, 5), [
    '   run   map',
    '─  ────  ────────',
    'a  runA  1.0000ᵇᶜ',
    'b  runB  0.6250ᶜ',
    'c  runC  0.3333',
  ]);
  assert.match(stdout, /A mark after a mean: significantly better than that run \(sign test, no correction over all 3 pairs of each measure, α = 0\.3; 3 runs, 4 topics\)\./);
  assert.match(stdout, /map: runA − runC = 0\.6667, p = 0\.1250, corrected 0\.1250, 95% CI \[[-\d.]+, [-\d.]+\], 4\/0\/0 wins\/ties\/losses/);
});

test('markdown, LaTeX and CSV', () => {
  const args = [...files, '-m', 'map', '--test', 'sign', '--alpha', '0.3'];
  const markdown = compare([...args, '--format', 'markdown']).stdout;
  assert.match(markdown, /^\| \| run \| map \|\n\| --- \| --- \| ---: \|\n\| a \| runA \| 1\.0000<sup>bc<\/sup> \|\n/);
  const latex = compare([...args, '--format', 'latex']).stdout;
  assert.match(latex, / {4}a & runA & 1\.0000\$\^\{bc\}\$ \\\\\n {4}b & runB & 0\.6250\$\^\{c\}\$ \\\\\n {4}c & runC & 0\.3333 \\\\/);
  const csv = compare([...args, '--format', 'csv']).stdout.split('\r\n');
  assert.equal(csv[0], 'measure,a,b,test,p,p_adjusted,significant,mean_a,mean_b,diff,ci_low,ci_high,effect_size,wins,ties,losses');
  // Numbers at full precision (the sign test's p is summed in floating point: 0.25 within 1e-15).
  assert.match(csv[1], /^map,runA,runB,sign,0\.25\d*,0\.25\d*,true,1,0\.625,0\.375,[-\d.e]+,[-\d.e]+,1\.5,3,1,0$/);
});

test('a sampled p is printed with its standard error', () => {
  // Bootstrap of A − C (d = 2/3, 3/4, 3/4, 1/2, mean 2/3): no resampled mean is as far as 2/3
  // from 2/3 (they lie in [1/2, 3/4]), so p = (1 + 0)/(1 + 10,000) = 1/10001 = 0.00009999, with
  // standard error √(p(1 − p)/10,000) = 0.00009999 (to 4 digits).
  const { status, stdout, stderr } = compare([...files, '-m', 'map', '--test', 'bootstrap']);
  assert.equal(status, 0, stderr);
  assert.match(stdout, /map: runA − runC = 0\.6667, p = 0\.00009999 \(± 0\.00009999 from 10000 samples\), corrected/);
});

test('--baseline compares each run with it only', () => {
  const { stdout } = compare([...files, '-m', 'map', '--test', 'sign', '--baseline', 'runC', '--format', 'json']);
  const report = JSON.parse(stdout);
  assert.deepEqual(report.comparisons.map((c) => [c.a, c.b]), [['runA', 'runC'], ['runB', 'runC']]);
  assert.equal(report.options.baseline, 'runC');
});

test('mistakes get a message and exit status 2; under --format json the message is JSON', () => {
  const one = compare([files[0], files[1]]);
  assert.equal(one.status, 2);
  assert.match(one.stderr, /compare needs at least two RUNs after /);
  const test2 = compare([...files, '--test', 'anova']);
  assert.equal(test2.status, 2);
  assert.match(test2.stderr, /unknown test 'anova'; expected ttest, wilcoxon, sign, randomization, tukey or bootstrap/);
  const baseline = compare([...files, '--baseline', 'runZ', '--format', 'json']);
  assert.equal(baseline.status, 2);
  assert.equal(JSON.parse(baseline.stdout).error.message, "the baseline 'runZ' is not one of the runs");
  const option = compare([...files, '--colour', 'red']);
  assert.equal(option.status, 2);
  assert.match(option.stderr, /unknown option '--colour' for compare/);
  const format = compare([...files, '--format', 'xml']);
  assert.equal(format.status, 2);
  assert.match(format.stderr, /--format expects one of text, json, csv, latex, markdown, found 'xml'/);
  const count = compare([...files, '-m', 'num_ret']);
  assert.equal(count.status, 2);
  assert.match(count.stderr, /none of the measures asked for is averaged over topics/);
});

test('the module: compareRuns reads its options and names a bad one', async () => {
  const irm = await loadEngine();
  const input = { runs: ['A', 'B'], topics: ['q1', 'q2', 'q3'], scores: [{ measure: 'map', byRun: [[0.5, 0.6, 0.7], [0.4, 0.5, 0.7]] }] };
  // d = 0.1, 0.1, 0: the sign test has n = 2 wins, p = 2 · 1/4 = 1/2.
  const sign = irm.compareRuns(input, { test: 'sign' });
  assert.equal(sign.ok, true);
  close(sign.value.comparisons[0].p, 1 / 2);
  for (const [options, message] of [
    [{ test: 'anova' }, /unknown test 'anova'/],
    [{ correction: 'sidak' }, /unknown correction 'sidak'; expected none, bonferroni, holm or bh/],
    [{ alpha: 'x' }, /alpha must be a number; found 'x'/],
    [{ permutations: 0 }, /permutations must be a whole number from 1 to 10,000,000/],
    [{ seed: -1 }, /seed must be a whole number from 0 to 2\^53 - 1/],
    [{ zero: 'both' }, /zero is one of wilcox\|pratt; found 'both'/],
  ]) {
    const result = irm.compareRuns(input, options);
    assert.equal(result.ok, false);
    assert.equal(result.error.field, 'options');
    assert.match(result.error.message, message);
  }
  const short = irm.compareRuns({ runs: ['A'], topics: ['q1'], scores: [] }, {});
  assert.equal(short.ok, false);
  assert.equal(short.error.field, 'input');
});
