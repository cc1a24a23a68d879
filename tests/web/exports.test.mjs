// Exports (web/js/render/export.js, the text formats common/table-text.js): every table copied as
// CSV, Markdown and LaTeX (booktabs), every chart downloaded as SVG and PNG, on the calculators
// and the TREC page alike. The first tests run the text formats in Node; the rest drive the
// built site in Chromium and read what a button produced from the toolbar's text box (and, where
// the test grants it, the clipboard).
// Run: vite build --outDir /tmp/site && IRM_DIST=/tmp/site node --test tests/web/exports.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inflateSync } from 'node:zlib';
import { contentSecurityPolicy } from '../../scripts/serve.mjs';
import { latexText, tableToCsv, tableToLatex, tableToMarkdown } from '../../common/table-text.js';
import { downloadBytes, shareLink, useBrowserSession, waitForAnswers } from './helpers.mjs';

const { openPage, withPage } = useBrowserSession({ clipboard: true, reusePages: true });

// ------------------------------------------------------------------ the formats, in Node

const SMALL = {
  caption: 'P@k of run_1 & run #2',
  columns: ['doc', 'P@k'],
  numeric: [false, true],
  rows: [
    ['d_1', '1/1 = 1'],
    ['a, "b"', '2/3 ≈ 0.6667'],
  ],
};

test('LaTeX: & % $ # _ { } ~ ^ \\ are escaped, each one as LaTeX needs', () => {
  assert.equal(
    latexText('a&b%c$d#e_f{g}h~i^j\\k'),
    'a\\&b\\%c\\$d\\#e\\_f\\{g\\}h\\textasciitilde{}i\\textasciicircum{}j\\textbackslash{}k',
  );
  // The symbols the tables use that pdfLaTeX would refuse as typed.
  assert.equal(latexText('2/3 ≈ 0.6667, τ ≤ 1'), '2/3 \\ensuremath{\\approx} 0.6667, \\ensuremath{\\tau} \\ensuremath{\\leq} 1');
});

test('LaTeX: a booktabs table, \\toprule over the header, \\midrule under it, \\bottomrule at the end', () => {
  assert.equal(
    tableToLatex(SMALL),
    [
      '% needs \\usepackage{booktabs}',
      '\\begin{table}',
      '  \\centering',
      '  \\caption{P@k of run\\_1 \\& run \\#2}',
      '  \\begin{tabular}{lr}',
      '    \\toprule',
      '    doc & P@k \\\\',
      '    \\midrule',
      '    d\\_1 & 1/1 = 1 \\\\',
      '    a, "b" & 2/3 \\ensuremath{\\approx} 0.6667 \\\\',
      '    \\bottomrule',
      '  \\end{tabular}',
      '\\end{table}',
      '',
    ].join('\n'),
  );
});

test('CSV: RFC 4180, CRLF line ends, a field with a comma or quote in quotes and its quotes doubled', () => {
  assert.equal(tableToCsv(SMALL), 'doc,P@k\r\nd_1,1/1 = 1\r\n"a, ""b""",2/3 ≈ 0.6667\r\n');
});

test('Markdown: the caption in bold, numbers right-aligned, | and _ escaped', () => {
  const table = { ...SMALL, rows: [['a|b', 'x_y']] };
  assert.equal(
    tableToMarkdown(table),
    '**P@k of run\\_1 & run #2**\n\n| doc | P@k |\n| --- | ---: |\n| a\\|b | x\\_y |\n',
  );
});

// ------------------------------------------------------------------ the calculators' tables

