// Browser tests of the Diversity page (web/diversity.html) against the built site in dist/.
// Run: npm run build && node --test tests/web/diversity.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorPageChecks, shareLink, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

// DIV1 by hand (tests/core/golden_diversity.cpp works every measure): d1 covers subtopic 1, d2
// subtopics 1 and 2, d3 none; S = 2, α = 1/2. Gains: d1 1; d2 (1/2 for subtopic 1, seen once
// above) + 1 = 3/2; d3 0. ERR-IA@3 = (1 + (3/2)/2) / (2 + 1/2 + (1/2)/3) = (7/4)/(8/3) = 21/32.
// The greedy ideal is d2 (2), d1 (1/2): nERR-IA@3 = (7/4)/(2 + 1/4) = 7/9, and
// alpha-nDCG@3 = (1 + 1.5/log2 3)/(2 + 0.5/log2 3) = 0.8406. AP-IA = (1 + 1/2)/2 = 3/4 and
// S-recall@1 = 1/2 (only subtopic 1 in the top 1).
const DIV1 = 'd1: 1\nd2: 1 2\nd3: -';
const DIV1_NDCG = 'alpha-nDCG@3 = 0.8406';
const DIV1_ERR = 'ERR-IA@3 = 21/32 ≈ 0.6563';
const DIV1_NERR = 'nERR-IA@3 = 7/9 ≈ 0.7778';
const DIV1_AP = 'AP-IA = 3/4 = 0.75';
const DIV1_SRECALL = 'S-recall@1 = 1/2 = 0.5';
// DIV2 by hand: d4 (subtopic 2) was not retrieved. The ideal is d2, d4, d1 (gains 2, 1/2, 1/2):
// alpha-nDCG@3 = (1 + 1.5/log2 3)/(2 + 0.5/log2 3 + 0.5/2) = 0.7587; nERR-IA@3 =
// (7/4)/(2 + 1/4 + 1/6) = 21/29; nNRBP = (7/4)/(2 + 1/4 + 1/8) = 14/19; AP-IA = (1 + 1/4)/2 =
// 5/8; P-IA@3 = 3 pairs/(3 · 2) = 1/2.
const DIV2 = 'd1: 1\nd2: 1 2\nd3: -\nunretrieved: d4: 2';

const session = useBrowserSession({ clipboard: true, reusePages: true });
const { withPage } = session;

/** The cells of the step table whose caption contains `caption`, row by row, as shown. */
async function tableOf(page, outcome, caption) {
  const table = page.locator(`#outcome-${outcome} table.step-table`, { has: page.locator('caption', { hasText: caption }) });
  const headings = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
  const rows = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.cells].map((td) => (td.querySelector('.cell-text')?.textContent ?? td.textContent).trim())),
  );
  return { headings, rows };
}

test('DIV1 typed in: the ranking table shows the subtopics, the weights (1 − α)^c, the gains and ERR-IA', async () => {
  await withPage('diversity.html', async (page) => {
    await page.fill('#measures', 'ERR-IA@3, nERR-IA@3');
    await page.fill('#input', DIV1);
    await waitForAnswers(page, [DIV1_ERR, DIV1_NERR]);
    const { headings, rows } = await tableOf(page, 0, 'The ranking');
    assert.deepEqual(headings.slice(0, 5), ['rank', 'document', 'subtopics (c: covered above)', 'weights (1 − α)^c', 'gain']);
    assert.deepEqual(
      rows.map((row) => row.slice(1, 4)),
      [
        ['d1', '1 (c = 0)', '1'],
        ['d2', '1 (c = 1), 2 (c = 0)', '1/2 + 1'],
        ['d3', '—', '—'],
      ],
    );
    // The running sum of gain ÷ rank: 1, 1 + 3/4 = 7/4, 7/4.
    const sums = rows.map((row) => row[headings.indexOf('sum so far')].replace(/\s.*/, ''));
    assert.deepEqual(sums, ['1', '7/4', '7/4']);
    // nERR-IA shows the greedy ideal ranking beside it: d2, then d1.
    const ideal = await tableOf(page, 1, 'The ideal ranking');
    assert.deepEqual(ideal.rows.map((row) => row[1]), ['d2', 'd1']);
    await waitForText(page, '#outcome-1 .notes', ['The ideal: d2, d1.']);
  });
});

test('a word among the subtopics is marked at its line and column', async () => {
  await withPage('diversity.html', async (page) => {
    await page.fill('#measures', 'alpha-nDCG@3');
    await page.fill('#input', 'd1: 1\nd2: 1 x');
    await waitForText(page, '#input-error', ['Line 2, column 7', "found 'x' at line 2, column 7"]);
    assert.equal(await page.locator('#input-error mark').textContent(), 'x');
  });
});

test('DIV2 through a share link: the missed document enters the ideal ranking', async () => {
  await withPage(shareLink('diversity.html', { calc: 'diversity', in: DIV2, m: 'nERR-IA@3, nNRBP' }), async (page) => {
    await waitForAnswers(page, ['nERR-IA@3 = 21/29 ≈ 0.7241', 'nNRBP = 14/19 ≈ 0.7368']);
    const ideal = await tableOf(page, 0, 'The ideal ranking');
    assert.deepEqual(ideal.rows.map((row) => row[1]), ['d2', 'd4', 'd1']);
  });
});

calculatorPageChecks(session, {
  file: 'diversity.html',
  state: { calc: 'diversity', in: DIV1, m: 'alpha-nDCG@3, ERR-IA@3' },
  answers: [DIV1_NDCG, DIV1_ERR],
  presets: {
    DIV1: [DIV1_NDCG, DIV1_ERR, DIV1_NERR, DIV1_AP, DIV1_SRECALL],
    DIV2: ['alpha-nDCG@3 = 0.7587', 'nERR-IA@3 = 21/29 ≈ 0.7241', 'nNRBP = 14/19 ≈ 0.7368', 'AP-IA = 5/8 = 0.625', 'P-IA@3 = 1/2 = 0.5'],
  },
});
