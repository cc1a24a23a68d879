// "Check my answer" on the calculator pages: for each measure family, a right answer and a wrong
// one, typed into the field under the answer; the verdict (role=status) says ✓ or ✗, why, and
// the convention or slip that gives the wrong one (or that nothing does). Expected values are
// worked out by hand in the comments (docs/examples.md).
// Run: IRM_DIST=/tmp/site-NAME node --test tests/web/check.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, axeViolations, horizontalOverflow, shareLink, useBrowserSession } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

/**
 * Types `answer` in the check field of `outcome` (a selector), presses Check, and returns the
 * verdict's text once it is there.
 */
async function checkAnswer(page, outcome, answer) {
  await page.locator(`${outcome} .check-answer input`).fill(answer);
  await page.locator(`${outcome} .check-answer button`).click();
  const status = `${outcome} .check-answer [role="status"]`;
  // The check is asynchronous: the verdict names the answer it is about when it is there.
  await page.waitForFunction(([selector, typed]) => document.querySelector(selector)?.dataset.checked === typed, [status, answer]);
  return (await page.locator(status).textContent()).replace(/\s+/g, ' ').trim();
}

const RL1 = 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10';

test('ranked list, AP and P@5 (relevant-at-2-4-6): right answers ✓; the notes\' 0.5 is AP over the 3 retrieved; a P@5 slip nothing explains', async () => {
  // AP = (1/2 + 2/4 + 3/6)/15 = 1/10; over the 3 relevant retrieved 1/2. P@5 = 2/5.
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: RL1, relevant: '15', m: 'AP, P@5' }), async (page) => {
    await page.waitForSelector('#outcome-1 .check-answer input');
    assert.equal(await page.locator('#outcome-0 .check-answer label').textContent(), 'Your answer for AP');
    assert.equal(await page.getByLabel('Your answer for P@5').count(), 1);

    // 0.1 is 1/10 itself: exact, not a rounding.
    assert.equal(await checkAnswer(page, '#outcome-0', '0.1'), '✓ Correct exactly. 0.1 is exactly AP = 1/10 = 0.1.');
    // 0.5 is AP(norm=retrieved) = (1/2 + 2/4 + 3/6)/3 = 1/2: scikit-learn's convention, right
    // under it, never a red ✗.
    const wrong = await checkAnswer(page, '#outcome-0', '0.5');
    assert.equal(wrong, '✓ Correct under AP(norm=retrieved) at 1 decimal. Dividing by the 3 relevant documents ' +
      'retrieved, as scikit-learn\'s average_precision_score does when given only the ranked list; this page\'s ' +
      'default (AP, dividing by R = 15, every relevant document) gives 1/10 = 0.1. (ap.norm_retrieved)');

    assert.match(await checkAnswer(page, '#outcome-1', '40%'), /^✓ Correct exactly\./); // 40% is 2/5 itself
    const nothing = await checkAnswer(page, '#outcome-1', '0.5');
    // Nothing gives 0.5 (P@5 = 2/5): the verdict says so, and the hint says what to check.
    assert.equal(nothing.replace(/\s*Hint: .*$/, ''), '✗ Not P@5 at 1 decimal. None of the conventions or common slips ' +
      'the calculator knows gives 0.5.');
    assert.match(nothing, /Hint: Count the relevant documents in the top 5 and divide by k = 5; ranks past the end of the list count as not relevant\.$/);
    assert.equal(await page.locator('#outcome-1 .check-matched').count(), 0);
    assert.deepEqual(await axeViolations(page), []);
  });
});

test('an answer that does not parse: the message with its column, and the field marked invalid', async () => {
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: RL1, relevant: '15', m: 'AP' }), async (page) => {
    await page.waitForSelector('#outcome-0 .check-answer input');
    const text = await checkAnswer(page, '#outcome-0', '0,1');
    assert.equal(text, "found ',' at column 2; write the decimal point as '.', e.g. 0.62");
    assert.equal(await page.getAttribute('#outcome-0 .check-answer input', 'aria-invalid'), 'true');
    assert.match(await checkAnswer(page, '#outcome-0', '1/10'), /^✓ Correct exactly\./);
    assert.equal(await page.getAttribute('#outcome-0 .check-answer input', 'aria-invalid'), null);
  });
});

