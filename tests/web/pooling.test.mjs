// Browser tests of the Pooling page (web/pooling.html) against the built site in dist/. The
// example: three runs A, B, C over two topics, and judgments of their depth-3 pool (the page's
// preset, THREE_RUNS in web/js/examples.js):
//   A q1: d1 d2 d3 d4 d5     A q2: d10 d11 d12 d13
//   B q1: d2 d6 d1 d7 d3     B q2: d11 d14 d10 d15
//   C q1: d8 d2 d9 d1 d4     C q2: d16 d10 d11 d17
// Run: npm run build && node --test tests/web/pooling.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { THREE_RUNS } from '../../web/js/examples.js';
import { calculatorPageChecks, shareLink, shownQuantities, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

// Pool sizes by hand. Depth 3, q1: A's top 3 {d1, d2, d3}, B's {d2, d6, d1}, C's {d8, d2, d9};
// their union {d1, d2, d3, d6, d8, d9} has 6. q2: {d10, d11, d12} ∪ {d11, d14, d10} ∪
// {d16, d10, d11} = {d10, d11, d12, d14, d16}, 5. In all 6 + 5 = 11.
// Only one run brought: q1 A d3, B d6, C d8 and d9; q2 A d12, B d14, C d16.
const POOL_3 = 'pool size = 11';
// Depth 5, q1: every document of the three runs, d1…d9, 9; q2: d10…d17 (the runs have 4 each),
// 8; in all 17.
const POOL_5 = 'pool size = 17';
// The TREC preset: q1 alone, the runs' top 4 (by score), pool@3 as above: 6.
const POOL_TREC = 'pool size = 6';

const session = useBrowserSession({ clipboard: true, reusePages: true });
const { withPage } = session;

/** Rows of a step table (cell texts), found by a word of its caption. */
const tableRows = (page, caption) =>
  page
    .locator('#outcome-0 table.step-table', { has: page.locator('caption', { hasText: caption }) })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => (td.querySelector('.cell-text') ?? td).textContent.trim())));

test('three runs typed in: the depth-3 pool of q1 has 6 documents and of q2 5, 11 in all, and what each run adds', async () => {
  await withPage('pooling.html', async (page) => {
    await page.fill('#measures', 'pool@3');
    await page.fill('#input', THREE_RUNS);
    await waitForAnswers(page, [POOL_3]);
    assert.equal((await shownQuantities(page)).pool_size, '11');
    const pools = await tableRows(page, 'pool of each topic');
    assert.deepEqual(
      pools.map((row) => [row[0], row[2], row[3]]),
      [
        ['q1', '6', 'd1, d2, d3, d6, d8, d9'],
        ['q2', '5', 'd10, d11, d12, d14, d16'],
      ],
    );
    const unique = await tableRows(page, 'What each run adds');
    assert.deepEqual(
      unique.map((row) => [row[0], row[1], row[3]]),
      [
        ['A', 'q1', 'd3'],
        ['B', 'q1', 'd6'],
        ['C', 'q1', 'd8, d9'],
        ['A', 'q2', 'd12'],
        ['B', 'q2', 'd14'],
        ['C', 'q2', 'd16'],
      ],
    );
    // With judgments: each run scored under the two assumptions about unjudged documents.
    const runs = page.locator('#outcome-0 table.step-table', { has: page.locator('caption', { hasText: 'two assumptions' }) });
    assert.equal(await runs.locator('tbody tr').count(), 6);
    // The unique contributions as bars, one per run.
    const ticks = await page.locator('#outcome-0 figure.chart svg text').allTextContents();
    for (const run of ['A', 'B', 'C']) assert.ok(ticks.includes(run), `${run} on the x axis: ${ticks}`);
  });
});

test('the depth field sets the cutoff of pool@k: 5 gives 17, and a shared pool@5 fills the field', async () => {
  await withPage(shareLink('pooling.html', { calc: 'pooling', in: THREE_RUNS, m: 'pool@3' }), async (page) => {
    await waitForAnswers(page, [POOL_3]);
    assert.equal(await page.inputValue('#depth'), '3');
    await page.fill('#depth', '5');
    assert.equal(await page.inputValue('#measures'), 'pool@5');
    await waitForAnswers(page, [POOL_5]);
    const hash = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
    assert.equal(hash.get('m'), 'pool@5');
    assert.equal(hash.has('depth'), false, 'the depth lives in m');
  });
  await withPage(shareLink('pooling.html', { calc: 'pooling', in: THREE_RUNS, m: 'pool@5' }), async (page) => {
    await waitForAnswers(page, [POOL_5]);
    assert.equal(await page.inputValue('#depth'), '5');
  });
});

test('a line that is neither a run nor judgments, and a document twice in one run, are marked where they stand', async () => {
  await withPage('pooling.html', async (page) => {
    await page.fill('#measures', 'pool@3');
    await page.fill('#input', 'A q1: d1 d2\nB q1 d3 d4');
    await waitForText(page, '#input-error', ['Line 2, column 1', 'line 2 is not a run or judgment line']);
    await page.fill('#input', 'A q1: d1 d2 d1');
    await waitForText(page, '#input-error', ['Line 1, column 13', "document 'd1' appears twice"]);
    assert.equal(await page.locator('#input-error mark').textContent(), 'd1');
  });
});

test('a depth of 0 is marked inside the measures field', async () => {
  await withPage(shareLink('pooling.html', { calc: 'pooling', in: THREE_RUNS, m: 'pool@3' }), async (page) => {
    await waitForAnswers(page, [POOL_3]);
    await page.fill('#depth', '0');
    await waitForText(page, '#measures-error', ['Line 1, column 6', 'a cutoff must be a positive whole number']);
    assert.equal(await page.locator('#measures-error mark').textContent(), '0');
  });
});

calculatorPageChecks(session, {
  file: 'pooling.html',
  state: { calc: 'pooling', in: THREE_RUNS, m: 'pool@3' },
  answers: [POOL_3],
  presets: { 'Pool@3': [POOL_3], 'Pool@5': [POOL_5], TREC: [POOL_TREC] },
  markup: 'A q1: <b>d1</b> <img/src=x/onerror=alert(1)>\nqrels q1: <b>d1</b>+',
});
