// @ts-check
// The built site under a folder, as GitHub Pages serves a repository's site
// (https://NAME.github.io/irmetrics/) and as a university web folder does: dist/ served by
// scripts/serve.mjs with `base: '/irmetrics/'`, which answers 404 to anything outside the folder.
// Every page of dist/ (*.html) is opened at /irmetrics/NAME.html in headless Chromium, and:
//   - no request fails or answers 400 or more, no console error, no uncaught exception, no
//     Content-Security-Policy violation;
//   - every request (the page's, its workers', the wasm modules') stays under /irmetrics/ of the
//     site's own origin: nothing is asked of another origin or of the server's root;
//   - every link, script, style sheet and frame the page names is under /irmetrics/ and is there;
//   - what the page is for works: each calculator's example is answered by its wasm module (the
//     ranked page also loads the lite and the check modules), the TREC page's worker evaluates
//     the sample runs, the widget answers on embedding.html and embed.html, the practice page
//     draws an exercise and checks an answer, and the offline file answers a share link.
// Then the nginx `location` block and Apache `.htaccess` of docs/embedding.md ("Host it for a
// course"), as written there, serve dist/ under /irmetrics/ with Debian's nginx and Apache when they are
// installed (skipped, saying so, when not): each header and type, then pages in Chromium.
// Run: node --test tests/web/subpath.test.mjs (needs dist/: npm run build)

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { contentSecurityPolicy, startServer } from '../../scripts/serve.mjs';
import { distDir, openBrowser, shareLink, shownAnswers, waitForAnswers, waitForText, waitForWidgetAnswers } from './helpers.mjs';

const BASE = '/irmetrics/';
/**
 * irmetrics-offline.html's policy (docs/embedding.md, "Host it for a course"): its scripts and styles are
 * inline, and it fetches nothing. Under the site's policy it shows nothing.
 */
const OFFLINE_POLICY = "default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; style-src 'unsafe-inline'; img-src blob:; object-src 'none'";
const pages = existsSync(distDir) ? readdirSync(distDir).filter((file) => file.endsWith('.html')).sort() : [];

/** @type {{url: string, port: number, close: () => Promise<void>}} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
/** http://127.0.0.1:PORT */
let origin;

