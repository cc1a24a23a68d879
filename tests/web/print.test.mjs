// The print stylesheet (web/css/site.css, @media print): a worked solution prints as the input,
// the answers, the working, the tables and the charts, black on white, without the site's menu,
// the examples, the measure buttons, the copy and download toolbars or anything else to click;
// tables are not cut at the edge of their scrolling box.
// Run: vite build --outDir /tmp/site && IRM_DIST=/tmp/site node --test tests/web/print.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shareLink, useBrowserSession } from './helpers.mjs';

const { openPage } = useBrowserSession({ reusePages: true });

// method-1-ap (CS657A notes): relevant at ranks 1, 3, 6, 9, 10 of R = 5: AP@10 = (1 + 2/3 + 3/6 +
// 4/9 + 5/10) / 5 = 28/45 ≈ 0.6222; PR adds the per-rank table and the precision–recall chart.
const RL2 = { calc: 'ranked', in: '+ - + - - + - - + +', relevant: '5', m: 'AP@10, PR' };

/** How many elements of `selector` are rendered (not display:none, not inside one), of how many. */
const shown = (page, selector) =>
  page.$$eval(selector, (nodes) => [nodes.filter((node) => node.getClientRects().length > 0).length, nodes.length]);

for (const colorScheme of ['light', 'dark']) {
  test(`printing method-1-ap (${colorScheme} system setting): input, answers, working, tables and chart, black on white; no controls`, async () => {
    const { page, problems, close } = await openPage(shareLink('ranked.html', RL2), { waitForReady: false });
    try {
      await page.emulateMedia({ colorScheme });
      await page.waitForSelector('body[data-ready]');
      await page.waitForSelector('figure.chart svg.irm-plot');
      await page.emulateMedia({ media: 'print', colorScheme });

      // Hidden: everything to click or navigate, every export toolbar.
      for (const selector of ['.site-header', '.site-footer', '.examples', '.quick-add', '.actions', '.export-toolbar', '.chart-description summary']) {
        const [visible, total] = await shown(page, selector);
        assert.ok(total > 0, `the page has ${selector}`);
        assert.equal(visible, 0, `${selector} is hidden in print`);
      }
      assert.deepEqual(await shown(page, '.outcome button').then(([visible]) => visible), 0, 'no button of an answer is printed');
      // Kept: the input, the answers, the working, the tables, the chart.
      assert.equal(await page.isVisible('#input'), true);
      assert.equal(await page.inputValue('#input'), RL2.in);
      for (const selector of ['.outcome .answer', '.outcome .formula .katex', 'table.step-table', 'figure.chart svg.irm-plot']) {
        const [visible, total] = await shown(page, selector);
        assert.ok(total > 0 && visible === total, `${selector}: ${visible} of ${total} printed`);
      }
      assert.match(await page.locator('#outcome-0 .answer').textContent(), /28\/45\s*≈\s*0\.6222/);

      // Black on white, whatever the system's scheme.
      const colours = await page.evaluate(() => {
        const body = getComputedStyle(document.body);
        const panel = getComputedStyle(document.querySelector('.results-panel'));
        return { text: body.color, background: body.backgroundColor, panel: panel.backgroundColor };
      });
      assert.deepEqual(colours, { text: 'rgb(0, 0, 0)', background: 'rgb(255, 255, 255)', panel: 'rgb(255, 255, 255)' });
      // The light scheme's code boxes and chart colours (site.css: --code-bg #eef1f5, --series-0
      // #1f5fa8), not the dark scheme's #262d39 box and pale #7fb2f0 line.
      assert.equal(await page.$eval('.answer-measure', (code) => getComputedStyle(code).backgroundColor), 'rgb(238, 241, 245)');
      assert.equal(await page.$eval('figure.chart .chart-series-0', (node) => getComputedStyle(node).color), 'rgb(31, 95, 168)');

      // No cut tables: the scrolling boxes let their table overflow instead of clipping it, and
      // a table is not split across pages when it fits on one.
      const boxes = await page.$$eval('.table-scroll', (nodes) => [...new Set(nodes.map((node) => getComputedStyle(node).overflowX))]);
      assert.deepEqual(boxes, ['visible']);
      const breaks = await page.$$eval('table.step-table', (nodes) => [...new Set(nodes.map((node) => getComputedStyle(node).breakInside))]);
      assert.deepEqual(breaks, ['avoid']);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
}

test('printing the TREC page keeps the summary and drops the file controls and the export buttons', async () => {
  const { page, problems, close } = await openPage('trec.html');
  try {
    await page.click('[data-sample]');
    await page.waitForSelector('.trec-summary');
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['.drop-zone', '.trec-exports', '.export-toolbar']) {
      const [visible, total] = await shown(page, selector);
      assert.ok(total > 0, `the page has ${selector}`);
      assert.equal(visible, 0, `${selector} is hidden in print`);
    }
    assert.equal(await page.isVisible('.trec-summary'), true);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
