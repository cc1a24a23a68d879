// XSS: the payloads of tests/fixtures/xss-payloads.mjs placed everywhere a user's text reaches a
// page: document labels (ranked list, graded list), query ids, class labels, judges' categories
// and names, TREC topics, docnos, run tags and file names, every key of the URL hash, and the
// <ir-calculator> widget's attributes; then the exports (CSV/Markdown/LaTeX, the SVG of a chart),
// the share link and the Embed snippet written from a state holding payloads.
//
// Every payload calls __xss('its name') if it ever runs; an init script defines __xss in every
// frame to record the call (in the top window too), and a MutationObserver records every element
// added to the document. After each placement: no call, no console error or CSP violation, no
// dangerous element anywhere (also in the widget's shadow root), and each payload shown is found
// in the page's text, as typed.
//
// Needs the site built with the embed files next to it:
//   node_modules/.bin/vite build --outDir /tmp/site && node scripts/build-embed.mjs --out-dir /tmp/site
//   IRM_DIST=/tmp/site node --test tests/web/xss.test.mjs

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { TOKEN_PAYLOADS, XSS_PAYLOADS } from '../fixtures/xss-payloads.mjs';
import { distDir, downloadBytes, shareLink, useBrowserSession, waitForText } from './helpers.mjs';

const session = useBrowserSession({ clipboard: true });

// ------------------------------------------------------------------ the corpus itself

test('the corpus: at least 30 payloads, distinct names, each calling __xss with its own name', () => {
  assert.ok(XSS_PAYLOADS.length >= 30, `${XSS_PAYLOADS.length} payloads`);
  assert.equal(new Set(XSS_PAYLOADS.map((p) => p.name)).size, XSS_PAYLOADS.length);
  for (const { name, text } of XSS_PAYLOADS) assert.ok(text.includes(`__xss('${name}')`) || text.includes(`__xss("${name}")`), name);
  assert.ok(TOKEN_PAYLOADS.length >= 30, `${TOKEN_PAYLOADS.length} one-token payloads`);
});

// ------------------------------------------------------------------ the guard

/**
 * Runs in every frame before the page's scripts: __xss records a call (here and in the top
 * window), a MutationObserver keeps every dangerous element added, and __xssScan walks the
 * document, open shadow roots and same-origin frames for dangerous elements after the fact.
 */
function guard() {
  const record = (list, item) => list.push(item);
  window.__xssHits = [];
  window.__xss = (name) => {
    record(window.__xssHits, String(name));
    try {
      if (window.top !== window) record(window.top.__xssHits, String(name));
    } catch {
      // a cross-origin top: the frame itself is flagged by the scan
    }
  };
  // Elements the site never adds itself (its forms, <details> and charts are judged by their
  // attributes below).
  const FORBIDDEN = new Set(['iframe', 'frame', 'object', 'embed', 'mglyph', 'noscript', 'meta', 'base', 'animate', 'set', 'body', 'title']);
  const URL_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'action', 'formaction', 'data', 'values', 'poster']);
  const sameOrigin = (value) => {
    try {
      return new URL(value, location.href).origin === location.origin;
    } catch {
      return false;
    }
  };
  window.__xssDanger = (el) => {
    const name = el.localName;
    const where = `<${name}> in ${el.getRootNode() === document ? 'the document' : 'a shadow root'}`;
    if (FORBIDDEN.has(name) && !(name === 'body' && el === document.body) && !(name === 'title' && el.parentNode === document.head) && !(name === 'meta' && el.parentNode === document.head)) return `${where}`;
    if (name === 'script' && !/^https?:/.test(el.src)) return `${where} (inline or not from a server)`;
    if (name === 'img' && !sameOrigin(el.getAttribute('src') ?? '')) return `${where} src=${el.getAttribute('src')}`;
    if (name === 'style' && /__xss/.test(el.textContent)) return `${where} holding a payload`;
    for (const attribute of el.attributes) {
      const key = attribute.name.toLowerCase();
      if (key.startsWith('on')) return `${where} with ${key}=${attribute.value}`;
      if (key === 'srcdoc') return `${where} with srcdoc`;
      // A browser skips leading white space and control characters before a URL's scheme.
      // eslint-disable-next-line no-control-regex
      if (URL_ATTRIBUTES.has(key) && /^[\s\0-\x1f]*javascript:/i.test(attribute.value)) return `${where} with ${key}=${attribute.value}`;
      if (key === 'style' && /__xss|javascript:/i.test(attribute.value)) return `${where} with style=${attribute.value}`;
    }
    return null;
  };
  window.__xssAdded = [];
  const observe = (root) =>
    new MutationObserver((records) => {
      for (const recordItem of records) {
        for (const node of recordItem.addedNodes) {
          if (node.nodeType !== 1) continue;
          for (const el of [node, ...node.querySelectorAll('*')]) {
            const danger = window.__xssDanger(el);
            if (danger) record(window.__xssAdded, danger);
          }
        }
      }
    }).observe(root, { childList: true, subtree: true });
  observe(document);
  window.__xssScan = () => {
    const found = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        const danger = window.__xssDanger(el);
        if (danger) found.push(danger);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return found;
  };
}