// method-1-ap (CS657A notes): R = 5, relevant at ranks 1, 3, 6, 9, 10 ("+ - + - - + - - + +"). The
// precision at each relevant document: 1/1, 2/3, 3/6, 4/9, 5/10; they sum to
// 1 + 2/3 + 1/2 + 4/9 + 1/2 = (18 + 12 + 9 + 8 + 9)/18 = 56/18 = 28/9, and AP@10 = 28/9 / 5 = 28/45.
// Shown with four decimals: 2/3 ≈ 0.6667, 4/9 ≈ 0.4444, 28/9 ≈ 3.1111; 3/6 and 5/10 are 0.5
// exactly, 1/1 is 1.
const RL2 = { calc: 'ranked', in: '+ - + - - + - - + +', relevant: '5', m: 'AP@10, P@5' };
const RL2_ROWS_BOTH = [
  ['1', '+', '1/1 = 1'],
  ['3', '+', '2/3 ≈ 0.6667'],
  ['6', '+', '3/6 = 0.5'],
  ['9', '+', '4/9 ≈ 0.4444'],
  ['10', '+', '5/10 = 0.5'],
  ['sum', '', '28/9 ≈ 3.1111'],
];
const AP_TABLE = '#outcome-0 .table-block:has(caption:text-is("Precision at each relevant document"))';

/**
 * Presses a toolbar button and returns the text it produced (as its box holds it: a <textarea>'s
 * value has \n line ends where CSV's \r\n were; the clipboard gets the \r\n) and the status.
 */
async function press(page, toolbarScope, button) {
  const scope = page.locator(toolbarScope).first();
  const status = scope.locator('.export-status');
  await status.evaluate((node) => {
    node.textContent = ''; // so that the wait below is for this press's status
  });
  await scope.locator(button).click();
  await status.filter({ hasText: /\S/ }).waitFor();
  return { text: await scope.locator('[data-export-text]').inputValue(), status: await status.textContent() };
}

test('method-1-ap: "Copy CSV", "Copy Markdown" and "Copy LaTeX" copy the precision at each relevant document as shown', async () => {
  await withPage(shareLink('ranked.html', RL2), async (page) => {
    await waitForAnswers(page, ['AP@10 = 28/45 ≈ 0.6222', 'P@5 = 2/5 = 0.4']);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    const csv = await press(page, AP_TABLE, '[data-copy-table="csv"]');
    assert.equal(csv.status, 'Copied as CSV.');
    const expectedCsv = ['rank,document,P@k', ...RL2_ROWS_BOTH.map((row) => row.join(','))].join('\r\n') + '\r\n';
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), expectedCsv);
    assert.equal(csv.text, expectedCsv.replace(/\r\n/g, '\n'));
    assert.equal(await page.locator(AP_TABLE).locator('[data-export-text]').isHidden(), true, 'the box stays hidden when the clipboard worked');

    const markdown = await press(page, AP_TABLE, '[data-copy-table="markdown"]');
    assert.equal(markdown.status, 'Copied as Markdown.');
    assert.equal(
      markdown.text,
      [
        '**Precision at each relevant document**',
        '',
        '| rank | document | P@k |',
        '| --- | --- | ---: |',
        ...RL2_ROWS_BOTH.map((row) => `| ${row.join(' | ')} |`),
        '',
      ].join('\n'),
    );
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), markdown.text);

    const latex = await press(page, AP_TABLE, '[data-copy-table="latex"]');
    assert.equal(latex.status, 'Copied as LaTeX.');
    const latexRows = RL2_ROWS_BOTH.map((row) => `    ${row.join(' & ').replace('≈', '\\ensuremath{\\approx}')} \\\\`);
    assert.equal(
      latex.text,
      [
        '% needs \\usepackage{booktabs}',
        '\\begin{table}',
        '  \\centering',
        '  \\caption{Precision at each relevant document}',
        '  \\begin{tabular}{llr}',
        '    \\toprule',
        '    rank & document & P@k \\\\',
        '    \\midrule',
        ...latexRows,
        '    \\bottomrule',
        '  \\end{tabular}',
        '\\end{table}',
        '',
      ].join('\n'),
    );
  });
});

