// The TREC files page with four runs: the comparison section (render/trec-compare.js), on a
// fixture whose values are worked out by hand.
//
//   qrels      topics q1 … q4, one relevant document each (r1 … r4) and one judged not relevant
//   runs       four documents per topic; the relevant one is at rank (AP = 1/rank, R = 1)
//                        q1  q2  q3  q4    AP                     mean
//              runA       1   1   1   1    1, 1, 1, 1             1
//              runB       2   2   1   2    1/2, 1/2, 1, 1/2       5/8 = 0.6250
//              runC       3   4   4   2    1/3, 1/4, 1/4, 1/2     1/3 = 0.3333
//              runD       1   2   2   2    1, 1/2, 1/2, 1/2       5/8 = 0.6250
//
//   The sign test (ties dropped, p = min(1, 2 Σ_{k ≤ min(n+, n−)} C(n, k)/2^n)), no correction:
//     A − B  +, +, 0, +        p = 2/8 = 1/4        A − C  +, +, +, +   p = 2/16 = 1/8
//     A − D  0, +, +, +        p = 1/4              B − C  +, +, +, 0   p = 1/4
//     B − D  −, 0, +, 0        p = min(1, 2·3/4) = 1
//     C − D  −, −, −, 0        p = 1/4 (D higher)
//   At α = 0.3: A beats B, C, D; B beats C; D beats C. The page lists the runs added as files
//   first (runB, runC, runD), then the pasted one (runA): a = runB, b = runC, c = runD, d = runA,
//   so the marks are runB b, runC none, runD b, runA abc.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, axeViolations, horizontalOverflow, useBrowserSession, waitForText } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

const RANKS = { runA: [1, 1, 1, 1], runB: [2, 2, 1, 2], runC: [3, 4, 4, 2], runD: [1, 2, 2, 2] };
const QRELS = [1, 2, 3, 4].map((t) => `q${t} 0 r${t} 1\nq${t} 0 n${t}x 0`).join('\n');
const runText = (tag) =>
  RANKS[tag]
    .flatMap((rank, t) => {
      const order = ['x', 'y', 'z'].map((letter) => `n${t + 1}${letter}`);
      order.splice(rank - 1, 0, `r${t + 1}`);
      return order.map((doc, i) => `q${t + 1} Q0 ${doc} ${i + 1} ${4 - i} ${tag}`);
    })
    .join('\n');

/** Pastes the qrels and runA, adds runB … runD as files, and waits for the comparison table. */
async function fourRuns(page) {
  await page.fill('#trec-measures', 'map');
  await page.fill('#qrels-text', QRELS);
  await page.fill('#run-text', runText('runA'));
  await page.setInputFiles(
    '#run-files',
    ['runB', 'runC', 'runD'].map((tag) => ({ name: `${tag}.txt`, mimeType: 'text/plain', buffer: Buffer.from(runText(tag)) })),
  );
  await page.waitForSelector('[data-run-comparison] .compare-table', { timeout: 15000 });
}

/** The comparison table's rows: [mark, run, "mean" + superscript letters]. */
const tableRows = (page) =>
  page.$$eval('[data-run-comparison] .compare-table tbody tr', (rows) =>
    rows.map((row) => [...row.cells].map((cell) => (cell.querySelector('sup') ? `${cell.firstChild.textContent}^${cell.querySelector('sup').textContent}` : cell.textContent))),
  );

