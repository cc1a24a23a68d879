// Browser tests of the Graded relevance page (web/ndcg.html) against the built site in dist/.
// The numbers are those of docs/examples.md (dcg-4-3-4-2 to dcg-3-2-1, the CS657A and Week 3
// notes), in the notes' convention rel_1 + Σ_{i≥2} rel_i / log2 i.
// Run: npm run build && node --test tests/web/ndcg.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorPageChecks, shareLink, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

const G1 = '4 3 4 2 0 0 0 1 1 0';
const G4 = '5 4 0 3 2\nunretrieved: 1';

const session = useBrowserSession({ clipboard: true, reusePages: true });
const { withPage } = session;

test('dcg-4-3-4-2 typed in: DCG = 11.1725 and nDCG = 0.9541 at rank 10, with DCG, IDCG and nDCG at every rank', async () => {
  await withPage('ndcg.html', async (page) => {
    await page.fill('#measures', 'DCG, nDCG');
    await page.locator('#input').pressSequentially(G1);
    await waitForAnswers(page, ['DCG = 11.1725', 'nDCG = 0.9541']);
    const table = page.locator('table.step-table', { has: page.locator('caption', { hasText: 'DCG, IDCG and nDCG at each rank' }) });
    const rows = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => [...tr.cells].map((td) => td.querySelector('.cell-text')?.textContent ?? td.textContent)),
    );
    assert.equal(rows.length, 10);
    const column = async (name) => (await table.locator('thead th').allTextContents()).indexOf(name);
    const dcg = await column('DCG');
    const ndcg = await column('nDCG');
    // dcg-4-3-4-2's DCG by rank in the notes: 4, 7, 9.5237, 10.5237, 10.5237, 10.5237, 10.5237,
    // 10.8571, 11.1725, 11.1725.
    assert.deepEqual(
      rows.map((row) => row[dcg]),
      ['4', '7', '9.5237', '10.5237', '10.5237', '10.5237', '10.5237', '10.8571', '11.1725', '11.1725'],
    );
    assert.equal(rows[9][ndcg], '0.9541');
    // One chart of each id, drawn from the Outcomes: DCG with IDCG, and nDCG.
    assert.deepEqual(await page.locator('figure.chart').evaluateAll((figures) => figures.map((f) => f.dataset.chartId)), ['dcg', 'ndcg']);
    const legend = await page.locator('figure[data-chart-id="dcg"] .chart-legend li').allTextContents();
    assert.equal(legend.length, 2, legend.join(' | '));
    const hash = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
    assert.deepEqual(Object.fromEntries(hash), { calc: 'ndcg', in: G1, m: 'DCG, nDCG' });
  });
});

test('capitals-method-3-dcg with "unretrieved: 1": nDCG@5 = 0.9219 over the ideal 5 4 3 2 1, IDCG@5 = 12.3235', async () => {
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: G4, m: 'nDCG@5, IDCG@5' }), async (page) => {
    await waitForAnswers(page, ['nDCG@5 = 0.9219', 'IDCG@5 = 12.3235']);
    // An irrational value shows how it was made.
    await waitForText(page, '#outcome-0 .answer', ['11.3614/12.3235']);
    await waitForText(page, '#outcome-0 .notes', ['5, 4, 3, 2, 1, 0']);
  });
});

test("the convention selector rewrites the names (nDCG(dcg=trec)) and the answer follows; trec_eval's form is offered beside the notes'", async () => {
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: G1, m: 'nDCG' }), async (page) => {
    await waitForAnswers(page, ['nDCG = 0.9541']);
    await waitForText(page, '#outcome-0 .alternatives', ['nDCG(dcg=trec)', 'nDCG(dcg=burges)']);
    await page.selectOption('select[data-param="dcg"]', 'trec');
    assert.equal(await page.inputValue('#measures'), 'nDCG(dcg=trec)');
    await waitForAnswers(page, ['nDCG(dcg=trec) = 0.9733']);
    await page.click('[data-quick-add] [data-measure="DCG"]');
    assert.equal(await page.inputValue('#measures'), 'nDCG(dcg=trec), DCG(dcg=trec)');
    await page.selectOption('select[data-param="dcg"]', 'notes');
    assert.equal(await page.inputValue('#measures'), 'nDCG, DCG');
  });
});

test('a grade that is not a number is marked where it stands, on the line of the unretrieved grades too', async () => {
  await withPage('ndcg.html', async (page) => {
    await page.fill('#measures', 'nDCG');
    await page.fill('#input', '4 3 x 2');
    await waitForText(page, '#input-error', ['Line 1, column 5', "found 'x'"]);
    assert.equal(await page.locator('#input-error mark').textContent(), 'x');
    assert.equal(await page.getAttribute('#input', 'aria-invalid'), 'true');
    await page.fill('#input', '4 3 2\nunretrieved: 1 y');
    await waitForText(page, '#input-error', ['Line 2, column 16']);
    assert.equal(await page.locator('#input-error mark').textContent(), 'y');
    await page.fill('#input', '4 3 2\nunretrieved: 1');
    await page.waitForSelector('#input-error', { state: 'hidden' });
    // DCG = 4 + 3 + 2/log2 3 = 8.2619; the ideal 4 3 2 1 adds 1/log2 4: IDCG = 8.7619; 0.9429.
    await waitForAnswers(page, ['nDCG = 0.9429']);
  });
});