test('method-1-ap: the copy follows "Numbers in tables": fractions only, or the decimals shown', async () => {
  await withPage(shareLink('ranked.html', RL2), async (page) => {
    await waitForAnswers(page, ['AP@10 = 28/45 ≈ 0.6222', 'P@5 = 2/5 = 0.4']);
    const column = async () =>
      (await press(page, AP_TABLE, '[data-copy-table="csv"]')).text
        .trim()
        .split('\n')
        .map((line) => line.split(',')[2]);
    await page.selectOption('[data-table-numbers]', 'fractions');
    assert.deepEqual(await column(), ['P@k', '1/1', '2/3', '3/6', '4/9', '5/10', '28/9']);
    await page.selectOption('[data-table-numbers]', 'decimals');
    assert.deepEqual(await column(), ['P@k', '1', '0.6667', '0.5', '0.4444', '0.5', '3.1111']);
  });
});

test('the table of every answer copies too: AP@10 = 28/45, P@5 = 2/5 (ranks 1 and 3 of the first 5)', async () => {
  await withPage(shareLink('ranked.html', RL2), async (page) => {
    await waitForAnswers(page, ['AP@10 = 28/45 ≈ 0.6222', 'P@5 = 2/5 = 0.4']);
    const summary = '.table-block:has(caption:text-is("All answers"))';
    const { text } = await press(page, summary, '[data-copy-table="csv"]');
    assert.equal(text, 'Measure,Value\nAP@10,28/45 ≈ 0.6222\nP@5,2/5 = 0.4\n');
  });
});

test('when the clipboard refuses, the text waits in a read-only box, focused and selected, and the status says so', async () => {
  await withPage(shareLink('ranked.html', RL2), async (page) => {
    await waitForAnswers(page, ['AP@10 = 28/45 ≈ 0.6222', 'P@5 = 2/5 = 0.4']);
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    const { text, status } = await press(page, AP_TABLE, '[data-copy-table="csv"]');
    assert.equal(status, 'The browser did not allow copying: the CSV is in the box below, selected; copy it with Ctrl+C (⌘C).');
    const box = page.locator(AP_TABLE).locator('[data-export-text]');
    assert.equal(await box.isVisible(), true);
    assert.equal(await box.getAttribute('readonly'), '');
    assert.match(text, /^3,\+,2\/3 ≈ 0\.6667$/m);
    const selection = await box.evaluate((area) => [document.activeElement === area, area.selectionStart, area.selectionEnd, area.value.length]);
    assert.deepEqual(selection, [true, 0, text.length, text.length]);

    // A browser without the clipboard API at all: the same box.
    await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
    const latex = await press(page, AP_TABLE, '[data-copy-table="latex"]');
    assert.match(latex.status, /did not allow copying: the LaTeX/);
    assert.match(latex.text, /\\toprule/);
  });
});

test('a table longer than the 200 rows shown copies every row: rank 250 of "R N" × 125', async () => {
  // Odd ranks relevant: 125 relevant in all (R = 125). At rank 250: 125 relevant so far,
  // P@250 = 125/250 = 0.5, R@250 = 125/125 = 1; interpolated P = the best precision at recall 1 or
  // more = P@249 = 125/249 ≈ 0.50201 → 0.5020 (rank 249 is the last relevant one).
  const state = { calc: 'ranked', in: 'R N '.repeat(125).trim(), m: 'PR' };
  await withPage(shareLink('ranked.html', state), async (page) => {
    await page.waitForSelector('#outcome-0 .table-more');
    const table = '#outcome-0 div:has(> .table-block .step-table)';
    const { text } = await press(page, table, '[data-copy-table="csv"]');
    const lines = text.trim().split('\n');
    assert.equal(lines.length, 1 + 250);
    assert.equal(lines[0], 'rank,document,relevant?,relevant so far,P@k,R@k,interpolated P,contributes to AP');
    assert.equal(lines[250], '250,N,no,125,125/250 = 0.5,125/125 = 1,125/249 ≈ 0.5020,');
  });
});

