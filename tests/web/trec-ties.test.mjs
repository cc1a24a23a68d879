// @ts-check
// The TREC files page (web/trec.html) with equal scores: the "Equal scores" choice (--ties), the
// section listing the topics with ties, and under "the lowest and highest" how far each measure
// could move, with the values worked out by hand, at the desktop and the phone width.
// Run: npm run build && node --test tests/web/trec-ties.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, PHONE, tableCell as cell, useBrowserSession, waitForText } from './helpers.mjs';

// One topic. Qrels: a 1, b 0, c 2, d 1 (R = 3). Run: a 3; b and c tied at 2; d and e tied at 1
// (e not judged). The four orders of the ties, their relevant ranks and AP:
//   a c b d e: 1 2 4, AP = (1 + 1 + 3/4) / 3 = 11/12 = 0.9167 (the highest)
//   a c b e d: 1 2 5, AP = (1 + 1 + 3/5) / 3 = 13/15 = 0.8667 (trec_eval's: docno descending)
//   a b c d e: 1 3 4, AP = (1 + 2/3 + 3/4) / 3 = 29/36 = 0.8056 (the file's order)
//   a b c e d: 1 3 5, AP = (1 + 2/3 + 3/5) / 3 = 34/45 = 0.7556 (the lowest)
// The average: (11/12 + 13/15 + 29/36 + 34/45) / 4 = 0.8361. P@2: 1 with a c, 1/2 with a b.
const QRELS = ['1 0 a 1', '1 0 b 0', '1 0 c 2', '1 0 d 1'].join('\n');
const RUN = ['1 Q0 a 1 3 sys', '1 Q0 b 2 2 sys', '1 Q0 c 3 2 sys', '1 Q0 d 4 1 sys', '1 Q0 e 5 1 sys'].join('\n');

const { withPage } = useBrowserSession({ reusePages: true });

/** @param {import('playwright-core').Page} page @param {string} ties */
async function evaluate(page, ties) {
  await page.fill('#trec-measures', 'map P.2');
  await page.selectOption('#trec-ties', ties);
  await page.fill('#qrels-text', QRELS);
  await page.fill('#run-text', RUN);
  return waitForText(page, '[data-trec-text]', ['P_2']);
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`equal scores: the lowest and highest of each measure (${viewport.width} px)`, async () => {
    await withPage(
      'trec.html',
      async (/** @type {import('playwright-core').Page} */ page) => {
        await evaluate(page, 'bounds');
        await waitForText(page, '[data-trec-text]', ['map_high']);
        assert.equal(await cell(page, 'trec-summary', 'sys', 'map'), '0.8667');
        assert.equal(await cell(page, 'trec-summary', 'sys', 'map_low'), '0.7556');
        assert.equal(await cell(page, 'trec-summary', 'sys', 'map_high'), '0.9167');
        const section = (await page.textContent('[aria-labelledby="ties-heading"]')) ?? '';
        assert.match(section, /sys: 1 of 1 topics have documents with equal scores \(4 documents in all; the largest group holds 2\)/);
        assert.match(section, /The topic of sys with equal scores/);
        // The flag in the section's first sentence stays on one line (at 375 px it broke after
        // its first dash).
        const flagLines = await page.evaluate(() => document.querySelector('[aria-labelledby="ties-heading"] code.flag')?.getClientRects().length);
        assert.equal(flagLines, 1);
        assert.equal(await cell(page, 'trec-tie-means', 'map', 'lowest'), '0.7556');
        assert.equal(await cell(page, 'trec-tie-means', 'map', 'trec_eval’s'), '0.8667');
        assert.equal(await cell(page, 'trec-tie-means', 'P_2', 'highest'), '1.0000');
        assert.equal(await cell(page, 'trec-tie-topics', '1', 'tied documents'), '4');
        assert.equal(await cell(page, 'trec-tie-topics', '1', 'groups'), '2');
        assert.equal(await cell(page, 'trec-tie-topics', '1', 'map (lowest–highest)'), '0.7556–0.9167');
        assert.equal(await cell(page, 'trec-tie-topics', '1', 'P_2 (lowest–highest)'), '0.5000–1.0000');
        // The phone: the section fits the screen's width (its tables scroll inside it).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `the page is ${overflow} px wider than the screen`);
      },
      { viewport },
    );
  });
}

