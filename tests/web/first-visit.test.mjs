// Browser tests that keep the site's first visit light (wasm/CMakeLists.txt, vite.config.js,
// engine-worker.js, engine-modules.js, render/chart.js): a calculator page loads the wasm module
// of its group (calculators.js `engine`: the ranked page's is irmetrics-lists), the lite one
// (every measure) only when a name its group's module does not know is typed, the one with the
// checks (irmetrics-check) when a check is first asked, and never the full one; the TREC files
// page loads the full one only when it is given files; a chart is drawn by the page's own scripts
// (render/svg-plot.js), so an answer with a chart loads no script that one without does not.
// Requests are watched for the page and its workers (Chromium reports a dedicated worker's
// requests to the context).
// Run: npm run build && node --test tests/web/first-visit.test.mjs

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { calculators } from '../../web/js/calculators.js';
import { hashFor } from '../../web/js/url-state.js';
import { distDir, useBrowserSession, waitForText } from './helpers.mjs';

const session = useBrowserSession();

// Vite names a built file NAME-HASH.EXT, the hash 8 characters of [A-Za-z0-9_-].
const LISTS_WASM = /\/irmetrics-lists-[\w-]{8}\.wasm$/;
const LITE_WASM = /\/irmetrics-lite-[\w-]{8}\.wasm$/;
const CHECK_WASM = /\/irmetrics-check-[\w-]{8}\.wasm$/;
const FULL_WASM = /\/irmetrics-[\w-]{8}\.wasm$/; // no module name before the hash
const ANY_WASM = /\.wasm$/;
const CALCULATORS_WASM = /\/irmetrics-[a-z]+-[\w-]{8}\.wasm$/; // lite, check or a group's
const TREC_WORKER = /\/trec-worker-[\w-]{8}\.js$/;
const SCRIPT = /\.js$/;
const KATEX = /\/(?:katex|math-mathml)-[\w-]{8}\.js$/;

/**
 * Opens `path` in a fresh context (empty cache), records the URL of every request the page and
 * its workers make, runs `body(page, urls)` (`urls` grows as requests are made), and returns
 * the URLs.
 */
async function requestsOf(path, body) {
  const urls = [];
  // A file of the site that runs nothing first, so that the listener is there before the page's
  // first request. Its tab asks for /favicon.ico (the site has none: a 404 in the console), which
  // is not the page's doing: what was reported until then is dropped.
  const { page, problems, close } = await session.openPage('irmetrics-resize.js', { waitForReady: false });
  await page.waitForLoadState('networkidle');
  problems.length = 0;
  page.context().on('request', (request) => urls.push(request.url()));
  try {
    await page.goto(new URL(path, page.url()).href);
    await page.waitForSelector('body[data-ready]');
    await body(page, urls);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(problems, [], 'console errors, page errors or CSP violations');
  } finally {
    await close();
  }
  return urls;
}

const matching = (urls, pattern) => urls.filter((url) => pattern.test(new URL(url).pathname));

// The ranked page's sample, + - + - - + - - + + with R = 5: relevant at ranks 1, 3, 6, 9, 10, so
// AP = (1/1 + 2/3 + 3/6 + 4/9 + 5/10) / 5 = (90 + 60 + 45 + 40 + 45) / 90 / 5 = 280/450 = 28/45
// ≈ 0.6222; its answer has a chart (the precision–recall curve).
const RANKED = 'ranked.html#calc=ranked&in=%2B+-+%2B+-+-+%2B+-+-+%2B+%2B&relevant=5&m=AP';

