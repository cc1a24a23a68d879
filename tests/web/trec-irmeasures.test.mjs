// @ts-check
// The TREC files page (web/trec.html) with ir_measures' names in its measure field: each is a
// column under ir_measures' spelling, with the values worked out by hand, at the desktop and
// the phone width.
// Run: npm run build && node --test tests/web/trec-irmeasures.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, PHONE, tableCell as cell, useBrowserSession, waitForText } from './helpers.mjs';

// One topic. Qrels: a 3, b 0, c 1, d 2, g 1 (g not retrieved); R = 4 at rel=1, 2 at rel=2.
// Run ranked a x b d c (x not in the qrels): grades 3 - 0 2 1.
//   P(rel=2)@5 = 2/5 (a, d)
//   nDCG@5 (gain = grade) = (3 + 2/log2 5 + 1/log2 6) / (3 + 2/log2 3 + 1/log2 4 + 1/log2 5)
//          = (3 + 0.8613531 + 0.3868528) / (3 + 1.2618595 + 0.5 + 0.4306766)
//          = 4.2482059 / 5.1925361 = 0.8181
//   ERR@5 (gdeval: (2^g - 1)/16) = 7/16 + 3/16 * (9/16) / 4 + 1/16 * (9/16 * 13/16) / 5
//         = 0.4375 + 0.0263672 + 0.0057129 = 0.4696
const QRELS = ['1 0 a 3', '1 0 b 0', '1 0 c 1', '1 0 d 2', '1 0 g 1'].join('\n');
const RUN = ['1 Q0 a 1 5 sys', '1 Q0 x 2 4 sys', '1 Q0 b 3 3 sys', '1 Q0 d 4 2 sys', '1 Q0 c 5 1 sys'].join('\n');

const { withPage } = useBrowserSession({ reusePages: true });

for (const viewport of [DESKTOP, PHONE]) {
  test(`ir_measures names are columns under their canonical spelling (${viewport.width} px)`, async () => {
    await withPage('trec.html', async (/** @type {import('playwright-core').Page} */ page) => {
      await page.fill('#trec-measures', 'P(rel=2)@5 nDCG@5 ERR@5 nDCG(dcg=burges)@5');
      await page.fill('#qrels-text', QRELS);
      await page.fill('#run-text', RUN);
      const text = await waitForText(page, '[data-trec-text]', ['ERR@5']);
      assert.ok(text?.includes("nDCG(dcg='exp-log2')@5\tall\t"), text ?? '');
      assert.equal(await cell(page, 'trec-summary', 'sys', 'P(rel=2)@5'), '0.4000');
      assert.equal(await cell(page, 'trec-summary', 'sys', 'nDCG@5'), '0.8181');
      assert.equal(await cell(page, 'trec-summary', 'sys', 'ERR@5'), '0.4696');
    }, { viewport });
  });
}

test('a name with a space inside its parentheses is one name: P(rel=2, judged_only=True)@5', async () => {
  await withPage('trec.html', async (/** @type {import('playwright-core').Page} */ page) => {
    // Judged only, the list is a b d c (x dropped): at rel=2, a and d in the top 5 of 4
    // documents, 2/5 (P@k divides by k).
    await page.fill('#trec-measures', 'P(rel=2, judged_only=True)@5');
    await page.fill('#qrels-text', QRELS);
    await page.fill('#run-text', RUN);
    await waitForText(page, '[data-trec-text]', ['judged_only=True']);
    const text = (await page.textContent('[data-trec-text]')) ?? '';
    assert.match(text, /P\(rel=2, ?judged_only=True\)@5\s+all\s+0\.4000/);
  });
});

test('diversity measures read the qrels as subtopic qrels: alpha_nDCG@2, P_IA@2, AP_IA', async () => {
  // Topic 1, subtopics 1 and 2: a covers 1, b covers 1 and 2, c nothing (judged 0). Run a b c.
  // alpha = 1/2: gains a 1, b 1/2 + 1 = 3/2. The greedy ideal: b (gain 2), then a (1/2).
  //   alpha_nDCG@2 = (1 + 1.5/log2 3) / (2 + 0.5/log2 3) = 1.9463946 / 2.3154649 = 0.8406
  //   P_IA@2 = (1 + 2) / (2 * 2) = 0.7500; AP_IA = mean of AP for subtopic 1 (1) and 2 (1/2)
  //   = 0.7500. map reads each document at its highest grade: a 1, b 1 at ranks 1, 2: 1.
  await withPage('trec.html', async (/** @type {import('playwright-core').Page} */ page) => {
    await page.fill('#trec-measures', 'map alpha_nDCG@2 P_IA@2 AP_IA');
    await page.fill('#qrels-text', ['1 1 a 1', '1 1 b 1', '1 2 b 1', '1 2 c 0', '1 1 c 0'].join('\n'));
    await page.fill('#run-text', ['1 Q0 a 1 3 sys', '1 Q0 b 2 2 sys', '1 Q0 c 3 1 sys'].join('\n'));
    await waitForText(page, '[data-trec-text]', ['AP_IA']);
    assert.equal(await cell(page, 'trec-summary', 'sys', 'alpha_nDCG@2'), '0.8406');
    assert.equal(await cell(page, 'trec-summary', 'sys', 'P_IA@2'), '0.7500');
    assert.equal(await cell(page, 'trec-summary', 'sys', 'AP_IA'), '0.7500');
    assert.equal(await cell(page, 'trec-summary', 'sys', 'map'), '1.0000');
  });
});
