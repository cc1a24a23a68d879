#!/usr/bin/env node
// npm run bench -- web (or node scripts/bench-web.mjs [--runs N] [--dist DIR] [PAGE...]):
// what a first visit of each page costs, measured in Debian's Chromium on the built site
// (dist/, served by scripts/serve.mjs with its compressed copies):
//
//   transferred  the bytes that crossed the network for a cold visit (empty cache): every
//                request of the page and of its workers, headers and (compressed) bodies
//   of which     the part that was wasm, KaTeX (its script, stylesheet and the fonts a formula
//                used)
//   requests     how many there were
//   answer       the time from navigation to the first worked answer on screen (an element
//                .outcome .answer, in the page or in the widget's shadow root): the median of
//                N cold visits (default 5), and the same under Chromium's 4× CPU slowdown
//                (Emulation.setCPUThrottlingRate), as a slower phone or laptop would see it
//
// Each calculator page is opened with a share link of its own sample input (calculators.js), so
// the answer is computed on arrival; the home page and the TREC page (no files given) have no
// answer and report only their bytes. Then a large input: 100,000 ranks pasted into the ranked
// page, the time to its answer and the longest task on the main thread meanwhile (a
// PerformanceObserver of 'longtask'): the page stays responsive when no task is long. Then the
// widget (irmetrics-embed.js) in a course page holding two <ir-calculator> elements, the page on
// the site's own origin (the script fetches irmetrics-embed.wasm) and on another origin (it loads
// irmetrics-embed-inline.js, the wasm as base64), and on the site's origin with every working
// shown (its charts drawn): the bytes of each embed file as sent, the
// total, the requests and the time to both answers (`widget` names this part alone). Needs
// `npm run build` first (its compressed copies: the bytes are brotli's). Not part of npm test.

import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { calculators } from '../web/js/calculators.js';
import { startServer } from './serve.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, dist: { type: 'string', default: `${root}dist` } },
  allowPositionals: true,
});
const runs = Math.max(1, Number(values.runs) || 5);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The pages measured: a share link of each calculator's sample, then the others. */
function pages() {
  const list = [];
  for (const calculator of calculators) {
    const sample = Object.values(calculator.samples)[0];
    if (!sample) {
      list.push({ name: calculator.calc, path: calculator.page, answer: false });
      continue;
    }
    const hash = new URLSearchParams({ calc: calculator.calc, in: sample.in, ...(sample.relevant ? { relevant: sample.relevant } : {}) });
    list.push({ name: calculator.calc, path: `${calculator.page}#${hash}`, answer: true });
  }
  const ranked = calculators[0].samples.ranked_list;
  list.push({ name: 'embed.html', path: `embed.html#${new URLSearchParams({ calc: 'ranked', in: ranked.in, relevant: ranked.relevant, m: 'AP' })}`, answer: true });
  list.push({ name: 'home', path: 'index.html', answer: false });
  return positionals.length ? list.filter((page) => positionals.includes(page.name)) : list;
}

