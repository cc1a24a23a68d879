// Browser tests of the rank correlation page (web/correlation.html) for the measures after
// Kendall's τ: τ_AP and τ_AP,b, Spearman's ρ, Pearson's r and rank-biased overlap (its own input
// family, two ranked lists). Kendall's τ itself is tests/web/correlation.test.mjs's.
// Run: npm run build && node --test tests/web/correlation-more.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorPageChecks, shareLink, shownQuantities, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

// AP1 by hand: x (the truth) a b c d, y b a c d. Walking down y: a has b above it, which x puts
// below a: C = 0 of 1; c has b and a above it, both above c in x: 2 of 2; d: 3 of 3. Σ = 2,
// τ_AP = (2/3)·2 − 1 = 1/3. Kendall's τ: one discordant pair (a, b) of 6, τ = (5 − 1)/6 = 2/3.
const AP1 = 'x: a b c d\ny: b a c d';
const AP1_TAU_AP = 'τ_AP = 1/3 ≈ 0.3333';
const AP1_TAU = 'τb = 2/3 ≈ 0.6667';
// Swapped lines, x b c a d and y a b c d: with b c a d the truth, walking down a b c d: b has a
// above it (y puts a below b): 0/1; c has a, b above, the truth puts b above c, not a: 1/2; d: 3/3.
// Σ = 3/2, τ_AP = (2/3)(3/2) − 1 = 0. The other way round (x a b c d, y b c a d): 1, 0, 3 over
// 1, 2, 3, Σ = 2, τ_AP = 1/3; τ_AP,b is the mean, 1/6.
// TAU6 by hand: scores 0.4 0.3 0.3 0.1 (a tie) and 0.3 0.4 0.2 0.1: with x the truth, walking
// down y: 0/1, 1/2, 3/3, A = (2/3)(3/2) − 1 = 0; with y the truth, walking down x (1, {2, 3}, 4):
// 0/1, 1/1, 3/3, A = (2/3)·2 − 1 = 1/3. τ_AP,b = (0 + 1/3)/2 = 1/6.
const TIED = 'x: 0.4 0.3 0.3 0.1\ny: 0.3 0.4 0.2 0.1';
const TIED_B = 'τ_AP,b = 1/6 ≈ 0.1667';
// SP1 by hand: x 0.9 0.7 0.7 0.4 0.2 → average ranks 5, 3.5, 3.5, 2, 1; y 0.8 0.9 0.5 0.5 0.1 →
// 4, 5, 2.5, 2.5, 1. Around the mean 3: S_RS = 2·1 + 0.5·2 − 0.5·0.5 + 1·0.5 + 2·2 = 7.25, S_RR =
// S_SS = 9.5, ρ = 29/38. Pearson's r of the same values: x̄ = 0.58, ȳ = 0.56, x − x̄ = 0.32,
// 0.12, 0.12, −0.18, −0.38, y − ȳ = 0.24, 0.34, −0.06, −0.06, −0.46; S_xy = 0.0768 + 0.0408 −
// 0.0072 + 0.0108 + 0.1748 = 0.296, S_xx = 0.308, S_yy = 0.392, r = 0.296/√(0.308 · 0.392) =
// 0.8519 (scipy.stats.pearsonr([0.9,0.7,0.7,0.4,0.2], [0.8,0.9,0.5,0.5,0.1]) →
// 0.8518699905411162, SciPy 1.10.1); r² = 0.087616/0.120736 = 2738/3773 ≈ 0.7257.
const SP1 = 'x: 0.9 0.7 0.7 0.4 0.2\ny: 0.8 0.9 0.5 0.5 0.1';
const SP1_RHO = 'ρ = 29/38 ≈ 0.7632';
const SP1_R = 'r = 0.8519';
// RBO1 by hand (p = 0.9): x d3 d1 d2 d7, y d1 d4 d3. X_d = 0, 1, 2, 2; Σ w_d A_d = 0 + 0.09/2 +
// 0.081·2/3 + 0.0729/2 = 0.13545; RBO_ext = 0.13545 + 0.0729·2/12 + (2/3)·0.9⁴ = 0.13545 +
// 0.01215 + 0.4374 = 0.585 = 117/200; RBO_max = 0.099 + 0.054675 + 0.06561 + 0.59049 = 0.809775.
const RBO1 = 'x: d3 d1 d2 d7\ny: d1 d4 d3';
const RBO1_EXT = 'RBO_ext = 117/200 = 0.585';
// RBO2 by hand (p = 0.9), x: a (b c) d against y: a b c d, b and c tied at ranks 2–3 of x:
// ties=a, each counts 1/2 of x's top 2: X = 1, 3/2, 3, 4, A = 1, 3/4, 1, 1; RBO_ext = 0.1 +
// 0.09·3/4 + 0.081 + 0.0729 + 0.9⁴ = 0.9775 = 391/400. ties=w, both in x's top 2: X_2 = 2,
// A_2 = 2·2/(3 + 2) = 4/5, RBO_ext = 0.982 = 491/500. ties=b: A_2 = (3/2)/√(3/2 · 2) = √3/2,
// RBO_ext = 0.9879 (Corsi and Urbano's rbo.py: 0.9879422863405994).
const RBO2_EXT = ['RBO_ext = 391/400 = 0.9775', 'RBO_ext = 491/500 = 0.982', 'RBO_ext = 0.9879'];

const session = useBrowserSession({ clipboard: true, reusePages: true });

/** A step table's rows, each cell as the core wrote it ("7/2"), without the decimal a table
 *  may show beside it (render/steps.js: .cell-text, .cell-decimal). */