before(async () => {
  assert.ok(existsSync(`${distDir}index.html`), 'dist/ has not been built: run `npm run build` before the browser tests.');
  server = await startServer({ root: distDir, port: 0, host: '127.0.0.1', base: BASE });
  origin = `http://127.0.0.1:${server.port}`;
  browser = await openBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Opens `path` (relative to the folder) in a fresh context and records what goes wrong: console
 * errors, uncaught exceptions, CSP violations, failed requests, answers of 400 or more, and any
 * request that leaves /irmetrics/ of the site's origin (a worker's included: the context sees them).
 * @param {string} path
 * @param {string} [at] the server's origin: scripts/serve.mjs's, or nginx's or Apache's
 * @returns {Promise<{page: import('playwright-core').Page, problems: string[], requests: string[],
 *   close: () => Promise<void>}>}
 */
async function openUnderBase(path, at = origin) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  const requests = [];
  await context.exposeBinding('__reportCspViolation', (_source, violation) => problems.push(`CSP violation: ${violation}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      // @ts-ignore: the binding exposed above
      window.__reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} ${event.sample}`);
    });
  });
  context.on('request', (request) => {
    const url = request.url();
    if (/^(data|blob|about):/.test(url)) return;
    requests.push(url);
    if (!url.startsWith(`${at}${BASE}`)) problems.push(`request outside ${BASE}: ${url}`);
  });
  context.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()} (${reason})`);
  });
  context.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.goto(`${at}${BASE}${path}`);
  return { page, problems, requests, close: () => context.close() };
}

/**
 * The same-origin URLs the page names (links, scripts, style sheets, images, frames), without
 * their fragments: each must be under the folder and be served (HEAD answers 200).
 * @param {import('playwright-core').Page} page
 * @param {string} at the server's origin
 */
async function checkNamedUrls(page, at) {
  const named = await page.evaluate(() =>
    [...document.querySelectorAll('a[href], link[href], script[src], img[src], iframe[src], source[src]')]
      .map((element) => /** @type {any} */ (element).href || /** @type {any} */ (element).src)
      .filter((url) => url.startsWith(`${location.origin}/`)),
  );
  const unique = [...new Set(named.map((url) => url.replace(/#.*$/, '')))];
  for (const url of unique) {
    assert.ok(url.startsWith(`${at}${BASE}`), `${url} is outside ${BASE}`);
    const response = await fetch(url, { method: 'HEAD' });
    assert.equal(response.status, 200, url);
  }
  return unique;
}

/**
 * Opens `path`, runs `body`, then checks the named URLs and that nothing went wrong.
 * @param {string} path
 * @param {(page: import('playwright-core').Page, requests: string[]) => Promise<void>} body
 * @param {string} [at] the server's origin (see openUnderBase)
 */
async function withPageUnderBase(path, body, at = origin) {
  const { page, problems, requests, close } = await openUnderBase(path, at);
  try {
    await body(page, requests);
    await checkNamedUrls(page, at);
    assert.deepEqual(problems, [], 'failed requests, requests outside the folder, console errors or CSP violations');
  } finally {
    await close();
  }
}

/** The pathnames of the requests made so far whose file ends with `suffix` (e.g. '.wasm'). */
const requested = (requests, suffix) => requests.map((url) => new URL(url).pathname).filter((path) => path.endsWith(suffix));

// "R N R N" with R = 5: relevant at ranks 1 and 3, AP = (1/1 + 2/3)/5 = (5/3)/5 = 1/3;
// P@5 = 2/5 = 0.4.
const AP_ONE_THIRD = 'AP = 1/3 ≈ 0.3333';
const P5_TWO_FIFTHS = 'P@5 = 2/5 = 0.4';
const OFFLINE_LINK = 'irmetrics-offline.html#calc=ranked&in=R+N+R+N&relevant=5&m=AP,P@5';
const EMBED_LINK = shareLink('embed.html', { calc: 'ranked', in: 'R N R N', relevant: '5', m: 'AP' });

test('dist/ has the pages this file opens, and no page goes untested', () => {
  assert.ok(pages.length >= 15, pages.join(' '));
  const special = ['index.html', 'ranked.html', 'trec.html', 'embedding.html', 'embed.html', 'practice.html', 'irmetrics-offline.html'];
  for (const page of special) assert.ok(pages.includes(page), `dist/${page}`);
});

test('the folder without its slash moves to it, and the server serves nothing outside it', async () => {
  const bare = await fetch(`${origin}/irmetrics`, { redirect: 'manual' });
  assert.equal(bare.status, 301);
  assert.equal(bare.headers.get('location'), BASE);
  assert.equal((await fetch(`${origin}/index.html`)).status, 404);
  assert.equal((await fetch(`${origin}${BASE}index.html`)).status, 200);
  const wasm = readdirSync(`${distDir}assets`).find((file) => file.endsWith('.wasm'));
  const response = await fetch(`${origin}${BASE}assets/${wasm}`, { method: 'HEAD' });
  assert.equal(response.headers.get('content-type'), 'application/wasm');
});

test('index.html under /irmetrics/: every link and asset is inside the folder and served', async () => {
  await withPageUnderBase('index.html', async (page) => {
    await page.waitForSelector('body[data-ready]');
    // The home page loads no wasm module: its measure list is made at build time.
    const links = await page.$$eval('a[href$=".html"]', (anchors) => anchors.map((a) => /** @type {HTMLAnchorElement} */ (a).pathname));
    for (const name of ['ranked.html', 'trec.html', 'practice.html', 'embedding.html', 'irmetrics-offline.html']) {
      assert.ok(links.includes(`${BASE}${name}`), `a link to ${BASE}${name} (links: ${links.join(' ')})`);
    }
  });
  // And the folder itself serves the home page.
  await withPageUnderBase('', async (page) => {
    await page.waitForSelector('body[data-ready]');
  });
});

test('ranked.html under /irmetrics/: AP of a typed list from the lists module, a printed form from lite, a check from the check module', async () => {
  await withPageUnderBase('ranked.html', async (page, requests) => {
    await page.waitForSelector('body[data-ready]');
    await page.fill('#input', 'R N R N');
    await page.fill('#relevant', '5');
    await page.fill('#measures', 'AP');
    await waitForAnswers(page, [AP_ONE_THIRD]);
    assert.deepEqual(requested(requests, '.wasm').map((path) => path.replace(/-[\w-]{8}\.wasm$/, '.wasm')), [`${BASE}assets/irmetrics-lists.wasm`]);
    // The same list as an exercise prints it: read by the lite module (every reader).
    await page.fill('#input', 'relevant at 1, 3 of 4');
    await waitForText(page, '.outcome', ['Read as']);
    await waitForAnswers(page, [AP_ONE_THIRD]);
    // Check my answer: the check module.
    await page.locator('#outcome-0 .check-answer input').fill('1/3');
    await page.locator('#outcome-0 .check-answer button').click();
    await page.waitForFunction(() => document.querySelector('#outcome-0 .check-answer [role="status"]')?.getAttribute('data-checked') === '1/3');
    assert.match(await page.locator('#outcome-0 .check-answer [role="status"]').textContent(), /^✓/);
    const modules = requested(requests, '.wasm').map((path) => path.replace(/-[\w-]{8}\.wasm$/, '.wasm')).sort();
    assert.deepEqual(modules, ['lists', 'lite', 'check'].map((name) => `${BASE}assets/irmetrics-${name}.wasm`).sort());
    // The links the page writes keep the folder: the Embed button's snippets.
    await page.click('[data-embed]');
    assert.ok((await page.inputValue('#embed-script')).startsWith(`<script src="${origin}${BASE}irmetrics-embed.js"></script>`));
    assert.ok((await page.inputValue('#embed-frame')).startsWith(`<iframe src="${origin}${BASE}embed.html#calc=ranked&amp;`));
  });
});