/** Opens `path` with the guard installed; `check()` asserts nothing ran or became markup. */
async function openGuarded(path, options = {}) {
  const opened = await session.openPage(path, { ...options, initScript: guard });
  const { page, problems } = opened;
  const check = async (where) => {
    const { hits, added, scan } = await page.evaluate(() => ({ hits: window.__xssHits, added: window.__xssAdded, scan: window.__xssScan() }));
    assert.deepEqual(hits, [], `${where}: payloads ran`);
    assert.deepEqual(added, [], `${where}: dangerous elements were added`);
    assert.deepEqual(scan, [], `${where}: dangerous elements are in the page`);
    assert.deepEqual(problems, [], `${where}: console errors or CSP violations`);
  };
  return { ...opened, check };
}

/** The text of the page, with the widgets' shadow roots and the form fields' values. */
const deepText = (page) =>
  page.evaluate(() => {
    const parts = [];
    const walk = (root) => {
      for (const node of root.childNodes) {
        if (node.nodeType === 3) parts.push(node.data);
        else if (node.nodeType === 1) {
          if (node.shadowRoot) walk(node.shadowRoot);
          walk(node);
        }
      }
    };
    walk(document.body);
    return parts.join('');
  });

/** Fails unless every payload of `payloads` is in `text` as typed. */
function assertShown(text, payloads, where) {
  const missing = payloads.filter((p) => !text.includes(p.text)).map((p) => p.name);
  assert.deepEqual(missing, [], `${where}: payloads not shown as text`);
}

/** Waits until the page's main text shows every payload as typed. */
async function waitForAllShown(page, payloads, where, { timeout = 10000 } = {}) {
  const deadline = Date.now() + timeout;
  let text = await deepText(page);
  while (payloads.some((p) => !text.includes(p.text)) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    text = await deepText(page);
  }
  assertShown(text, payloads, where);
  return text;
}

test('the guard itself: markup inserted as HTML is seen, and a call of __xss is recorded', async () => {
  const { page, close } = await openGuarded('ranked.html');
  try {
    // What a careless page would do with a label: innerHTML. (The CSP stops the handler from
    // running; the element and its attribute are still in the page, and the guard sees them.)
    await page.evaluate(() => {
      document.querySelector('main').insertAdjacentHTML('beforeend', `<img src=x onerror="__xss('control')"><a href="javascript:void 0">x</a>`);
      window.__xss('direct');
    });
    await page.waitForTimeout(50);
    const { hits, added, scan } = await page.evaluate(() => ({ hits: window.__xssHits, added: window.__xssAdded, scan: window.__xssScan() }));
    assert.deepEqual(hits, ['direct']);
    assert.deepEqual(added, [`<img> in the document with onerror=__xss('control')`, '<a> in the document with href=javascript:void 0']);
    assert.deepEqual(scan, added);
  } finally {
    await close();
  }
});

// ------------------------------------------------------------------ labels in the calculators

// Labels outside D1's letters, digits and . _ - / # are refused: the message quotes the token and
// the line is echoed under it, as typed. One page, each payload typed in turn.
for (const { file, field, template } of [
  { file: 'ranked.html', field: 'document labels', template: (p) => `D1,*${p}*,D2` },
  { file: 'ndcg.html', field: 'graded labels', template: (p) => `D1:3 ${p}:2` },
]) {
  test(`${file}: every payload as one of the ${field} is shown as typed and never runs`, async () => {
    const { page, close, check } = await openGuarded(file);
    try {
      for (const payload of TOKEN_PAYLOADS) {
        const typed = template(payload.text);
        await page.fill('#input', typed);
        await waitForText(page, '#input-error', [typed]);
      }
      await check(file);
    } finally {
      await close();
    }
  });
}