test('sets-d1-to-d8: the confusion matrix copies with its headers: TP 2, FN 1 in the relevant row; FP 2, TN 3 in the other', async () => {
  // sets-d1-to-d8 (CS657A notes): relevant {d1, d5, d7}, returned {d1, d3, d5, d6} of d1…d8: TP =
  // |{d1, d5}| = 2, FN = |{d7}| = 1, FP = |{d3, d6}| = 2, TN = |{d2, d4, d8}| = 3.
  await withPage(shareLink('sets.html', { calc: 'sets', in: 'tp=2 fp=2 fn=1 tn=3', m: 'confusion' }), async (page) => {
    await page.waitForSelector('figure.chart-matrix');
    const { text } = await press(page, 'figure.chart-matrix', '[data-copy-table="csv"]');
    const [header, relevant, other] = text.trim().split('\n');
    assert.match(header, /^,,.*returned.*,.*not returned.*$/);
    assert.match(relevant, /^truth,relevant.*,2,1$/);
    assert.match(other, /^truth,non-relevant.*,2,3$/);
  });
});

// ------------------------------------------------------------------ charts

/** A download's suggested name and bytes. */
async function download(page, click) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: await downloadBytes(file) };
}

/** Width, height and the inflated scanlines of a PNG (8-bit RGBA, as a canvas writes it). */
function readPng(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'the PNG signature');
  let offset = 8;
  const idat = [];
  let width = 0;
  let height = 0;
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  return { width, height, pixels: inflateSync(Buffer.concat(idat)) };
}

// method-1-ap with PR: the precision–recall curve, 640 × 340 at the desktop width.
const RL2_PR = { calc: 'ranked', in: '+ - + - - + - - + +', relevant: '5', m: 'PR' };
const PR_CHART = 'figure.chart[data-chart-id="pr"]';

test('the CSP allows images from blob: URLs, which the PNG export needs, and nothing else new', () => {
  assert.match(contentSecurityPolicy, /(^|; )img-src 'self' blob:(;|$)/);
  assert.match(contentSecurityPolicy, /default-src 'self'/);
  assert.doesNotMatch(contentSecurityPolicy, /data:|unsafe-inline/);
});