/** Records, in the page, when the first answer appears (performance.now(), from navigation). */
function watchForAnswer() {
  const find = () =>
    document.querySelector('.outcome .answer') ?? document.querySelector('ir-calculator')?.shadowRoot?.querySelector('.outcome .answer');
  const look = () => {
    const answer = find();
    if (answer && answer.textContent.trim() !== '') window.__firstAnswer = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** A course page with two widgets, the script from `site` (scripts/build-embed.mjs). */
const widgetPage = (site, working = 'closed') =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A course page</title>' +
  `<script src="${site}irmetrics-embed.js"></script></head><body><main><h1>Exercise</h1>` +
  `<ir-calculator calc="ranked" input="R N R N" relevant="5" measures="AP, P@5" working="${working}"></ir-calculator>` +
  `<ir-calculator calc="ranked" input="R R" relevant="2" measures="AP" working="${working}"></ir-calculator></main></body></html>`;

/**
 * One cold visit of a course page with two widgets at `pageUrl`, the script from `site`. Returns the bytes per
 * embed file (headers and body as sent), all bytes, the requests and ms to both answers.
 */
async function widgetVisit(browser, pageUrl, site) {
  const context = await browser.newContext();
  // The same-origin page is not in dist/: the browser answers it from this route.
  const working = new URL(pageUrl).searchParams.get('working') ?? 'closed';
  if (pageUrl.startsWith(site)) await context.route(pageUrl, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: widgetPage(site, working) }));
  const page = await context.newPage();
  const sizes = [];
  context.on('requestfinished', (request) =>
    sizes.push(request.sizes().then((size) => ({ path: new URL(request.url()).pathname, bytes: size.responseBodySize + size.responseHeadersSize }))),
  );
  await page.goto(pageUrl);
  await page.waitForFunction(
    () => {
      const answered = [...document.querySelectorAll('ir-calculator')].filter((widget) => widget.shadowRoot?.querySelector('.outcome .answer'));
      if (answered.length === 2 && window.__widgetsAnswered === undefined) window.__widgetsAnswered = performance.now();
      return answered.length === 2;
    },
    null,
    { timeout: 60000, polling: 20 },
  );
  const answerMs = await page.evaluate(() => window.__widgetsAnswered);
  if (working === 'open') await page.waitForFunction(() => document.querySelector('ir-calculator').shadowRoot.querySelector('svg.irm-plot'), null, { timeout: 60000 });
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(sizes);
  await context.close();
  const byFile = {};
  for (const { path, bytes } of all) if (/\/irmetrics-embed[\w.-]*$/.test(path)) byFile[path.slice(1)] = (byFile[path.slice(1)] ?? 0) + bytes;
  return { byFile, bytes: all.reduce((sum, one) => sum + one.bytes, 0), requests: all.length, answerMs };
}

/** What a request was, for the 'of which' columns: 'wasm', 'katex' or ''. */
function kindOf(url) {
  const path = new URL(url).pathname;
  if (path.endsWith('.wasm')) return 'wasm';
  if (/\/((katex|math-mathml)-[\w-]+\.(js|css)|KaTeX_[\w-]+\.(woff2?|ttf))$/.test(path)) return 'katex';
  return '';
}

/** One cold visit: a fresh context (empty cache). Returns {bytes, requests, answerMs, byKind}. */
async function visit(browser, url, { answer, slowdown }) {
  const context = await browser.newContext();
  await context.addInitScript(watchForAnswer);
  const page = await context.newPage();
  const sizes = [];
  context.on('requestfinished', (request) =>
    sizes.push(request.sizes().then((size) => ({ kind: kindOf(request.url()), bytes: size.responseBodySize + size.responseHeadersSize }))),
  );
  if (slowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  }
  await page.goto(url);
  let answerMs = null;
  if (answer) {
    await page.waitForFunction(() => window.__firstAnswer !== undefined, null, { timeout: 60000, polling: 50 });
    answerMs = await page.evaluate(() => window.__firstAnswer);
  }
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(sizes);
  const bytes = all.reduce((sum, size) => sum + size.bytes, 0);
  const byKind = {};
  for (const { kind, bytes: size } of all) if (kind) byKind[kind] = (byKind[kind] ?? 0) + size;
  await context.close();
  return { bytes, requests: sizes.length, answerMs, byKind };
}