// Query ids, class labels and categories are accepted as names: they reach tables, charts and
// notes. All payloads at once, one name each.
test('queries.html: every payload as a query id is shown in the table, chart and notes as text; the exports give it as typed', async () => {
  const input = TOKEN_PAYLOADS.map((p) => `${p.text} relevant=2\nR N R`).join('\n\n');
  const { page, close, check } = await openGuarded(shareLink('queries.html', { calc: 'queries', in: input, m: 'MAP' }));
  try {
    await waitForAllShown(page, TOKEN_PAYLOADS, 'query ids');
    // Each query: R = 2, relevant at ranks 1 and 3: AP = (1/1 + 2/3) / 2 = 5/6, so MAP = 5/6.
    await waitForText(page, '.outcome .answer', ['MAP = 5/6']);
    await check('queries.html');

    // Copy CSV / Markdown / LaTeX of the per-query table: the ids come back as typed (CSV and
    // Markdown escape only their own syntax; LaTeX escapes its specials, so it is checked
    // for being text, not markup: no payload tag survives unescaped as a <script> line).
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const table = page.locator('.table-block', { has: page.locator('caption', { hasText: "Each query's AP" }) }).first();
    await table.locator('[data-copy-table="csv"]').click();
    await table.locator('.export-status', { hasText: 'CSV' }).waitFor();
    const csv = await page.evaluate(() => navigator.clipboard.readText());
    const csvIds = csvColumn(csv, 0).slice(1);
    assert.deepEqual(csvIds, TOKEN_PAYLOADS.map((p) => p.text));
    await table.locator('[data-copy-table="markdown"]').click();
    await table.locator('.export-status', { hasText: 'Markdown' }).waitFor();
    const markdown = await page.evaluate(() => navigator.clipboard.readText());
    for (const payload of TOKEN_PAYLOADS) {
      // Markdown escapes | and _ (and may escape *, `, \, [ ]); undoing the backslashes gives the id.
      assert.ok(markdown.replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1').includes(payload.text), `Markdown: ${payload.name}`);
    }
    await table.locator('[data-copy-table="latex"]').click();
    await table.locator('.export-status', { hasText: 'LaTeX' }).waitFor();
    const latex = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(latex, /\\begin\{tabular\}/);
    assert.ok(latex.includes(String.raw`\textbackslash{}href\{javascript:\_\_xss('katex-href')\}\{x\}`), 'the KaTeX-looking \\href is escaped, never a command');
    assert.ok(!/(^|[^\\])\\href\{/.test(latex), 'no live \\href in the LaTeX');

    // The chart of each query's AP, downloaded as SVG: parsed in the page, no script,
    // foreignObject or on* attribute, and the ids are text of <text> elements.
    const chart = page.locator('figure', { has: page.locator('[data-download-chart="svg"]') }).first();
    const [download] = await Promise.all([page.waitForEvent('download'), chart.locator('[data-download-chart="svg"]').click()]);
    const svg = (await downloadBytes(download)).toString('utf8');
    const parsed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
      const bad = [...doc.querySelectorAll('*')].filter(
        (el) => ['script', 'foreignObject', 'iframe', 'img', 'a'].includes(el.localName) || [...el.attributes].some((a) => /^on/i.test(a.name) || /javascript:/i.test(a.value)),
      );
      return { error: doc.querySelector('parsererror')?.textContent ?? null, bad: bad.map((el) => el.outerHTML.slice(0, 120)), text: doc.documentElement.textContent };
    }, svg);
    assert.equal(parsed.error, null, 'the SVG parses');
    assert.deepEqual(parsed.bad, []);
    // The chart labels its bars with the ids (as text; a long id may be cut with …).
    assert.ok(TOKEN_PAYLOADS.some((p) => parsed.text.includes(p.text)), 'some id is a label of the SVG, as text');
    assert.doesNotMatch(svg, /<(script|img|iframe|foreignObject)[\s/>]/i);
    await check('queries.html exports');
  } finally {
    await close();
  }
});

/** The first `column` of each CSV row (RFC 4180 quoting). */
function csvColumn(csv, column) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i += 1) {
    const c = csv[i];
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') (field += '"'), (i += 1);
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\r') continue;
    else if (c === '\n') row.push(field), rows.push(row), (row = []), (field = '');
    else field += c;
  }
  return rows.map((r) => r[column]);
}

test('multiclass.html: every payload as a class label is shown in the matrix and tables as text', async () => {
  const labels = TOKEN_PAYLOADS.map((p) => p.text);
  const predicted = [...labels.slice(1), labels[0]];
  const input = `true: ${labels.join(' ')}\npredicted: ${predicted.join(' ')}`;
  const { page, close, check } = await openGuarded(shareLink('multiclass.html', { calc: 'multiclass', in: input, m: 'multiclass' }));
  try {
    // Every item is predicted as the next class: no item is right, accuracy = 0/n = 0.
    await waitForText(page, '.outcome .answer', ['accuracy = 0']);
    await waitForAllShown(page, TOKEN_PAYLOADS, 'class labels');
    await check('multiclass.html');
  } finally {
    await close();
  }
});