for (const colorScheme of ['light', 'dark']) {
  test(`the PR chart downloads as a standalone SVG in the page's ${colorScheme} colours, with its title`, async () => {
    const { page, problems, close } = await openPage(shareLink('ranked.html', RL2_PR), { waitForReady: false });
    try {
      await page.emulateMedia({ colorScheme });
      await page.waitForSelector(`${PR_CHART} svg.irm-plot`);
      const { name, bytes } = await download(page, () => page.click(`${PR_CHART} [data-download-chart="svg"]`));
      assert.equal(name, 'precision-recall-curve.svg');
      const svg = bytes.toString('utf8');
      assert.match(svg, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      assert.match(svg, /<title>Precision–recall curve<\/title>/);
      assert.match(svg, /<desc>Precision against recall/);
      assert.doesNotMatch(svg, /class=|style=|<style/, 'no dependence on site.css');
      // site.css: the first series is --series-0 (#1f5fa8 light, #7fb2f0 dark), drawn on
      // --surface (#ffffff light, #1b2029 dark).
      const [series, surface] = colorScheme === 'light' ? ['rgb(31, 95, 168)', 'rgb(255, 255, 255)'] : ['rgb(127, 178, 240)', 'rgb(27, 32, 41)'];
      assert.match(svg, new RegExp(`<rect x="0" y="0" width="\\d+" height="\\d+" fill="${surface.replace(/[()]/g, '\\$&')}"/>`));
      assert.ok(svg.includes(`stroke="${series}"`), `a line in ${series}`);
      // The legend is drawn in the file, above the plot: the page's entries, in its order.
      const legend = [...svg.matchAll(/<text [^>]*dominant-baseline="central"[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
      const shownLegend = await page.locator(`${PR_CHART} .chart-legend li`).allTextContents();
      assert.ok(shownLegend.includes('precision and recall at each rank'), shownLegend.join(' | '));
      assert.deepEqual(legend, shownLegend);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
}

test('the PR chart downloads as a PNG twice its size, drawn (not blank), with no CSP violation', async () => {
  await withPage(shareLink('ranked.html', RL2_PR), async (page) => {
    await page.waitForSelector(`${PR_CHART} svg.irm-plot`);
    // The plot is 640 px wide at the desktop width; the file adds the legend above it.
    const plotHeight = Number((await page.getAttribute(`${PR_CHART} svg.irm-plot`, 'viewBox')).split(/\s+/)[3]);
    const svg = (await download(page, () => page.click(`${PR_CHART} [data-download-chart="svg"]`))).bytes.toString('utf8');
    const [, width, height] = /<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg).map(Number);
    assert.equal(width, 640);
    assert.ok(height > plotHeight, `${height} px: the plot's ${plotHeight} and the legend`);
    const { name, bytes } = await download(page, () => page.click(`${PR_CHART} [data-download-chart="png"]`));
    assert.equal(name, 'precision-recall-curve.png');
    const png = readPng(bytes);
    assert.deepEqual([png.width, png.height], [width * 2, height * 2]);
    // A blank canvas inflates to a handful of byte values; a chart's lines, dots and antialiased
    // text give many.
    assert.ok(new Set(png.pixels).size > 50, `${new Set(png.pixels).size} distinct bytes`);
    assert.match(await page.locator(`${PR_CHART} .export-status`).textContent(), /^PNG downloaded: precision-recall-curve\.png$/);
  });
});

// ------------------------------------------------------------------ the TREC page, through the same module

// tests/web/trec.test.mjs works these out by hand: run alpha has map = (5/9 + 1/2) / 2 = 19/36 ≈
// 0.5278 and num_rel_ret = 2 + 1 = 3 over the two topics.
const QRELS = ['t1 0 a 1', 't1 0 b 0', 't1 0 c 2', 't1 0 d 1', 't2 0 e 1', 't2 0 f 0', 't2 0 g 1'].join('\n');
const RUN_ALPHA = [
  't1 Q0 a 1 0.9 alpha',
  't1 Q0 b 2 0.8 alpha',
  't1 Q0 c 3 0.7 alpha',
  't1 Q0 x 4 0.6 alpha',
  't1 Q0 y 5 0.5 alpha',
  't1 Q0 z 6 0.4 alpha',
  't2 Q0 f 1 0.8 alpha',
  't2 Q0 g 2 0.8 alpha',
  't2 Q0 h 3 0.5 alpha',
].join('\n');

test('TREC page: the summary copies as CSV and LaTeX with the copy buttons, the same text as its downloads', async () => {
  await withPage('trec.html', async (page) => {
    await page.fill('#qrels-text', QRELS);
    await page.fill('#run-text', RUN_ALPHA);
    await page.waitForSelector('.trec-summary');
    const summary = '.sortable:has(.trec-summary)';
    const { text: csv } = await press(page, summary, '[data-copy-table="csv"]');
    const [header, row] = csv.trim().split('\n').map((line) => line.split(','));
    assert.equal(row[0], 'alpha');
    assert.equal(row[header.indexOf('map')], '0.5278');
    assert.equal(row[header.indexOf('num_rel_ret')], '3');
    const downloaded = await download(page, () => page.click('[data-export="csv"]'));
    assert.equal(downloaded.bytes.toString('utf8'), csv.replace(/\n/g, '\r\n'));

    const { text: latex } = await press(page, summary, '[data-copy-table="latex"]');
    assert.match(latex, /\\toprule\n {4}run & .*num\\_rel\\_ret.* \\\\\n {4}\\midrule\n {4}alpha & .*0\.5278/);
    assert.equal((await download(page, () => page.click('[data-export="tex"]'))).bytes.toString('utf8'), latex);

    // The per-topic AP bars download like any chart.
    const bars = 'figure.chart[data-chart-id="trec-ap"]';
    const svg = await download(page, () => page.click(`${bars} [data-download-chart="svg"]`));
    assert.equal(svg.name, 'ap-of-each-topic-alpha.svg');
    assert.match(svg.bytes.toString('utf8'), /<title>AP of each topic: alpha<\/title>/);
  });
});