/** The calculator pages but ranked.html: those whose HTML holds the examples' list. */
const calculators = pages.filter((file) => file !== 'ranked.html' && readFileSync(`${distDir}${file}`, 'utf8').includes('data-presets'));

test('every other calculator page under /irmetrics/: its first example is answered by its group module', async () => {
  assert.ok(calculators.length >= 10, calculators.join(' '));
  for (const file of calculators) {
    await withPageUnderBase(file, async (page, requests) => {
      await page.waitForSelector('body[data-ready]');
      const examples = page.locator('[data-examples]');
      if (!(await examples.evaluate((details) => /** @type {HTMLDetailsElement} */ (details).open))) await examples.locator('summary').click();
      await page.locator('[data-preset]').first().click();
      await page.waitForFunction(() => document.querySelector('[data-results] .outcome .answer') && !document.querySelector('[data-results]').classList.contains('is-stale'), null, { timeout: 15000 });
      const answers = await shownAnswers(page);
      assert.ok(answers.length > 0 && answers.every((answer) => answer.includes('=')), `${file}: ${answers.join(' | ')}`);
      const wasm = requested(requests, '.wasm');
      assert.ok(wasm.length > 0 && wasm.every((path) => path.startsWith(`${BASE}assets/irmetrics-`)), `${file}: ${wasm.join(' ')}`);
    });
  }
});