test('Enter in the field checks, and the answer stays when the input changes', async () => {
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: RL1, relevant: '15', m: 'AP' }), async (page) => {
    const field = page.locator('#outcome-0 .check-answer input');
    await field.fill('0.10');
    await field.press('Enter');
    await page.waitForFunction(() => document.querySelector('#outcome-0 .check-result')?.textContent.startsWith('✓'));
    // R = 10 instead: AP = (3/2)/10 = 3/20 = 0.15, so 0.10 is now wrong at 2 decimals, and no
    // convention gives it: over the 3 retrieved (3/2)/3 = 0.50; the trapezoids
    // ((0 + 1/2) + (1/3 + 1/2) + (2/5 + 1/2))/2/10 = 67/600 = 0.11. (At 1 decimal, 0.1 would be
    // AP(area=trapezoid), a right answer under that convention.)
    await page.fill('#relevant', '10');
    await page.waitForFunction(() => document.querySelector('#outcome-0 .check-result')?.textContent.startsWith('✗'));
    assert.equal(await page.inputValue('#outcome-0 .check-answer input'), '0.10');
  });
});

test('bpref and interpolation on the ranked page: trec_eval\'s bpref and trec_eval 10\'s rule are named', async () => {
  // R I R N I R: notes' bpref (1 + 2/3 + 1/3)/3 = 2/3; trec's (1 + 1/2 + 0)/3 = 1/2.
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: 'R I R N I R', m: 'bpref' }), async (page) => {
    await page.waitForSelector('#outcome-0 .check-answer input');
    assert.match(await checkAnswer(page, '#outcome-0', '2/3'), /^✓ Correct exactly\./);
    assert.match(await checkAnswer(page, '#outcome-0', '0.5'), /\(bpref\.variant_trec\)$/);
  });
  // R = 4, N R N N N R, IPrec@0.3: textbook needs ⌈1.2⌉ = 2 relevant → 2/6; trec10 needs 1 → 1/2.
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: 'N R N N N R', relevant: '4', m: 'IPrec@0.3' }), async (page) => {
    await page.waitForSelector('#outcome-0 .check-answer input');
    assert.match(await checkAnswer(page, '#outcome-0', '0.33'), /^✓ Correct at 2 decimals\./);
    assert.match(await checkAnswer(page, '#outcome-0', '0.5'), /\(iprec\.rule_trec10\)$/);
  });
});

test('graded, nDCG@5 (capitals-method-1-dcg): 0.9189 ✓; 0.961 is the log2(i+1) form', async () => {
  // trec form: (5 + 2/log2 3 + 3/2 + 4/log2 5 + 1/log2 6)/(5 + 4/log2 3 + 3/2 + 2/log2 5 + 1/log2 6)
  // = 9.8714/10.2719 = 0.9610.
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: '5 2 3 4 1', m: 'nDCG@5' }), async (page) => {
    await page.waitForSelector('#outcome-0 .check-answer input');
    assert.match(await checkAnswer(page, '#outcome-0', '0.9189'), /^✓ Correct at 4 decimals\./);
    const wrong = await checkAnswer(page, '#outcome-0', '0.961');
    // trec_eval's and scikit-learn's discount log2(i + 1) at every rank: a convention, right under it.
    assert.match(wrong, /^✓ Correct under nDCG\(dcg=trec\)@5 at 3 decimals\. Discounting rank i by log2\(i \+ 1\), as trec_eval and scikit-learn's ndcg_score do/);
  });
});

test('several queries, MAP: 13/36 ✓; 0.71 is the mean of AP(norm=retrieved)', async () => {
  // q1 (R = 5) R N R: AP = (1 + 2/3)/5 = 1/3; q2 (R = 3) N R R: (1/2 + 2/3)/3 = 7/18; MAP = 13/36.
  // norm=retrieved: (5/3)/2 = 5/6 and (7/6)/2 = 7/12, mean 17/24 = 0.7083.
  const input = 'q1 relevant=5\nR N R\n\nq2 relevant=3\nN R R';
  await withPage(shareLink('queries.html', { calc: 'queries', in: input, m: 'MAP' }), async (page) => {
    await page.waitForSelector('#outcome-0 .check-answer input');
    assert.match(await checkAnswer(page, '#outcome-0', '13/36'), /^✓ Correct exactly\./);
    assert.match(await checkAnswer(page, '#outcome-0', '0.71'), /\(map\.norm_retrieved\)$/);
  });
});

