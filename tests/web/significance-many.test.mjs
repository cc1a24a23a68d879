// Browser tests of the significance page with three or more systems (web/js/significance-many.js,
// score-table.js, render/trec-compare.js' renderComparison) against the built site, every page
// served under the strict Content-Security-Policy of tests/web/csp.test.mjs (a violation, a
// console error or a failed request fails the test: helpers.mjs, withPage).
//
// The example (the page's "Four systems, ten queries"): A and B are the calculator's ten-query
// example x and y, C and D two more systems.
//
//   query  A     B     C     D
//   q1     0.62  0.48  0.55  0.30        sums: A 5.32, B 4.30, C 4.80, D 3.44
//   q2     0.39  0.30  0.35  0.28        means (÷ 10): A 0.5320, B 0.4300, C 0.4800, D 0.3440
//   q3     0.71  0.52  0.60  0.41
//   q4     0.45  0.45  0.50  0.33
//   q5     0.58  0.41  0.47  0.39
//   q6     0.22  0.31  0.25  0.20
//   q7     0.80  0.66  0.71  0.52
//   q8     0.53  0.40  0.49  0.36
//   q9     0.35  0.28  0.30  0.25
//   q10    0.67  0.49  0.58  0.40
//
// Paired t-tests, worked by hand (d = first − second, n = 10, df = 9, t = d̄ / √(s²/n), s² =
// Σ(d − d̄)²/9):
//   A−B: d = 0.14 0.09 0.19 0 0.17 −0.09 0.14 0.13 0.07 0.18; Σd = 1.02, d̄ = 0.102,
//        Σ(d − d̄)² = Σd² − 10·d̄² = 0.17460 − 0.10404 = 0.07056, s² = 0.00784, t = 0.102/0.028 = 3.6429
//   A−C: d = 0.07 0.04 0.11 −0.05 0.11 −0.03 0.09 0.04 0.05 0.09; Σd = 0.52, d̄ = 0.052,
//        Σd² = 0.05440, Σ(d − d̄)² = 0.05440 − 0.02704 = 0.02736, s² = 0.00304, t = 2.9824
//   A−D: Σd = 1.88, Σ(d − d̄)² = 0.09216, t = 5.8750     B−C: Σd = −0.50, Σ(d − d̄)² = 0.01760, t = −3.5755
//   B−D: Σd = 0.86, Σ(d − d̄)² = 0.02804, t = 4.8723     C−D: Σd = 1.36, Σ(d − d̄)² = 0.04424, t = 6.1341
// Two-sided p = 1 − 2∫₀^|t| f(u) du with Student's t density for 9 degrees of freedom,
// f(u) = Γ(5)/(√(9π)·Γ(4.5))·(1 + u²/9)^(−5), Γ(4.5) = 3.5·2.5·1.5·0.5·√π, integrated by Simpson's
// rule with 20,000 intervals in a separate ten-line script (not the project's code). Tables agree:
// t₀.₀₀₅,₉ = 3.250 and t₀.₀₀₂₅,₉ = 3.690 put A−B's two-sided p between 0.005 and 0.01.
//   p: A−B 0.0053769, A−C 0.015389, A−D 0.00023629, B−C 0.0059728, B−D 0.00088075, C−D 0.00017199
// Holm over the 6 pairs: sorted p times (6, 5, 4, 3, 2, 1), then the running maximum:
//   C−D 0.00017199·6 = 0.0010319; A−D 0.00023629·5 = 0.0011815; B−D 0.00088075·4 = 0.0035230;
//   A−B 0.0053769·3 = 0.016131; B−C 0.0059728·2 = 0.011946 → max 0.016131; A−C 0.015389·1 → 0.016131.
// All six ≤ 0.05: A beats B, C, D; C beats B, D; B beats D. Shown: p to 4 decimals, or 4
// significant digits under 0.001 (trec-compare.js, pText).
// Bonferroni at α = 0.01 (p·6): A−D 0.00142, C−D 0.00103, B−D 0.00528 significant; A−B 0.0323,
// B−C 0.0358, A−C 0.0923 not: A, B and C each beat D only.
//
// Run: vite build --outDir /tmp/site && node scripts/build-embed.mjs --out-dir /tmp/site &&
//      IRM_DIST=/tmp/site node --test tests/web/significance-many.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TEN_QUERIES } from '../../web/js/examples.js';
import { FOUR_SYSTEMS as FOUR_SYSTEMS_TABLE } from '../../web/js/score-table.js';
import { PHONE, axeViolations, clickExample, horizontalOverflow, shareLink, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; object-src 'none'";
const { withPage } = useBrowserSession({ policy: STRICT_CSP, reusePages: true });

/** Waits for the comparison to be drawn, and returns the means table's rows as text. */
async function comparedRows(page) {
  await page.waitForSelector('[data-many-systems] [data-compare-view][data-compare-state="ready"]', { timeout: 15000 });
  return page.$$eval('[data-many-systems] .compare-table tbody tr', (rows) =>
    rows.map((row) => [...row.cells].map((cell) => cell.textContent.trim()).join(' ')),
  );
}

/** Types `text` into the input as a reader would paste it (one input event). */
const paste = (page, text) => page.fill('#input', text);

/** The message under the input, and where it points. */
const inputError = (page) =>
  page.$eval('#input-error', (box) => ({ hidden: box.hidden, message: box.querySelector('.error-message')?.textContent ?? '', line: box.dataset.line, column: box.dataset.column }));

test('the four-system example: means marked by Holm-corrected paired t-tests, and the A−B pair with p and its Holm p', async () => {
  await withPage('significance.html', async (page) => {
    const policy = await page.evaluate(async () => (await fetch(location.href, { method: 'HEAD' })).headers.get('content-security-policy'));
    assert.equal(policy, STRICT_CSP, 'the test server sends the strict policy');
    await clickExample(page, '4×10');
    assert.deepEqual(await comparedRows(page), ['a A 0.5320bcd', 'b B 0.4300d', 'c C 0.4800bd', 'd D 0.3440']);
    await waitForText(page, '[data-many-systems] .compare-table caption', [
      'significantly better than that system (paired t-test, Holm correction over all 6 pairs, α = 0.05; 4 systems, 10 queries)',
    ]);
    await waitForText(page, '[data-pair-facts]', ['score: A − B = 0.1020 on average', 'A is higher on 8 queries, level on 1, lower on 1', 'Paired t-test: p = 0.0054, 0.0161 after the Holm correction — significant at α = 0.05.']);
    // A−C: its own p is 0.0154, Holm's running maximum lifts it to A−B's 0.0161.
    await page.selectOption('#compare-b', 'C');
    await waitForText(page, '[data-pair-facts]', ['score: A − C = 0.0520 on average', 'p = 0.0154, 0.0161 after the Holm correction']);
    // B−D: under 0.001, four significant digits.
    await page.selectOption('#compare-a', 'B');
    await page.selectOption('#compare-b', 'D');
    await waitForText(page, '[data-pair-facts]', ['score: B − D = 0.0860 on average', 'p = 0.0008808, 0.0035 after the Holm correction']);
    // The two-system calculator's controls are put away; the comparison's are there.
    assert.equal(await page.isVisible('#measures'), false);
    assert.equal(await page.isVisible('[data-results]'), false);
    for (const id of ['#compare-test', '#compare-correction', '#compare-baseline', '#compare-alpha']) assert.ok(await page.isVisible(id), id);
    // The intervals chart: one per system.
    await page.waitForSelector('[data-many-systems] [data-chart-id="trec-compare-means"] svg');
    const means = await page.textContent('[data-many-systems] [data-chart-id="trec-compare-means"] .chart-description p');
    for (const run of ['A: 0.5320 [', 'B: 0.4300 [', 'C: 0.4800 [', 'D: 0.3440 [']) assert.ok(means.includes(run), means);
    // The sorted differences of B − D: q1 0.48 − 0.30 = 0.18, q7 0.14, q4 0.12, …, q9 0.03, and
    // q2 and q5 0.02 last.
    const differences = await page.textContent('[data-many-systems] [data-chart-id="trec-compare-differences"] .chart-description p');
    assert.match(differences, /^Differences from the largest to the smallest: q1 0\.1800, q7 0\.1400, q4 0\.1200, .* q9 0\.0300, q[25] 0\.0200, q[25] 0\.0200\.$/);
    assert.deepEqual(await axeViolations(page), []);
  });
});

test('the pair’s working: the link opens the two-system calculator on the pair’s columns, with the same p', async () => {
  await withPage('significance.html', async (page) => {
    await clickExample(page, '4×10');
    await comparedRows(page);
    const href = await page.getAttribute('[data-pair-working]', 'href');
    const state = new URLSearchParams(new URL(href, 'http://x/').hash.slice(1));
    assert.equal(state.get('calc'), 'significance');
    assert.equal(state.get('m'), 'ttest');
    // A and B are the calculator's x and y (TEN_QUERIES), the numbers written as JavaScript does.
    const pair = ['q1 0.62 0.48', 'q2 0.39 0.3', 'q3 0.71 0.52', 'q4 0.45 0.45', 'q5 0.58 0.41', 'q6 0.22 0.31', 'q7 0.8 0.66', 'q8 0.53 0.4', 'q9 0.35 0.28', 'q10 0.67 0.49'];
    assert.equal(state.get('in'), pair.join('\n'));
    await page.goto(new URL(href, page.url()).href);
    await page.waitForSelector('body[data-ready]');
    // The calculator's paired t-test: uncorrected, the same 0.0054.
    await waitForAnswers(page, ['p = 0.0054']);
    assert.equal(await page.isVisible('[data-many-systems]'), false);
  });
});

test('a share link keeps the table and the options: Bonferroni at α = 0.01 leaves A, B and C each better than D only', async () => {
  const state = { calc: 'significance', in: FOUR_SYSTEMS_TABLE, test: 'ttest', correction: 'bonferroni', alpha: '0.01' };
  await withPage(shareLink('significance.html', state), async (page) => {
    assert.deepEqual(await comparedRows(page), ['a A 0.5320d', 'b B 0.4300d', 'c C 0.4800d', 'd D 0.3440']);
    await waitForText(page, '[data-many-systems] .compare-table caption', ['paired t-test, Bonferroni correction over all 6 pairs, α = 0.01']);
    assert.equal(await page.inputValue('#input'), FOUR_SYSTEMS_TABLE);
    assert.equal(await page.inputValue('#compare-correction'), 'bonferroni');
    assert.equal(await page.inputValue('#compare-alpha'), '0.01');
    assert.deepEqual(Object.fromEntries(new URLSearchParams(await page.evaluate(() => location.hash.slice(1)))), state);
    // A changed option goes into the link.
    await page.selectOption('#compare-baseline', 'D');
    await waitForText(page, '[data-many-systems] .compare-table caption', ['Bonferroni correction over each system against D']);
    assert.equal(new URLSearchParams(await page.evaluate(() => location.hash.slice(1))).get('baseline'), 'D');
    assert.equal((await inputError(page)).hidden, true, 'no error under the field');
  });
});

test('a spreadsheet paste: tabs, a "topic" column of numbers, and the same means', async () => {
  await withPage('significance.html', async (page) => {
    const tabs = FOUR_SYSTEMS_TABLE.split('\n')
      .map((line, index) => line.trim().split(/\s+/).map((cell, c) => (index > 0 && c === 0 ? String(300 + index) : index === 0 && c === 0 ? 'topic' : cell)).join('\t'))
      .join('\n');
    await paste(page, tabs);
    assert.deepEqual(await comparedRows(page), ['a A 0.5320bcd', 'b B 0.4300d', 'c C 0.4800bd', 'd D 0.3440']);
    await waitForText(page, '[data-pair-facts]', ['A is higher on 8 queries']);
    // The link to the working names the topics 301, 302, …
    const href = await page.getAttribute('[data-pair-working]', 'href');
    assert.match(new URLSearchParams(new URL(href, 'http://x/').hash.slice(1)).get('in'), /^301 0\.62 0\.48\n302 0\.39 0\.3\n/);
  });
});

test('a pair whose differences are all the same: p = 0 said with its reason, the other pairs as usual', async () => {
  // A − B = 0.1 on every query: sd = 0, so t = mean/(sd/√n) is infinite and p = 0 (SciPy's
  // ttest_rel gives statistic=inf, pvalue=0.0); Holm's 3·0 = 0. Before, the whole comparison was
  // refused. A − C: d = 0.2, 0, 0.3, −0.1, mean 0.1, s² = 0.10/3, t = 0.1/(s/2) = 1.0954, p =
  // 0.3534 (scipy.stats.ttest_rel([0.5, 0.6, 0.7, 0.8], [0.3, 0.6, 0.4, 0.9])): not significant;
  // B − C: mean 0, p = 1. Means: A 2.6/4 = 0.65, B and C 2.2/4 = 0.55.
  const table = ['query A B C', 'q1 0.5 0.4 0.3', 'q2 0.6 0.5 0.6', 'q3 0.7 0.6 0.4', 'q4 0.8 0.7 0.9'].join('\n');
  await withPage(shareLink('significance.html', { calc: 'significance', in: table, test: 'ttest', correction: 'holm' }), async (page) => {
    assert.deepEqual(await comparedRows(page), ['a A 0.6500b', 'b B 0.5500', 'c C 0.5500']);
    await waitForText(page, '[data-pair-facts]', [
      'A − B = 0.1000 on average',
      'Paired t-test: p = 0 (every difference is the same and not 0: sd = 0, so t = mean / (sd/√n) is infinite and p = 0, its limit), 0 after the Holm correction — significant at α = 0.05.',
    ]);
    await page.selectOption('#compare-b', 'C');
    await waitForText(page, '[data-pair-facts]', ['A − C = 0.1000 on average', 'Paired t-test: p = 0.3534']);
    assert.equal((await inputError(page)).hidden, true, 'no error under the field');
  });
});

test('bad tables: a message naming line and column, the text left as typed', async () => {
  await withPage('significance.html', async (page) => {
    const cases = [
      // Ragged: line 3 lacks D's score; the caret goes at the end of the line.
      { text: 'query A B C D\nq1 0.62 0.48 0.55 0.30\nq2 0.39 0.30 0.35', message: 'Line 3 has 4 cells where the header asks for 5 (4 systems after a query id): a score is missing.', line: '3', column: '18' },
      // One cell too many on line 2: "0.9" at column 24.
      { text: 'query A B C D\nq1 0.62 0.48 0.55 0.30 0.9\nq2 0.39 0.30 0.35 0.28', message: 'Line 2 has 6 cells where the header asks for 5 (4 systems after a query id): “0.9” has no system.', line: '2', column: '24' },
      // Not a number: "n/a" in C's column, line 3 column 14.
      { text: 'query A B C\nq1 0.62 0.48 0.55\nq2 0.39 0.30 n/a', message: '“n/a” in C’s column is not a number.', line: '3', column: '14' },
      // One query only.
      { text: 'query A B C\nq1 0.62 0.48 0.55', message: 'A comparison needs the scores of 2 or more queries; this table has only 1: add a row per query under the header.', line: '2', column: '1' },
      // A system named twice: "B" at columns 9 and 11.
      { text: 'query A B B\nq1 0.62 0.48 0.55\nq2 0.39 0.30 0.35', message: 'The header names “B” twice (columns 9 and 11): give each system its own name.', line: '1', column: '11' },
      // A decimal comma in a space-separated table.
      { text: 'query A B C\nq1 0.62 0,48 0.55\nq2 0.39 0.30 0.35', message: '“0,48” in B’s column is not a number (write decimals with a point: 0.62).', line: '2', column: '9' },
    ];
    for (const { text, message, line, column } of cases) {
      await paste(page, text);
      await page.waitForFunction((expected) => document.querySelector('#input-error .error-message')?.textContent === expected, message, { timeout: 5000 });
      assert.deepEqual(await inputError(page), { hidden: false, message, line, column });
      assert.equal(await page.inputValue('#input'), text, 'the text stays as typed');
      assert.equal(await page.getAttribute('#input', 'aria-invalid'), 'true');
      await waitForText(page, '[data-many-status]', ['Fix the marked mistake']);
    }
    // Fixed: the error goes, the comparison comes.
    await paste(page, 'query A B C\nq1 0.62 0.48 0.55\nq2 0.39 0.30 0.35\nq3 0.71 0.52 0.60');
    // Means: A (0.62 + 0.39 + 0.71)/3 = 0.5733, B 1.30/3 = 0.4333, C 1.50/3 = 0.5000.
    const rows = await comparedRows(page);
    assert.deepEqual(rows.map((row) => row.split(' ').slice(0, 3).join(' ').replace(/[ᵃᵇᶜᵈ]+$/, '')), ['a A 0.5733', 'b B 0.4333', 'c C 0.5000']);
    assert.equal((await inputError(page)).hidden, true);
    assert.equal(await page.getAttribute('#input', 'aria-invalid'), null);
  });
});

test('typed key by key, the table never shows the two-system calculator’s error', async () => {
  await withPage('significance.html', async (page) => {
    await page.click('#input');
    await page.keyboard.type('A B C\n0.5 0.4 0.3\n0.6 0.2 0.3\n0.7 0.5 0.1', { delay: 5 });
    // Means: A 1.8/3 = 0.6000, B 1.1/3 = 0.3667, C 0.7/3 = 0.2333; no query column: q1, q2, q3.
    // A table drawn for the text before its last key (C's last score 0: 0.2000) may still be up
    // when typing ends, its update on the way: wait for the last one.
    await page.waitForFunction(() => document.querySelector('[data-many-systems] .compare-table')?.textContent.includes('0.2333'), null, { timeout: 15000 })
      .catch(() => {});
    const rows = await comparedRows(page);
    assert.deepEqual(rows.map((row) => row.split(' ').slice(0, 3).join(' ').replace(/[ᵃᵇᶜᵈ]+$/, '')), ['a A 0.6000', 'b B 0.3667', 'c C 0.2333']);
    await page.waitForTimeout(400); // any update the calculator had begun has ended
    assert.equal((await inputError(page)).hidden, true);
    assert.equal(await page.isVisible('[data-answer-bar]'), false);
    assert.equal(new URLSearchParams(await page.evaluate(() => location.hash.slice(1))).get('test'), 'ttest', 'the link is the comparison’s');
  });
});

test('two systems are the calculator’s as before, also after a table', async () => {
  await withPage('significance.html', async (page) => {
    await page.fill('#measures', 'ttest');
    await clickExample(page, '4×10');
    await comparedRows(page);
    await paste(page, TEN_QUERIES);
    // d̄ = 0.102, s² = 0.00784, t = 3.6429 with 9 df: p = 0.0054 (as above).
    await waitForAnswers(page, ['p = 0.0054']);
    assert.equal(await page.isVisible('[data-many-systems]'), false);
    assert.equal(await page.isVisible('#measures'), true);
    // A header of two systems is the calculator's too (it reads the header as it always has).
    await paste(page, 'query x y\nq1 0.62 0.48\nq2 0.39 0.30\nq3 0.71 0.52');
    await page.waitForSelector('.outcome, #input-error:not([hidden])');
    assert.equal(await page.isVisible('[data-many-systems]'), false);
    // And the two-system examples still work after the table.
    await clickExample(page, '4×10');
    await comparedRows(page);
    await clickExample(page, 'AP×10');
    await waitForAnswers(page, ['p = 5/128 ≈ 0.0391', 'p = 0.0207', 'p = 0.0054', 'p = 1/64 ≈ 0.0156']);
    assert.equal(await page.isVisible('[data-many-systems]'), false);
  });
});

test('a link pasted into the open page: a table is compared, a two-system link goes back to the calculator', async () => {
  await withPage(shareLink('significance.html', { calc: 'significance', in: TEN_QUERIES, m: 'ttest' }), async (page) => {
    await waitForAnswers(page, ['p = 0.0054']);
    await page.evaluate((hash) => (location.hash = hash), new URLSearchParams({ calc: 'significance', in: FOUR_SYSTEMS_TABLE, test: 'sign', correction: 'none' }).toString());
    await waitForText(page, '[data-many-systems] .compare-table caption', ['sign test, no correction over all 6 pairs, α = 0.05; 4 systems, 10 queries']);
    assert.equal(await page.inputValue('#input'), FOUR_SYSTEMS_TABLE);
    assert.equal((await inputError(page)).hidden, true, 'the calculator did not read the table');
    await page.evaluate((hash) => (location.hash = hash), new URLSearchParams({ calc: 'significance', in: TEN_QUERIES, m: 'ttest' }).toString());
    await waitForAnswers(page, ['p = 0.0054']);
    assert.equal(await page.isVisible('[data-many-systems]'), false);
  });
});

test('at 375 px wide the comparison fits: nothing scrolls sideways', async () => {
  await withPage(
    'significance.html',
    async (page) => {
      await clickExample(page, '4×10');
      await comparedRows(page);
      await page.waitForSelector('[data-many-systems] [data-chart-id="trec-compare-differences"] svg');
      assert.equal(await horizontalOverflow(page), 0);
    },
    { viewport: PHONE },
  );
});
