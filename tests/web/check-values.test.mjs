// Every number an answer names can be checked: under each answer, "Check the other quantities"
// holds a field per named quantity (Outcome.values), judged by the core's check with that key.
// One family each: a confusion matrix, two judges' κ, a paired t-test, Wilcoxon, nDCG, and the
// same fields in a problem, where no value is shown. Expected values are worked out by hand.
// Run: IRM_DIST=/tmp/site-NAME node --test tests/web/check-values.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations, shareLink, useBrowserSession } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

/** Types `answer` into the answer's own field under `outcome` and returns the verdict. */
async function checkValue(page, outcome, answer) {
  await page.locator(`${outcome} .check-answer input`).fill(answer);
  await page.locator(`${outcome} .check-answer button`).click();
  const status = `${outcome} .check-answer [role="status"]`;
  await page.waitForFunction(([selector, typed]) => document.querySelector(selector)?.dataset.checked === typed, [status, answer]);
  return (await page.locator(status).textContent()).replace(/\s+/g, ' ').trim();
}

/** Types `answer` into the field of quantity `key` under `outcome` and returns the verdict. */
async function checkQuantity(page, outcome, key, answer) {
  const details = page.locator(`${outcome} details.quantity-checks`);
  if (!(await details.evaluate((element) => element.open))) await details.locator('summary').click();
  const row = page.locator(`${outcome} .quantity-check[data-check-key="${key}"]`);
  await row.locator('input').fill(answer);
  await row.locator('button').click();
  await page.waitForFunction(
    ([selector, typed]) => document.querySelector(selector)?.dataset.checked === typed,
    [`${outcome} .quantity-check[data-check-key="${key}"] [role="status"]`, answer],
  );
  return (await row.locator('[role="status"]').textContent()).replace(/\s+/g, ' ').trim();
}

test('a confusion matrix: precision, recall, accuracy and F1 each have their own field', async () => {
  // TP 2, FP 2, FN 1, TN 3: precision 2/4 = 1/2, recall 2/3, accuracy (2 + 3)/8 = 5/8,
  // F1 = 2PR/(P + R) = (2/3)/(7/6) = 4/7.
  await withPage(shareLink('sets.html', { calc: 'sets', in: 'tp=2 fp=2 fn=1 tn=3', m: 'confusion' }), async (page) => {
    await page.waitForSelector('#outcome-0 details.quantity-checks');
    assert.match(await page.textContent('#outcome-0 details.quantity-checks summary'), /^Check the other quantities \(\d+\)$/);
    assert.match(await checkQuantity(page, '#outcome-0', 'precision', '0.5'), /^✓ Correct exactly\./); // 1/2 itself
    assert.match(await checkQuantity(page, '#outcome-0', 'recall', '0.67'), /^✓ Correct at 2 decimals\./);
    assert.match(await checkQuantity(page, '#outcome-0', 'accuracy', '5/8'), /^✓ Correct exactly\./);
    // F1 is the answer's own value: its field is the answer's, labelled so.
    assert.equal(await page.textContent('#outcome-0 .check-answer label'), 'Your answer for F1 (confusion)');
    assert.match(await checkValue(page, '#outcome-0', '4/7'), /^✓ Correct exactly\./);
    // The precision typed into recall's field: wrong, and named as the other quantity.
    const wrong = await checkQuantity(page, '#outcome-0', 'recall', '0.5');
    assert.match(wrong, /^✗ Not recall at 1 decimal\./);
    assert.match(wrong, /precision/);
    assert.deepEqual(await axeViolations(page), []);
  });
});

test('two judges: P(A), P(E) and κ each checked', async () => {
  // Judge A R: 75 + 25 = 100, N: 300; judge B R: 150, N: 250; n = 400.
  // P(A) = (75 + 225)/400 = 3/4; P(E) = (100·150 + 300·250)/400² = 90000/160000 = 9/16;
  // κ = (3/4 − 9/16)/(1 − 9/16) = (3/16)/(7/16) = 3/7 ≈ 0.4286.
  await withPage(shareLink('agreement.html', { calc: 'agreement', in: '75 25\n75 225', m: 'kappa' }), async (page) => {
    await page.waitForSelector('#outcome-0 details.quantity-checks');
    assert.match(await checkQuantity(page, '#outcome-0', 'PA', '0.75'), /^✓/);
    assert.match(await checkQuantity(page, '#outcome-0', 'PE', '9/16'), /^✓ Correct exactly\./);
    // κ itself is the answer's own field, not one of the other quantities.
    assert.equal(await page.locator('#outcome-0 .quantity-check[data-check-key="kappa"]').count(), 0);
    assert.match(await checkQuantity(page, '#outcome-0', 'PE', '0.56'), /^✓ Correct at 2 decimals\./);
  });
});

