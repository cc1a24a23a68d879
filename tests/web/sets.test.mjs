// Browser tests of the Sets and confusion matrices page (web/sets.html) against the built site
// in dist/. The example is sets-d1-to-d8 of the CS657A notes (docs/examples.md): D = d1…d8,
// relevant {d1, d5, d7}, returned {d1, d3, d5, d6}, so TP = 2, FP = 2, FN = 1, TN = 3.
// Run: npm run build && node --test tests/web/sets.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorPageChecks, shareLink, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

const S1 = 'relevant: d1 d5 d7\nreturned: d1 d3 d5 d6\nall: d1 d2 d3 d4 d5 d6 d7 d8';
const S1_COUNTS = 'tp=2 fp=2 fn=1 tn=3';
// F1 = 2TP/(2TP + FP + FN) = 4/(4 + 2 + 1) = 4/7.
const F1 = 'F1 = 4/7 ≈ 0.5714';

const session = useBrowserSession({ clipboard: true, reusePages: true });
const { withPage } = session;

/** The "value" column of the outcome's table of every measure, by measure. */
async function measureTable(page) {
  const table = page.locator('table.step-table', { has: page.locator('caption', { hasText: 'Every measure' }) });
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [tr.cells[0].textContent, tr.cells[tr.cells.length - 1].querySelector('.cell-text').textContent]));
  return Object.fromEntries(rows);
}

test('sets-d1-to-d8 typed in as three sets: precision 1/2, recall 2/3, F1 4/7, accuracy 5/8, and the four sets', async () => {
  await withPage('sets.html', async (page) => {
    await page.fill('#measures', 'confusion');
    await page.fill('#input', S1);
    await waitForAnswers(page, [F1]);
    const values = await measureTable(page);
    // By hand: precision TP/(TP+FP) = 2/4 = 1/2; recall TP/(TP+FN) = 2/3; accuracy (TP+TN)/D = 5/8;
    // specificity TN/(TN+FP) = 3/5; Jaccard TP/(TP+FP+FN) = 2/5.
    assert.equal(values.precision, '1/2');
    assert.equal(values['recall (sensitivity, TPR)'], '2/3');
    assert.equal(values.F1, '4/7');
    assert.equal(values.accuracy, '5/8');
    assert.equal(values['specificity (TNR)'], '3/5');
    assert.equal(values.Jaccard, '2/5');
    await waitForText(page, '#outcome-0', ['{d1, d5}', '{d3, d6}', '{d7}', '{d2, d4, d8}']);
  });
});

test('the confusion matrix is a real table: caption, headers with scope, shaded cells, a text alternative', async () => {
  await withPage(shareLink('sets.html', { calc: 'sets', in: S1_COUNTS, m: 'confusion' }), async (page) => {
    await waitForAnswers(page, [F1]);
    const matrix = page.locator('figure.chart-matrix table.matrix-table');
    assert.equal(await matrix.locator('caption').textContent(), 'Confusion matrix');
    assert.equal(await matrix.locator('th[scope="col"]').count(), 2);
    assert.equal(await matrix.locator('th[scope="row"]').count(), 2);
    assert.equal(await matrix.locator('th[scope="colgroup"]').count(), 1);
    const cells = await matrix.locator('td.matrix-cell').evaluateAll((tds) => tds.map((td) => [td.textContent, td.className]));
    assert.deepEqual(
      cells.map(([text]) => text),
      ['2', '1', '2', '3'],
    );
    // Shaded by value against the largest, 3: 2 → shade round(2/3·8) = 5, 1 → 3, 3 → 8.
    assert.deepEqual(
      cells.map(([, className]) => /matrix-shade-(\d)/.exec(className)[1]),
      ['5', '3', '5', '8'],
    );
    // The shades come from the stylesheet (a strict CSP allows no style attribute), in both schemes.
    const background = () => matrix.locator('td.matrix-shade-8').evaluate((td) => getComputedStyle(td).backgroundColor);
    const light = await background();
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await background();
    assert.notEqual(light, dark);
    assert.equal(await page.locator('figure.chart-matrix [style]').count(), 0);
    assert.match(await matrix.getAttribute('aria-describedby'), /chart-description/);
    assert.match(await page.locator('figure.chart-matrix .chart-description p').textContent(), /TP = 2/);
  });
});

