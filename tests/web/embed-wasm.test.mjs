// Where irmetrics-embed.js finds its wasm (web/js/embed/factory.js, scripts/build-embed.mjs):
// irmetrics-embed.wasm, fetched once per page, when the script is served over http from the
// page's own origin; irmetrics-embed-inline.js (the wasm as base64 in a classic script) from
// another origin and from file://; and the message when neither is beside the script. The
// charts are drawn by the script itself (render/svg-plot.js inside it): no file is asked for
// them. And irmetrics-embed-single.js, which needs nothing beside it.
//
// Each "course site" here is a small server of this file that serves its test pages (under a
// strict CSP header) and copies of the embed files of the built site, and counts the requests
// for each path: what the browser asked for is read from the server, not from the page.
//
// Needs the site built with the embed files next to it:
//   node_modules/.bin/vite build --outDir /tmp/site && node scripts/build-embed.mjs --out-dir /tmp/site
//   IRM_DIST=/tmp/site node --test tests/web/embed-wasm.test.mjs
//
// The answers, by hand: "R N R N" with R = 5 has relevant documents at ranks 1 and 3, so
// AP = (1/1 + 2/3) / 5 = (5/3) / 5 = 1/3 ≈ 0.3333, and P@5 = 2 relevant in the top 5 / 5 = 2/5.
// "R R" with R = 2: AP = (1/1 + 2/2) / 2 = 1.

import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { distDir, useBrowserSession } from './helpers.mjs';

const session = useBrowserSession();

const EMBED_FILES = {
  '/irmetrics-embed.js': 'text/javascript; charset=utf-8',
  '/irmetrics-embed.wasm': 'application/wasm',
  '/irmetrics-embed-inline.js': 'text/javascript; charset=utf-8',
  '/irmetrics-embed-single.js': 'text/javascript; charset=utf-8',
};
const TWO_WIDGETS =
  '<ir-calculator id="first" calc="ranked" input="R N R N" relevant="5" measures="AP, P@5"></ir-calculator>' +
  '<ir-calculator id="second" calc="ranked" input="R R" relevant="2" measures="AP"></ir-calculator>';
const EXPECTED = { first: ['AP = 1/3 ≈ 0.3333', 'P@5 = 2/5 = 0.4'], second: ['AP = 1'] };