test('a calculator share link loads its group’s module, the check module only for a check, never lite or the full one', async () => {
  let beforeCheck = [];
  const urls = await requestsOf(RANKED, async (page, seen) => {
    await waitForText(page, '.outcome .answer', ['28/45', '0.6222']);
    await page.locator('.outcome figure.chart svg').first().waitFor({ timeout: 10000 });
    await page.waitForLoadState('networkidle');
    beforeCheck = matching(seen, CHECK_WASM);
    // 28/45 checked: the check module is loaded, and answers (and answers everything after).
    await page.locator('#outcome-0 .check-answer input').fill('28/45');
    await page.locator('#outcome-0 .check-answer button').click();
    await waitForText(page, '#outcome-0 .check-answer [role="status"]', ['✓ Correct exactly']);
  });
  assert.deepEqual(beforeCheck, [], 'no check module before a check is asked');
  assert.equal(matching(urls, CHECK_WASM).length, 1, 'the check module once a check is asked');
  assert.equal(matching(urls, LISTS_WASM).length, 1, `the lists wasm once: ${urls.join(' ')}`);
  assert.deepEqual(matching(urls, LITE_WASM), [], 'no lite wasm: AP is in the lists module');
  assert.deepEqual(matching(urls, FULL_WASM), [], 'no full wasm on a calculator page');
  assert.deepEqual(matching(urls, TREC_WORKER), [], 'no TREC worker on a calculator page');
});

// P@5 of the same list: 2 relevant in the first 5 (ranks 1 and 3), P@5 = 2/5; its answer has no
// chart. AP's has one, drawn with the scripts the page has already: the same scripts load.
test('an answer with a chart loads the same scripts as one without', async () => {
  const scripts = (urls) => [...new Set(matching(urls, SCRIPT).map((url) => new URL(url).pathname))].sort();
  const withChart = await requestsOf(RANKED, async (page) => {
    await waitForText(page, '.outcome .answer', ['28/45', '0.6222']);
    await page.locator('.outcome figure.chart svg.irm-plot').first().waitFor({ timeout: 10000 });
  });
  const without = await requestsOf(RANKED.replace('m=AP', 'm=P%405'), async (page) => {
    await waitForText(page, '.outcome .answer', ['P@5', '2/5']);
    assert.equal(await page.locator('.outcome figure.chart').count(), 0, 'no chart drawn');
  });
  assert.deepEqual(matching(without, ANY_WASM).map((url) => LISTS_WASM.test(new URL(url).pathname)), [true]);
  assert.deepEqual(scripts(withChart), scripts(without));
});

test('a calculator opened without an answer loads KaTeX only when a formula is shown', async () => {
  let before = [];
  const urls = await requestsOf('ranked.html', async (page, seen) => {
    await page.waitForLoadState('networkidle');
    before = matching(seen, KATEX);
    // A worked example (Method 1 of the course notes: AP@10 = 28/45) shows its formulas.
    await page.click('[data-preset="RL2"]');
    await waitForText(page, '.outcome .answer', ['28/45']);
    await page.locator('.outcome .formula .katex').first().waitFor();
    assert.equal(await page.locator('.math-pending').count(), 0, 'no formula left as its source');
  });
  assert.deepEqual(before, [], 'no KaTeX before a formula is shown');
  assert.ok(matching(urls, KATEX).length >= 1, 'KaTeX loaded for the formulas');
});

