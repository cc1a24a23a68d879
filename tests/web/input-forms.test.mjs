// The inputs students bring from other textbooks, on the pages: a ranked list written as the
// ranks of its relevant documents, F at a cutoff on a ranked list, uninterpolated precision at a
// recall level, and a 2×2 grid of counts on one line. Expected values are worked out by hand.
// Run: IRM_DIST=/tmp/site-NAME node --test tests/web/input-forms.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shareLink, shownQuantities, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

test('a ranked list written as "relevant at 1, 3, 4, 5, 6, 10 of 10"', async () => {
  // R N R R R R N N N R with R = 8: AP = (1/1 + 2/3 + 3/4 + 4/5 + 5/6 + 6/10)/8
  // = ((60 + 40 + 45 + 48 + 50 + 36)/60)/8 = (279/60)/8 = 93/160 = 0.58125 ≈ 0.5813;
  // P@5 = 4/5 (ranks 1, 3, 4, 5 of the top 5).
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: 'relevant at 1, 3, 4, 5, 6, 10 of 10', relevant: '8', m: 'AP, P@5' }), async (page) => {
    await waitForAnswers(page, ['AP = 93/160 ≈ 0.5813', 'P@5 = 4/5 = 0.8']);
    // The answer says how the text was read.
    await waitForText(page, '#outcome-0', ['relevant documents at ranks 1, 3, 4, 5, 6, 10']);
  });
});

test('a mistake in the ranks form is marked where it is', async () => {
  // Rank 11 of a 10-rank list: the 11 starts at column 19 of "relevant at 1, 3, 11 of 10".
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: 'relevant at 1, 3, 11 of 10', m: 'AP' }), async (page) => {
    await page.waitForSelector('#input-error:not([hidden])');
    const message = await page.textContent('#input-error');
    assert.match(message, /11/);
    assert.match(message, /column 19/);
    assert.equal(await page.getAttribute('#input', 'aria-invalid'), 'true');
  });
});

test('F@5 and F(beta=2)@5 on the ranked-list page', async () => {
  // + - + - - + - - + + with R = 5: P@5 = 2/5, R@5 = 2/5, F@5 = 2PR/(P + R) = 2/5.
  // F(beta=2)@5 = (4 + 1)PR/(4P + R) = 5·(4/25)/(10/5) = (4/5)/2 = 2/5 as well (P = R).
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: '+ - + - - + - - + +', relevant: '5', m: 'F@5, F(beta=2)@5' }), async (page) => {
    await waitForAnswers(page, ['F@5 = 2/5 = 0.4', 'F(beta=2)@5 = 2/5 = 0.4']);
    assert.equal(await page.locator('[data-hand-off]').count(), 0);
    const quantities = await shownQuantities(page);
    assert.equal(quantities.precision, '2/5 = 0.4');
    assert.equal(quantities.recall, '2/5 = 0.4');
  });
});

test('IPrec(rule=none)@r: the precision at the first rank whose recall reaches r', async () => {
  // D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10 with R = 15: recall reaches 0.1 at rank 4
  // (2/15 ≥ 0.1), precision there 2/4 = 1/2; it never reaches 0.3 (3/15 = 0.2 at most), so 0.
  const link = shareLink('ranked.html', {
    calc: 'ranked',
    in: 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10',
    relevant: '15',
    m: 'IPrec(rule=none)@0.1, IPrec(rule=none)@0.3',
  });
  await withPage(link, async (page) => {
    await waitForAnswers(page, ['IPrec(rule=none)@0.1 = 1/2 = 0.5', 'IPrec(rule=none)@0.3 = 0']);
  });
});

test('a 2×2 grid on one line: 300 20 10 70 is TP FN FP TN', async () => {
  // TP 300, FN 20, FP 10, TN 70: F1 = 2TP/(2TP + FP + FN) = 600/630 = 20/21 ≈ 0.9524;
  // precision 300/310 = 30/31, recall 300/320 = 15/16, accuracy 370/400 = 37/40.
  await withPage(shareLink('sets.html', { calc: 'sets', in: '300 20 10 70', m: 'confusion' }), async (page) => {
    await waitForAnswers(page, ['F1 = 20/21 ≈ 0.9524']);
    const quantities = await shownQuantities(page);
    assert.equal(quantities.TP, '300');
    assert.equal(quantities.FN, '20');
    assert.equal(quantities.FP, '10');
    assert.equal(quantities.TN, '70');
    assert.equal(quantities.recall, '15/16 = 0.9375');
    assert.equal(quantities.accuracy, '37/40 = 0.925');
  });
});

test('two judges on one line: 75 25 75 225 is judge A’s rows', async () => {
  // As the 2×2 table R: 75 25 / N: 75 225: P(A) = 3/4, P(E) = 9/16, κ = 3/7.
  await withPage(shareLink('agreement.html', { calc: 'agreement', in: '75 25 75 225', m: 'kappa' }), async (page) => {
    await waitForAnswers(page, ['κ = 3/7 ≈ 0.4286']);
  });
});

test('three counts on one line: the message says what four are read as', async () => {
  await withPage(shareLink('sets.html', { calc: 'sets', in: '300 20 10', m: 'confusion' }), async (page) => {
    await page.waitForSelector('#input-error:not([hidden])');
    assert.match(await page.textContent('#input-error'), /TP.*FN.*FP.*TN|four/);
  });
});

test('the F chip on the ranked page adds F@10 beside AP and P@5', async () => {
  // + - + - - + - - + + with R = 5: P@10 = 5/10 = 1/2, R@10 = 5/5 = 1,
  // F@10 = 2PR/(P + R) = 1/(3/2) = 2/3.
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: '+ - + - - + - - + +', relevant: '5', m: 'AP, P@5' }), async (page) => {
    await waitForAnswers(page, ['AP = 28/45 ≈ 0.6222', 'P@5 = 2/5 = 0.4']);
    await page.click('[data-quick-add] [data-measure="F"]');
    assert.equal(await page.inputValue('#measures'), 'AP, P@5, F@10');
    await waitForAnswers(page, ['AP = 28/45 ≈ 0.6222', 'P@5 = 2/5 = 0.4', 'F@10 = 2/3 ≈ 0.6667']);
    assert.equal(await page.getAttribute('[data-quick-add] [data-measure="F"]', 'aria-pressed'), 'true');
  });
});

/** The answers an embed.html frame shows, as text. */
const widgetAnswers = (page) =>
  page.evaluate(() =>
    [...document.querySelector('ir-calculator').shadowRoot.querySelectorAll('.answer')].map((node) => node.textContent.replace(/\s+/g, ' ').trim()),
  );

test('the widget computes F@5 on a ranked list, with or without calc', async () => {
  // + - + - - + - - + + with R = 5: P@5 = 2/5, R@5 = 2/5, F@5 = 2/5.
  for (const calc of ['ranked', '']) {
    const state = { ...(calc ? { calc } : {}), in: '+ - + - - + - - + +', relevant: '5', m: 'F@5' };
    await withPage(`embed.html#${new URLSearchParams(state)}`, async (page) => {
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      assert.deepEqual(await widgetAnswers(page), ['F@5 = 2/5 = 0.4'], `calc="${calc}"`);
    }, { waitForReady: false });
  }
});
