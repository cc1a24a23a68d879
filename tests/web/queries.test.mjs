// Browser tests of the Several queries page (web/queries.html) against the built site in dist/.
// The example is the CS657A notes' three methods (docs/examples.md method-1-ap to method-3-ap) as
// three queries. Run: npm run build && node --test tests/web/queries.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculatorPageChecks, shareLink, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

const THREE_METHODS = [
  'q1 relevant=5',
  '+ - + - - + - - + +',
  '',
  'q2 relevant=5',
  '- + - - + + + - - -',
  '',
  'q3 relevant=5',
  '- + + + + + - - - -',
].join('\n');

// MAP by hand: AP = 28/45, 69/175, 71/100 (method-1-ap to method-3-ap). Over the common denominator
// 6300 = 2²·3²·5²·7: 28/45 = 3920/6300, 69/175 = 2484/6300, 71/100 = 4473/6300; the sum is
// 10877/6300 and a third of it is 10877/18900 (10877 is odd and divisible by none of 3, 5, 7),
// which is 0.57550… ≈ 0.5755.
const MAP = 'MAP = 10877/18900 ≈ 0.5755';
// MRR by hand: the first relevant document is at rank 1, 2 and 2: (1 + 1/2 + 1/2)/3 = 2/3.
const MRR = 'MRR = 2/3 ≈ 0.6667';
// mean(P@5) by hand: 2, 2 and 4 relevant in the top 5: (2/5 + 2/5 + 4/5)/3 = 8/15.
const MEAN_P5 = 'mean(P@5) = 8/15 ≈ 0.5333';
// 11pt-avg by hand: each query's 11 interpolated precisions average to 2/3 (q1: three levels at
// 1, two at 2/3, six at 1/2), 36/77 (q2: nine levels at 4/7, two at 0 as its 5th relevant is
// never found) and 5/6 (q3: 5/6 at every level); over 462: (308 + 216 + 385)/462/3 = 101/154.
const PT11 = '11pt-avg = 101/154 ≈ 0.6558';
// gMAP by hand: 28/45 · 69/175 · 71/100 = 137172/787500 = 1633/9375 ≈ 0.174187, whose cube
// root is ≈ 0.5585 (0.5585³ ≈ 0.17421).
const GMAP = 'gMAP = 0.5585';

const session = useBrowserSession({ clipboard: true, reusePages: true });
const { withPage } = session;

test('the three methods typed in as three queries: MAP = 10877/18900 ≈ 0.5755 with a row per query', async () => {
  await withPage('queries.html', async (page) => {
    await page.fill('#measures', 'MAP');
    await page.fill('#input', THREE_METHODS);
    await waitForAnswers(page, [MAP]);
    const rows = await page
      .locator('#outcome-0 table.step-table tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [tr.cells[0].textContent, tr.cells[tr.cells.length - 1].querySelector('.cell-text').textContent]));
    assert.deepEqual(rows, [
      ['q1', '28/45'],
      ['q2', '69/175'],
      ['q3', '71/100'],
    ]);
    // The bars of each query's AP, named by query.
    const ticks = await page.locator('#outcome-0 figure.chart svg g[aria-hidden] text, #outcome-0 figure.chart svg text').allTextContents();
    for (const query of ['q1', 'q2', 'q3']) assert.ok(ticks.includes(query), `${query} on the x axis: ${ticks}`);
  });
});

test('MRR = 2/3 and mean(P@5) = 8/15 on the same queries; each measure has its own per-query chart', async () => {
  await withPage(shareLink('queries.html', { calc: 'queries', in: THREE_METHODS, m: 'MAP, MRR, mean(P@5)' }), async (page) => {
    await waitForAnswers(page, [MAP, MRR, MEAN_P5]);
    const titles = await page.locator('figure.chart figcaption').allTextContents();
    assert.deepEqual(titles, ['AP of each query', 'RR of each query', 'P@5 of each query']);
    assert.equal(await page.getAttribute('[data-quick-add] [data-measure="mean"]', 'aria-pressed'), 'true');
  });
});

test("11pt-avg = 101/154: the mean curve is drawn over each query's faint curve; many queries share one legend entry", async () => {
  await withPage(shareLink('queries.html', { calc: 'queries', in: THREE_METHODS, m: '11pt-avg' }), async (page) => {
    await waitForAnswers(page, [PT11]);
    const figure = page.locator('figure.chart', { has: page.locator('figcaption', { hasText: 'Averaged 11-point' }) });
    assert.equal(await figure.locator('svg .chart-faint').count(), 3, 'one faint curve per query');
    assert.deepEqual((await figure.locator('.chart-legend li').allTextContents()).slice(0, 3), ['q1', 'q2', 'q3']);
    // Faint curves are drawn first, so the mean stays on top.
    const order = await figure.locator('svg g.chart-series').evaluateAll((groups) => groups.map((g) => g.classList.contains('chart-faint')));
    assert.deepEqual(order, [true, true, true, false]);

    await page.fill('#input', `${THREE_METHODS}\n\nq4 relevant=2\n+ +\n\nq5 relevant=2\n- +`);
    await waitForText(page, 'figure[data-chart-id="11pt-avg"] .chart-legend', ['q1, q2, q3 and 2 more']);
    assert.equal(await figure.locator('.chart-legend li').count(), 2);
    assert.equal(await figure.locator('svg .chart-faint').count(), 5);
  });
});

test('a stray mark in the second query is marked on its line of the whole input', async () => {
  await withPage('queries.html', async (page) => {
    await page.fill('#measures', 'MAP');
    await page.fill('#input', 'q1 relevant=5\n+ - +\n\nq2 relevant=5\n- + X -');
    await waitForText(page, '#input-error', ['Line 5, column 5', 'query q2']);
    assert.equal(await page.locator('#input-error mark').textContent(), 'X');
    await page.fill('#input', 'q1 relevant=x\n+ - +');
    await waitForText(page, '#input-error', ['Line 1, column 4']);
    assert.equal(await page.locator('#input-error mark').textContent(), 'relevant=x');
  });
});

test('R from the page field counts for the queries whose header gives none', async () => {
  // One query, + - + with R = 4: AP = (1 + 2/3)/4 = 5/12.
  await withPage(shareLink('queries.html', { calc: 'queries', in: '+ - +', relevant: '4', m: 'MAP' }), async (page) => {
    await waitForAnswers(page, ['MAP = 5/12 ≈ 0.4167']);
  });
});

calculatorPageChecks(session, {
  file: 'queries.html',
  state: { calc: 'queries', in: THREE_METHODS, m: 'MAP, MRR' },
  answers: [MAP, MRR],
  presets: {
    Q1: [MAP, MRR],
    Q2: [PT11],
    Q3: [GMAP, MEAN_P5],
  },
});