/** 100,000 ranks pasted into the ranked page: ms to the answer, the longest main-thread task. */
async function largeInput(browser, base) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
    }).observe({ type: 'longtask' });
  });
  const page = await context.newPage();
  await page.goto(new URL('ranked.html', base).href);
  await page.waitForSelector('body[data-ready]');
  await page.fill('#measures', 'AP, P@5');
  const ranks = Array.from({ length: 100_000 }, (_, index) => ((index + 1) % 10 === 0 ? 'R' : 'N')).join(' ');
  await page.evaluate(() => (window.__longest = 0));
  const started = Date.now();
  await page.fill('#input', ranks);
  // Relevant at every 10th rank: AP = (10,000 × 1/10)/10,000 = 1/10.
  await page.waitForFunction(() => document.querySelector('#outcome-0 .answer')?.textContent.includes('AP = 1/10'), null, { timeout: 120000, polling: 50 });
  const answerMs = Date.now() - started;
  await page.waitForTimeout(500); // the rendering that follows the answer
  const longest = await page.evaluate(() => window.__longest);
  await context.close();
  return { answerMs, longest };
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main() {
  const dist = values.dist.replace(/\/*$/, '/');
  if (!existsSync(`${dist}index.html`)) {
    console.error(`bench-web: ${dist} has no index.html: run npm run build first`);
    return 2;
  }
  if (!existsSync(chromiumPath)) {
    console.error(`bench-web: no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
    return 2;
  }
  const server = await startServer({ root: dist, port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const base = `http://127.0.0.1:${server.port}/`;
  console.log(`bench-web: first visits of ${dist} in Chromium, cold cache; answer = median of ${runs} visits`);
  const header = ['page', 'transferred', 'wasm', 'KaTeX', 'requests', 'answer', 'answer at 4× slower CPU'];
  const widths = [14, 12, 7, 7, 9, 9, 24];
  const row = (cells) => console.log(cells.map((cell, index) => (index === 0 ? String(cell).padEnd(widths[index]) : String(cell).padStart(widths[index]))).join('  '));
  row(header);
  try {
    for (const page of pages()) {
      const url = new URL(page.path, base).href;
      const normal = [];
      const slow = [];
      for (let run = 0; run < (page.answer ? runs : 1); run += 1) normal.push(await visit(browser, url, { answer: page.answer, slowdown: 1 }));
      for (let run = 0; run < (page.answer ? runs : 0); run += 1) slow.push(await visit(browser, url, { answer: true, slowdown: 4 }));
      const ms = (list) => (page.answer && list.length ? `${Math.round(median(list.map((one) => one.answerMs)))} ms` : '–');
      const kb = (bytes) => `${((bytes ?? 0) / 1024).toFixed(0)} KB`;
      const { byKind } = normal[0];
      row([page.name, kb(normal[0].bytes), kb(byKind.wasm), kb(byKind.katex), normal[0].requests, ms(normal), ms(slow)]);
    }
    if (positionals.length === 0 || positionals.includes('widget')) {
      // The other origin: a second server, on another port (Chromium refuses a page without an
      // address, such as a routed one on another host name, a script from the loopback address).
      const course = createServer((request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(widgetPage(base)));
      await new Promise((done) => course.listen(0, '127.0.0.1', done));
      const other = `http://127.0.0.1:${/** @type {any} */ (course.address()).port}/`;
      const ways = [
        { name: 'same origin', pageUrl: new URL('course-widget.html', base).href },
        { name: 'other origin', pageUrl: `${other}course-widget.html` },
        // Every answer's working shown: its charts drawn.
        { name: 'same, charts', pageUrl: new URL('course-widget.html?working=open', base).href },
      ];
      console.log(`\nbench-web: irmetrics-embed.js in a course page with two widgets, cold cache (answer: median of ${runs})`);
      const cells = ['way', 'irmetrics-embed.js', '.wasm', '-inline.js', 'total', 'requests', 'both answers'];
      const wide = [14, 18, 9, 10, 9, 9, 13];
      const line = (list) => console.log(list.map((cell, index) => (index === 0 ? String(cell).padEnd(wide[index]) : String(cell).padStart(wide[index]))).join('  '));
      line(cells);
      for (const way of ways) {
        const visits = [];
        for (let run = 0; run < runs; run += 1) visits.push(await widgetVisit(browser, way.pageUrl, base));
        const [first] = visits;
        const kb = (bytes) => (bytes === undefined ? '–' : `${(bytes / 1024).toFixed(1)} KB`);
        line([
          way.name,
          kb(first.byFile['irmetrics-embed.js']),
          kb(first.byFile['irmetrics-embed.wasm']),
          kb(first.byFile['irmetrics-embed-inline.js']),
          kb(first.bytes),
          first.requests,
          `${Math.round(median(visits.map((one) => one.answerMs)))} ms`,
        ]);
      }
      await new Promise((done) => course.close(done));
    }
    if (positionals.length === 0 || positionals.includes('large')) {
      const large = [];
      for (let run = 0; run < runs; run += 1) large.push(await largeInput(browser, base));
      console.log(
        `\nbench-web: 100,000 ranks pasted into the ranked page (median of ${runs}): answer in ` +
          `${Math.round(median(large.map((one) => one.answerMs)))} ms, longest main-thread task ` +
          `${Math.round(median(large.map((one) => one.longest)))} ms (Chromium reports tasks over 50 ms; 0 = none)`,
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return 0;
}

process.exitCode = await main();