test('confusion matrix, F(beta=2) (sets-d1-to-d8): 0.625 ✓; 0.53 is β and 1/β swapped', async () => {
  // P = 1/2, R = 2/3: F₂ = 5PR/(4P + R) = 5/8; swapped 5PR/(P + 4R) = 10/19 = 0.5263.
  await withPage(shareLink('sets.html', { calc: 'sets', in: 'tp=2 fp=2 fn=1 tn=3', m: 'F(beta=2)' }), async (page) => {
    await page.waitForSelector('#outcome-0 .check-answer input');
    assert.match(await checkAnswer(page, '#outcome-0', '0.625'), /^✓ Correct exactly\./); // 5/8 itself
    const wrong = await checkAnswer(page, '#outcome-0', '0.53');
    assert.match(wrong, /β and 1\/β swapped/);
    assert.match(wrong, /\(f\.weights_swapped\)$/);
  });
});

test('two judges, kappa (kappa-40-documents): 0.09 ✓; 0.05 is pooled marginals (kappa-40-documents-pooled)', async () => {
  // kappa-40-documents: κ = 1/11 = 0.0909; pooled: P(E) = 29/50, κ = 1/21 = 0.0476.
  await withPage(shareLink('agreement.html', { calc: 'agreement', in: 'R 20 12\nI 4 4', m: 'kappa' }), async (page) => {
    await page.waitForSelector('#outcome-0 .check-answer input');
    assert.match(await checkAnswer(page, '#outcome-0', '0.09'), /^✓ Correct at 2 decimals\./);
    assert.match(await checkAnswer(page, '#outcome-0', '0.05'), /\(kappa\.chance_pooled\)$/);
  });
});

test('Kendall\'s tau with ties: 0.913 ✓ (τb); 0.83 is τa', async () => {
  // x 1 2 3 4, y 1 1 2 3: n_c = 5, n_d = 0, n_0 = 6, one pair tied in y: τa = 5/6, τb = 5/√30 = 0.9129.
  await withPage(shareLink('correlation.html', { calc: 'correlation', in: 'x: 1 2 3 4\ny: 1 1 2 3', m: 'tau' }), async (page) => {
    await page.waitForSelector('#outcome-0 .check-answer input');
    assert.match(await checkAnswer(page, '#outcome-0', '0.913'), /^✓ Correct at 3 decimals\./);
    const wrong = await checkAnswer(page, '#outcome-0', '0.83');
    // τa divides by all n(n − 1)/2 pairs: a convention of its own, right under it.
    assert.match(wrong, /^✓ Correct under tau\(variant=a\) at 2 decimals\. Dividing by all n\(n − 1\)\/2 pairs, ties or not; this page's default \(τb, correcting for ties\) gives ≈ 0\.9129\. \(tau\.variant_a\)$/);
  });
});

test('ROC AUC: 75% ✓; 0.7 is 0.75 truncated', async () => {
  // Relevant scores 0.9, 0.7; non-relevant 0.8, 0.6: 3 of the 4 pairs ordered right, AUC = 3/4.
  await withPage(shareLink('roc.html', { calc: 'roc', in: '1 0.9\n0 0.8\n1 0.7\n0 0.6', m: 'AUC' }), async (page) => {
    await page.waitForSelector('#outcome-0 .check-answer input');
    assert.match(await checkAnswer(page, '#outcome-0', '75%'), /^✓ Correct exactly\./); // 3/4 itself
    assert.match(await checkAnswer(page, '#outcome-0', '0.7'), /round, don't truncate\)\. \(any\.truncated\)$/);
  });
});

test('at 375 px the check field fits without sideways scrolling, and axe finds nothing', async () => {
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: RL1, relevant: '15', m: 'AP' }), async (page) => {
    await page.waitForSelector('#outcome-0 .check-answer input');
    await checkAnswer(page, '#outcome-0', '0.5');
    assert.equal(await horizontalOverflow(page), 0);
    assert.deepEqual(await axeViolations(page), []);
  }, { viewport: PHONE });
});