test('the β field sets F(beta=…) in the measures: β = 2 gives 5/8, β = 1 is plain F; a shared β comes back', async () => {
  await withPage(shareLink('sets.html', { calc: 'sets', in: S1_COUNTS, m: 'confusion' }), async (page) => {
    await waitForAnswers(page, [F1]);
    await page.fill('#beta', '2');
    assert.equal(await page.inputValue('#measures'), 'confusion, F(beta=2)');
    // By hand: (β² + 1)PR/(β²P + R) = 5 · 1/2 · 2/3 / (4 · 1/2 + 2/3) = (5/3)/(8/3) = 5/8.
    await waitForAnswers(page, [F1, 'F(beta=2) = 5/8 = 0.625']);
    await page.fill('#beta', '1');
    assert.equal(await page.inputValue('#measures'), 'confusion, F');
    await waitForAnswers(page, [F1, 'F = 4/7 ≈ 0.5714']);
    const hash = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
    assert.equal(hash.get('m'), 'confusion, F');
  });
  await withPage(shareLink('sets.html', { calc: 'sets', in: S1_COUNTS, m: 'F(beta=0.5), F(alpha=0.5)' }), async (page) => {
    // β = 1/2: (1/4 + 1) · 1/3 / (1/4 · 1/2 + 2/3) = (5/12)/(19/24) = 10/19; α = 1/2 is F1.
    await waitForAnswers(page, ['F(beta=0.5) = 10/19 ≈ 0.5263', 'F(alpha=0.5) = 4/7 ≈ 0.5714']);
    assert.equal(await page.inputValue('#beta'), '0.5');
    await page.fill('#beta', '3');
    assert.equal(await page.inputValue('#measures'), 'F(beta=3), F(alpha=0.5)', 'F(alpha=…) is left alone');
  });
});

test('a count that is not a number, and a document missing from all:, are marked where they stand', async () => {
  await withPage('sets.html', async (page) => {
    await page.fill('#measures', 'confusion');
    await page.fill('#input', 'tp=2 fp=x fn=1 tn=3');
    await waitForText(page, '#input-error', ['Line 1, column 9', "found 'x' for fp"]);
    assert.equal(await page.locator('#input-error mark').textContent(), 'x');
    await page.fill('#input', 'relevant: d1 d5 d7\nreturned: d1 d3 d5 d6\nall: d1 d2 d3');
    await waitForText(page, '#input-error', ['Line 1, column 14']);
    assert.equal(await page.locator('#input-error mark').textContent(), 'd5');
  });
});

test('a β that is not a number is marked inside the measures field', async () => {
  await withPage(shareLink('sets.html', { calc: 'sets', in: S1_COUNTS, m: 'confusion' }), async (page) => {
    await waitForAnswers(page, [F1]);
    await page.fill('#beta', 'abc');
    // "F(beta=abc)" starts at column 12 of "confusion, F(beta=abc)"; the engine points at its 8th.
    await waitForText(page, '#measures-error', ['Line 1, column 19']);
    assert.equal(await page.locator('#measures-error mark').textContent(), 'abc');
  });
});

calculatorPageChecks(session, {
  file: 'sets.html',
  state: { calc: 'sets', in: S1, m: 'confusion' },
  answers: [F1],
  presets: {
    S1: [F1],
    'S1 counts': [F1, 'F(beta=2) = 5/8 = 0.625'],
    'S1 grid': ['F(alpha=0.5) = 4/7 ≈ 0.5714'],
  },
  markup: 'relevant: <b>d1</b> d5\nreturned: <b>d1</b> <img/src=x/onerror=alert(1)>\nall: <b>d1</b> d5 <img/src=x/onerror=alert(1)> d9',
});
