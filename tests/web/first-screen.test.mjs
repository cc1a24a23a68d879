// The first screen of every calculator page: with an empty input the input box is whole on the
// screen at 1280 × 800 (the worked examples stand beside the form, under the answers; the input's
// hint comes under its box), the source choice is above it, and at 375 × 740 the examples fold
// behind one line. The phone's answer bar says each value once. A note that says how the input
// was read ("Read as …") stands under its answer's headline, as text.
// Run: node --test tests/web/first-screen.test.mjs (after `bash scripts/build.sh site`)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, clickExample, horizontalOverflow, shareLink, useBrowserSession, waitForAnswers } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });
const LAPTOP = { width: 1280, height: 800 };

const PAGES = ['ranked', 'ndcg', 'queries', 'sets', 'multiclass', 'roc', 'agreement', 'correlation', 'significance', 'pooling', 'diversity'];

for (const name of PAGES) {
  test(`${name}.html at 1280 × 800, empty: the input box is whole on the first screen, the examples open beside it`, async () => {
    await withPage(
      `${name}.html`,
      async (page) => {
        const input = await page.locator('#input').boundingBox();
        assert.ok(input.y >= 0 && input.y + input.height <= LAPTOP.height, `the input lies at ${input.y}–${input.y + input.height} px`);
        const choice = await page.locator('#convention-preset').boundingBox();
        assert.ok(choice.y < input.y, 'the source choice comes first');
        // The examples are open, in the column of the answers, and start on the first screen.
        assert.equal(await page.evaluate(() => document.querySelector('[data-examples]').open), true);
        const examples = await page.locator('[data-examples]').boundingBox();
        const answers = await page.locator('.results-panel').boundingBox();
        assert.ok(examples.x >= answers.x - 1 && examples.y > answers.y, `the examples lie at ${JSON.stringify(examples)}`);
        assert.ok(examples.y < LAPTOP.height, `the examples start at ${examples.y} px`);
      },
      { viewport: LAPTOP },
    );
  });

  test(`${name}.html at 375 × 740: the examples fold, nothing scrolls sideways, and the answer bar repeats no value`, async () => {
    await withPage(
      `${name}.html`,
      async (page) => {
        assert.equal(await page.evaluate(() => document.querySelector('[data-examples]').open), false);
        assert.equal(await horizontalOverflow(page), 0);
        await clickExample(page, await page.locator('[data-preset]').first().getAttribute('data-preset'));
        await page.waitForSelector('#outcome-0 .answer');
        await page.waitForFunction(() => !document.querySelector('[data-answer-bar]').hidden);
        const values = (await page.textContent('[data-answer-bar] .answer-bar-values')).split(' · ').filter((part) => !/^\d+ more$/.test(part));
        assert.equal(new Set(values).size, values.length, values.join(' · '));
        assert.equal(await horizontalOverflow(page), 0);
      },
      { viewport: PHONE },
    );
  });
}

// 1 0.9 / 0 0.8 / 1 0.7 / 0 0.6: P = N = 2; the positive at 0.9 outranks both negatives, the one
// at 0.7 only the one at 0.6: AUC = 3/4. ROC's value is that AUC, so the bar says it once.
test('the answer bar says ROC’s AUC once, not once for ROC and again for AUC', async () => {
  await withPage(
    shareLink('roc.html', { calc: 'roc', in: '1 0.9\n0 0.8\n1 0.7\n0 0.6', m: 'ROC, AUC' }),
    async (page) => {
      await waitForAnswers(page, ['AUC = 3/4 = 0.75', 'AUC = 3/4 = 0.75']);
      assert.equal((await page.textContent('[data-answer-bar] .answer-bar-values')).trim(), 'AUC = 3/4 = 0.75');
      assert.equal((await page.textContent('[data-announce]')).trim(), 'AUC = 3/4 = 0.75');
    },
    { viewport: PHONE },
  );
});

// Ten queries, x ahead on 8, behind on 1, level on 1 (dropped): n = 9, 8 plus signs. Two-sided
// p = 2·(C(9,8) + C(9,9))/2^9 = 20/512 = 5/128 ≈ 0.0391; one-sided p = 10/512 = 5/256 ≈ 0.0195.
const TEN = 'q1 0.62 0.48\nq2 0.39 0.30\nq3 0.71 0.52\nq4 0.45 0.45\nq5 0.58 0.41\nq6 0.22 0.31\nq7 0.80 0.66\nq8 0.53 0.40\nq9 0.35 0.28\nq10 0.67 0.49';
test('two answers that both name their value p are told apart in the bar by their measure', async () => {
  await withPage(
    shareLink('significance.html', { calc: 'significance', in: TEN, m: 'sign, sign(alternative=greater)' }),
    async (page) => {
      await waitForAnswers(page, ['p = 5/128 ≈ 0.0391', 'p = 5/256 ≈ 0.0195']);
      assert.equal(
        (await page.textContent('[data-answer-bar] .answer-bar-values')).trim(),
        'sign: p = 5/128 ≈ 0.0391 · sign(alternative=greater): p = 5/256 ≈ 0.0195',
      );
    },
    { viewport: PHONE },
  );
});

// relevant at 1, 3 of 4, R = 2: AP = (1/1 + 2/3)/2 = 5/6.
test('a note that says how the input was read stands under the answer’s headline, as text', async () => {
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: 'relevant at 1, 3 of 4', m: 'AP' }), async (page) => {
    await waitForAnswers(page, ['AP = 5/6 ≈ 0.8333']);
    const next = await page.evaluate(() => {
      const reading = document.querySelector('#outcome-0 .answer').nextElementSibling;
      return { cls: reading.className, text: reading.textContent, children: reading.children.length };
    });
    assert.deepEqual(next, {
      cls: 'answer-reading',
      text: 'Read as 4 ranks with relevant documents at ranks 1, 3; the other ranks are not relevant.',
      children: 0,
    });
    // Still among the notes too.
    assert.ok((await page.locator('#outcome-0 .notes li').allTextContents()).includes(next.text));
  });
  // A note that does not start "Read as" stays among the notes only.
  await withPage(shareLink('roc.html', { calc: 'roc', in: '1 0.9\n0 0.8\n1 0.7\n0 0.6', m: 'AUC' }), async (page) => {
    await waitForAnswers(page, ['AUC = 3/4 = 0.75']);
    assert.equal(await page.locator('#outcome-0 .answer-reading').count(), 0);
  });
});