test('trec.html under /irmetrics/: the worker starts from the folder and evaluates the sample runs', async () => {
  await withPageUnderBase('trec.html', async (page, requests) => {
    await page.waitForSelector('body[data-ready]');
    await page.click('[data-sample]');
    await page.waitForFunction(() => {
      const labels = [...document.querySelectorAll('table.trec-summary tbody th label')].map((label) => label.textContent);
      return labels.includes('runA') && labels.includes('runB');
    }, null, { timeout: 15000 });
    await page.waitForFunction(() => /^engine \d/.test(document.querySelector('[data-version]')?.textContent ?? ''));
    const workers = page.workers().map((worker) => new URL(worker.url()).pathname);
    assert.ok(workers.length === 1 && workers[0].startsWith(`${BASE}assets/trec-worker-`), workers.join(' '));
    assert.deepEqual(requested(requests, '.wasm').map((path) => path.replace(/-[\w-]{8}\.wasm$/, '.wasm')), [`${BASE}assets/irmetrics.wasm`]);
  });
});

test('embedding.html under /irmetrics/: the live widgets answer, and the self-sizing iframe loads embed.html from the folder', async () => {
  await withPageUnderBase('embedding.html', async (page, requests) => {
    await waitForWidgetAnswers(page, [AP_ONE_THIRD, P5_TWO_FIFTHS], 'ir-calculator[data-example="ranked"]');
    await page.locator('iframe[data-irmetrics-frame]').scrollIntoViewIfNeeded(); // it loads lazily
    await page.waitForFunction(() => {
      const frame = /** @type {HTMLIFrameElement | null} */ (document.querySelector('iframe[data-irmetrics-frame]'));
      return frame?.contentDocument?.body?.dataset.ready === 'true';
    }, null, { timeout: 15000 });
    const frameUrl = page.frames().map((frame) => new URL(frame.url())).find((url) => url.pathname.endsWith('/embed.html'));
    assert.equal(frameUrl?.pathname, `${BASE}embed.html`);
    assert.ok(requested(requests, '.wasm').includes(`${BASE}irmetrics-embed.wasm`), requested(requests, '.wasm').join(' '));
  });
});

test('embed.html with the hash calc=ranked&in=R+N+R+N&relevant=5&m=AP under /irmetrics/: the widget answers AP = 1/3 from its worker', async () => {
  await withPageUnderBase(EMBED_LINK, async (page, requests) => {
    await waitForWidgetAnswers(page, [AP_ONE_THIRD]);
    await page.waitForSelector('body[data-ready="true"]');
    assert.deepEqual(page.workers().map((worker) => new URL(worker.url()).pathname), [`${BASE}irmetrics-embed.js`]);
    assert.deepEqual(requested(requests, '.wasm'), [`${BASE}irmetrics-embed.wasm`]);
  });
});

test('practice.html under /irmetrics/: an exercise is drawn, and an answer to a seeded one is checked', async () => {
  await withPageUnderBase('practice.html', async (page) => {
    await page.waitForSelector('body[data-ready]');
    assert.ok((await page.locator('.practice-input').textContent()).trim().length > 0);
    assert.ok((await page.locator('[data-question]').textContent()).trim().length > 0);
    assert.ok((await page.locator('.practice-value').count()) > 0);
  });
  // Seed 11, ranked, easy: "R N N N R N R N" with R = 4, asked P@6 = 2/6 = 1/3 first.
  await withPageUnderBase('practice.html#family=ranked&difficulty=easy&seed=11', async (page, requests) => {
    await page.waitForSelector('body[data-ready]');
    assert.equal(await page.locator('.practice-input').textContent(), 'R N N N R N R N');
    const field = '.practice-value[data-value="P@6"]';
    await page.locator(`${field} .check-row input`).fill('1/3');
    await page.locator(`${field} .check-row input`).press('Enter');
    await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('data-checked') === '1/3', `${field} .check-result`, { timeout: 15000 });
    assert.match(await page.locator(`${field} .check-result`).innerText(), /✓/);
    assert.ok(requested(requests, '.wasm').every((path) => path.startsWith(`${BASE}assets/`)));
  });
});

