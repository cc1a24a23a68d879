// Browser tests of the convention presets (common/presets.js; web/js/preset-view.js draws the
// switch every calculator page has): switching rewrites the measure names, each answer that
// changes says what it was and why, the page states the conventions in force, and the share link
// carries the preset.
// Run: node_modules/.bin/vite build --outDir /tmp/site && IRM_DIST=/tmp/site node --test tests/web/presets.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, axeViolations, clickExample, horizontalOverflow, shareLink, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

const session = useBrowserSession({ reusePages: true });
const { withPage } = session;

const hashOf = async (page) => Object.fromEntries(new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)));
const changeNotes = (page) => page.locator('.preset-change').allTextContents();

// R N N R N R with R = 3: relevant at ranks 1, 4 and 6, where P = 1/1, 2/4, 3/6.
// AP = (1 + 1/2 + 1/2)/3 = 2/3 under every preset here (all divide by R, and all 3 are retrieved).
// IPrec@0.4, recall level r = 0.4, r·R = 1.2:
// - textbook (notes, IIR): recall ≥ 0.4 first at 2 relevant (2/3), so max(P at ranks 4.., ) =
//   max(1/2, 1/2) = 1/2;
// - trec_eval 10: lround(1.2) = 1 relevant document, so max(1, 1/2, 1/2) = 1;
// - trec_eval 9: (long)(1.2 + 0.9) = (long)2.1 = 2 relevant documents, so 1/2 again.
const RANKED = { calc: 'ranked', in: 'R N N R N R', relevant: '3', m: 'AP, IPrec@0.4' };
const AP = 'AP = 2/3 ≈ 0.6667';

test('ranked: trec_eval 10 takes lround(r·R) relevant documents, and IPrec@0.4 says it was 1/2 under the notes', async () => {
  await withPage(shareLink('ranked.html', RANKED), async (page) => {
    await waitForAnswers(page, [AP, 'IPrec@0.4 = 1/2 = 0.5']);
    assert.equal(await page.inputValue('#convention-preset'), 'notes');
    await waitForText(page, '[data-preset-statement]', ['In force: Calculator defaults: Bhattacharya’s CS657A course notes (IIT Kanpur)', 'rule=textbook', 'norm=relevant']);

    await page.selectOption('#convention-preset', 'trec10');
    assert.equal(await page.inputValue('#measures'), 'AP, IPrec(rule=trec10)@0.4');
    await waitForAnswers(page, [AP, 'IPrec(rule=trec10)@0.4 = 1']);
    // Only the answer that changed says so; AP stays as it was.
    assert.deepEqual(await changeNotes(page), [
      'Was 1/2 = 0.5 under Calculator defaults: Bhattacharya’s CS657A course notes (IIT Kanpur); trec_eval 10 uses lround(r·R) relevant documents for recall level r (interpolation rule, rule=trec10).',
    ]);
    assert.equal(await page.locator('#outcome-1 .preset-change').count(), 1);
    await waitForText(page, '[data-preset-statement]', ['In force: trec_eval 10', 'rule=trec10', 'lround(r·R)']);
    // The share link carries the preset and the names it wrote.
    assert.deepEqual(await hashOf(page), { ...RANKED, m: 'AP, IPrec(rule=trec10)@0.4', preset: 'trec10' });

    await page.selectOption('#convention-preset', 'trec9');
    await waitForAnswers(page, [AP, 'IPrec(rule=trec9)@0.4 = 1/2 = 0.5']);
    assert.deepEqual(await changeNotes(page), [
      'Was 1 under trec_eval 10; trec_eval 9 uses (long)(r·R + 0.9) relevant documents for recall level r (interpolation rule, rule=trec9).',
    ]);

    // Back to the notes: the default leaves the names bare and the link without a preset key.
    await page.selectOption('#convention-preset', 'notes');
    await waitForAnswers(page, [AP, 'IPrec@0.4 = 1/2 = 0.5']);
    assert.deepEqual(await changeNotes(page), [], '1/2 under trec_eval 9 is 1/2 under the notes');
    assert.deepEqual(await hashOf(page), RANKED);
  });
});

test('ranked: a share link with preset=trec10 restores the switch, the answers and the statement', async () => {
  const state = { ...RANKED, m: 'AP, IPrec(rule=trec10)@0.4', preset: 'trec10' };
  await withPage(shareLink('ranked.html', state), async (page) => {
    await waitForAnswers(page, [AP, 'IPrec(rule=trec10)@0.4 = 1']);
    assert.equal(await page.inputValue('#convention-preset'), 'trec10');
    assert.deepEqual(await hashOf(page), state);
    // Nothing was switched on this page, so nothing says "was".
    assert.deepEqual(await changeNotes(page), []);
    await waitForText(page, '[data-preset-statement]', ['In force: trec_eval 10', 'rule=trec10']);
    // The interpolation selector follows the preset, so IPrec toggled on later gets trec10's rule.
    assert.equal(await page.inputValue('select[data-param="rule"]'), 'trec10');
  });
});

