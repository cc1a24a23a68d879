// Browser tests of "My course uses" (common/presets.js, web/js/preset-view.js): the source a
// student picks once, under each calculator's title, with one line saying what it changes; the
// choice is remembered in the browser and applied on every calculator page whose link names no
// preset, a link's preset wins, and a problem keeps its author's conventions.
// Run: node --test tests/web/course-preset.test.mjs (after `bash scripts/build.sh site`)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, axeViolations, horizontalOverflow, shareLink, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });
const LAPTOP = { width: 1280, height: 800 };

const hashOf = async (page) => Object.fromEntries(new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)));

/** Goes to another page of the site in the same browser context (so localStorage is kept). */
async function goTo(page, path) {
  await page.goto(new URL(path, page.url()).href);
  await page.waitForSelector('body[data-ready]');
}

// R N N R N R with R = 3 (as in presets.test.mjs): relevant at ranks 1, 4, 6. IPrec@0.4, r·R = 1.2:
// the textbook rule needs 2 relevant (recall 2/3 ≥ 0.4): max(P@4, P@6) = max(1/2, 1/2) = 1/2;
// trec_eval 10 takes lround(1.2) = 1 relevant: max(1, 1/2, 1/2) = 1.
const RANKED = { calc: 'ranked', in: 'R N N R N R', relevant: '3', m: 'IPrec@0.4' };

// Grades 2 0 1: the notes' DCG (and Croft et al.'s, §8.4.3) = 2 + 0/log2 2 + 1/log2 3 = 2.6309;
// trec_eval's = 2/log2 2 + 0/log2 3 + 1/log2 4 = 2 + 1/2 = 5/2.
const GRADED = { calc: 'ndcg', in: '2 0 1', m: 'DCG' };

test('the choice is first under the title at 1280×800, names the default for a stranger, and says what it changes', async () => {
  await withPage(
    'ranked.html',
    async (page) => {
      const select = await page.locator('#convention-preset').boundingBox();
      const input = await page.locator('#input').boundingBox();
      assert.ok(select.y + select.height <= LAPTOP.height && select.y < input.y, `the choice lies at ${select.y}, the input at ${input.y}`);
      assert.equal((await page.textContent('label[for="convention-preset"]')).trim(), 'My course uses');
      assert.equal(await page.locator('#convention-preset option:checked').textContent(), 'Calculator defaults: Bhattacharya’s CS657A course notes (IIT Kanpur)');
      assert.deepEqual(await page.locator('#convention-preset option').allTextContents(), [
        'Calculator defaults: Bhattacharya’s CS657A course notes (IIT Kanpur)',
        'Manning et al. (IIR)',
        'Croft et al. (Search Engines)',
        'trec_eval 10',
        'trec_eval 9',
        'scikit-learn',
      ]);
      const hint = (await page.textContent('#convention-preset-hint')).replace(/\s+/g, ' ').trim();
      assert.equal(hint, 'Every answer and check follows its conventions (AP’s denominator, DCG’s form, …); remembered in this browser.');
    },
    { viewport: LAPTOP },
  );
});