test('irmetrics-offline.html under /irmetrics/, with its own policy: a share-link hash is answered, nothing else is fetched', async () => {
  // Served as docs/embedding.md's nginx and Apache configurations serve it (scripts/serve.mjs sends every
  // file the site's policy, under which the file's inline scripts do not run).
  const offline = await startServer({ root: distDir, port: 0, host: '127.0.0.1', base: BASE, policy: OFFLINE_POLICY });
  try {
    await withPageUnderBase(OFFLINE_LINK, async (page, requests) => {
      await waitForWidgetAnswers(page, [AP_ONE_THIRD, P5_TWO_FIFTHS]);
      assert.deepEqual(requests.map((url) => new URL(url).pathname), [`${BASE}irmetrics-offline.html`]);
    }, `http://127.0.0.1:${offline.port}`);
  } finally {
    await offline.close();
  }
});

test('every page of dist/ was opened above', () => {
  const opened = new Set(['index.html', 'ranked.html', 'trec.html', 'embedding.html', 'embed.html', 'practice.html', 'irmetrics-offline.html', ...calculators]);
  assert.deepEqual(pages.filter((file) => !opened.has(file)), []);
});

// ------------------------------------------------------ docs/embedding.md's nginx and Apache

const hostingManual = readFileSync(new URL('../../docs/embedding.md', import.meta.url), 'utf8');

/** The one fenced block of `language` in docs/embedding.md's "Host it for a course". */
function manualBlock(language) {
  // The section runs to the next heading of its level or above, or to the end of the file.
  const section = /^## Host it for a course\n([\s\S]*?)(?:^#{1,2} |(?![\s\S]))/m.exec(hostingManual)?.[1] ?? '';
  const blocks = [...section.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, 'gm'))].map((match) => match[1]);
  assert.equal(blocks.length, 1, `one \`\`\`${language} block in docs/embedding.md's "Host it for a course"`);
  return blocks[0];
}

/** The path of a server program (PATH, then the sbin folders a user's PATH may lack), or null. */
function program(name) {
  const folders = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  return folders.map((folder) => join(folder, name)).find((path) => path.startsWith('/') && existsSync(path)) ?? null;
}

/** A free TCP port on 127.0.0.1. */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
  await new Promise((resolve) => probe.close(() => resolve(undefined)));
  return port;
}

/**
 * Runs `command` until after the file's tests, once `http://127.0.0.1:PORT/irmetrics/` answers
 * (10 s at most); fails with what it printed (and wrote to `log`) if it stops or never answers.
 * @returns {Promise<{origin: string, stop: () => Promise<void>}>}
 */