test('four runs: the sign test at α = 0.3 marks each mean with the runs it beats, as worked above', async () => {
  await withPage('trec.html', async (page) => {
    await fourRuns(page);
    await page.selectOption('#compare-test', 'sign');
    await page.selectOption('#compare-correction', 'none');
    await page.fill('#compare-alpha', '0.3');
    await page.dispatchEvent('#compare-alpha', 'change');
    await waitForText(page, '[data-run-comparison] .compare-table caption', ['sign test, no correction over all 6 pairs of each measure, α = 0.3; 4 runs, 4 topics']);
    assert.deepEqual(await tableRows(page), [
      ['a', 'runB', '0.6250^b'],
      ['b', 'runC', '0.3333'],
      ['c', 'runD', '0.6250^b'],
      ['d', 'runA', '1.0000^abc'],
    ]);

    // One pair: runA against runC on map, its facts and its sorted differences.
    await page.selectOption('#compare-a', 'runA');
    await page.selectOption('#compare-b', 'runC');
    const facts = await page.textContent('[data-pair-facts]');
    assert.equal(
      facts,
      'map: runA − runC = 0.6667 on average, 95% interval [' + facts.split('[')[1].split(']')[0] + ']; runA is higher on 4 topics, level on 0, lower on 0. ' +
        'Sign test: p = 0.1250 — significant at α = 0.3.',
    );
    // The differences 2/3, 3/4, 3/4, 1/2, drawn largest first (q2, q3, q1, q4).
    const description = await page.textContent('[data-chart-id="trec-compare-differences"] .chart-description p');
    assert.equal(description, 'Differences from the largest to the smallest: q2 0.7500, q3 0.7500, q1 0.6667, q4 0.5000.');
    // The whole working of the pair's test in the significance calculator, with its scores.
    const href = await page.getAttribute('[data-pair-working]', 'href');
    const hash = new URLSearchParams(href.split('#')[1]);
    assert.equal(hash.get('calc'), 'significance');
    assert.equal(hash.get('m'), 'sign');
    assert.equal(hash.get('in'), 'q1 1 0.3333333333333333\nq2 1 0.25\nq3 1 0.25\nq4 1 0.5');
    // The means chart has every run with an interval.
    await page.waitForSelector('[data-chart-id="trec-compare-means"] svg');
    const means = await page.textContent('[data-chart-id="trec-compare-means"] .chart-description p');
    assert.match(means, /^runB: 0\.6250 \[[\d.]+, [\d.]+\]; runC: 0\.3333 \[[\d.]+, [\d.]+\]; runD: 0\.6250 \[[\d.]+, [\d.]+\]; runA: 1\.0000 \[1\.0000, 1\.0000\]\.$/);
    // A sampled p says how far it may be off: the bootstrap's p for runA − runC is 1/10001 (no
    // resampled mean of d = 2/3, 3/4, 3/4, 1/2 lies 2/3 from their mean), its standard error
    // √(p(1 − p)/10,000) = 0.00009999.
    await page.selectOption('#compare-test', 'bootstrap');
    await waitForText(page, '[data-pair-facts]', ['Paired bootstrap test: p = 0.00009999 (± 0.00009999, sampled 10000 times) — significant at α = 0.3.']);
    assert.deepEqual(await axeViolations(page), []);
  });
});

test('against a baseline, with the Holm correction; a pair that is not compared says so', async () => {
  await withPage('trec.html', async (page) => {
    await fourRuns(page);
    await page.selectOption('#compare-test', 'sign');
    await page.selectOption('#compare-baseline', 'runC');
    // Holm over the 3 pairs against runC: A − C p 1/8, B − C 1/4, D − C 1/4: 3/8, then 1/2, 1/2.
    await waitForText(page, '[data-run-comparison] .compare-table caption', ['Holm correction over each run against runC']);
    await page.selectOption('#compare-a', 'runA');
    await page.selectOption('#compare-b', 'runC');
    assert.match(await page.textContent('[data-pair-facts]'), /Sign test: p = 0\.1250, 0\.3750 after the Holm correction — not significant at α = 0\.05\.$/);
    await page.selectOption('#compare-b', 'runB');
    assert.equal(await page.textContent('[data-pair-facts]'), 'runA and runB are not a pair of this comparison (it compares each run with runC).');
  });
});

test('the comparison at 375 px: nothing scrolls sideways', async () => {
  await withPage(
    'trec.html',
    async (page) => {
      await fourRuns(page);
      assert.equal(await horizontalOverflow(page), 0);
    },
    { viewport: PHONE },
  );
});