const tableRows = (table) =>
  table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.cells].map((cell) => (cell.querySelector('.cell-text') ?? cell).textContent.trim())),
  );
const { withPage } = session;

test('τ_AP typed in: the walk down y with C(i), 1/3 for the top two swapped, and 0 with the lines swapped', async () => {
  await withPage('correlation.html', async (page) => {
    await page.fill('#measures', 'tau_ap, tau');
    await page.fill('#input', AP1);
    await waitForAnswers(page, [AP1_TAU_AP, AP1_TAU]);
    const walk = page.locator('#outcome-0 table.step-table', { has: page.locator('caption', { hasText: 'Walking down y' }) });
    const rows = await tableRows(walk);
    assert.deepEqual(rows.map((row) => row.slice(1, 3)), [['b', '—'], ['a', '0'], ['c', '2'], ['d', '3']]);
    assert.match(await page.locator('#outcome-0 .notes').textContent(), /x is the truth and y the ranking evaluated/);
    await page.fill('#input', 'x: b c a d\ny: a b c d');
    await waitForAnswers(page, ['τ_AP = 0', 'τb = 1/3 ≈ 0.3333']);
  });
});

test('ties: refused by default with a message naming tau_ap(ties=b); the selector switches to τ_AP,b', async () => {
  await withPage(shareLink('correlation.html', { calc: 'correlation', in: TIED, m: 'tau_ap' }), async (page) => {
    await waitForText(page, '#input-error', ['x ties items 2 and 3 (both 0.3)', 'tau_ap(ties=b)']);
    // τ_AP's selector (rbo's ties, of the two-lists family, is put away while rankings are read).
    await page.locator('select[data-param="ties"]:visible').selectOption('b');
    assert.equal(await page.inputValue('#measures'), 'tau_ap(ties=b)');
    await waitForAnswers(page, [TIED_B]);
    const values = await shownQuantities(page);
    assert.deepEqual([values.a_xy, values.a_yx], ['0', '1/3 ≈ 0.3333']);
    const hash = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
    assert.equal(hash.get('m'), 'tau_ap(ties=b)');
  });
});

test('Spearman’s ρ with ties and Pearson’s r: the rank table, r² exact, and scipy’s p-values', async () => {
  await withPage(shareLink('correlation.html', { calc: 'correlation', in: SP1, m: 'spearman, pearson' }), async (page) => {
    await waitForAnswers(page, [SP1_RHO, SP1_R]);
    const ranks = page.locator('#outcome-0 table.step-table').first();
    const header = await ranks.locator('thead th').allTextContents();
    assert.deepEqual(header.map((text) => text.trim()), ['item', 'x', 'y', 'rank in x', 'rank in y', 'd', 'd²']);
    const second = (await tableRows(ranks))[1];
    assert.deepEqual([second[3], second[4], second[6]], ['7/2', '5', '9/4']);
    assert.match(await page.locator('#outcome-0 .notes').textContent(), /here it would give 0\.775/);
    // scipy.stats.spearmanr(x, y) → pvalue 0.1333391195318063; pearsonr(x, y) → 0.06689680056627553.
    assert.equal((await shownQuantities(page, '#outcome-0')).p, '0.1333');
    const pearson = await shownQuantities(page, '#outcome-1');
    assert.equal(pearson.r2, '2738/3773 ≈ 0.7257');
    assert.equal(pearson.p, '0.0669');
  });
});

test('rbo reads two lists of different items: toggling it on puts the rankings’ measures away and shows its hint', async () => {
  await withPage(shareLink('correlation.html', { calc: 'correlation', in: RBO1, m: 'tau' }), async (page) => {
    // tau reads two rankings of the same items, one value (or rank) each: 4 against 3.
    await waitForText(page, '#input-error', ['x: has 4 values (line 1) but y: has 3', "The first without a partner is 'd7'"]);
    assert.equal(await page.locator('[data-input-kind="rankings"]').isVisible(), true);
    assert.equal(await page.locator('[data-input-kind="two_lists"]').isVisible(), false);
    await page.click('[data-quick-add] [data-measure="rbo"]');
    assert.equal(await page.inputValue('#measures'), 'rbo');
    assert.equal(await page.locator('[data-input-kind="rankings"]').isVisible(), false);
    assert.equal(await page.locator('[data-input-kind="two_lists"]').isVisible(), true);
    await waitForAnswers(page, [RBO1_EXT]);
    const values = await shownQuantities(page);
    assert.equal(values.max, '32391/40000 ≈ 0.8098');
    const depths = page.locator('#outcome-0 table.step-table').first();
    const last = (await tableRows(depths)).at(-1);
    assert.deepEqual(last.slice(0, 6), ['4', 'd7', '—', '2', '1/2', '729/10000']);
  });
});

test('rbo: an item listed twice in a list is marked where it stands', async () => {
  await withPage('correlation.html', async (page) => {
    await page.fill('#measures', 'rbo');
    await page.fill('#input', 'x: a b a\ny: a b');
    await waitForText(page, '#input-error', ['Line 1, column 8', "item 'a' is listed twice in x:"]);
    assert.equal(await page.locator('#input-error mark').textContent(), 'a');
  });
});

calculatorPageChecks(session, {
  file: 'correlation.html',
  state: { calc: 'correlation', in: RBO1, m: 'rbo' },
  answers: [RBO1_EXT],
  presets: { AP1: [AP1_TAU_AP, AP1_TAU], SP1: [SP1_RHO, SP1_R], RBO1: [RBO1_EXT], RBO2: RBO2_EXT },
  // No parentheses: a group (d1 d2) is a tie, which rbo's reader refuses.
  markup: 'x: <b>a</b> <img/src=x/onerror=alert`1`> c\ny: c a',
});