test("agreement.html: payloads as the judges' categories and in a judge's name are shown as text", async () => {
  const labels = TOKEN_PAYLOADS.map((p) => p.text);
  const input = `A: ${labels.join(' ')}\nB: ${labels.join(' ')}`;
  const { page, close, check } = await openGuarded(shareLink('agreement.html', { calc: 'agreement', in: input, m: 'kappa' }));
  try {
    await page.waitForSelector('.outcome, #input-error:not([hidden])');
    await waitForAllShown(page, TOKEN_PAYLOADS, 'categories');
    await check('agreement.html categories');
    // A judge's name (a line's head): the payloads without a colon, one at a time.
    for (const payload of TOKEN_PAYLOADS.filter((p) => !p.text.includes(':')).slice(0, 8)) {
      await page.fill('#input', `${payload.text}: R N R\nB: R R N`);
      await waitForAllShown(page, [payload], `judge ${payload.name}`);
    }
    await check('agreement.html names');
  } finally {
    await close();
  }
});

// ------------------------------------------------------------------ the TREC page

test('trec.html: payloads as topics, docnos, run tags and file names are shown as text and never run', async () => {
  const { page, close, check } = await openGuarded('trec.html');
  try {
    const qrels = TOKEN_PAYLOADS.map((p) => `${p.text} 0 ${p.text} 1`).join('\n');
    const run = TOKEN_PAYLOADS.map((p) => `${p.text} Q0 ${p.text} 1 1.0 ${TOKEN_PAYLOADS[0].text}`).join('\n');
    await page.fill('#qrels-text', qrels);
    await page.fill('#run-text', run);
    // Run files: a name per payload (a file name cannot hold "/": those are left out), each run
    // tagged with another payload.
    const named = XSS_PAYLOADS.filter((p) => !p.text.includes('/')).slice(0, 6);
    await page.setInputFiles(
      '#run-files',
      named.map((p, i) => ({ name: `${p.text}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`${TOKEN_PAYLOADS[0].text} Q0 ${TOKEN_PAYLOADS[0].text} 1 1.0 ${TOKEN_PAYLOADS[i + 1].text}\n`) })),
    );
    await waitForAllShown(page, TOKEN_PAYLOADS, 'topics and docnos', { timeout: 20000 });
    const text = await waitForAllShown(page, named.map((p) => ({ ...p, text: `${p.text}.txt` })), 'file names');
    assertShown(text, TOKEN_PAYLOADS.slice(0, 7), 'run tags');
    await check('trec.html');
  } finally {
    await close();
  }
});

// ------------------------------------------------------------------ the URL hash

// Every key, holding every payload (one value, the payloads on lines of their own), on the
// ranked-list page; messages about a bad value quote it as text.
for (const key of ['calc', 'in', 'relevant', 'm', 'preset', 'problem', 'ask', 'reveal']) {
  test(`the URL hash: every payload in "${key}" never runs nor becomes markup`, async () => {
    const state = { calc: 'ranked', in: 'R N R', m: 'AP' };
    state[key] = XSS_PAYLOADS.map((p) => p.text).join('\n');
    if (key === 'ask' || key === 'reveal') state.problem = '1';
    const { page, close, check } = await openGuarded(shareLink('ranked.html', state));
    try {
      await page.waitForTimeout(300); // let the worker answer and the messages render
      await check(`#${key}=…`);
      // The fields that show a key's value hold it exactly, as text (a one-line <input> drops the
      // line breaks, as HTML's value sanitization does; the <textarea> keeps them).
      const field = { in: '#input', m: '#measures', relevant: '#relevant' }[key];
      if (field) assert.equal(await page.inputValue(field), key === 'in' ? state[key] : state[key].replace(/\n/g, ''));
    } finally {
      await close();
    }
  });
}

// ------------------------------------------------------------------ share link and Embed snippet

test('a state holding payloads: Copy link gives them back exactly, and the Embed snippet keeps them inside the attribute', async () => {
  const input = XSS_PAYLOADS.map((p) => p.text).join('\n');
  const { page, close, check } = await openGuarded(shareLink('ranked.html', { calc: 'ranked', in: input, m: 'AP' }));
  try {
    await page.waitForSelector('#input-error:not([hidden])');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('[data-copy-link]');
    await waitForText(page, '[data-copy-status]', ['Link copied']);
    const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    assert.equal(new URLSearchParams(copied.hash.slice(1)).get('in'), input);
    assert.doesNotMatch(copied.hash, /[<>"\s]/, 'the link itself is percent-encoded');

    await page.click('[data-embed]');
    const snippet = await page.inputValue('#embed-script');
    // Parsed as HTML (inert: a template's content), the snippet is one <script src> and one
    // <ir-calculator> whose input attribute is the input exactly, and nothing else.
    const parsed = await page.evaluate((source) => {
      const template = document.createElement('template');
      template.innerHTML = source;
      const elements = [...template.content.querySelectorAll('*')];
      return {
        tags: elements.map((el) => el.localName),
        input: template.content.querySelector('ir-calculator')?.getAttribute('input'),
        attributes: [...(template.content.querySelector('ir-calculator')?.attributes ?? [])].map((a) => a.name),
      };
    }, snippet);
    assert.deepEqual(parsed.tags, ['script', 'ir-calculator']);
    assert.equal(parsed.input, input);
    assert.deepEqual(parsed.attributes.filter((name) => /^on/.test(name)), []);
    const frame = await page.inputValue('#embed-frame');
    const frameParsed = await page.evaluate((source) => {
      const template = document.createElement('template');
      template.innerHTML = source;
      const iframe = template.content.querySelector('iframe');
      return { tags: [...template.content.querySelectorAll('*')].map((el) => el.localName), src: iframe?.getAttribute('src') ?? '', srcdoc: iframe?.hasAttribute('srcdoc') };
    }, frame);
    assert.equal(frameParsed.tags[0], 'iframe');
    assert.equal(frameParsed.srcdoc, false);
    assert.equal(new URLSearchParams(new URL(frameParsed.src).hash.slice(1)).get('in'), input);
    await check('share link and snippet');
  } finally {
    await close();
  }
});

// ------------------------------------------------------------------ the widget's attributes

const html = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

let foreign;
const foreignPages = new Map();
before(async () => {
  assert.ok(existsSync(join(distDir, 'irmetrics-embed.js')), `irmetrics-embed.js is missing: run node scripts/build-embed.mjs --out-dir ${distDir}`);
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (path === '/favicon.ico') return response.writeHead(204).end();
    const body = foreignPages.get(path);
    if (!body) return response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  foreign = { server, origin: `http://127.0.0.1:${server.address().port}` };
});
after(() => new Promise((done) => foreign?.server.close(done)));

test("the widget's attributes: payloads in calc, input, relevant and measures are shown as text and never run", async () => {
  const probe = await session.openPage('embed.html', { waitForReady: false });
  const site = new URL(probe.page.url()).origin;
  await probe.close();
  const all = XSS_PAYLOADS.map((p) => p.text).join('\n');
  const csp = `default-src 'self'; script-src 'self' ${site} 'wasm-unsafe-eval'; style-src 'self'; object-src 'none'`;
  const widgets = [
    `<ir-calculator id="w-in" calc="ranked" input="${html(all)}" measures="AP"></ir-calculator>`,
    `<ir-calculator id="w-calc" calc="${html(all)}" input="R N" measures="AP"></ir-calculator>`,
    `<ir-calculator id="w-m" calc="ranked" input="R N" measures="${html(XSS_PAYLOADS[3].text)}"></ir-calculator>`,
    `<ir-calculator id="w-r" calc="ranked" input="R N" relevant="${html(XSS_PAYLOADS[0].text)}" measures="AP"></ir-calculator>`,
  ].join('');
  foreignPages.set(
    '/xss.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${html(csp)}"><title>A course page</title><script src="${site}/irmetrics-embed.js"></script></head><body><main><h1>Exercise</h1>${widgets}</main></body></html>`,
  );
  const { page, close, check } = await openGuarded(`${foreign.origin}/xss.html`, { waitForReady: false });
  try {
    await page.waitForFunction(
      () => [...document.querySelectorAll('ir-calculator')].every((w) => ['ready', 'error'].includes(w.shadowRoot?.querySelector('.irc')?.dataset.state)),
      null,
      { timeout: 20000 },
    );
    const text = await deepText(page);
    // The input block shows the input as typed, every payload of it.
    assertShown(text, XSS_PAYLOADS, 'widget input');
    assert.ok(text.includes(XSS_PAYLOADS[3].text), 'the measure name, quoted');
    await check('widget');
  } finally {
    await close();
  }
});