test('equal scores: the average, the file’s order, and trec_eval’s', async () => {
  await withPage('trec.html', async (/** @type {import('playwright-core').Page} */ page) => {
    await evaluate(page, 'average');
    await waitForText(page, '.trec-facts', ['--ties average']);
    assert.equal(await cell(page, 'trec-summary', 'sys', 'map'), '0.8361');
    assert.equal(await cell(page, 'trec-summary', 'sys', 'P_2'), '0.7500');
    await page.selectOption('#trec-ties', 'input');
    await waitForText(page, '.trec-facts', ['--ties input']);
    assert.equal(await cell(page, 'trec-summary', 'sys', 'map'), '0.8056');
    await page.selectOption('#trec-ties', 'docno');
    await waitForText(page, '[aria-labelledby="ties-heading"]', ['trec_eval’s order']);
    assert.equal(await cell(page, 'trec-summary', 'sys', 'map'), '0.8667');
    const section = (await page.textContent('[aria-labelledby="ties-heading"]')) ?? '';
    assert.match(section, /choose “the lowest and highest”/);
  });
});

test('equal scores: a run without ties says every order gives the same values', async () => {
  await withPage('trec.html', async (/** @type {import('playwright-core').Page} */ page) => {
    await page.fill('#trec-measures', 'map');
    await page.fill('#qrels-text', QRELS);
    await page.fill('#run-text', ['1 Q0 a 1 3 sys', '1 Q0 b 2 2 sys', '1 Q0 c 3 1 sys'].join('\n'));
    await waitForText(page, '[aria-labelledby="ties-heading"]', ['No run gives']);
    const section = (await page.textContent('[aria-labelledby="ties-heading"]')) ?? '';
    assert.match(section, /sys: 0 of 1 topics have documents with equal scores\./);
  });
});

test('equal scores: the run’s rank column orders every document, the scores unused', async () => {
  // The same documents and scores, ranked b 1, a 2, e 3, c 4, d 5: the order b a e c d, relevant
  // at ranks 2, 4 and 5: AP = (1/2 + 2/4 + 3/5) / 3 = 8/15 = 0.5333; P@2 = 1/2.
  const ranked = ['1 Q0 a 2 3 sys', '1 Q0 b 1 2 sys', '1 Q0 c 4 2 sys', '1 Q0 d 5 1 sys', '1 Q0 e 3 1 sys'];
  await withPage('trec.html', async (/** @type {import('playwright-core').Page} */ page) => {
    await page.fill('#trec-measures', 'map P.2');
    await page.selectOption('#trec-ties', 'rank');
    await page.fill('#qrels-text', QRELS);
    await page.fill('#run-text', ranked.join('\n'));
    await waitForText(page, '.trec-facts', ['--ties rank']);
    assert.equal(await cell(page, 'trec-summary', 'sys', 'map'), '0.5333');
    assert.equal(await cell(page, 'trec-summary', 'sys', 'P_2'), '0.5000');
    const section = (await page.textContent('[aria-labelledby="ties-heading"]')) ?? '';
    assert.match(section, /the run’s rank column, the scores unused \(ndeval’s default order\)/);
    assert.match(section, /No run gives two documents of a topic the same rank\./);
    assert.match(section, /sys: 0 of 1 topics have documents with the same rank\./);
    // Every rank 1: the file's order a b c d e (AP 29/36 = 0.8056), one group of five.
    await page.fill('#run-text', ranked.map((line) => line.replace(/ \d (\d) sys$/, ' 1 $1 sys')).join('\n'));
    await waitForText(page, '[aria-labelledby="ties-heading"]', ['1 of 1 topics have documents with the same rank']);
    assert.equal(await cell(page, 'trec-summary', 'sys', 'map'), '0.8056');
    const same = (await page.textContent('[aria-labelledby="ties-heading"]')) ?? '';
    assert.match(same, /Order of the documents: the run’s rank column/);
    assert.match(same, /its values depend on the order of their lines in the run file/);
    assert.match(same, /5 documents in all; the largest group holds 5/);
    assert.match(same, /The topic of sys with the same rank/);
  });
});
