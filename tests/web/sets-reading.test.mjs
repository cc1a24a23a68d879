// Browser tests of a bare 2×2 grid on the Sets page (web/js/grid-reading.js): its reading is
// shown beside the headline with a one-click "Read the grid the other way", on a phone and on a
// desktop. The swap adds (and takes away) a first line naming the columns, so the input and the
// share link keep the reading.
// Run: npm run build && node --test tests/web/sets-reading.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, horizontalOverflow, shareLink, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

// Rows the truth: TP = 7, FN = 2 / FP = 3, TN = 8. F1 = 2·7/(2·7 + 3 + 2) = 14/19 either way
// round (F1 is symmetric in FP and FN); precision 7/(7 + 3) = 7/10 as read, 7/(7 + 2) = 7/9 the
// other way.
const GRID = '7 2\n3 8';
const F1 = 'F1 = 14/19 ≈ 0.7368';
const AS_READ = 'Read as: TP = 7, FN = 2 / FP = 3, TN = 8 (rows: truly relevant, truly non-relevant; columns: returned, not returned).';
const OTHER_WAY = 'Read as: TP = 7, FP = 2 / FN = 3, TN = 8 (rows: returned, not returned;';

/** The "value" column of the outcome's table of every measure, by measure. */
async function measureTable(page) {
  const table = page.locator('#outcome-0 table.step-table', { has: page.locator('caption', { hasText: 'Every measure' }) });
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [tr.cells[0].textContent, tr.cells[tr.cells.length - 1].querySelector('.cell-text').textContent]));
  return Object.fromEntries(rows);
}

/** The reading sits right under the answer and is on the screen with it. */
async function besideHeadline(page, viewport) {
  const follows = await page.evaluate(() => document.querySelector('#outcome-0 .outcome-answer')?.nextElementSibling?.matches('[data-grid-reading]'));
  assert.equal(follows, true, 'the reading follows the answer');
  const answer = page.locator('#outcome-0 .outcome-answer');
  await answer.scrollIntoViewIfNeeded();
  const a = await answer.boundingBox();
  const r = await page.locator('#outcome-0 [data-grid-reading]').boundingBox();
  assert.ok(a && r, 'both are laid out');
  assert.ok(r.y >= a.y + a.height - 1, 'under the answer');
  assert.ok(r.y + r.height - a.y <= viewport.height, 'the answer and its reading fit on one screen');
  assert.equal(await horizontalOverflow(page), 0);
}

for (const [name, viewport] of [
  ['phone 375×740', PHONE],
  ['desktop 1280×800', { width: 1280, height: 800 }],
]) {
  test(`a bare grid's reading is beside the headline and swaps in one click (${name})`, async () => {
    await withPage(
      shareLink('sets.html', { calc: 'sets', in: GRID, m: 'confusion' }),
      async (page) => {
        await waitForAnswers(page, [F1]);
        await waitForText(page, '#outcome-0 [data-grid-reading]', [AS_READ]);
        await besideHeadline(page, viewport);
        assert.equal((await measureTable(page)).precision, '7/10');

        await page.click('#outcome-0 [data-grid-swap]');
        await waitForText(page, '#outcome-0 [data-grid-reading]', [OTHER_WAY]);
        assert.equal(await page.inputValue('#input'), `relevant non-relevant\n${GRID}`);
        assert.equal((await measureTable(page)).precision, '7/9');
        await besideHeadline(page, viewport);
        // The share link keeps the reading: its input is the input with the header.
        await page.waitForFunction((expected) => new URLSearchParams(window.location.hash.slice(1)).get('in') === expected, `relevant non-relevant\n${GRID}`);

        // And back again.
        await page.click('#outcome-0 [data-grid-swap]');
        await waitForText(page, '#outcome-0 [data-grid-reading]', [AS_READ]);
        assert.equal(await page.inputValue('#input'), GRID);
        assert.equal((await measureTable(page)).precision, '7/10');
      },
      { viewport },
    );
  });
}

test('the four counts on one line are a bare grid too; counts and labelled grids get no swap', async () => {
  await withPage(shareLink('sets.html', { calc: 'sets', in: '7 2 3 8', m: 'confusion' }), async (page) => {
    await waitForAnswers(page, [F1]);
    await waitForText(page, '#outcome-0 [data-grid-reading]', [AS_READ]);
    await page.fill('#input', 'tp=7 fp=3 fn=2 tn=8');
    await waitForAnswers(page, [F1]);
    await page.waitForFunction(() => !document.querySelector('[data-grid-reading]'));
    await page.fill('#input', 'returned not-returned\n7 2\n3 8');
    await waitForAnswers(page, [F1]);
    await page.waitForFunction(() => !document.querySelector('[data-grid-reading]'));
  });
});
