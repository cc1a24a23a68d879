// Browser tests of the Multiclass confusion matrix page (web/multiclass.html) against the built
// site in dist/.
// Run: npm run build && node --test tests/web/multiclass.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorPageChecks, shareLink, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

// Three classes, six items each. Worked by hand: the diagonal holds 5 + 3 + 4 = 12 of 18, so
// accuracy = 2/3. Precision of cat: 5 of the 7 predicted cat (column 5 + 2 + 0) = 5/7; recall of
// cat: 5 of its 6 = 5/6.
const GRID = '      cat dog bird\ncat     5   1    0\ndog     2   3    1\nbird    0   2    4';
const ACCURACY = 'accuracy = 2/3 ≈ 0.6667';
// Labels: 8 items, 5 predicted right (cat, cat, dog, bird, bird): accuracy 5/8.
const LABELS = 'true: cat cat cat dog dog bird bird bird\npredicted: cat cat dog dog bird bird bird cat';

const session = useBrowserSession({ clipboard: true, reusePages: true });
const { withPage } = session;

test('a 3×3 grid typed in: accuracy 2/3, cat has precision 5/7 and recall 5/6, and the heat map', async () => {
  await withPage('multiclass.html', async (page) => {
    await page.fill('#measures', 'multiclass');
    await page.fill('#input', GRID);
    await waitForAnswers(page, [ACCURACY]);
    const perClass = page.locator('table.step-table', { has: page.locator('caption', { hasText: 'of each class' }) });
    const cat = await perClass.locator('tbody tr').first().locator('td .cell-text').allTextContents();
    assert.equal(cat[0], 'cat');
    assert.ok(cat.includes('5/7') && cat.includes('5/6'), cat.join(' | '));

    const matrix = page.locator('figure.chart-matrix table.matrix-table');
    assert.deepEqual(await matrix.locator('th[scope="col"]').allTextContents(), ['cat', 'dog', 'bird']);
    assert.deepEqual(await matrix.locator('th[scope="row"]').allTextContents(), ['cat', 'dog', 'bird']);
    assert.equal(await matrix.locator('th[scope="rowgroup"]').textContent(), 'true class');
    assert.equal(await matrix.locator('th[scope="colgroup"]').textContent(), 'predicted class');
    // The diagonal (the items predicted right) is marked; 5, the largest count, has the darkest shade.
    assert.deepEqual(await matrix.locator('td.is-diagonal').allTextContents(), ['5', '3', '4']);
    assert.equal(await matrix.locator('td.matrix-shade-8').textContent(), '5');
    assert.equal(await matrix.locator('td.matrix-shade-0').count(), 2, 'the two zeros are not shaded');
  });
});

test('true and predicted labels: accuracy 5/8', async () => {
  await withPage(shareLink('multiclass.html', { calc: 'multiclass', in: LABELS, m: 'multiclass' }), async (page) => {
    await waitForAnswers(page, ['accuracy = 5/8 = 0.625']);
  });
});

// The word accuracy on this page: the classes' accuracy, 2/3 (above), not a hand-off to Sets;
// its answer field is named once ("accuracy", not "accuracy (accuracy)").
test('the word accuracy is computed here: 2/3 for the 3×3 grid, with its own answer field', async () => {
  await withPage(shareLink('multiclass.html', { calc: 'multiclass', in: GRID, m: 'accuracy' }), async (page) => {
    await waitForAnswers(page, [ACCURACY]);
    assert.equal(await page.locator('#outcome-0 .check-answer label').first().textContent(), 'Your answer for accuracy');
    assert.equal(await page.locator('.outcome.is-elsewhere').count(), 0);
  });
});

test('a count that is not a number is marked in its row', async () => {
  await withPage(shareLink('multiclass.html', { calc: 'multiclass', in: '   a b\na 1 2\nb 3 x', m: 'multiclass' }), async (page) => {
    await waitForText(page, '#input-error', ['Line 3, column 5', 'row 2']);
    assert.equal(await page.locator('#input-error mark').textContent(), 'x');
  });
});

test('a link for the Sets page opened here goes to the Sets page', async () => {
  await withPage(
    shareLink('multiclass.html', { calc: 'sets', in: 'tp=2 fp=2 fn=1 tn=3', m: 'confusion' }),
    async (page) => {
      await page.waitForURL(/sets\.html#calc=sets/);
      await page.waitForSelector('body[data-ready]');
      await waitForAnswers(page, ['F1 = 4/7 ≈ 0.5714']);
    },
    { waitForReady: false },
  );
});

calculatorPageChecks(session, {
  file: 'multiclass.html',
  state: { calc: 'multiclass', in: GRID, m: 'multiclass' },
  answers: [ACCURACY],
  presets: { M1: [ACCURACY], M2: ['accuracy = 5/8 = 0.625'] },
  markup: 'true: <b>a</b> b\npredicted: <b>a</b> <img/src=x>',
});