test('ranked: a convention set in the name is stated as not the preset’s', async () => {
  const state = { ...RANKED, m: 'AP, IPrec(rule=trec9)@0.4', preset: 'trec10' };
  await withPage(shareLink('ranked.html', state), async (page) => {
    await waitForAnswers(page, [AP, 'IPrec(rule=trec9)@0.4 = 1/2 = 0.5']);
    await waitForText(page, '[data-preset-statement] li.is-other', ['rule=trec9', 'Set in the name: trec_eval 10 uses rule=trec10']);
  });
});

// relevant-at-2-4-6 (Evaluation Metrics notes): D2, D4, D6 relevant of R = 15, at ranks 2, 4, 6
// with P = 1/2, 2/4, 3/6. The notes divide by R: AP = (3/2)/15 = 1/10. scikit-learn's
// average_precision_score sees only the positives it is given, the 3 retrieved: AP = (3/2)/3 = 1/2.
test('ranked: scikit-learn divides AP by the relevant retrieved: relevant-at-2-4-6’s 1/10 becomes 1/2, and an example follows the preset', async () => {
  const state = { calc: 'ranked', in: 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10', relevant: '15', m: 'AP' };
  await withPage(shareLink('ranked.html', state), async (page) => {
    await waitForAnswers(page, ['AP = 1/10 = 0.1']);
    await page.selectOption('#convention-preset', 'sklearn');
    assert.equal(await page.inputValue('#measures'), 'AP(norm=retrieved)');
    await waitForAnswers(page, ['AP(norm=retrieved) = 1/2 = 0.5']);
    assert.deepEqual(await changeNotes(page), [
      'Was 1/10 = 0.1 under Calculator defaults: Bhattacharya’s CS657A course notes (IIT Kanpur); scikit-learn uses the relevant documents retrieved as AP’s denominator (AP normaliser, norm=retrieved).',
    ]);
    // scikit-learn has no interpolated precision: the statement says the notes' rule is kept.
    await clickExample(page, 'RL1');
    assert.equal(await page.inputValue('#measures'), 'PR, 11pt, AP(norm=retrieved)');
    await waitForText(page, '#outcome-2 .answer', ['1/2']);
    await waitForText(page, '[data-preset-statement]', [
      'In force: scikit-learn',
      'rule=textbook',
      'scikit-learn has no interpolated precision',
      'the calculator’s default is kept',
      'norm=retrieved',
    ]);
  });
});

// Grades 2 0 1; the ideal order is 2 1 0.
// - notes: DCG = 2 + 0/log2 2 + 1/log2 3 = 2 + 0.63093 = 2.6309; IDCG = 2 + 1/log2 2 = 3;
//   nDCG = 2.63093/3 = 0.8770.
// - trec_eval (and scikit-learn): DCG = 2/log2 2 + 0/log2 3 + 1/log2 4 = 2 + 1/2 = 5/2;
//   IDCG = 2 + 1/log2 3 = 2.63093; nDCG = 2.5/2.63093 = 0.9502.
// - IIR eq. 8.9 (Burges): DCG = (2² − 1)/1 + 0 + (2¹ − 1)/log2 4 = 3 + 1/2 = 7/2;
//   IDCG = 3 + 1/log2 3 = 3.63093; nDCG = 3.5/3.63093 = 0.9639.
test('ndcg: the DCG form follows the preset: the notes’ 2.6309, trec_eval’s 5/2, IIR’s 7/2', async () => {
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: '2 0 1', m: 'DCG, nDCG' }), async (page) => {
    await waitForAnswers(page, ['DCG = 2.6309', 'nDCG = 0.8770']);
    await page.selectOption('#convention-preset', 'trec10');
    await waitForAnswers(page, ['DCG(dcg=trec) = 5/2 = 2.5', 'nDCG(dcg=trec) = 0.9502']);
    assert.deepEqual(await changeNotes(page), [
      'Was 2.6309 under Calculator defaults: Bhattacharya’s CS657A course notes (IIT Kanpur); trec_eval 10 uses Σ rel_i/log2(i + 1) (DCG form, dcg=trec).',
      'Was 0.8770 under Calculator defaults: Bhattacharya’s CS657A course notes (IIT Kanpur); trec_eval 10 uses Σ rel_i/log2(i + 1) (DCG form, dcg=trec).',
    ]);
    await page.selectOption('#convention-preset', 'iir');
    await waitForAnswers(page, ['DCG(dcg=burges) = 7/2 = 3.5', 'nDCG(dcg=burges) = 0.9639']);
    assert.deepEqual(await changeNotes(page), [
      'Was 5/2 = 2.5 under trec_eval 10; Manning et al. (IIR) uses Σ (2^rel_i − 1)/log2(i + 1) (DCG form, dcg=burges).',
      'Was 0.9502 under trec_eval 10; Manning et al. (IIR) uses Σ (2^rel_i − 1)/log2(i + 1) (DCG form, dcg=burges).',
    ]);
    await waitForText(page, '[data-preset-statement]', ['In force: Manning et al. (IIR)', 'dcg=burges', 'IIR eq. 8.9']);
    // trec_eval 10 → 9 changes no DCG: both use log2(rank + 1).
    await page.selectOption('#convention-preset', 'trec9');
    await waitForAnswers(page, ['DCG(dcg=trec) = 5/2 = 2.5', 'nDCG(dcg=trec) = 0.9502']);
    await page.selectOption('#convention-preset', 'trec10');
    await waitForText(page, '[data-announce]', ['trec_eval 10: no answers changed']);
    assert.deepEqual(await changeNotes(page), []);
  });
});