test('an unknown convention in a shared name is marked inside the measures field', async () => {
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: G1, m: 'DCG, nDCG(dcg=foo)' }), async (page) => {
    // "nDCG(dcg=foo)" starts at column 6; the engine points at its column 10, the "foo".
    await waitForText(page, '#measures-error', ['Line 1, column 15']);
    assert.equal(await page.locator('#measures-error mark').textContent(), 'foo');
    await waitForText(page, '[data-results]', ['11.1725']); // DCG is still answered
  });
});

calculatorPageChecks(session, {
  file: 'ndcg.html',
  state: { calc: 'ndcg', in: G1, m: 'DCG, nDCG' },
  answers: ['DCG = 11.1725', 'nDCG = 0.9541'],
  presets: {
    G1: ['DCG = 11.1725', 'nDCG = 0.9541'],
    G2: ['nDCG@5 = 0.9189'],
    G3: ['nDCG@5 = 0.9675'],
    G4: ['nDCG@5 = 0.9219'],
    G5: ['DCG = 5.6309'],
  },
});

test('err-cascade-3-2-0-4 and rbp-band-1-0-1-1: ERR with its cascade table, RBP with its residual band', async () => {
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: '3 2 0 4', m: 'ERR, RBP(p=0.5,rel=1)' }), async (page) => {
    // ERR: R = (2^g − 1)/16 = 7/16, 3/16, 0, 15/16; the user stops at rank 1 with 7/16, at rank 2
    // with (9/16)(3/16) = 27/256, at rank 4 with (9/16)(13/16)(15/16) = 1755/4096;
    // ERR = 7/16 + 27/512 + 1755/16384 = 9787/16384. RBP(p = 1/2, rel = 1), relevant at 1, 2, 4:
    // 1/2 + 1/4 + 1/16 = 13/16, residual (1/2)^4 = 1/16.
    await waitForAnswers(page, ['ERR = 9787/16384 ≈ 0.5974', 'RBP(p=0.5,rel=1) = 13/16 = 0.8125']);
    const cascade = page.locator('table.step-table', { has: page.locator('caption', { hasText: 'The cascade' }) });
    const headings = await cascade.locator('thead th').allTextContents();
    const stops = headings.indexOf('stops here');
    const rows = await cascade.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => [...tr.cells].map((td) => td.querySelector('.cell-text')?.textContent ?? td.textContent)),
    );
    assert.deepEqual(
      rows.map((row) => row[stops].replace(/\s.*/, '')),
      ['7/16', '27/256', '0', '1755/4096'],
    );
    await waitForText(page, '#outcome-1 .notes', ['between 0.8125 and 0.8750']);
    assert.deepEqual(await page.locator('figure.chart').evaluateAll((figures) => figures.map((f) => f.dataset.chartId)), ['err', 'rbp']);
  });
});

test('ERR names a grade off its scale by line and column, and keeps the text as typed', async () => {
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: '3 5 1', m: 'ERR' }), async (page) => {
    await waitForText(page, '#input-error', ["found the grade '5' at line 1, column 3", 'ERR(max=5)']);
    assert.equal(await page.inputValue('#input'), '3 5 1');
  });
});

test('compat-2-0-1-0: Compat(p=0.5) = 71/83 with the ranking and the ideal side by side, and the unnormalised RBO offered', async () => {
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: '2 0 1 0', m: 'Compat(p=0.5)' }), async (page) => {
    // Ideal d1, d3; shared in the top i: 1, 1, 2, 2; Σ p^(i−1) A_i/i = 71/48 over the ideal's own
    // 83/48 = 71/83; not normalised, over Σ p^(i−1) = 15/8: 71/90.
    await waitForAnswers(page, ['Compat(p=0.5) = 71/83 ≈ 0.8554']);
    const table = page.locator('table.step-table', { has: page.locator('caption', { hasText: 'beside the ideal' }) });
    const headings = await table.locator('thead th').allTextContents();
    const shared = headings.indexOf('shared in the top i');
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent.trim())));
    assert.deepEqual(rows.map((row) => row[shared]), ['1', '1', '2', '2']);
    await waitForText(page, '#outcome-0 .alternatives', ['Compat(p=0.5,normalize=no)', '71/90']);
  });
});

test('inst-1: INST of one relevant document, with the ranks past the list in one row', async () => {
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: '1', m: 'INST' }), async (page) => {
    // W_r ∝ 1/r² over 1000 ranks: INST = 1/Σ_{r≤1000} 1/r² = 1/1.6439 = 0.6083.
    await waitForAnswers(page, ['INST = 0.6083']);
    await waitForText(page, '#outcome-0 table.step-table', ['2–1000', 'past the list']);
  });
});

test('insq-1-0: INSQ of grades 1 0, its table without the gain still wanted', async () => {
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: '1 0', m: 'INSQ' }), async (page) => {
    // C_i = ((i + 1)/(i + 2))², so rank r is reached with chance (2/(r + 1))²; over 1000 ranks
    // they sum to 4 Σ_{s=2}^{1001} 1/s² = 2.5757, and INSQ = W_1 = 1/2.5757 = 0.3882.
    await waitForAnswers(page, ['INSQ = 0.3882']);
    await waitForText(page, '#outcome-0 table.step-table', ['goes on C_i', '3–1000', 'past the list']);
    const headers = await page.locator('#outcome-0 table.step-table').first().locator('th').allTextContents();
    assert.ok(!headers.some((text) => text.includes('still wanted')), headers.join(' | '));
  });
});