async function startProgram(command, args, port, log = '') {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let exited = false;
  const exit = new Promise((resolve) => child.on('exit', () => resolve((exited = true))));
  const at = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await exit;
  };
  for (const deadline = Date.now() + 10000; Date.now() < deadline && !exited; ) {
    const answer = await fetch(`${at}${BASE}`).catch(() => null);
    if (answer) return { origin: at, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  const logged = log && existsSync(log) ? readFileSync(log, 'utf8') : '';
  throw new Error(`${command} ${args.join(' ')} did not answer on ${at}: ${output}${logged}`);
}

/** A temporary folder others can read (the servers' workers run as nobody under root). */
function openTempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/**
 * dist/ copied to `folder` (18 MB: a copy, as docs/embedding.md says to make, so that the servers'
 * workers read it wherever the clone is), every folder on the way readable by others.
 * @param {string} folder
 */
function copySite(folder) {
  cpSync(distDir, folder, { recursive: true });
  for (let dir = folder; dir !== tmpdir() && dir !== '/'; dir = dirname(dir)) chmodSync(dir, 0o755);
}

const nginxBlock = manualBlock('nginx');
const apacheBlock = manualBlock('apache');

test("docs/embedding.md's nginx and Apache blocks send the site's policy (scripts/serve.mjs) and the offline file's", () => {
  for (const [name, block] of [['nginx', nginxBlock], ['apache', apacheBlock]]) {
    assert.ok(block.includes(`"${contentSecurityPolicy}"`), `${name}: the site's policy`);
    assert.ok(block.includes(`"${OFFLINE_POLICY}"`), `${name}: the offline file's policy`);
    assert.match(block, /X-Content-Type-Options nosniff/, name);
    assert.match(block, /Referrer-Policy no-referrer/, name);
  }
  assert.match(nginxBlock, /^location \/irmetrics \{$/m);
  assert.match(nginxBlock, /^ {4}root \/var\/www\/html;$/m);
  assert.match(apacheBlock, /^AddType application\/wasm \.wasm$/m);
});

/**
 * What every server of dist/ under /irmetrics/ must answer: the folder redirected to its slash,
 * 404 outside it, the policies, the types and the caching docs/embedding.md asks for.
 * @param {string} at the server's origin
 */
async function checkHeaders(at) {
  const bare = await fetch(`${at}/irmetrics`, { redirect: 'manual' });
  assert.equal(bare.status, 301);
  assert.equal(new URL(bare.headers.get('location') ?? '', at).pathname, BASE);
  assert.equal((await fetch(`${at}/ranked.html`)).status, 404);
  assert.equal((await fetch(`${at}${BASE}no-such-page.html`)).status, 404);

  const assets = readdirSync(`${distDir}assets`);
  const hashedWasm = assets.find((file) => /^irmetrics-lists-.*\.wasm$/.test(file));
  const hashedJs = assets.find((file) => /^site-.*\.js$/.test(file));
  const JS = /^(text|application)\/javascript\b/;
  const expected = [
    { path: '', type: /^text\/html/, policy: contentSecurityPolicy, hashed: false },
    { path: 'ranked.html', type: /^text\/html/, policy: contentSecurityPolicy, hashed: false },
    { path: 'irmetrics-embed.wasm', type: /^application\/wasm$/, policy: contentSecurityPolicy, hashed: false },
    { path: 'irmetrics-embed.js', type: JS, policy: contentSecurityPolicy, hashed: false },
    { path: `assets/${hashedWasm}`, type: /^application\/wasm$/, policy: contentSecurityPolicy, hashed: true },
    { path: `assets/${hashedJs}`, type: JS, policy: contentSecurityPolicy, hashed: true },
    { path: 'irmetrics-offline.html', type: /^text\/html/, policy: OFFLINE_POLICY, hashed: false },
  ];
  for (const { path, type, policy, hashed } of expected) {
    const response = await fetch(`${at}${BASE}${path}`, { headers: { 'Accept-Encoding': 'gzip' } });
    /** @param {string} name */
    const header = (name) => response.headers.get(name) ?? '';
    assert.equal(response.status, 200, path);
    assert.match(header('content-type'), type, path);
    assert.equal(header('content-security-policy'), policy, path);
    assert.equal(header('x-content-type-options'), 'nosniff', path);
    assert.equal(header('referrer-policy'), 'no-referrer', path);
    if (hashed) assert.match(header('cache-control'), /(^|[ ,])max-age=31536000\b/, path);
    else assert.match(header('cache-control'), /^no-cache$/, path);
    await response.arrayBuffer();
  }
}

/** Opens the ranked page, the widget's page and the offline file through the server at `at`. */
async function checkPages(at) {
  await withPageUnderBase('ranked.html', async (page, requests) => {
    await page.waitForSelector('body[data-ready]');
    await page.fill('#input', 'R N R N');
    await page.fill('#relevant', '5');
    await page.fill('#measures', 'AP');
    await waitForAnswers(page, [AP_ONE_THIRD]);
    assert.ok(requested(requests, '.wasm').some((path) => path.startsWith(`${BASE}assets/irmetrics-lists-`)));
  }, at);
  await withPageUnderBase(EMBED_LINK, async (page) => {
    await waitForWidgetAnswers(page, [AP_ONE_THIRD]);
  }, at);
  await withPageUnderBase(OFFLINE_LINK, async (page) => {
    await waitForWidgetAnswers(page, [AP_ONE_THIRD, P5_TWO_FIFTHS]);
  }, at);
}

const nginx = program('nginx');
describe('docs/embedding.md\'s nginx location block', { skip: nginx ? false : 'nginx is not installed (apt-get install nginx-light): docs/embedding.md\'s nginx block was not run' }, () => {
  /** @type {{origin: string, stop: () => Promise<void>}} */
  let running;
  let dir;
  before(async () => {
    dir = openTempDir('irm-nginx-');
    copySite(join(dir, 'www', 'irmetrics'));
    const port = await freePort();
    const temp = (name) => `${name}_temp_path ${join(dir, name)};`;
    writeFileSync(join(dir, 'nginx.conf'), [
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      'error_log stderr;',
      'events { worker_connections 64; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
      '  server {',
      `    listen 127.0.0.1:${port};`,
      nginxBlock.replace('root /var/www/html;', `root ${join(dir, 'www')};`),
      '  }',
      '}',
    ].join('\n'));
    running = await startProgram(/** @type {string} */ (nginx), ['-e', 'stderr', '-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], port);
  });
  after(async () => {
    await running?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('nginx: the folder, 404 outside it, each policy, type and cache header', async () => {
    await checkHeaders(running.origin);
  });

  test('nginx: AP in the ranked page, the widget and the offline file', async () => {
    await checkPages(running.origin);
  });
});

const apache = program('apache2');
const apacheModules = '/usr/lib/apache2/modules';
const apacheSkip = !apache ? 'apache2 is not installed (apt-get install apache2): docs/embedding.md\'s .htaccess was not run'
  : !existsSync(`${apacheModules}/mod_headers.so`) ? `no ${apacheModules}/mod_headers.so (not Debian's Apache): docs/embedding.md's .htaccess was not run`
    : false;
describe('docs/embedding.md\'s Apache .htaccess', { skip: apacheSkip }, () => {
  /** @type {{origin: string, stop: () => Promise<void>}} */
  let running;
  let dir;
  before(async () => {
    dir = openTempDir('irm-apache-');
    const folder = join(dir, 'www', 'irmetrics');
    copySite(folder);
    writeFileSync(join(folder, '.htaccess'), apacheBlock, { mode: 0o644 });
    const port = await freePort();
    const modules = ['mpm_event', 'authz_core', 'mime', 'headers', 'setenvif', 'dir'];
    writeFileSync(join(dir, 'httpd.conf'), [
      `ServerRoot ${dir}`,
      'ServerName localhost',
      `Listen 127.0.0.1:${port}`,
      `PidFile ${join(dir, 'httpd.pid')}`,
      `DefaultRuntimeDir ${dir}`,
      `ErrorLog ${join(dir, 'error.log')}`,
      ...modules.map((name) => `LoadModule ${name}_module ${apacheModules}/mod_${name}.so`),
      // Apache will not serve as root: its children then run as nobody.
      ...(process.getuid?.() === 0 ? ['User nobody', 'Group nogroup'] : []),
      'TypesConfig /etc/mime.types',
      `DocumentRoot ${join(dir, 'www')}`,
      'DirectoryIndex index.html',
      `<Directory ${join(dir, 'www')}>`,
      '  Options FollowSymLinks',
      '  AllowOverride FileInfo',
      '  Require all granted',
      '</Directory>',
    ].join('\n'));
    running = await startProgram(/** @type {string} */ (apache), ['-f', join(dir, 'httpd.conf'), '-DFOREGROUND'], port, join(dir, 'error.log'));
  });
  after(async () => {
    await running?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('Apache: the folder, 404 outside it, each policy, type and cache header', async () => {
    await checkHeaders(running.origin);
  });

  test('Apache: AP in the ranked page, the widget and the offline file', async () => {
    await checkPages(running.origin);
  });
});