/** A course page: the strict policy is sent as a header by the server. */
const coursePage = (head, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A course page</title>${head}</head>` +
  `<body><main><h1>Week 3: average precision</h1>${body}</main></body></html>`;

const servers = [];
/**
 * A course site: `pages` (path → html), and the embed files of the build unless left out in
 * `without`. Returns {origin, counts (path → requests), setPage(path, html, csp)}.
 */
async function courseSite({ without = [] } = {}) {
  const counts = new Map();
  const pages = new Map();
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (path === '/favicon.ico') return response.writeHead(204).end(); // the browser asks for it
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const page = pages.get(path);
    if (page) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': page.csp }).end(page.html);
      return;
    }
    if (EMBED_FILES[path] && !without.includes(path)) {
      response.writeHead(200, { 'Content-Type': EMBED_FILES[path] }).end(readFileSync(join(distDir, path.slice(1))));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, counts, setPage: (path, html, csp) => pages.set(path, { html, csp }) };
}
after(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))));

const strictCsp = (scriptOrigin = '') =>
  `default-src 'self'; script-src 'self' ${scriptOrigin} 'wasm-unsafe-eval'; style-src 'self'; object-src 'none'`.replace('  ', ' ');

before(() => {
  for (const path of Object.keys(EMBED_FILES)) {
    assert.ok(existsSync(join(distDir, path.slice(1))), `${path} is missing: run node scripts/build-embed.mjs --out-dir ${distDir}`);
  }
});

/** Waits until every widget's answers are `expected` (id → answer lines); asserts them. */
async function waitForAnswers(page, expected, timeout = 20000) {
  const read = () =>
    page.evaluate((ids) => {
      const shown = {};
      for (const id of ids) {
        const root = document.getElementById(id)?.shadowRoot;
        shown[id] = root ? [...root.querySelectorAll('.outcome .answer')].map((node) => node.textContent.replace(/\s+/g, ' ').trim()) : [];
      }
      return shown;
    }, Object.keys(expected));
  const deadline = Date.now() + timeout;
  let shown = await read();
  while (JSON.stringify(shown) !== JSON.stringify(expected) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    shown = await read();
  }
  assert.deepEqual(shown, expected);
}

test('same origin over http: two widgets, irmetrics-embed.wasm fetched once, the inline script never', async () => {
  const site = await courseSite();
  site.setPage('/course.html', coursePage('<script src="/irmetrics-embed.js"></script>', TWO_WIDGETS), strictCsp());
  const { page, problems, close } = await session.openPage(`${site.origin}/course.html`, { waitForReady: false });
  try {
    await waitForAnswers(page, EXPECTED);
    // From its own origin the widget computes in a worker: this same script, started again.
    assert.deepEqual(page.workers().map((worker) => new URL(worker.url()).pathname), ['/irmetrics-embed.js']);
    assert.equal(site.counts.get('/irmetrics-embed.wasm'), 1);
    assert.equal(site.counts.get('/irmetrics-embed-inline.js'), undefined);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('charts: two widgets draw theirs with nothing beside the script but the wasm', async () => {
  const site = await courseSite();
  // working="open" draws each answer's charts: PR of "R N R N" with R = 5 is a precision-recall
  // curve (a chart); the second widget's AP has one too.
  const charted = TWO_WIDGETS.replaceAll('></ir-calculator>', ' working="open"></ir-calculator>').replace('measures="AP, P@5"', 'measures="PR"');
  site.setPage('/open.html', coursePage('<script src="/irmetrics-embed.js"></script>', charted), strictCsp());
  const { page, problems, close } = await session.openPage(`${site.origin}/open.html`, { waitForReady: false });
  try {
    await page.waitForFunction(
      () => ['first', 'second'].every((id) => document.getElementById(id)?.shadowRoot?.querySelector('svg.irm-plot')?.checkVisibility()),
      null,
      { timeout: 20000 },
    );
    // The page, the script (again as the widget's worker) and the wasm: no other file.
    assert.deepEqual([...site.counts.keys()].sort(), ['/irmetrics-embed.js', '/irmetrics-embed.wasm', '/open.html']);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('another origin: two widgets take the wasm from irmetrics-embed-inline.js, loaded once; nothing is fetched', async () => {
  const irmetrics = await courseSite();
  const course = await courseSite({ without: Object.keys(EMBED_FILES) });
  // The course page allows scripts from the irmetrics site and connects to nothing but itself.
  course.setPage('/course.html', coursePage(`<script src="${irmetrics.origin}/irmetrics-embed.js"></script>`, TWO_WIDGETS), strictCsp(irmetrics.origin));
  const { page, problems, close } = await session.openPage(`${course.origin}/course.html`, { waitForReady: false });
  try {
    await waitForAnswers(page, EXPECTED);
    assert.deepEqual(page.workers(), []); // a worker must be same-origin: the page's thread computes
    assert.equal(irmetrics.counts.get('/irmetrics-embed.js'), 1);
    assert.equal(irmetrics.counts.get('/irmetrics-embed-inline.js'), 1);
    assert.equal(irmetrics.counts.get('/irmetrics-embed.wasm'), undefined);
    // The inline script's <script> element is removed once it has handed over the wasm, and it
    // defines no global of the page.
    assert.deepEqual(
      await page.evaluate(() => [document.querySelectorAll('script[src*="irmetrics-embed-inline"]').length, typeof window.irmetricsEmbedWasm]),
      [0, 'undefined'],
    );
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('same origin, no irmetrics-embed.wasm on the server: the worker falls back to irmetrics-embed-inline.js', async () => {
  const site = await courseSite({ without: ['/irmetrics-embed.wasm'] });
  site.setPage('/course.html', coursePage('<script src="/irmetrics-embed.js"></script>', TWO_WIDGETS), strictCsp());
  const { page, problems, close } = await session.openPage(`${site.origin}/course.html`, { waitForReady: false });
  try {
    await waitForAnswers(page, EXPECTED);
    assert.equal(site.counts.get('/irmetrics-embed.wasm'), 1); // asked once, 404
    assert.equal(site.counts.get('/irmetrics-embed-inline.js'), 1);
    // The wasm's 404 is the one problem (the console names no URL: the counts above say which).
    assert.deepEqual(problems.filter((problem) => !/\b404\b/.test(problem)), []);
  } finally {
    await close();
  }
});

const tempDirs = [];
after(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

test('file:// with irmetrics-embed-inline.js beside the script: two widgets answer under a strict CSP <meta>', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'irm-embed-wasm-'));
  tempDirs.push(dir);
  copyFileSync(join(distDir, 'irmetrics-embed.js'), join(dir, 'irmetrics-embed.js'));
  copyFileSync(join(distDir, 'irmetrics-embed-inline.js'), join(dir, 'irmetrics-embed-inline.js'));
  const meta = `<meta http-equiv="Content-Security-Policy" content="${strictCsp()}">`;
  writeFileSync(join(dir, 'handout.html'), coursePage(`${meta}<script src="irmetrics-embed.js"></script>`, TWO_WIDGETS));
  const { page, problems, close } = await session.openPage(pathToFileURL(join(dir, 'handout.html')).href, { waitForReady: false });
  try {
    await waitForAnswers(page, EXPECTED);
    assert.deepEqual(page.workers(), []);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('file:// with irmetrics-embed.js alone: the widget says which file is missing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'irm-embed-wasm-'));
  tempDirs.push(dir);
  copyFileSync(join(distDir, 'irmetrics-embed.js'), join(dir, 'irmetrics-embed.js'));
  writeFileSync(join(dir, 'handout.html'), coursePage('<script src="irmetrics-embed.js"></script>', TWO_WIDGETS));
  const { page, close } = await session.openPage(pathToFileURL(join(dir, 'handout.html')).href, { waitForReady: false });
  try {
    await page.waitForFunction(() => document.getElementById('first')?.shadowRoot?.querySelector('.irc')?.dataset.state === 'error', null, { timeout: 20000 });
    const text = await page.$eval('#first', (widget) => widget.shadowRoot.querySelector('.irc').textContent.replace(/\s+/g, ' '));
    assert.match(text, /irmetrics-embed-inline\.js/);
  } finally {
    await close();
  }
});

test('irmetrics-embed-single.js, alone in a folder, from file://: the widget with everything inside', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'irm-embed-wasm-'));
  tempDirs.push(dir);
  copyFileSync(join(distDir, 'irmetrics-embed-single.js'), join(dir, 'irmetrics-embed-single.js'));
  const meta = `<meta http-equiv="Content-Security-Policy" content="${strictCsp()}">`;
  // working="open": the charts are drawn too.
  const widgets = TWO_WIDGETS.replaceAll('></ir-calculator>', ' working="open"></ir-calculator>');
  writeFileSync(join(dir, 'handout.html'), coursePage(`${meta}<script src="irmetrics-embed-single.js"></script>`, widgets));
  const { page, problems, close } = await session.openPage(pathToFileURL(join(dir, 'handout.html')).href, { waitForReady: false });
  try {
    await waitForAnswers(page, EXPECTED);
    await page.waitForFunction(() => ['first', 'second'].every((id) => document.getElementById(id)?.shadowRoot?.querySelector('svg.irm-plot')), null, { timeout: 20000 });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
