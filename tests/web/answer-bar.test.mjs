// On a phone the answers come after the form. The examples fold away, so the input is near the
// top, and an answer bar at the foot of the screen shows the answers while the answers panel
// is out of view; it links to the working and steps aside once the answers are on screen.
// Run: IRM_DIST=/tmp/site-NAME node --test tests/web/answer-bar.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, PHONE, axeViolations, shareLink, useBrowserSession } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

// R = 5, relevant at 1, 3, 6, 9, 10: AP@10 = (1 + 2/3 + 3/6 + 4/9 + 5/10)/5 = 28/45 ≈ 0.6222;
// P@5 = 2/5 = 0.4 (the top 5 are + - + - -).
const LINK = shareLink('ranked.html', { calc: 'ranked', in: '+ - + - - + - - + +', relevant: '5', m: 'AP@10, P@5' });

test('at 375 × 740 the answer bar shows the answers beside the input and leads to the working', async () => {
  await withPage(
    LINK,
    async (page) => {
      await page.waitForSelector('#outcome-0 .answer');
      // The examples are folded, so the input is on the first screen.
      assert.equal(await page.evaluate(() => document.querySelector('[data-examples]').open), false);
      const input = await page.locator('#input').boundingBox();
      assert.ok(input.y + input.height <= PHONE.height, `the input ends at ${input.y + input.height} px`);

      const bar = page.locator('[data-answer-bar]');
      assert.equal(await bar.isVisible(), true);
      assert.equal((await bar.locator('.answer-bar-values').textContent()).trim(), 'AP@10 = 28/45 ≈ 0.6222 · P@5 = 2/5 = 0.4');
      const box = await bar.boundingBox();
      assert.ok(box.y + box.height <= PHONE.height + 0.5 && box.y > PHONE.height / 2, `the bar lies at ${JSON.stringify(box)}`);

      // It leads to the answers, and steps aside while they are in view.
      await bar.click();
      await page.waitForFunction(() => document.querySelector('[data-answer-bar]').classList.contains('is-aside'));
      assert.equal(await bar.isVisible(), false);
      const heading = await page.locator('#results-heading').boundingBox();
      assert.ok(heading.y >= -1 && heading.y < PHONE.height, `the answers heading lies at ${heading.y}`);
      assert.deepEqual(await axeViolations(page), []);
    },
    { viewport: PHONE },
  );
});

test('on a wide screen there is no answer bar; the examples are open until an input is given', async () => {
  await withPage(LINK, async (page) => {
    await page.waitForSelector('#outcome-0 .answer');
    assert.equal(await page.locator('[data-answer-bar]').isVisible(), false);
    // A link with its input: the examples fold, and the input is on the first screen.
    assert.equal(await page.evaluate(() => document.querySelector('[data-examples]').open), false);
    const input = await page.locator('#input').boundingBox();
    assert.ok(input.y + input.height <= 800, `the input ends at ${input.y + input.height} px`);
  }, { viewport: { width: 1280, height: 800 } });
  await withPage('ranked.html', async (page) => {
    assert.equal(await page.evaluate(() => document.querySelector('[data-examples]').open), true);
  }, { viewport: DESKTOP });
});

test('a problem has no answer bar: its values stay hidden', async () => {
  await withPage(
    shareLink('ranked.html', { calc: 'ranked', in: '+ - + - - + - - + +', relevant: '5', m: 'AP@10', problem: '1' }),
    async (page) => {
      await page.waitForSelector('section.problem .check-answer input');
      assert.equal(await page.locator('[data-answer-bar]').isVisible(), false);
      assert.ok(!(await page.textContent('[data-answer-bar]')).includes('28/45'));
    },
    { viewport: PHONE },
  );
});
