// Browser tests of the Judges' agreement page (web/agreement.html) against the built site in
// dist/. The examples are kappa-400-documents to fleiss-14-raters of docs/examples.md (the What to
// evaluate and CS657A notes). Run: npm run build && node --test tests/web/agreement.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NOTE_002_RATINGS } from '../../web/js/examples.js';
import { calculatorPageChecks, shareLink, shownQuantities, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

// kappa-400-documents (What to evaluate notes): A said R to 100 documents, B to 150; they agree on
// 75 + 225 = 300 of 400. P(A) = 300/400 = 3/4; P(E) = (100/400)(150/400) + (300/400)(250/400) =
// 3/32 + 15/32 = 9/16; κ = (3/4 − 9/16)/(1 − 9/16) = (3/16)/(7/16) = 3/7 ≈ 0.4286. Pooled
// marginals: P(R) = (100 + 150)/800 = 5/16, P(N) = 11/16, P(E) = 25/256 + 121/256 = 73/128, κ =
// (96/128 − 73/128)/ (55/128) = 23/55 ≈ 0.4182.
const K1 = '    R   N\nR  75  25\nN  75 225';
const K1_KAPPA = 'κ = 3/7 ≈ 0.4286';
const K1_POOLED = 'κ = 23/55 ≈ 0.4182';
// kappa-40-documents (CS657A notes): 20 + 4 = 24 agreements of 40, P(A) = 3/5; A's R 32/40, B's R
// 24/40: P(E) = (4/5)(3/5) + (1/5)(2/5) = 14/25; κ = (15/25 − 14/25)/(11/25) = 1/11 ≈ 0.0909.
const NOTE_002 = '    R   I\nR  20  12\nI   4   4';
const K2_KAPPA = 'κ = 1/11 ≈ 0.0909';
// kappa-40-documents-pooled: pooled, P(R) = (32 + 24)/80 = 7/10, P(E) = 49/100 + 9/100 = 29/50; κ =
// (30/50 − 29/50)/(21/50) = 1/21.
const K3_KAPPA = 'κ = 1/21 ≈ 0.0476';
// fleiss-14-raters (CS657A notes, Fleiss): P(A) = 172/455, P(E) = 417/1960 (docs/examples.md lists
// the p_j and p_a(i)); κ = (172/455 − 417/1960)/(1 − 417/1960) = 4211/20059 ≈ 0.2099. The notes
// print 0.22.
const K4 = NOTE_002_RATINGS;
const K4_KAPPA = 'κ = 4211/20059 ≈ 0.2099';
// Label by label: they agree on 6 of 8 items, P(A) = 3/4; A and B each said R 5 times, so
// P(E) = (5/8)² + (3/8)² = 34/64 = 17/32 and κ = (24/32 − 17/32)/(15/32) = 7/15 ≈ 0.4667.
const LABELS_KAPPA = 'κ = 7/15 ≈ 0.4667';

const session = useBrowserSession({ clipboard: true, reusePages: true });
const { withPage } = session;

test('kappa-400-documents typed in: κ = 3/7 ≈ 0.4286, the pooled alternative 23/55 beside it, P(A) 3/4 and P(E) 9/16 step by step', async () => {
  await withPage('agreement.html', async (page) => {
    await page.fill('#measures', 'kappa');
    await page.fill('#input', K1);
    await waitForAnswers(page, [K1_KAPPA]);
    const alternatives = await page.locator('#outcome-0 .alternatives').textContent();
    assert.match(alternatives, /kappa\(chance=pooled\)\s*=\s*23\/55\s*≈\s*0\.4182/);
    const values = await shownQuantities(page);
    assert.equal(values.PA, '3/4 = 0.75');
    assert.equal(values.PE, '9/16 = 0.5625');
    assert.equal(values.kappa, '3/7 ≈ 0.4286');
    // The judges' table as a heat map, the agreements on its diagonal.
    const matrix = page.locator('#outcome-0 figure.chart-matrix table.matrix-table');
    assert.deepEqual(await matrix.locator('td.is-diagonal').allTextContents(), ['75', '225']);
    assert.match(await page.locator('#outcome-0 .matrix-key').textContent(), /where the two judges agree/);
    // Skewed marginals: high observed agreement, low κ, and the notes say why.
    await waitForText(page, '#outcome-0 .notes', ['skewed']);
    // "Show working" on the alternative computes it.
    await page.locator('#outcome-0 .alternatives button').first().click();
    await waitForAnswers(page, [K1_KAPPA, K1_POOLED]);
    assert.equal(await page.inputValue('#measures'), 'kappa, kappa(chance=pooled)');
  });
});

test('the chance selector rewrites kappa to kappa(chance=pooled): kappa-40-documents becomes kappa-40-documents-pooled, 1/11 becomes 1/21', async () => {
  await withPage(shareLink('agreement.html', { calc: 'agreement', in: NOTE_002, m: 'kappa(scale=cs657a)' }), async (page) => {
    await waitForAnswers(page, [K2_KAPPA]);
    const chance = page.locator('select[data-param="chance"]');
    await chance.selectOption('pooled');
    assert.equal(await page.inputValue('#measures'), 'kappa(scale=cs657a,chance=pooled)');
    await waitForAnswers(page, [K3_KAPPA]);
    // On the scale of Bhattacharya's CS657A notes 1/21 is below "slight" (> 0.2); the band
    // table names each scale by its source.
    await waitForText(page, '#outcome-0', ["Bhattacharya's CS657A notes", 'the study notes “What to evaluate”', 'Landis']);
    const hash = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
    assert.equal(hash.get('m'), 'kappa(scale=cs657a,chance=pooled)');
  });
});

test('fleiss-14-raters: Fleiss κ = 4211/20059 ≈ 0.2099, and a note explains the notes’ 0.22 by rounded intermediates', async () => {
  await withPage(shareLink('agreement.html', { calc: 'agreement', in: K4, m: 'fleiss' }), async (page) => {
    await waitForAnswers(page, [K4_KAPPA]);
    const notes = await page.locator('#outcome-0 .notes').textContent();
    // (0.38 − 0.21)/(1 − 0.21) = 0.17/0.79 = 17/79 ≈ 0.2152, printed 0.22.
    assert.match(notes, /0\.38/);
    assert.match(notes, /0\.21/);
    assert.match(notes, /0\.22/);
    assert.match(notes, /4211\/20059/);
    const values = await shownQuantities(page);
    assert.equal(values.PA, '172/455 ≈ 0.3780');
    assert.equal(values.PE, '417/1960 ≈ 0.2128');
  });
});

test('one input family at a time: toggling fleiss on puts kappa away, shows the ratings hint and hides kappa’s conventions', async () => {
  await withPage(shareLink('agreement.html', { calc: 'agreement', in: K1, m: 'kappa' }), async (page) => {
    await waitForAnswers(page, [K1_KAPPA]);
    assert.equal(await page.locator('[data-input-kind="judges"]').isVisible(), true);
    assert.equal(await page.locator('[data-input-kind="ratings"]').isVisible(), false);
    assert.equal(await page.locator('[data-conventions]').isVisible(), true);
    await page.click('[data-quick-add] [data-measure="fleiss"]');
    assert.equal(await page.inputValue('#measures'), 'fleiss');
    assert.equal(await page.locator('[data-input-kind="judges"]').isVisible(), false);
    assert.equal(await page.locator('[data-input-kind="ratings"]').isVisible(), true);
    assert.equal(await page.locator('[data-conventions]').isVisible(), false, 'chance and scale are kappa’s');
    // kappa-400-documents' grid read as Fleiss' table: 100 raters for the first item, 300 for the
    // second.
    await waitForText(page, '#input-error', ['row 2', 'same sum']);
    await page.click('[data-quick-add] [data-measure="kappa"]');
    assert.equal(await page.inputValue('#measures'), 'kappa');
    await waitForAnswers(page, [K1_KAPPA]);
    assert.equal(await page.locator('#input-error').isVisible(), false);
  });
});

test('a count that is not a number is marked where it stands, and labels of unequal length too', async () => {
  await withPage('agreement.html', async (page) => {
    await page.fill('#measures', 'kappa');
    await page.fill('#input', 'R N\nR 75 25\nN 75 x');
    await waitForText(page, '#input-error', ['Line 3, column 6', "found 'x' in row 2 of the grid"]);
    assert.equal(await page.locator('#input-error mark').textContent(), 'x');
    await page.fill('#input', 'A: R R N\nB: R N');
    await waitForText(page, '#input-error', ['Line 1, column 8', 'A: has 3 labels']);
    assert.equal(await page.locator('#input-error mark').textContent(), 'N');
  });
});

calculatorPageChecks(session, {
  file: 'agreement.html',
  state: { calc: 'agreement', in: K1, m: 'kappa' },
  answers: [K1_KAPPA],
  presets: {
    K1: [K1_KAPPA],
    K2: [K2_KAPPA],
    K3: [K3_KAPPA],
    K4: [K4_KAPPA],
    // krippendorff-12-units at the interval level (tests/web/agreement-krippendorff.test.mjs).
    K5: ['α = 951/1120 ≈ 0.8491'],
    Labels: [LABELS_KAPPA],
  },
  markup: 'A: <b>R</b> <img/src=x/onerror=alert(1)> N\nB: <b>R</b> N <img/src=x/onerror=alert(1)>',
});