// kappa-400-documents (What to evaluate notes): P(A) = 3/4; each judge's marginals: P(E) = 9/16, κ
// = (3/16)/(7/16) = 3/7. Pooled (IIR Table 8.2's way): P(R) = (100 + 150)/800 = 5/16, P(E) = 25/256
// + 121/256 = 73/128, κ = (96/128 − 73/128)/(55/128) = 23/55. scikit-learn's cohen_kappa_score uses
// each judge's.
const K1 = '    R   N\nR  75  25\nN  75 225';
test('agreement: IIR pools the marginals (3/7 becomes 23/55), scikit-learn does not (back to 3/7)', async () => {
  await withPage(shareLink('agreement.html', { calc: 'agreement', in: K1, m: 'kappa' }), async (page) => {
    await waitForAnswers(page, ['κ = 3/7 ≈ 0.4286']);
    await page.selectOption('#convention-preset', 'iir');
    assert.equal(await page.inputValue('#measures'), 'kappa(chance=pooled)');
    await waitForAnswers(page, ['κ = 23/55 ≈ 0.4182']);
    assert.deepEqual(await changeNotes(page), [
      'Was 3/7 ≈ 0.4286 under Calculator defaults: Bhattacharya’s CS657A course notes (IIT Kanpur); Manning et al. (IIR) uses pooled marginals for P(E), Σ P(c)² with P(c) = (A’s count + B’s count)/2n (κ chance model, chance=pooled).',
    ]);
    assert.equal(await page.inputValue('select[data-param="chance"]'), 'pooled');
    await page.selectOption('#convention-preset', 'sklearn');
    assert.equal(await page.inputValue('#measures'), 'kappa');
    await waitForAnswers(page, ['κ = 3/7 ≈ 0.4286']);
    assert.deepEqual(await changeNotes(page), [
      'Was 23/55 ≈ 0.4182 under Manning et al. (IIR); scikit-learn uses each judge’s own marginals for P(E), Σ P_A(c)·P_B(c) (κ chance model, chance=cohen).',
    ]);
    // No reading of κ in scikit-learn: the scale is the notes' default, and the page says so.
    await waitForText(page, '[data-preset-statement]', ['scale=iir', 'cohen_kappa_score gives no reading of κ; the calculator’s default is kept']);
    assert.deepEqual(await hashOf(page), { calc: 'agreement', in: K1, m: 'kappa', preset: 'sklearn' });
    // An example that names its conventions keeps them (kappa-40-documents-pooled is about pooled
    // marginals): the CS657A notes' judges, pooled P(E) = 29/50, κ = (30/50 − 29/50)/(21/50) = 1/21
    // (docs/examples.md kappa-40-documents-pooled).
    await clickExample(page, 'K3');
    assert.equal(await page.inputValue('#measures'), 'kappa(chance=pooled,scale=cs657a)');
    await waitForAnswers(page, ['κ = 1/21 ≈ 0.0476']);
    await waitForText(page, '[data-preset-statement] li.is-other', ['chance=pooled', 'Set in the name: scikit-learn uses chance=cohen']);
  });
});

test('a page whose measures take no convention says so', async () => {
  await withPage(shareLink('roc.html', { calc: 'roc', in: '1 0.9\n0 0.8', m: 'AUC', preset: 'trec10' }), async (page) => {
    await page.waitForSelector('.outcome');
    await waitForText(page, '[data-preset-statement]', ['In force: trec_eval 10', 'None of the measures chosen depends on a convention']);
  });
});

test('after a switch: no accessibility violations (axe-core), and nothing scrolls sideways at 375 px', async () => {
  await withPage(shareLink('ranked.html', RANKED), async (page) => {
    await waitForAnswers(page, [AP, 'IPrec@0.4 = 1/2 = 0.5']);
    await page.selectOption('#convention-preset', 'trec10');
    await waitForAnswers(page, [AP, 'IPrec(rule=trec10)@0.4 = 1']);
    assert.equal((await changeNotes(page)).length, 1);
    assert.deepEqual(await axeViolations(page), []);
  });
  await withPage(
    shareLink('agreement.html', { calc: 'agreement', in: K1, m: 'kappa' }),
    async (page) => {
      await waitForAnswers(page, ['κ = 3/7 ≈ 0.4286']);
      await page.selectOption('#convention-preset', 'iir');
      await waitForAnswers(page, ['κ = 23/55 ≈ 0.4182']);
      assert.equal((await changeNotes(page)).length, 1);
      assert.equal(await horizontalOverflow(page), 0);
      assert.deepEqual(await axeViolations(page), []);
    },
    { viewport: PHONE },
  );
});