test('a paired t-test: t, df and p each checked', async () => {
  // d = 0.1, 0.2, 0.3: mean 0.2, s² = (0.01 + 0 + 0.01)/2 = 0.01, s = 0.1, se = 0.1/√3,
  // t = 0.2/(0.1/√3) = 2√3 ≈ 3.4641, df = 2. With 2 degrees of freedom
  // P(T ≤ t) = 1/2 + t/(2√(t² + 2)) = 1/2 + 2√3/(2√14) ≈ 0.96291, so the two-sided
  // p = 2(1 − 0.96291) ≈ 0.0742.
  await withPage(shareLink('significance.html', { calc: 'significance', in: 'd: 0.1 0.2 0.3', m: 'ttest' }), async (page) => {
    await page.waitForSelector('#outcome-0 details.quantity-checks');
    assert.match(await checkQuantity(page, '#outcome-0', 't', '3.464'), /^✓ Correct at 3 decimals\./);
    assert.match(await checkQuantity(page, '#outcome-0', 'df', '2'), /^✓ Correct exactly\./);
    assert.match(await checkValue(page, '#outcome-0', '0.074'), /^✓ Correct at 3 decimals\./);
    assert.match(await checkQuantity(page, '#outcome-0', 'df', '3'), /^✗ Not df exactly\./);
  });
});

test('Wilcoxon: W+ and p checked', async () => {
  // d = 0.1, 0.2, 0.3, −0.05: |d| ranked 0.05 → 1, 0.1 → 2, 0.2 → 3, 0.3 → 4, so W+ = 2 + 3 + 4 = 9
  // and W− = 1. Exactly, of the 2⁴ = 16 sign patterns, W− ≤ 1 in two (none negative, or rank 1
  // alone): one side 2/16 = 1/8, two-sided p = 1/4.
  await withPage(shareLink('significance.html', { calc: 'significance', in: 'd: 0.1 0.2 0.3 -0.05', m: 'wilcoxon' }), async (page) => {
    await page.waitForSelector('#outcome-0 details.quantity-checks');
    assert.match(await checkQuantity(page, '#outcome-0', 'W_plus', '9'), /^✓ Correct exactly\./);
    assert.match(await checkValue(page, '#outcome-0', '0.25'), /^✓ Correct exactly\./); // 1/4 itself
  });
});

test('nDCG: DCG and IDCG checked', async () => {
  // Grades 3 2 1 (the course notes' form): DCG = 3 + 2/log2 2 + 1/log2 3 = 5 + 0.63093 = 5.6309;
  // they are already in the ideal order, so IDCG = 5.6309 and nDCG = 1.
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: '3 2 1', m: 'nDCG' }), async (page) => {
    await page.waitForSelector('#outcome-0 details.quantity-checks');
    assert.match(await checkQuantity(page, '#outcome-0', 'DCG', '5.63'), /^✓ Correct at 2 decimals\./);
    assert.match(await checkQuantity(page, '#outcome-0', 'IDCG', '5.6309'), /^✓ Correct at 4 decimals\./);
  });
});

test('in a problem, the other quantities are asked by name only and checked without showing a value', async () => {
  // tp=2 fp=2 fn=1 tn=3 as above: recall 2/3.
  const link = shareLink('sets.html', { calc: 'sets', in: 'tp=2 fp=2 fn=1 tn=3', m: 'confusion', problem: '1', reveal: 'never' });
  await withPage(link, async (page) => {
    await page.waitForSelector('section.problem details.quantity-checks');
    const before = await page.evaluate(() => document.body.innerText);
    for (const value of ['2/3', '0.6667', '4/7', '5/8']) assert.ok(!before.includes(value), `${value} is shown in the problem`);
    assert.match(await checkQuantity(page, 'section.problem', 'recall', '0.667'), /^✓ Correct at 3 decimals\./);
    // Accuracy is 5/8 = 0.625, 0.6 at 1 decimal; 0.7 is not (it is the recall, 0.6667, rounded).
    const wrong = await checkQuantity(page, 'section.problem', 'accuracy', '0.7');
    assert.match(wrong, /^✗ Not accuracy at 1 decimal\./);
    assert.ok(!/5\/8|0\.625|compare your working/.test(wrong), wrong);
    assert.deepEqual(await axeViolations(page), []);
  });
});
