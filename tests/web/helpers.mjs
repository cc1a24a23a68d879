// Shared set-up of the browser tests: the built site (dist/) served by scripts/serve.mjs on a
// free port, the machine's Chromium driven by playwright-core, and a record of every problem a
// page reports (console errors, uncaught exceptions, Content-Security-Policy violations).

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

// IRM_DIST serves another build of the site (e.g. `vite build --outDir /tmp/site`), so that
// several builds can be tested side by side; the default is the project's dist/.
/** The built site the tests serve: dist/, or IRM_DIST. Ends with '/'. */
export const distDir = process.env.IRM_DIST
  ? `${process.env.IRM_DIST.replace(/\/+$/, '')}/`
  : fileURLToPath(new URL('../../dist/', import.meta.url));
// Debian's chromium-headless-shell (scripts/setup.sh), else its chromium: the same Chromium 156,
// whose old headless shell is what playwright's own headless runs use, without the full
// browser's windowing layers. Its processes' CPU (process accounting, each file alone on this
// machine): check.test.mjs 14.7 s against 20.5 s in chromium, csp.test.mjs 16.3 s against
// 22.8 s, a11y.test.mjs 102 s against 112 s (axe-core's own work is most of it); every test
// passes in both.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 740 };

/** The flags every test browser runs with (the machine's Chromium, headless, no network of its own). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Options of `chromium.launch` and `chromium.launchServer` for the tests. */
export function launchOptions() {
  if (!existsSync(chromiumPath)) throw new Error(`no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
  return { executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS };
}

/**
 * The browser a test file drives. Under scripts/test.sh every file connects to one shared
 * Chromium (tests/web/browser-server.mjs, whose endpoint is IRM_BROWSER_WS), so files running in
 * parallel share its processes instead of each starting its own; each file still works in
 * contexts of its own, which share no storage, cookies or cache. Run alone (`node --test
 * tests/web/x.test.mjs`), a file launches its own Chromium. Closing a connected browser closes
 * this file's contexts and disconnects; the shared one goes on. A file that reads the clipboard
 * asks for a Chromium of its own (`clipboard: true`): a browser has one clipboard for all its
 * contexts, so two files copying at once in the shared one read each other's text. So does a
 * file that gives pages large files from disk (`localFiles: true`): a connected browser cannot
 * open the test's path, so playwright sends it each file through the connection, base64 in
 * protocol messages (large-inputs' 294 MB of TREC files: 244 s of one test in the shared
 * browser, 15 s in its own, where the page reads them from the path).
 * @param {{clipboard?: boolean, localFiles?: boolean}} [options]
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function openBrowser({ clipboard = false, localFiles = false } = {}) {
  const endpoint = clipboard || localFiles ? undefined : process.env.IRM_BROWSER_WS;
  // playwright gives each launch a fresh temporary profile (--user-data-dir) of its own.
  return endpoint ? chromium.connect(endpoint) : chromium.launch(launchOptions());
}

/**
 * Starts the server over dist/ and a headless Chromium. Fails with a clear message when the
 * site has not been built. `policy`: a Content-Security-Policy header to serve instead of the
 * site's (scripts/serve.mjs). `clipboard`: the file reads the clipboard; `localFiles`: it gives
 * pages large files by path (both: a Chromium of its own, openBrowser).
 * `reusePages`: a test's page is kept for the next test's link (see openPage).
 * @returns {Promise<{openPage: Function, withPage: Function, close: () => Promise<void>, clipboard: boolean}>}
 */
export async function startBrowserSession({ policy, clipboard = false, localFiles = false, reusePages = false } = {}) {
  if (!existsSync(`${distDir}index.html`)) {
    throw new Error('dist/ has not been built: run `npm run build` (or `npx vite build`) before the browser tests.');
  }
  const server = await startServer({ root: distDir, port: 0, ...(policy ? { policy } : {}) });
  const browser = await openBrowser({ clipboard, localFiles });

  /**
   * A page in a context of its own, with the listeners that record its problems. The listeners
   * write to `tab.problems`, which a reused tab replaces for each test.
   * @typedef {{context: import('playwright-core').BrowserContext, page: import('playwright-core').Page,
   *            problems: string[], own: Listeners, contextOwn: Listeners}} Tab
   * @returns {Promise<Tab>}
   */
  async function newTab(viewport, initScript) {
    const context = await browser.newContext({ viewport });
    if (initScript) await context.addInitScript(initScript);
    /** @type {Tab} */
    const tab = { context, page: /** @type {any} */ (null), problems: [], own: new Map(), contextOwn: new Map() };
    await context.exposeBinding('__reportCspViolation', (_source, violation) => {
      tab.problems.push(`CSP violation: ${violation}`);
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} ${event.sample}`);
      });
    });
    const page = await context.newPage();
    tab.page = page;
    page.on('console', (message) => {
      if (message.type() === 'error') tab.problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => tab.problems.push(`uncaught: ${error.message}`));
    // A navigation (reload, link) cancels the requests still in flight (net::ERR_ABORTED): that is
    // the browser's doing, not a missing file, so only other failures count.
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? '';
      if (reason !== 'net::ERR_ABORTED') tab.problems.push(`request failed: ${request.url()} (${reason})`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) tab.problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    // Every listener there is now (these and playwright's own) stays when the tab is reused;
    // any other was a test's, and goes (release).
    tab.own = listenersOf(page);
    tab.contextOwn = listenersOf(context);
    return tab;
  }

  // With reusePages, a test's page goes back to this pool when it is done and the next test
  // opens its link in it: a new document in the same tab, as a user follows a link, with the
  // HTTP cache warm and no new renderer process to start (on this 2-core machine, 20 exercises
  // took 13.6 s of CPU in fresh contexts, 6.7 s in one reused tab; exercises.test.mjs 34.9 s
  // of CPU before, 18.2 s after). Before each reuse the tab
  // goes to about:blank (so a link that differs only after '#' still loads a new document), and
  // the site's storage is cleared; after each test, whatever the test changed is undone (routes,
  // emulated media, permissions, its own listeners), and a tab that cannot be reset is closed.
  // Not for a file that measures what a first visit downloads (its cache must be cold), nor for
  // a test with an initScript (that one gets a context of its own, as without reusePages).
  /** @type {Tab[]} */
  const idle = [];

  /** @param {Tab} tab */
  async function reset(tab, viewport) {
    const { page } = tab;
    await page.goto('about:blank');
    const cdp = await tab.context.newCDPSession(page);
    try {
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(server.url).origin,
        storageTypes: 'cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems,websql',
      });
    } finally {
      await cdp.detach();
    }
    await page.setViewportSize(viewport);
  }

  /** Undoes what a test may have changed in its tab; false when the tab cannot be reused. */
  async function release(tab) {
    const { page, context } = tab;
    if (page.isClosed()) return false;
    try {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      // A new context's defaults in playwright.
      await page.emulateMedia({ media: null, colorScheme: 'light', reducedMotion: 'no-preference', forcedColors: 'none' });
      await context.clearPermissions();
      // Pages the test's page opened (target=_blank links).
      for (const other of context.pages()) if (other !== page) await other.close();
      dropListeners(page, tab.own);
      dropListeners(context, tab.contextOwn);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Opens `path` (relative to the site root) in a fresh context, or with reusePages in a tab
   * used before (see above).
   * @param {string} path e.g. 'ranked.html#calc=ranked&in=R+N'
   * @param {{viewport?: {width: number, height: number}, waitForReady?: boolean,
   *          initScript?: Function | string, fresh?: boolean}} [options] initScript: run in the
   *   page before its own scripts (context.addInitScript), e.g. to install a PerformanceObserver;
   *   fresh: a context of its own even with reusePages (a test of what a page fetches)
   * @returns {Promise<{page: import('playwright-core').Page, problems: string[],
   *                    close: () => Promise<void>}>}
   *   problems collects console errors, page errors and CSP violations as they happen
   */
  async function openPage(path, { viewport = DESKTOP, waitForReady = true, initScript, fresh = false } = {}) {
    const pooled = reusePages && !initScript && !fresh;
    let tab = pooled ? idle.pop() : undefined;
    if (tab) {
      try {
        await reset(tab, viewport);
      } catch {
        await tab.context.close().catch(() => {});
        tab = undefined;
      }
    }
    if (!tab) tab = await newTab(viewport, initScript);
    const open = tab;
    const problems = [];
    open.problems = problems;
    const close = async () => {
      if (pooled && (await release(open))) idle.push(open);
      else await open.context.close();
    };
    try {
      await open.page.goto(new URL(path, server.url).href);
      if (waitForReady) await open.page.waitForSelector('body[data-ready]');
    } catch (error) {
      await open.context.close().catch(() => {});
      throw error;
    }
    return { page: open.page, problems, close };
  }
  /**
   * Opens `path`, runs `body(page)`, then checks that the page logged no error and broke no CSP
   * rule; the page is closed either way.
   * @param {string} path
   * @param {(page: import('playwright-core').Page) => Promise<void>} body
   * @param {Parameters<typeof openPage>[1]} [options]
   */
  async function withPage(path, body, options) {
    const { page, problems, close } = await openPage(path, options);
    try {
      await body(page);
      assert.deepEqual(problems, [], 'console errors, page errors or CSP violations');
    } finally {
      await close();
    }
  }

  return {
    openPage,
    withPage,
    clipboard,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** @typedef {Map<string | symbol, Set<Function>>} Listeners */

/**
 * The listeners an emitter (a playwright Page or BrowserContext) has now, by event.
 * @param {import('node:events').EventEmitter} emitter
 * @returns {Listeners}
 */
function listenersOf(emitter) {
  return new Map(emitter.eventNames().map((event) => [event, new Set(emitter.listeners(event))]));
}

/**
 * Removes the listeners that are not among `kept`.
 * @param {import('node:events').EventEmitter} emitter
 * @param {Listeners} kept
 */
function dropListeners(emitter, kept) {
  for (const event of emitter.eventNames()) {
    for (const listener of emitter.listeners(event)) {
      if (!kept.get(event)?.has(listener)) emitter.off(event, /** @type {any} */ (listener));
    }
  }
}

/**
 * Registers node:test hooks that start a session before a file's tests and close it after.
 * @param {{policy?: string, clipboard?: boolean, reusePages?: boolean}} [options] see
 *   startBrowserSession
 * @returns {{openPage: Function, withPage: Function, clipboard: boolean}}
 */
export function useBrowserSession(options) {
  let session;
  before(async () => {
    session = await startBrowserSession(options);
  });
  after(() => session?.close());
  return {
    openPage: (...args) => session.openPage(...args),
    withPage: (...args) => session.withPage(...args),
    clipboard: Boolean(options?.clipboard),
  };
}

/**
 * The bytes of a finished download. Read through its stream: a browser shared over a connection
 * (openBrowser) keeps downloads on its side, so `download.path()` is not available there.
 * @param {import('playwright-core').Download} download
 * @returns {Promise<Buffer>}
 */
export async function downloadBytes(download) {
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Runs axe-core on the page. The source is evaluated through the DevTools protocol, which the
 * page's CSP does not govern (an injected <script> would be blocked, as it should be).
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>} one line per violation: rule id, impact, first offending nodes
 */
export async function axeViolations(page) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.join(' | ')}`);
}

/**
 * How far the page scrolls sideways (0 when it fits the viewport).
 * @param {import('playwright-core').Page} page
 */
export function horizontalOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Waits until `selector`'s text contains every string of `expected`, and returns the text.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 * @param {string[]} expected
 */
export async function waitForText(page, selector, expected, { timeout = 5000 } = {}) {
  await page
    .waitForFunction(
      ([sel, parts]) => {
        const text = document.querySelector(sel)?.textContent ?? '';
        return parts.every((part) => text.includes(part));
      },
      [selector, expected],
      { timeout },
    )
    .catch(async () => {
      const text = await page.locator(selector).first().textContent().catch(() => '(missing)');
      // The text may arrive between the last poll and this read (on a loaded machine a worker's
      // answer lands at the deadline): the same condition, met, is no failure.
      if (text !== null && expected.every((part) => text.includes(part))) return;
      throw new Error(`${selector} never contained ${JSON.stringify(expected)}; it says: ${text?.slice(0, 500)}`);
    });
  return page.locator(selector).first().textContent();
}

/**
 * Presses Tab until the focused element matches `selector` (at most 60 times), as a keyboard
 * user would reach it; fails if it is never reached.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 * @returns {Promise<import('playwright-core').ElementHandle>} the focused element
 */
export async function tabTo(page, selector) {
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluateHandle(() => document.activeElement);
    if (await focused.evaluate((el, sel) => el?.matches?.(sel) ?? false, selector)) return focused;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/**
 * The text of a cell of a page table (the first `table.<tableClass>`), by its row's name (the
 * text of its first cell, or of the label or link in it) and its column's header.
 */
export const tableCell = (page, tableClass, row, column) =>
  page.evaluate(
    ([tableClass, row, column]) => {
      const table = document.querySelector(`table.${tableClass}`);
      const columns = [...table.tHead.rows[0].cells].map((th) => th.textContent.trim());
      const tr = [...table.tBodies[0].rows].find((candidate) => {
        const head = candidate.cells[0];
        return (head.querySelector('label, a') ?? head).textContent.trim() === row;
      });
      return tr?.cells[columns.indexOf(column)]?.textContent.trim() ?? `(no ${row} × ${column})`;
    },
    [tableClass, row, column],
  );

/** A share link: `file#calc=…&in=…` with the state's keys in order. */
export const shareLink = (file, state) => `${file}#${new URLSearchParams(state)}`;

/**
 * The answers on the page, one line each with spaces collapsed: "AP@10 = 28/45 ≈ 0.6222"
 * (without the formula shown under an irrational value). Answers the page keeps dimmed while
 * the input cannot be read (inside .is-stale) are the last state's, not answers to this one.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>}
 */
export const shownAnswers = (page) =>
  page.$$eval('.outcome .answer', (nodes) =>
    nodes.filter((node) => !node.closest('.is-stale')).map((node) => {
      const copy = node.cloneNode(true);
      for (const formula of copy.querySelectorAll('.num-formula')) formula.remove();
      return copy.textContent.replace(/\s+/g, ' ').trim();
    }),
  );

/**
 * An outcome's named quantities (its "Every quantity" list, Outcome.values), each as shown:
 * {PA: '3/4 = 0.75', …}, without the formula of an irrational value.
 * @param {import('playwright-core').Page} page
 * @param {string} [outcome] the outcome's selector
 * @returns {Promise<Object<string, string>>}
 */
export const shownQuantities = (page, outcome = '#outcome-0') =>
  page.$$eval(`${outcome} .quantities dl > div`, (rows) =>
    Object.fromEntries(
      rows.map((row) => {
        const value = row.querySelector('dd').cloneNode(true);
        for (const formula of value.querySelectorAll('.num-formula')) formula.remove();
        return [row.querySelector('dt').textContent.trim(), value.textContent.replace(/\s+/g, ' ').trim()];
      }),
    ),
  );

/**
 * Clicks a worked example of a calculator page (its data-preset id), opening the folded list of
 * examples first as a reader would (it is folded on a phone, and once an input is given).
 * @param {import('playwright-core').Page} page
 * @param {string} id
 */
export async function clickExample(page, id) {
  const examples = page.locator('[data-examples]');
  if (!(await examples.evaluate((details) => details.open))) await examples.locator('summary').click();
  await page.click(`[data-preset="${id}"]`);
}

/**
 * Waits until the answers on the page are exactly `expected` (in order), and fails saying what
 * they were otherwise.
 * @param {import('playwright-core').Page} page
 * @param {string[]} expected
 */
export async function waitForAnswers(page, expected, { timeout = 5000 } = {}) {
  const deadline = Date.now() + timeout;
  let shown = await shownAnswers(page);
  while (JSON.stringify(shown) !== JSON.stringify(expected) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    shown = await shownAnswers(page);
  }
  assert.deepEqual(shown, expected);
}

/**
 * Registers the tests every calculator page must pass, around one worked example given as its
 * share-link state: the link restores the fields and shows `answers`; Copy link copies that
 * state; axe-core finds no violation; at 375 px nothing scrolls sideways; pasted markup stays
 * text; every preset shows its answers; a preset and a measure toggle work from the keyboard.
 * (Console errors and CSP violations fail each of them: see withPage.)
 * @param {{withPage: Function}} session from useBrowserSession
 * @param {{file: string, state: Object<string, string>, answers: string[],
 *          presets: Object<string, string[]>, markup?: string}} example
 *   state: calc, in, m and any option key; presets: preset id → the answers it shows;
 *   markup: an input holding tags, which must show up as typed (default: an <img onerror>)
 */
export function calculatorPageChecks(session, { file, state, answers, presets, markup }) {
  // Its "Copy link" test reads the clipboard: a shared browser's is every file's (openBrowser).
  assert.ok(session.clipboard, `${file}: calculatorPageChecks needs useBrowserSession({ clipboard: true })`);
  const link = shareLink(file, state);
  const fieldFor = { in: '#input', m: '#measures', relevant: '#relevant' };
  const label = answers[0];

  test(`${file}: a share link restores the fields and shows ${label}`, async () => {
    await session.withPage(link, async (page) => {
      await waitForAnswers(page, answers);
      for (const [key, value] of Object.entries(state)) {
        if (fieldFor[key]) assert.equal(await page.inputValue(fieldFor[key]), value, key);
      }
      assert.deepEqual(Object.fromEntries(new URLSearchParams(await page.evaluate(() => location.hash.slice(1)))), state);
    });
  });

  test(`${file}: "Copy link" copies a link to the same state`, async () => {
    await session.withPage(link, async (page) => {
      await waitForAnswers(page, answers);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.click('[data-copy-link]');
      await waitForText(page, '[data-copy-status]', ['Link copied']);
      const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
      assert.equal(copied.pathname, `/${file}`);
      assert.deepEqual(Object.fromEntries(new URLSearchParams(copied.hash.slice(1))), state);
    });
  });

  test(`${file}: no accessibility violations (axe-core) with ${label} worked out`, async () => {
    await session.withPage(link, async (page) => {
      await waitForAnswers(page, answers);
      assert.deepEqual(await axeViolations(page), []);
    });
  });

  test(`${file}: at 375 px wide, with ${label} worked out, nothing scrolls sideways`, async () => {
    await session.withPage(
      link,
      async (page) => {
        await waitForAnswers(page, answers);
        assert.equal(await horizontalOverflow(page), 0);
      },
      { viewport: PHONE },
    );
  });

  test(`${file}: every example is one click away and gives the notes' answers`, async () => {
    await session.withPage(file, async (page) => {
      for (const [id, expected] of Object.entries(presets)) {
        await page.click(`[data-preset="${id}"]`);
        await waitForAnswers(page, expected);
      }
    });
  });

  const [firstPreset, firstAnswers] = Object.entries(presets)[0];
  test(`${file}: usable from the keyboard: Tab to a preset and Enter, Tab to a measure toggle and Space`, async () => {
    await session.withPage(file, async (page) => {
      await tabTo(page, `[data-preset="${firstPreset}"]`);
      await page.keyboard.press('Enter');
      await waitForAnswers(page, firstAnswers);
      const toggle = await tabTo(page, '[data-quick-add] [data-measure]');
      const before = await page.inputValue('#measures');
      const pressed = await page.evaluate((el) => el.getAttribute('aria-pressed'), toggle);
      await page.keyboard.press('Space');
      await page.waitForFunction((old) => document.querySelector('#measures').value !== old, before);
      assert.notEqual(await page.evaluate((el) => el.getAttribute('aria-pressed'), toggle), pressed);
    });
  });

  const pasted = markup ?? '<img/src=x/onerror=alert(1)>';
  test(`${file}: pasted markup stays text, in messages, tables and matrices`, async () => {
    await session.withPage(shareLink(file, { ...state, in: pasted }), async (page) => {
      await page.waitForSelector('.outcome, #input-error:not([hidden])');
      const tags = pasted.match(/<[^>]*>/g);
      await waitForText(page, 'main', tags); // as typed, so as text
      assert.equal(await page.locator('main img, main b, main script').count(), 0);
    });
  });
}

/**
 * The answers shown by the <ir-calculator> widgets matching `selector`, one line each, spaces
 * collapsed ("AP = 1/3 ≈ 0.3333").
 * @param {import('playwright-core').Page} page
 * @param {string} [selector]
 * @returns {Promise<string[]>}
 */
export const widgetAnswers = (page, selector = 'ir-calculator') =>
  page.$$eval(selector, (widgets) =>
    widgets.flatMap((widget) =>
      [...(widget.shadowRoot?.querySelectorAll('.outcome .answer') ?? [])].map((node) => node.textContent.replace(/\s+/g, ' ').trim()),
    ),
  );

/**
 * Waits until the widgets matching `selector` show exactly `expected` (see widgetAnswers).
 * @param {import('playwright-core').Page} page
 * @param {string[]} expected
 * @param {string} [selector]
 */
export async function waitForWidgetAnswers(page, expected, selector = 'ir-calculator', { timeout = 15000 } = {}) {
  const deadline = Date.now() + timeout;
  let shown = await widgetAnswers(page, selector);
  while (JSON.stringify(shown) !== JSON.stringify(expected) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    shown = await widgetAnswers(page, selector);
  }
  assert.deepEqual(shown, expected);
}