test('picked once, remembered on every calculator page: a link without a preset opens under it, its names rewritten', async () => {
  await withPage(shareLink('ndcg.html', GRADED), async (page) => {
    await waitForAnswers(page, ['DCG = 2.6309']);
    await page.selectOption('#convention-preset', 'trec10');
    await waitForAnswers(page, ['DCG(dcg=trec) = 5/2 = 2.5']);
    assert.equal(await page.evaluate(() => localStorage.getItem('irmetrics.preset')), 'trec10');

    // Another calculator, from a link that names no preset: trec_eval 10's interpolation.
    await goTo(page, shareLink('ranked.html', RANKED));
    await waitForAnswers(page, ['IPrec(rule=trec10)@0.4 = 1']);
    assert.equal(await page.inputValue('#convention-preset'), 'trec10');
    assert.equal(await page.inputValue('#measures'), 'IPrec(rule=trec10)@0.4');
    // The link now says so, so that whoever opens it sees the same answer.
    assert.deepEqual(await hashOf(page), { ...RANKED, m: 'IPrec(rule=trec10)@0.4', preset: 'trec10' });
    await waitForText(page, '[data-preset-statement]', ['In force: trec_eval 10', 'rule=trec10']);

    // A bare page: its default measures follow it too (DCG, nDCG on the graded page).
    await goTo(page, 'ndcg.html');
    assert.equal(await page.inputValue('#measures'), 'DCG(dcg=trec), nDCG(dcg=trec)');

    // A convention written in a name is kept.
    await goTo(page, shareLink('ndcg.html', { ...GRADED, m: 'DCG(dcg=notes)' }));
    await waitForAnswers(page, ['DCG = 2.6309']);

    // A link's preset wins, and is not remembered: the browser keeps trec_eval 10.
    await goTo(page, shareLink('ranked.html', { ...RANKED, preset: 'iir' }));
    await waitForAnswers(page, ['IPrec@0.4 = 1/2 = 0.5']);
    assert.equal(await page.inputValue('#convention-preset'), 'iir');
    assert.equal(await page.evaluate(() => localStorage.getItem('irmetrics.preset')), 'trec10');

    // A problem keeps its author's conventions (the link names none: the defaults).
    await goTo(page, shareLink('ranked.html', { ...RANKED, problem: '1' }));
    assert.equal(await page.inputValue('#convention-preset'), 'notes');
    assert.equal(await page.inputValue('#measures'), 'IPrec@0.4');

    // Back to the defaults: nothing is remembered any more.
    await goTo(page, shareLink('ranked.html', RANKED));
    await page.selectOption('#convention-preset', 'notes');
    await waitForAnswers(page, ['IPrec@0.4 = 1/2 = 0.5']);
    assert.equal(await page.evaluate(() => localStorage.getItem('irmetrics.preset')), null);
    assert.deepEqual(await hashOf(page), RANKED);
  });
});

test('Croft et al.: the notes’ DCG form (§8.4.3) and the textbook interpolation (§8.4.2), with their sources stated', async () => {
  await withPage(shareLink('ndcg.html', GRADED), async (page) => {
    await waitForAnswers(page, ['DCG = 2.6309']);
    await page.selectOption('#convention-preset', 'croft');
    // Nothing to rewrite: the name stays bare and the answer the same.
    assert.equal(await page.inputValue('#measures'), 'DCG');
    await waitForAnswers(page, ['DCG = 2.6309']);
    await waitForText(page, '[data-preset-statement]', ['In force: Croft et al. (Search Engines)', 'dcg=notes', 'Croft et al. §8.4.3']);
    assert.equal((await hashOf(page)).preset, 'croft');
    await goTo(page, shareLink('ranked.html', { ...RANKED, m: 'IPrec@0.4, bpref' }));
    await waitForText(page, '[data-preset-statement]', ['rule=textbook', 'Croft et al. §8.4.2', 'this table takes no bpref form from Croft et al.']);
  });
});

test('storage refused (a private window may refuse it): the choice lasts for the page, and nothing breaks', async () => {
  await withPage(
    shareLink('ranked.html', RANKED),
    async (page) => {
      await waitForAnswers(page, ['IPrec@0.4 = 1/2 = 0.5']);
      await page.selectOption('#convention-preset', 'trec10');
      await waitForAnswers(page, ['IPrec(rule=trec10)@0.4 = 1']);
    },
    {
      initScript: () => {
        const refuse = () => {
          throw new DOMException('refused', 'SecurityError');
        };
        Object.defineProperty(window, 'localStorage', { get: refuse });
      },
    },
  );
});

test('at 375 × 740 the choice fits: nothing scrolls sideways, and no accessibility violation', async () => {
  await withPage(
    shareLink('agreement.html', { calc: 'agreement', in: '75 25\n75 225', m: 'kappa' }),
    async (page) => {
      // κ = (3/4 − 9/16)/(1 − 9/16) = 3/7 with each judge's marginals.
      await waitForAnswers(page, ['κ = 3/7 ≈ 0.4286']);
      const select = await page.locator('#convention-preset').boundingBox();
      assert.ok(select.x >= 0 && select.x + select.width <= PHONE.width, JSON.stringify(select));
      assert.equal(await horizontalOverflow(page), 0);
      assert.deepEqual(await axeViolations(page), []);
    },
    { viewport: PHONE },
  );
});
