// Browser tests of the Kendall's τ page (web/correlation.html) against the built site in dist/.
// Run: npm run build && node --test tests/web/correlation.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorPageChecks, shareLink, shownQuantities, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

// T1 by hand: x = 1 2 3 4 5, y = 2 1 4 3 5. Of the n_0 = 5·4/2 = 10 pairs, y swaps two:
// (1, 2) and (3, 4) are discordant, the other 8 concordant; no ties, so τa = τb =
// (8 − 2)/10 = 3/5.
const T1 = 'x: 1 2 3 4 5\ny: 2 1 4 3 5';
const T1_TAU = 'τb = 3/5 = 0.6';
// T2 by hand: x = 0.9 0.7 0.7 0.4 0.2, y = 0.8 0.9 0.5 0.5 0.1 over d1…d5. The 10 pairs:
// (d1,d2) x down, y up: discordant; (d2,d3) tied in x; (d3,d4) tied in y; the other 7
// concordant. So n_c = 7, n_d = 1, n_1 = n_2 = 1: τa = (7 − 1)/10 = 3/5, and
// τb = 6/√((10 − 1)(10 − 1)) = 6/9 = 2/3.
const T2 = 'items: d1 d2 d3 d4 d5\nx: 0.9 0.7 0.7 0.4 0.2\ny: 0.8 0.9 0.5 0.5 0.1';
const T2_TAU_B = 'τb = 2/3 ≈ 0.6667';
const T2_TAU_A = 'τa = 3/5 = 0.6';

const session = useBrowserSession({ clipboard: true, reusePages: true });
const { withPage } = session;

test('T2 typed in: τb = 2/3, every pair marked, n_c = 7 and n_d = 1, and τa = 3/5 offered beside it', async () => {
  await withPage('correlation.html', async (page) => {
    await page.fill('#measures', 'tau');
    await page.fill('#input', T2);
    await waitForAnswers(page, [T2_TAU_B]);
    assert.match(await page.locator('#outcome-0 .alternatives').textContent(), /tau\(variant=a\)\s*=\s*3\/5\s*=\s*0\.6/);
    const pairs = page.locator('#outcome-0 table.step-table', { has: page.locator('caption', { hasText: 'Every pair' }) });
    const verdicts = await pairs.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.cells[tr.cells.length - 1].textContent.trim()));
    assert.equal(verdicts.length, 10);
    assert.deepEqual(
      {
        concordant: verdicts.filter((text) => text === 'concordant').length,
        discordant: verdicts.filter((text) => text === 'discordant').length,
        tied: verdicts.filter((text) => text.startsWith('tied')).length,
      },
      { concordant: 7, discordant: 1, tied: 2 },
    );
    const [first] = await pairs.locator('tbody tr').first().locator('td').allTextContents();
    assert.equal(first, 'd1, d2', 'the items are named');
    const values = await shownQuantities(page);
    assert.deepEqual([values.nc, values.nd, values.tau_a, values.tau_b], ['7', '1', '3/5 = 0.6', '2/3 ≈ 0.6667']);
  });
});

test('the variant selector switches τb and τa, and the share link keeps it in m', async () => {
  await withPage(shareLink('correlation.html', { calc: 'correlation', in: T2, m: 'tau' }), async (page) => {
    await waitForAnswers(page, [T2_TAU_B]);
    await page.locator('select[data-param="variant"]').selectOption('a');
    assert.equal(await page.inputValue('#measures'), 'tau(variant=a)');
    await waitForAnswers(page, [T2_TAU_A]);
    const hash = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
    assert.equal(hash.get('m'), 'tau(variant=a)');
  });
});

test('a value that is not a number, and lines of different lengths, are marked where they stand', async () => {
  await withPage('correlation.html', async (page) => {
    await page.fill('#measures', 'tau');
    await page.fill('#input', 'x: 1 2 3\ny: 2 1 z');
    await waitForText(page, '#input-error', ['Line 2, column 8', "found 'z' in y:"]);
    assert.equal(await page.locator('#input-error mark').textContent(), 'z');
    await page.fill('#input', 'x: 1 2 3\ny: 2 1');
    await waitForText(page, '#input-error', ['Line 1, column 8', 'x: has 3 values']);
    assert.equal(await page.locator('#input-error mark').textContent(), '3');
  });
});

calculatorPageChecks(session, {
  file: 'correlation.html',
  state: { calc: 'correlation', in: T1, m: 'tau' },
  answers: [T1_TAU],
  presets: { T1: [T1_TAU], T2: [T2_TAU_B, T2_TAU_A] },
  markup: 'items: <b>a</b> <img/src=x/onerror=alert(1)> c\nx: 1 2 3\ny: 2 1 3',
});
