// Browser tests of weighted kappa and of kappa's confidence interval on the Judges' agreement page
// (web/agreement.html) against the built site in dist/: kappa(weights=…) and
// kappa(confidence=…) from a share link, the weights selector that the registry's parameter
// gives the page, and weights with pooled chance refused. Run: npm run build && node --test
// tests/web/agreement-weighted.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shareLink, shownQuantities, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

// A 3-grade scale 0 < 1 < 2, 10 items, rows judge A and columns judge B (worked in
// tests/core/golden_agreement.cpp): A's totals 4 4 2, B's 4 4 2, so the expected counts
// E_ij = a_i b_j / 10 are 8/5 8/5 4/5 / 8/5 8/5 4/5 / 4/5 4/5 2/5.
// Quadratic weights ((i − j)/2)²: 1/4 beside the diagonal, 1 in the corners.
//   Σ w·O = 1/4 · (1 + 1 + 1 + 1) = 1, Σ w·E = 1/4 · 24/5 + 1 · 8/5 = 14/5,
//   κ_w = 1 − 1/(14/5) = 9/14 ≈ 0.6429 (scikit-learn 1.2.1: cohen_kappa_score(a, b,
//   weights='quadratic') == 0.6428571428571428).
// Linear weights |i − j|/2: Σ w·O = 1/2 · 4 = 2, Σ w·E = 1/2 · 24/5 + 8/5 = 4, κ_w = 1/2.
// statsmodels 0.13.5, cohens_kappa(table, wt='quadratic'): std_kappa 0.1616429276779683,
// kappa_low 0.32604282625271214, kappa_upp 0.9596714594615734.
const GRADES = '  0 1 2\n0 3 1 0\n1 1 2 1\n2 0 1 1';
const QUADRATIC = 'κ = 9/14 ≈ 0.6429';
const LINEAR = 'κ = 1/2 = 0.5';

const session = useBrowserSession({ reusePages: true });
const { withPage } = session;

/** The cell texts of the step table whose caption starts with `caption`, row by row. */
const stepTable = (page, caption) =>
  page.$$eval(
    '#outcome-0 table.step-table',
    (tables, start) => {
      const table = tables.find((candidate) => candidate.caption?.textContent.trim().startsWith(start));
      if (!table) return null;
      return [...table.tBodies[0].rows].map((row) => [...row.cells].map((cell) => (cell.querySelector('.cell-text') ?? cell).textContent.trim()));
    },
    caption,
  );

test('kappa(weights=quadratic) from a share link: κ_w = 9/14 with the weight table, the two weighted sums and the other weightings beside it', async () => {
  await withPage(shareLink('agreement.html', { calc: 'agreement', in: GRADES, m: 'kappa(weights=quadratic)' }), async (page) => {
    await waitForAnswers(page, [QUADRATIC]);
    // The working is folded; the tables are in the page all the same.
    assert.deepEqual(await stepTable(page, 'Disagreement weights w_ij = ((i − j)/(k − 1))², k = 3'), [
      ['0', '0', '1/4', '1'],
      ['1', '1/4', '0', '1/4'],
      ['2', '1', '1/4', '0'],
    ]);
    const sums = await stepTable(page, 'Weighted disagreement cell by cell');
    assert.deepEqual(sums.at(-1), ['Σ', '', '', '', '1', '', '14/5']);
    const values = await shownQuantities(page);
    assert.equal(values.sum_wO, '1');
    assert.equal(values.sum_wE, '14/5 = 2.8');
    assert.equal(values.kappa, '9/14 ≈ 0.6429');
    const alternatives = await page.locator('#outcome-0 .alternatives').textContent();
    assert.match(alternatives, /kappa\(weights=linear\)\s*=\s*1\/2\s*=\s*0\.5/);
    assert.match(alternatives, /kappa\s*=\s*3\/8\s*=\s*0\.375/);
    await waitForText(page, '#outcome-0 .notes', ['Weighted κ (Cohen 1968) with quadratic disagreement weights', 'ordered 0 < 1 < 2']);
    // The weights selector comes from the registry's parameter, set as the link says; choosing
    // linear rewrites the name and the answer.
    const weights = page.locator('select[data-param="weights"]');
    assert.equal(await weights.inputValue(), 'quadratic');
    await weights.selectOption('linear');
    assert.equal(await page.inputValue('#measures'), 'kappa(weights=linear)');
    await waitForAnswers(page, [LINEAR]);
    assert.deepEqual(await stepTable(page, 'Disagreement weights w_ij = |i − j|/(k − 1), k = 3'), [
      ['0', '0', '1/2', '1'],
      ['1', '1/2', '0', '1/2'],
      ['2', '1', '1/2', '0'],
    ]);
  });
});

test('kappa(weights=quadratic,confidence=0.95): the standard error of Fleiss, Cohen & Everitt and the 95% interval, as statsmodels gives them', async () => {
  await withPage(shareLink('agreement.html', { calc: 'agreement', in: GRADES, m: 'kappa(weights=quadratic,confidence=0.95)' }), async (page) => {
    await waitForAnswers(page, [QUADRATIC]);
    const values = await shownQuantities(page);
    assert.equal(values.SE, '0.1616');
    assert.equal(values.CI_low, '0.3260');
    assert.equal(values.CI_high, '0.9597');
    const summary = await stepTable(page, 'Standard error of κ (Fleiss, Cohen & Everitt 1969) and its 95% interval');
    assert.deepEqual(summary.at(-1), ['95% interval', 'κ ± z · SE', '[0.3260, 0.9597]']);
    await waitForText(page, '#outcome-0 .notes', ['std_kappa', "statsmodels' cohens_kappa"]);
  });
});

// kappa-400-documents (the What to evaluate notes' table, κ = 3/7): statsmodels 0.13.5,
// cohens_kappa([[75, 25], [75, 225]]): std_kappa 0.0463584354759206, kappa_low 0.3377105646590002,
// kappa_upp 0.5194322924838569.
test('the confidence field writes kappa(confidence=…) and shows the interval of kappa-400-documents', async () => {
  await withPage(shareLink('agreement.html', { calc: 'agreement', in: '75 25\n75 225', m: 'kappa' }), async (page) => {
    await waitForAnswers(page, ['κ = 3/7 ≈ 0.4286']);
    await page.fill('#confidence', '0.95');
    await waitForText(page, '#outcome-0', ['95% interval']);
    assert.equal(await page.inputValue('#measures'), 'kappa(confidence=0.95)');
    const values = await shownQuantities(page);
    assert.equal(values.SE, '0.0464');
    assert.equal(values.CI_low, '0.3377');
    assert.equal(values.CI_high, '0.5194');
  });
});

test('weights with pooled chance agreement are refused, naming both ways out', async () => {
  await withPage(shareLink('agreement.html', { calc: 'agreement', in: GRADES, m: 'kappa(weights=quadratic)' }), async (page) => {
    await waitForAnswers(page, [QUADRATIC]);
    await page.locator('select[data-param="chance"]').selectOption('pooled');
    await waitForText(page, '#measures-error', ['is not computed with chance=pooled', 'kappa(weights=quadratic) for weighted kappa']);
  });
});