// The ranked page's module (irmetrics-lists) has neither kappa nor a name close to "kapa": the
// page answers both as it did when every page loaded the lite module, which it now loads for
// them. AP is 28/45 as above; kappa, the agreement page's measure, is handed off there (the page
// needs the whole registry to know where kappa is computed); "kapa" is the lite module's unknown
// measure, with its suggestion (core/src/parse/measure_name.cpp: the closest name of the whole
// registry, kappa, which the lists module cannot suggest).
test('a measure of another group typed on the ranked page is answered from the lite module, loaded then', async () => {
  let beforeTyping = [];
  const urls = await requestsOf(RANKED, async (page, seen) => {
    await waitForText(page, '.outcome .answer', ['28/45']);
    await page.waitForLoadState('networkidle');
    beforeTyping = matching(seen, ANY_WASM).map((url) => new URL(url).pathname.replace(/^.*\//, ''));
    await page.fill('#measures', 'AP, kappa, kapa');
    await waitForText(page, '#measures-error', ["unknown measure 'kapa'", 'did you mean kappa?']);
    const handOff = page.locator('[data-hand-off="agreement"]');
    await handOff.waitFor();
    assert.match(await handOff.textContent(), /kappa \(.*\) is computed on the Judges’ agreement \(kappa, Fleiss, Krippendorff\) page/);
    await waitForText(page, '#outcome-0 .answer', ['28/45']);
  });
  assert.equal(beforeTyping.length, 1, beforeTyping.join(' '));
  assert.match(beforeTyping[0], /^irmetrics-lists-/);
  assert.equal(matching(urls, LISTS_WASM).length, 1, 'the lists wasm once');
  assert.equal(matching(urls, LITE_WASM).length, 1, 'the lite wasm once, when kappa and kapa were typed');
});

// One topic, one run: the run retrieves a (relevant) then b (not): AP = (1/1) / 1 = 1.0000.
test('the TREC page loads the full module only once files are given', async () => {
  let before = [];
  let beforeAny = [];
  const urls = await requestsOf('trec.html', async (page, seen) => {
    await page.waitForLoadState('networkidle');
    before = matching(seen, FULL_WASM);
    // Nor the calculators' module (the footer's version comes from the page's worker).
    beforeAny = matching(seen, CALCULATORS_WASM);
    await page.fill('#qrels-text', 'q1 0 a 1\nq1 0 b 0');
    await page.fill('#run-text', 'q1 Q0 a 1 2 alpha\nq1 Q0 b 2 1 alpha');
    await waitForText(page, '[data-trec-text]', ['map                   \tall\t1.0000'], { timeout: 15000 });
  });
  assert.deepEqual(before, [], 'no full wasm before any file is given');
  assert.deepEqual(beforeAny, [], 'no calculator wasm before any file is given');
  assert.deepEqual(matching(urls, CALCULATORS_WASM), [], 'no calculators’ wasm is ever loaded');
  assert.equal(matching(urls, FULL_WASM).length, 1, 'the full wasm once files are given');
  assert.equal(matching(urls, TREC_WORKER).length, 1);
});

// The first-visit goal: a share link of any calculator, its answer shown with its formulas and
// charts, fetches at most 250 KB in all (page, scripts, stylesheet, worker, wasm module, KaTeX),
// counted as each file's gzip -9 size in dist/ (what scripts/first-visit.mjs counts; the server
// sends brotli, about 15% less), so the figure does not depend on how the test server compresses.
// Each calculator's first sample, as scripts/bench-web.mjs opens it.
test('a share link of every calculator fetches at most 250 KB gzip in all, wasm and KaTeX included', async () => {
  const sizes = new Map();
  const gzipped = (path) => {
    if (!sizes.has(path)) sizes.set(path, gzipSync(readFileSync(join(distDir, decodeURIComponent(path))), { level: 9 }).length);
    return sizes.get(path);
  };
  const totals = [];
  for (const calculator of calculators) {
    const sample = Object.values(calculator.samples)[0];
    if (!sample) continue; // the TREC page: files, not a share link
    const urls = await requestsOf(`${calculator.page}#${hashFor({ calc: calculator.calc, ...sample })}`, async (page) => {
      await page.locator('.outcome .answer').first().waitFor();
      await page.locator('.outcome .formula .katex').first().waitFor();
      await page.waitForLoadState('networkidle');
    });
    const paths = [...new Set(urls.map((url) => new URL(url).pathname))];
    assert.ok(paths.some((path) => ANY_WASM.test(path)) && paths.some((path) => KATEX.test(path)), `${calculator.page}: ${paths.join(' ')}`);
    const bytes = paths.reduce((sum, path) => sum + gzipped(path), 0);
    totals.push(`${calculator.page} ${(bytes / 1024).toFixed(1)} KB`);
    assert.ok(bytes <= 250 * 1024, `${calculator.page}: ${(bytes / 1024).toFixed(1)} KB gzip in ${paths.length} files`);
  }
  assert.equal(totals.length, calculators.length - 1, totals.join(', '));
});
