// Browser tests of the Significance tests page (web/significance.html) against the built site
// in dist/. The example: the APs of two systems x and y over ten queries (the page's preset,
// TEN_QUERIES in web/js/examples.js): x = 0.62 0.39 0.71 0.45 0.58 0.22 0.80 0.53 0.35 0.67,
// y = 0.48 0.30 0.52 0.45 0.41 0.31 0.66 0.40 0.28 0.49.
// Run: npm run build && node --test tests/web/significance.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TEN_QUERIES } from '../../web/js/examples.js';
import { calculatorPageChecks, shareLink, shownQuantities, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

// d = x − y: 0.14 0.09 0.19 0 0.17 −0.09 0.14 0.13 0.07 0.18.
//
// Sign test by hand: n+ = 8, n− = 1 (q6), one tie (q4) dropped, so n = 9 and under H0
// N+ ~ Binomial(9, 1/2). Two-sided: p = 2·P(N− ≤ 1) = 2·(C(9,0) + C(9,1))/2^9 = 2·(1 + 9)/512
// = 20/512 = 5/128 ≈ 0.0391. One-sided (x greater): P(N+ ≥ 8) = 10/512 = 5/256 ≈ 0.0195.
const SIGN = 'p = 5/128 ≈ 0.0391';
const SIGN_GREATER = 'p = 5/256 ≈ 0.0195';
// Wilcoxon (zero=wilcox): q4 dropped, n = 9; |d| ranked 0.07→1, 0.09 (twice)→2.5, 0.13→4,
// 0.14 (twice)→5.5, 0.17→7, 0.18→8, 0.19→9. W− = 2.5 (q6), W+ = 45 − 2.5 = 42.5. Tied |d|, so
// the normal approximation: μ = 9·10/4 = 22.5, σ² = 9·10·19/24 − (6 + 6)/48 = 71.25 − 0.25 = 71,
// z = (2.5 − 22.5 + 1/2)/√71 ≈ −2.3142, p = 2Φ(−2.3142) ≈ 0.0207.
const WILCOXON = 'p = 0.0207';
// Paired t: d̄ = 1.02/10 = 0.102, Σ(d − d̄)² = 0.07056, s² = 0.00784, t² = n·d̄²/s² = 2601/196,
// t ≈ 3.6429 with 9 degrees of freedom; two-sided p ≈ 0.0054.
const TTEST = 'p = 0.0054';
// Randomization: the 9 non-zero differences flipped in all 2^9 = 512 ways (q4's 0 flips to
// itself). The sum is at least the observed 1.02 in 4 of them: the signs as observed (1.02), q6
// made positive (1.20), q6 positive and q9 negative (1.06), q2 negative and q6 positive (1.02);
// and at most −1.02 in their 4 mirror images. Two-sided p = 8/512 = 1/64; one-sided 4/512 = 1/128.
const RANDOMIZATION = 'p = 1/64 ≈ 0.0156';

const session = useBrowserSession({ clipboard: true, reusePages: true });
const { withPage } = session;

test('ten queries typed in: the sign test counts n+ = 8, n− = 1, one tie, and p = 5/128 with its binomial sum', async () => {
  await withPage('significance.html', async (page) => {
    await page.fill('#measures', 'sign');
    await page.fill('#input', TEN_QUERIES);
    await waitForAnswers(page, [SIGN]);
    const signs = page.locator('#outcome-0 table.step-table', { has: page.locator('caption', { hasText: 'sign of each difference' }) });
    const rows = await signs.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.cells[tr.cells.length - 1].textContent.trim()));
    assert.equal(rows.filter((sign) => sign === '+').length, 8);
    assert.equal(rows.filter((sign) => sign === '−').length, 1);
    assert.ok(rows.some((sign) => sign.startsWith('0 (tie')), rows.join(' | '));
    const values = await shownQuantities(page);
    assert.deepEqual([values.n_plus, values.n_minus, values.p], ['8', '1', '5/128 ≈ 0.0391']);
    // The working writes the sum out: 2 · (1 + 9)/512.
    assert.match(await page.locator('#outcome-0 .formulas').textContent(), /512/);
    // H0, the assumptions and a reading at α = 0.05.
    await waitForText(page, '#outcome-0 .notes', ['H0', 'Assumptions', 'At α = 0.05', 'rejects H0']);
  });
});

test('all four tests on the preset, and one per-query differences chart for them, with a bar per query', async () => {
  await withPage('significance.html', async (page) => {
    await page.click('[data-preset="AP×10"]');
    await waitForAnswers(page, [SIGN, WILCOXON, TTEST, RANDOMIZATION]);
    const charts = page.locator('[data-results] figure.chart[data-chart-id="differences"]');
    assert.equal(await charts.count(), 1, 'the four tests send the same chart; it is drawn once');
    assert.equal(await charts.locator('svg rect').count() >= 10, true);
    const ticks = await charts.locator('svg text').allTextContents();
    for (const query of ['q1', 'q6', 'q10']) assert.ok(ticks.includes(query), `${query} on the x axis: ${ticks}`);
    assert.match(await charts.locator('.chart-description p').textContent(), /8 above zero .*1 below zero .*1 at zero/);
  });
});

test('the alternative selector makes every test one-sided: the sign test’s p halves to 5/256', async () => {
  await withPage(shareLink('significance.html', { calc: 'significance', in: TEN_QUERIES, m: 'sign, randomization' }), async (page) => {
    await waitForAnswers(page, [SIGN, RANDOMIZATION]);
    await page.locator('select[data-param="alternative"]').selectOption('greater');
    assert.equal(await page.inputValue('#measures'), 'sign(alternative=greater), randomization(alternative=greater)');
    // The randomization p halves too: 4 of the 8 extreme assignments are on x's side, 4/512 = 1/128.
    await waitForAnswers(page, [SIGN_GREATER, 'p = 1/128 ≈ 0.0078']);
    // Wilcoxon's own conventions appear only with wilcoxon's selectors; zero=pratt is set by name.
    await page.fill('#measures', 'wilcoxon(zero=pratt)');
    await waitForAnswers(page, ['p = 0.0187']);
    assert.equal(await page.locator('select[data-param="zero"]').inputValue(), 'pratt');
  });
});

test('a score that is not a number, and x: and y: of different lengths, are marked where they stand', async () => {
  await withPage('significance.html', async (page) => {
    await page.fill('#measures', 'sign');
    await page.fill('#input', 'q1 0.5 0.4\nq2 0.3 abc\nq3 0.2 0.1');
    await waitForText(page, '#input-error', ['Line 2, column 8', "found 'abc'"]);
    assert.equal(await page.locator('#input-error mark').textContent(), 'abc');
    await page.fill('#input', 'x: 0.5 0.3 0.2\ny: 0.4 0.1');
    await waitForText(page, '#input-error', ['Line 1, column 12', 'x: has 3 scores']);
    assert.equal(await page.locator('#input-error mark').textContent(), '0.2');
  });
});

calculatorPageChecks(session, {
  file: 'significance.html',
  state: { calc: 'significance', in: TEN_QUERIES, m: 'sign' },
  answers: [SIGN],
  presets: {
    'AP×10': [SIGN, WILCOXON, TTEST, RANDOMIZATION],
    'x: y:': [SIGN_GREATER],
    // Pratt keeps q4's zero in the ranking (rank 1) and then drops it: every other rank is 1
    // higher, W− = 3.5, and the normal approximation gives p ≈ 0.0187.
    'd:': ['p = 0.0187'],
  },
  markup: 'query <b>x</b> <img/src=x/onerror=alert(1)>\nq1 0.5 0.4\nq2 0.3 0.1',
});
