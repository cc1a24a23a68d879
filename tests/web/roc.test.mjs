// Browser tests of the ROC, AUC, EER page (web/roc.html) against the built site in dist/.
// Run: npm run build && node --test tests/web/roc.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorPageChecks, shareLink, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

// Three positives (0.9, 0.8, 0.6) and three negatives (0.7, 0.55, 0.4). Worked by hand:
// - AUC is the share of the 3 × 3 (positive, negative) pairs ordered right: 0.9 and 0.8 beat
//   all three negatives (3 + 3), 0.6 beats 0.55 and 0.4 (2): 8/9 ≈ 0.8889.
// - Lowering the threshold: after 0.9 and 0.8, FNR = 1/3 and FPR = 0; after 0.7 (a negative),
//   FPR = 1/3 while FNR stays 1/3, so the rates are equal there: EER = 1/3.
const SIX = '1 0.9\n1 0.8\n0 0.7\n1 0.6\n0 0.55\n0 0.4';
// The same with a tie: the positive 0.8 becomes 0.7, level with the negative 0.7. Pairs:
// 3 (0.9) + 1/2 for the tie + 2 (0.7 beats 0.55, 0.4) + 2 (0.6) = 15/2 of 9: AUC = 5/6.
const TIED = 'labels: 1 1 0 1 0 0\nscores: 0.9 0.7 0.7 0.6 0.55 0.4';

const session = useBrowserSession({ clipboard: true, reusePages: true });
const { withPage } = session;

test('six scored items typed in: AUC = 8/9 ≈ 0.8889 and EER = 1/3, with the pairs counted', async () => {
  await withPage('roc.html', async (page) => {
    await page.fill('#measures', 'AUC, EER');
    await page.fill('#input', SIX);
    await waitForAnswers(page, ['AUC = 8/9 ≈ 0.8889', 'EER = 1/3 ≈ 0.3333']);
    const captions = await page.locator('#outcome-0 caption').allTextContents();
    assert.ok(captions.some((caption) => /pairs/i.test(caption)), captions.join(' | '));
  });
});

test('the ROC chart has the curve, the chance diagonal (faint) and the EER point, square, once', async () => {
  await withPage(shareLink('roc.html', { calc: 'roc', in: SIX, m: 'ROC, AUC, EER' }), async (page) => {
    await waitForAnswers(page, ['AUC = 8/9 ≈ 0.8889', 'AUC = 8/9 ≈ 0.8889', 'EER = 1/3 ≈ 0.3333']);
    assert.equal(await page.locator('figure[data-chart-id="roc"]').count(), 1, 'drawn once for ROC, AUC and EER');
    const figure = page.locator('figure[data-chart-id="roc"]');
    const legend = await figure.locator('.chart-legend li').allTextContents();
    assert.ok(legend.includes('random guess'), legend.join(' | '));
    assert.ok(legend.includes('EER'), legend.join(' | '));
    assert.ok((await figure.locator('svg .chart-faint').count()) >= 1, 'the diagonal is faint');
    const [width, height] = await figure.locator('svg[role="img"]').evaluate((svg) => [svg.getAttribute('width'), svg.getAttribute('height')]);
    assert.equal(width, height);
    assert.match(await figure.locator('.chart-description p').textContent(), /equal error rate/);
  });
});

test('tied scores count one half: AUC = 5/6 from labels: and scores: lines', async () => {
  await withPage(shareLink('roc.html', { calc: 'roc', in: TIED, m: 'AUC' }), async (page) => {
    await waitForAnswers(page, ['AUC = 5/6 ≈ 0.8333']);
  });
});

test('AUC-PR draws the precision–recall chart with its step and trapezoid areas', async () => {
  await withPage(shareLink('roc.html', { calc: 'roc', in: SIX, m: 'AUC-PR' }), async (page) => {
    // Step area by hand: recall rises by 1/3 at 0.9 (P = 1), 0.8 (P = 1) and 0.6 (P = 3/4): 11/12.
    await waitForText(page, '#outcome-0 .answer', ['11/12']);
    assert.equal(await page.locator('figure[data-chart-id="pr-area"]').count(), 1);
  });
});

test('a score that is not a number is marked; a list with no negative says why', async () => {
  await withPage('roc.html', async (page) => {
    await page.fill('#measures', 'AUC');
    await page.fill('#input', '1 0.9\n0 abc');
    await waitForText(page, '#input-error', ['Line 2, column 3', "found 'abc'"]);
    assert.equal(await page.locator('#input-error mark').textContent(), 'abc');
    await page.fill('#input', '1 0.9\n1 0.8');
    await waitForText(page, '#input-error', ['non-relevant']);
    assert.equal(await page.locator('#input-error mark').count(), 0, 'not about a position');
  });
});

calculatorPageChecks(session, {
  file: 'roc.html',
  state: { calc: 'roc', in: SIX, m: 'ROC, AUC, EER' },
  answers: ['AUC = 8/9 ≈ 0.8889', 'AUC = 8/9 ≈ 0.8889', 'EER = 1/3 ≈ 0.3333'],
  presets: {
    C1: ['AUC = 8/9 ≈ 0.8889', 'AUC = 8/9 ≈ 0.8889', 'EER = 1/3 ≈ 0.3333'],
    C2: ['AUC = 5/6 ≈ 0.8333', 'AUC = 5/6 ≈ 0.8333'],
    // Ten items, five positives at 0.95, 0.85, 0.8, 0.65, 0.3. Recall rises by 1/5 at each, where
    // precision is 1, 2/3, 3/4, 4/6, 5/9: the step area is (36 + 24 + 27 + 24 + 20)/36/5 = 131/180.
    // After the 5th item (0.7, a negative) FPR = 2/5 = FNR: EER = 2/5.
    C3: ['AUC-PR = 131/180 ≈ 0.7278', 'EER = 2/5 = 0.4'],
  },
});
