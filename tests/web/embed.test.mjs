// Embedding: the <ir-calculator> widget (irmetrics-embed.js) in a foreign page under a strict
// CSP and from file://, its attributes shown as text, its errors, the iframe form (embed.html)
// sizing itself, the Embed button's snippets, the documentation page, and the offline HTML file.
//
// Needs the site built with the embed files next to it:
//   node_modules/.bin/vite build --outDir /tmp/site && node scripts/build-embed.mjs --out-dir /tmp/site
//   IRM_DIST=/tmp/site node --test tests/web/embed.test.mjs
//
// The worked example throughout, by hand: "R N R N" with R = 5 has relevant documents at ranks
// 1 and 3, so P@1 = 1/1 and P@3 = 2/3, and AP = (1 + 2/3) / 5 = (5/3) / 5 = 1/3 ≈ 0.3333.
// P@5 = 2 relevant in the top 5 / 5 = 2/5 = 0.4 (ranks 5 and beyond count as not relevant).

import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { shadowCss } from '../../web/js/embed/styles.js';
import { axeViolations, distDir, horizontalOverflow, PHONE, shareLink, useBrowserSession, waitForWidgetAnswers, widgetAnswers } from './helpers.mjs';

const session = useBrowserSession({ clipboard: true, reusePages: true });
const embedScript = join(distDir, 'irmetrics-embed.js');
const offlineFile = join(distDir, 'irmetrics-offline.html');

const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; object-src 'none'";
const AP_ONE_THIRD = 'AP = 1/3 ≈ 0.3333';
const P5_TWO_FIFTHS = 'P@5 = 2/5 = 0.4';

// ------------------------------------------------------------------ helpers

/** Escapes text for an HTML attribute or element of a test page. */
const html = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A course page: `head` and `body` as given, the strict CSP in a <meta> unless csp is null. */
const coursePage = ({ head = '', body, csp = STRICT_CSP }) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${
    csp ? `<meta http-equiv="Content-Security-Policy" content="${html(csp)}">` : ''
  }<title>A course page</title>${head}</head><body><main><h1>Week 3: average precision</h1><h2>Exercise</h2>${body}</main></body></html>`;

/** Waits until a widget's shadow root says `data-state` ready or error; returns its text. */
async function widgetSettled(page, selector = 'ir-calculator', { timeout = 15000 } = {}) {
  await page.waitForFunction(
    (sel) => ['ready', 'error'].includes(document.querySelector(sel)?.shadowRoot?.querySelector('.irc')?.dataset.state),
    selector,
    { timeout },
  );
  return page.$eval(selector, (widget) => widget.shadowRoot.querySelector('.irc').textContent.replace(/\s+/g, ' '));
}

/** A second web server on another origin (127.0.0.1, its own port): the "course site". */
let foreign;
const foreignPages = new Map(); // path → {body, headers}
before(async () => {
  assert.ok(existsSync(embedScript), `${embedScript} is missing: run node scripts/build-embed.mjs --out-dir ${distDir}`);
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (path === '/favicon.ico') return response.writeHead(204).end(); // the browser asks for it
    const page = foreignPages.get(path);
    if (!page) return response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...page.headers }).end(page.body);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  foreign = { server, origin: `http://127.0.0.1:${server.address().port}` };
});
after(() => new Promise((done) => foreign?.server.close(done)));

/** Puts a page on the foreign server; returns its URL. */
function foreignPage(path, body, headers = {}) {
  foreignPages.set(path, { body, headers });
  return `${foreign.origin}${path}`;
}

/** The site's origin, as the helpers' server serves it (openPage of a relative path). */
async function siteOrigin() {
  const { page, close } = await session.openPage('embed.html', { waitForReady: false });
  const origin = new URL(page.url()).origin;
  await close();
  return origin;
}

/** A temporary folder, removed after the file's tests. */
const tempDirs = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'irm-embed-'));
  tempDirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

// ------------------------------------------------------------------ the widget in a foreign page

test('the widget in a page of another origin, under a strict CSP header, computes AP = 1/3 and P@5 = 2/5 with no CSP violation', async () => {
  const site = await siteOrigin();
  // The course site allows scripts from itself and from the irmetrics site, nothing else.
  const csp = `default-src 'self'; script-src 'self' ${site} 'wasm-unsafe-eval'; style-src 'self'; object-src 'none'`;
  const url = foreignPage(
    '/course.html',
    coursePage({
      csp: null,
      head: `<script src="${site}/irmetrics-embed.js"></script>`,
      body: '<ir-calculator calc="ranked" input="R N R N" relevant="5" measures="AP,P@5"></ir-calculator>',
    }),
    { 'Content-Security-Policy': csp },
  );
  const { page, problems, close } = await session.openPage(url, { waitForReady: false });
  try {
    await waitForWidgetAnswers(page, [AP_ONE_THIRD, P5_TWO_FIFTHS]);
    const text = await widgetSettled(page);
    assert.match(text, /R N R N/); // the input, shown
    assert.match(text, /R \(relevant documents\) = 5/);
    // The working: P@k at the relevant ranks 1 and 3, as worked by hand above.
    const firstTable = await page.$eval('ir-calculator', (widget) =>
      [...widget.shadowRoot.querySelector('.step-table').querySelectorAll('tbody tr')].map((row) =>
        [...row.cells].map((cell) => cell.querySelector('.cell-text').textContent),
      ),
    );
    assert.deepEqual(firstTable.slice(0, 2).map((row) => [row[0], row.at(-1)]), [['1', '1/1'], ['3', '2/3']]);
    // Nothing leaks into the host page: no global but the element, no AMD/CommonJS registration.
    assert.deepEqual(
      await page.evaluate(() => [typeof window.createIrMetricsEmbed, typeof window.Module, typeof window.irmetricsEmbed, !!customElements.get('ir-calculator')]),
      ['undefined', 'undefined', 'undefined', true],
    );
    // A Worker must come from the page's own origin: here the widget computes in the page.
    assert.deepEqual(page.workers(), []);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the widget under the strict CSP as a <meta>, script from the same site (the site serves the page): no violation', async () => {
  const { page, problems, close } = await session.openPage('embedding.html');
  try {
    await waitForWidgetAnswers(page, [AP_ONE_THIRD, P5_TWO_FIFTHS], 'ir-calculator[data-example="ranked"]');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the widget from file://: a page on disk next to irmetrics-embed.js (and its -inline.js) computes AP = 1/3, strict CSP in a <meta>', async () => {
  const dir = tempDir();
  // From file:// the script takes its wasm from irmetrics-embed-inline.js beside it (a <script>
  // element: Chromium fetches nothing from file://); see also embed-wasm.test.mjs.
  copyFileSync(embedScript, join(dir, 'irmetrics-embed.js'));
  copyFileSync(join(distDir, 'irmetrics-embed-inline.js'), join(dir, 'irmetrics-embed-inline.js'));
  writeFileSync(
    join(dir, 'handout.html'),
    coursePage({
      head: '<script src="irmetrics-embed.js"></script>',
      body: '<ir-calculator calc="ranked" input="R N R N" relevant="5" measures="AP"></ir-calculator>',
    }),
  );
  const { page, problems, close } = await session.openPage(pathToFileURL(join(dir, 'handout.html')).href, { waitForReady: false });
  try {
    await waitForWidgetAnswers(page, [AP_ONE_THIRD]);
    assert.deepEqual(page.workers(), []); // file:// starts no worker: the page's thread computes
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

// ------------------------------------------------------------------ attributes

/** Opens a foreign page holding the given widgets (strict CSP, script from the same server). */
async function openWidgets(path, body) {
  const site = await siteOrigin();
  const csp = `default-src 'self'; script-src 'self' ${site} 'wasm-unsafe-eval'; style-src 'self'; object-src 'none'`;
  const url = foreignPage(path, coursePage({ csp, head: `<script src="${site}/irmetrics-embed.js"></script>`, body }));
  return session.openPage(url, { waitForReady: false });
}

test('attributes holding markup are shown as text: in the input, in a measure name, in calc', async () => {
  const { page, problems, close } = await openWidgets(
    '/markup.html',
    [
      `<ir-calculator id="in" calc="ranked" input="${html('<img src=x onerror=alert(1)> R')}" measures="AP"></ir-calculator>`,
      `<ir-calculator id="m" calc="ranked" input="R N" measures="${html('<b>AP</b>')}"></ir-calculator>`,
      `<ir-calculator id="c" calc="${html('<i>x</i>')}" input="R N" measures="AP"></ir-calculator>`,
    ].join(''),
  );
  try {
    const input = await widgetSettled(page, '#in');
    assert.match(input, /<img src=x onerror=alert\(1\)> R/); // the input block, as typed
    assert.match(input, /input: found '<img' at line 1, column 1;/);
    const measure = await widgetSettled(page, '#m');
    assert.match(measure, /unknown measure '<b>AP<\/b>' at column 1/);
    const calc = await widgetSettled(page, '#c');
    assert.match(calc, /calc: there is no calculator "<i>x<\/i>"; expected one of ranked, ndcg/);
    const elements = await page.$$eval('ir-calculator', (widgets) =>
      widgets.reduce((count, widget) => count + widget.shadowRoot.querySelectorAll('img, b, i, script').length, 0),
    );
    assert.equal(elements, 0);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a bad input attribute shows which attribute, the message, and the span marked under the line', async () => {
  const { page, problems, close } = await openWidgets('/bad.html', '<ir-calculator calc="ranked" input="R N X R" measures="AP"></ir-calculator>');
  try {
    const text = await widgetSettled(page);
    const error = await page.$eval('ir-calculator', (widget) => {
      const block = widget.shadowRoot.querySelector('.irc-error');
      return {
        role: block.getAttribute('role'),
        attribute: block.querySelector('.irc-error-attribute').textContent,
        where: block.querySelector('.error-where').textContent,
        marked: block.querySelector('mark').textContent,
        caret: block.querySelector('.error-caret').textContent,
      };
    });
    // "R N X R": the X is the 3rd mark, at column 5 (R=1, space=2, N=3, space=4, X=5).
    assert.deepEqual(error, { role: 'alert', attribute: 'input: ', where: 'Line 1, column 5', marked: 'X', caret: '    ^' });
    assert.match(text, /found 'X' at line 1, column 5/);
    assert.equal((await widgetAnswers(page)).length, 0);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("the widget's own messages, word for word: empty input, a measure of another calculator, no measure", async () => {
  const { page, problems, close } = await openWidgets(
    '/messages.html',
    [
      '<ir-calculator id="empty" calc="ranked" input="  " measures="AP"></ir-calculator>',
      '<ir-calculator id="family" calc="ndcg" input="3 2 1" measures="AP"></ir-calculator>',
      '<ir-calculator id="none" calc="ranked" input="R N" measures=" , "></ir-calculator>',
    ].join(''),
  );
  try {
    const message = async (id) => {
      await widgetSettled(page, `#${id}`);
      return page.$eval(`#${id}`, (widget) => widget.shadowRoot.querySelector('.irc-error, .outcome.is-error .error-text').textContent.replace(/\s+/g, ' ').trim());
    };
    assert.equal(
      await message('empty'),
      'input: the input is empty; give the text to compute on, as you would paste it into the Ranked list calculator.',
    );
    assert.equal(
      await message('family'),
      'AP belongs to the Ranked list calculator, not to calc="ndcg" (Graded relevance (DCG, nDCG, ERR, RBP)).',
    );
    assert.equal(
      await message('none'),
      'measures: no measure is named; give one or more names separated by commas, such as measures="AP, P@5".',
    );
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('changing an attribute recomputes: input "R R" with relevant=2 gives AP = (1/1 + 2/2)/2 = 1', async () => {
  const { page, problems, close } = await openWidgets('/change.html', '<ir-calculator calc="ranked" input="R N R N" relevant="5" measures="AP"></ir-calculator>');
  try {
    await waitForWidgetAnswers(page, [AP_ONE_THIRD]);
    await page.evaluate(() => {
      const widget = document.querySelector('ir-calculator');
      widget.setAttribute('input', 'R R');
      widget.setAttribute('relevant', '2');
    });
    await waitForWidgetAnswers(page, ['AP = 1']);
    // A measure added: P@5 of "R R" = 2/5.
    await page.evaluate(() => document.querySelector('ir-calculator').setAttribute('measures', 'AP, P@5'));
    await waitForWidgetAnswers(page, ['AP = 1', P5_TWO_FIFTHS]);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the widget at 375 px: nothing scrolls sideways', async () => {
  const site = await siteOrigin();
  const csp = `default-src 'self'; script-src 'self' ${site} 'wasm-unsafe-eval'; style-src 'self'; object-src 'none'`;
  const url = foreignPage(
    '/phone.html',
    coursePage({ csp, head: `<script src="${site}/irmetrics-embed.js"></script>`, body: '<ir-calculator calc="ranked" input="R N R N N R N N R R" relevant="5" measures="AP, PR"></ir-calculator>' }),
  );
  const { page, problems, close } = await session.openPage(url, { waitForReady: false, viewport: PHONE });
  try {
    await widgetSettled(page);
    assert.equal(await horizontalOverflow(page), 0);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

// ------------------------------------------------------------------ compact by default, working="open"

// A 20-rank list, by hand: "R N R R N N R N N R N R N N N R N N N R" has relevant documents at
// ranks 1, 3, 4, 7, 10, 12, 16 and 20, so the precisions there are 1/1, 2/3, 3/4, 4/7, 5/10,
// 6/12, 7/16 and 8/20. Over the common denominator 1680: 1680 + 1120 + 1260 + 960 + 840 + 840 +
// 735 + 672 = 8107, so their sum is 8107/1680, and AP with R = 10 is 8107/16800 = 0.48256 ≈
// 0.4826. P@20 = 8 relevant in the top 20 / 20 = 2/5 = 0.4.
const LONG_LIST = 'R N R R N N R N N R N R N N N R N N N R';
const LONG_ANSWERS = ['AP = 8107/16800 ≈ 0.4826', 'P@20 = 2/5 = 0.4'];
const longWidget = (extra = '') =>
  `<ir-calculator calc="ranked" input="${LONG_LIST}" relevant="10" measures="AP, P@20"${extra}></ir-calculator>`;

/**
 * What a reader of the widget sees, per answer: the answer line, the working with the numbers
 * (its text, for MathML its <mi>/<mn> content), whether the step tables, the general formula and
 * the charts are visible, and the "Show working" disclosure (null when there is none).
 */
const widgetView = (page, selector = 'ir-calculator') =>
  page.$eval(selector, (widget) =>
    [...widget.shadowRoot.querySelectorAll('.outcome')].map((section) => {
      const visible = (node) => !!node && node.checkVisibility();
      // The MathML as read: its LaTeX source (<annotation>) left out.
      const mathText = (node) => {
        const copy = node.cloneNode(true);
        for (const source of copy.querySelectorAll('annotation')) source.remove();
        return copy.textContent.replace(/\s+/g, '');
      };
      const blocks = [...section.querySelectorAll('.formula')];
      const block = (title) => blocks.find((formula) => formula.querySelector('h4').textContent === title);
      const details = section.querySelector('details.working');
      return {
        answer: section.querySelector('.answer').textContent.replace(/\s+/g, ' ').trim(),
        answerVisible: visible(section.querySelector('.answer')),
        working: visible(block('With these numbers')) ? mathText(block('With these numbers').querySelector('.math-block')) : null,
        formulaVisible: visible(block('Formula')),
        tables: [...section.querySelectorAll('table.step-table')].map(visible),
        charts: [...section.querySelectorAll('svg.irm-plot')].map((svg) => (visible(svg) ? Math.round(svg.getBoundingClientRect().width) : 0)),
        notesVisible: visible(section.querySelector('.notes')),
        disclosure: details && { open: details.open, summary: details.querySelector('summary').textContent, visible: visible(details.querySelector('summary')) },
      };
    }),
  );

test('compact by default: each answer, its working with the numbers, and "Show working"; AP, P@20 of 20 ranks at most 900 px tall at 1280 px', async () => {
  const { page, problems, close } = await openWidgets('/compact.html', longWidget());
  try {
    await waitForWidgetAnswers(page, LONG_ANSWERS);
    const [ap, p20] = await widgetView(page);
    assert.equal(ap.answerVisible, true);
    // The working with these numbers, as the core writes it, in MathML: 1/10(1/1 + … + 8/20) …
    assert.match(ap.working, /^AP=110\(?11\+23\+34\+47\+510\+612\+716\+820\)?=110⋅81071680=810716800≈0\.4826$/);
    assert.match(p20.working, /820=25=0\.4$/);
    for (const answer of [ap, p20]) {
      assert.equal(answer.formulaVisible, false, `${answer.answer}: the general formula waits behind Show working`);
      assert.ok(answer.tables.length > 0 && answer.tables.every((shown) => !shown), `${answer.answer}: tables hidden`);
      assert.equal(answer.notesVisible, false);
      assert.deepEqual(answer.disclosure, { open: false, summary: `Show workingHide working for ${answer.answer.split(' =')[0]}`, visible: true });
    }
    assert.deepEqual(ap.charts, []); // the PR curve is drawn when the working first opens (a closed box has no width)
    // A layout requirement: the compact widget sits in a page of text.
    const height = await page.$eval('ir-calculator', (widget) => widget.getBoundingClientRect().height);
    assert.ok(height <= 900, `the widget is ${height} px tall`);
    assert.deepEqual(await axeViolations(page), []);

    // "Show working": the formula, the tables and the chart, drawn at the box's width.
    await page.click('ir-calculator >> .outcome:first-of-type summary');
    await page.waitForFunction(() => document.querySelector('ir-calculator').shadowRoot.querySelector('svg.irm-plot')?.checkVisibility());
    const [open, closed] = await widgetView(page);
    assert.equal(open.formulaVisible, true);
    assert.ok(open.tables.every(Boolean), 'every table of AP shown');
    assert.equal(open.notesVisible, true);
    assert.ok(open.charts[0] >= 280, `the PR curve is ${open.charts[0]} px wide`);
    assert.equal(open.disclosure.open, true);
    assert.ok(closed.tables.every((shown) => !shown), 'P@20 stays closed');
    // The first table of AP, worked by hand above: P@k at the relevant ranks.
    const firstTable = await page.$eval('ir-calculator', (widget) =>
      [...widget.shadowRoot.querySelector('.step-table tbody').rows].map((row) => [row.cells[0].textContent, row.cells.item(row.cells.length - 1).querySelector('.cell-text').textContent]),
    );
    assert.deepEqual(firstTable.slice(0, 8), [['1', '1/1'], ['3', '2/3'], ['4', '3/4'], ['7', '4/7'], ['10', '5/10'], ['12', '6/12'], ['16', '7/16'], ['20', '8/20']]);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('working="open" shows every answer\'s whole working at once, with no disclosure', async () => {
  const { page, problems, close } = await openWidgets('/open.html', longWidget(' working="open"'));
  try {
    await waitForWidgetAnswers(page, LONG_ANSWERS);
    await page.waitForFunction(() => document.querySelector('ir-calculator').shadowRoot.querySelector('svg.irm-plot')?.checkVisibility());
    const view = await widgetView(page);
    for (const answer of view) {
      assert.equal(answer.disclosure, null);
      assert.ok(answer.working, `${answer.answer}: the working with the numbers`);
      assert.equal(answer.formulaVisible, true, `${answer.answer}: the formula`);
      assert.ok(answer.tables.length > 0 && answer.tables.every(Boolean), `${answer.answer}: every table shown`);
    }
    assert.equal(view[0].notesVisible, true, "AP's notes");
    assert.ok(view[0].charts[0] >= 280, 'the PR curve drawn');
    assert.deepEqual(await axeViolations(page), []);
    // Back to the default: the disclosure returns.
    await page.evaluate(() => document.querySelector('ir-calculator').setAttribute('working', 'closed'));
    await page.waitForFunction(() => document.querySelector('ir-calculator').shadowRoot.querySelectorAll('details.working').length === 2);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('working-link makes "Show working" a link to that page, http(s) only: a javascript: link keeps the disclosure', async () => {
  const { page, problems, close } = await openWidgets(
    '/working-link.html',
    '<ir-calculator calc="ranked" input="R N R N" relevant="5" measures="AP" working-link="https://calc.example.edu/ranked.html#in=R+N+R+N"></ir-calculator>',
  );
  try {
    await waitForWidgetAnswers(page, [AP_ONE_THIRD]);
    const shown = () => page.$eval('ir-calculator', (widget) => ({
      link: widget.shadowRoot.querySelector('.working-link a')?.getAttribute('href') ?? null,
      target: widget.shadowRoot.querySelector('.working-link a')?.getAttribute('target') ?? null,
      disclosures: widget.shadowRoot.querySelectorAll('details.working').length,
    }));
    assert.deepEqual(await shown(), { link: 'https://calc.example.edu/ranked.html#in=R+N+R+N', target: '_blank', disclosures: 0 });
    await page.evaluate(() => document.querySelector('ir-calculator').setAttribute('working-link', 'javascript:alert(1)'));
    await page.waitForFunction(() => document.querySelector('ir-calculator').shadowRoot.querySelectorAll('details.working').length === 1);
    assert.deepEqual(await shown(), { link: null, target: null, disclosures: 1 });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('"Show working" from the keyboard: Tab reaches it, Enter opens and closes it', async () => {
  const { page, problems, close } = await openWidgets('/keyboard.html', longWidget());
  try {
    await waitForWidgetAnswers(page, LONG_ANSWERS);
    const focusedSummary = () =>
      page.evaluate(() => {
        const focused = document.activeElement?.shadowRoot?.activeElement;
        return focused?.matches('summary') ? focused.closest('.outcome').querySelector('.answer-measure').textContent : null;
      });
    let reached = null;
    for (let presses = 0; presses < 30 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = await focusedSummary();
    }
    assert.equal(reached, 'AP', 'Tab reaches the first answer\'s Show working');
    const apOpen = async () => (await widgetView(page))[0];
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('ir-calculator').shadowRoot.querySelector('details.working').open);
    assert.ok((await apOpen()).tables.every(Boolean));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('ir-calculator').shadowRoot.querySelector('details.working').open);
    assert.ok((await apOpen()).tables.every((shown) => !shown));
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("a link to a table in another answer's closed working opens that working and moves to the table", async () => {
  // PR and AP both show the table of precision and recall at each rank: it is shown with PR,
  // the first answer, and AP's working links to it.
  const { page, problems, close } = await openWidgets('/link.html', '<ir-calculator calc="ranked" input="R N R N N R" relevant="4" measures="PR, AP"></ir-calculator>');
  try {
    await widgetSettled(page);
    await page.click('ir-calculator >> .outcome:nth-of-type(2) summary');
    const reference = page.locator('ir-calculator >> .table-reference');
    assert.equal(await reference.textContent(), 'Precision and recall at each rank: the same table as for PR.');
    await reference.locator('a').click();
    const after = await page.$eval('ir-calculator', (widget) => ({
      open: [...widget.shadowRoot.querySelectorAll('details.working')].map((details) => details.open),
      focused: widget.shadowRoot.activeElement?.id,
      visible: widget.shadowRoot.activeElement?.checkVisibility(),
    }));
    assert.deepEqual(after, { open: [true, true], focused: 'irc-outcome-0-table-0', visible: true });
    assert.equal(new URL(page.url()).hash, ''); // the host page's URL is left alone
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the iframe form: compact by default, working=open in its hash shows the working; the frame follows the disclosure', async () => {
  const state = { calc: 'ranked', in: LONG_LIST, relevant: '10', m: 'AP, P@20' };
  const { page, problems, close } = await session.openPage(shareLink('embed.html', state));
  try {
    await waitForWidgetAnswers(page, LONG_ANSWERS);
    const compact = await widgetView(page);
    assert.ok(compact.every((answer) => answer.disclosure && answer.tables.every((shown) => !shown)));
    const before = await page.evaluate(() => document.documentElement.getBoundingClientRect().height);
    await page.click('ir-calculator >> .outcome:first-of-type summary');
    await page.waitForFunction((height) => document.documentElement.getBoundingClientRect().height > height + 500, before);
    await page.evaluate((hash) => { window.location.hash = hash; }, `${new URLSearchParams({ ...state, working: 'open' })}`);
    await page.waitForFunction(() => document.querySelector('ir-calculator').getAttribute('working') === 'open');
    await waitForWidgetAnswers(page, LONG_ANSWERS);
    await page.waitForFunction(() => document.querySelector('ir-calculator').shadowRoot.querySelectorAll('details.working').length === 0);
    assert.ok((await widgetView(page)).every((answer) => answer.tables.every(Boolean)));
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

// ------------------------------------------------------------------ the Embed button and the iframe

test('the Embed button writes the script snippet and the iframe snippet for the current state, and copies them', async () => {
  const state = { calc: 'ranked', in: 'R N R N', relevant: '5', m: 'AP, P@5' };
  await session.withPage(shareLink('ranked.html', state), async (page) => {
    await page.click('[data-embed]');
    assert.equal(await page.getAttribute('[data-embed]', 'aria-expanded'), 'true');
    const origin = new URL(page.url()).origin;
    assert.equal(
      await page.inputValue('#embed-script'),
      `<script src="${origin}/irmetrics-embed.js"></script>\n` +
        '<ir-calculator calc="ranked" input="R N R N" relevant="5" measures="AP, P@5"></ir-calculator>',
    );
    const frame = await page.inputValue('#embed-frame');
    assert.ok(
      frame.startsWith(
        `<iframe src="${origin}/embed.html#calc=ranked&amp;in=R+N+R+N&amp;relevant=5&amp;m=AP,+P@5" title="irmetrics: AP, P@5" data-irmetrics-frame width="100%" height="480" loading="lazy"></iframe>\n<script>\n`,
      ),
      frame,
    );
    assert.ok(frame.endsWith('\n</script>'));
    // The panel follows the state: a new measures list rewrites the snippet.
    await page.fill('#measures', 'AP@10');
    await page.waitForFunction(() => document.querySelector('#embed-script').value.includes('measures="AP@10"'));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('[data-embed-copy="embed-script"]');
    await page.waitForFunction(() => document.querySelector('[data-embed-status]').textContent === 'The widget snippet copied.');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.inputValue('#embed-script'));
    assert.deepEqual(await axeViolations(page), []);
  });
});

test('the Embed button escapes the state: quotes and markup in the input stay inside the attribute', async () => {
  const state = { calc: 'ranked', in: 'D1 "x" <b>', m: 'AP' };
  await session.withPage(shareLink('ranked.html', state), async (page) => {
    await page.click('[data-embed]');
    const snippet = await page.inputValue('#embed-script');
    assert.ok(snippet.endsWith('<ir-calculator calc="ranked" input="D1 &quot;x&quot; &lt;b&gt;" measures="AP"></ir-calculator>'), snippet);
  });
});

test('the Embed panel at 375 px: nothing scrolls sideways', async () => {
  await session.withPage(
    shareLink('ranked.html', { calc: 'ranked', in: 'R N R N', relevant: '5', m: 'AP, P@5' }),
    async (page) => {
      await page.click('[data-embed]');
      assert.equal(await horizontalOverflow(page), 0);
    },
    { viewport: PHONE },
  );
});

test("the iframe snippet from the Embed button, pasted into another site's page, sizes the frame to its content", async () => {
  const state = { calc: 'ranked', in: 'R N R N', relevant: '5', m: 'AP, P@5' };
  let snippet;
  await session.withPage(shareLink('ranked.html', state), async (page) => {
    await page.click('[data-embed]');
    snippet = await page.inputValue('#embed-frame');
  });
  // The course page allows inline scripts (the resizer is inline in this form) and frames.
  const url = foreignPage('/frame.html', coursePage({ csp: null, body: `${snippet}<p id="after">after the frame</p>` }));
  const { page, problems, close } = await session.openPage(url, { waitForReady: false });
  try {
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame()) ?? (await (await page.waitForSelector('iframe')).contentFrame());
    await frame.waitForSelector('body[data-ready]', { timeout: 15000 });
    const contentHeight = () => frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    // The frame's answers are the hand-worked ones.
    await waitForWidgetAnswers(frame, [AP_ONE_THIRD, P5_TWO_FIFTHS]);
    // The worked answer is far taller than the snippet's 480 px; the frame grows to fit it.
    await page.waitForFunction(() => document.querySelector('iframe').getBoundingClientRect().height > 480);
    await page.waitForTimeout(300); // the last resize message
    const inner = await contentHeight();
    const outer = await page.$eval('iframe', (element) => element.clientHeight);
    assert.ok(inner > 480, `content height ${inner}`);
    assert.ok(Math.abs(outer - inner) <= 2, `frame ${outer} px for content ${inner} px`);
    // Nothing scrolls inside the frame.
    assert.equal(await frame.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight <= 1), true);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('embed.html alone: the state from its hash, no CSP violation, no accessibility violation', async () => {
  const { page, problems, close } = await session.openPage(shareLink('embed.html', { calc: 'ranked', in: 'R N R N', relevant: '5', m: 'AP' }));
  try {
    await waitForWidgetAnswers(page, [AP_ONE_THIRD]);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('embed.html computes in a worker: 100,000 ranks give P@100000 = 1/2, their table paged from the worker (100 rows a page)', async () => {
  // "R N" 50,000 times: 50,000 relevant in the top 100,000, P@100000 = 50000/100000 = 1/2. At
  // rank 101 (odd, so an R) 51 relevant are in the top 101: P@101 = 51/101.
  const state = { calc: 'ranked', in: 'R N '.repeat(50000).trim(), m: 'P@100000' };
  const { page, problems, close } = await session.openPage(shareLink('embed.html', state), { waitForReady: false });
  try {
    await waitForWidgetAnswers(page, ['P@100000 = 1/2 = 0.5'], 'ir-calculator', { timeout: 60000 });
    // The script the page loaded from its own origin runs again as the widget's engine worker.
    assert.deepEqual(page.workers().map((worker) => new URL(worker.url()).pathname), ['/irmetrics-embed.js']);
    const pager = await page.$eval('ir-calculator', (widget) => widget.shadowRoot.querySelector('.table-page').textContent);
    assert.equal(pager.trim(), 'Rows 1–100 of 100000.');
    await page.$eval('ir-calculator', (widget) =>
      [...widget.shadowRoot.querySelectorAll('.table-pager button')].find((button) => button.textContent === 'Next rows').click(),
    );
    await page.waitForFunction(() => document.querySelector('ir-calculator').shadowRoot.querySelector('.table-page').textContent.startsWith('Rows 101–200'));
    const row = await page.$eval('ir-calculator', (widget) =>
      [...widget.shadowRoot.querySelector('.step-table tbody tr').cells].map((cell) => (cell.querySelector('.cell-text') ?? cell).textContent.trim()),
    );
    assert.equal(row[0], '101');
    assert.ok(row.includes('51/101'), `row 101: ${row.join(' | ')}`);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

// ------------------------------------------------------------------ the documentation page

test('embedding.html: live examples (AP = 1/3, nDCG(dcg=trec)@5, an error), a self-sizing iframe, axe clean, 375 px', async () => {
  await session.withPage('embedding.html', async (page) => {
    await waitForWidgetAnswers(page, [AP_ONE_THIRD, P5_TWO_FIFTHS], 'ir-calculator[data-example="ranked"]');
    const ndcg = await widgetAnswers(page, 'ir-calculator[data-example="ndcg"]');
    // dcg-4-3-4-2 (4 3 4 2 0 0 0 1 1 0) under trec_eval's discount, by hand to rank 5 (5 decimals):
    // DCG = 4/1 + 3/log2 3 + 4/2 + 2/log2 5 + 0 = 4 + 1.89279 + 2 + 0.86135 = 8.75414;
    // ideal 4 4 3 2 1: 4 + 4/log2 3 + 3/2 + 2/log2 5 + 1/log2 6 = 4 + 2.52372 + 1.5 + 0.86135 + 0.38685 = 9.27192;
    // nDCG@5 = 8.75414 / 9.27192 = 0.94416 ≈ 0.9442.
    assert.equal(ndcg.length, 1);
    assert.match(ndcg[0], /^nDCG\(dcg=trec\)@5 = 0\.9442/);
    const error = await widgetSettled(page, 'ir-calculator[data-example="error"]');
    assert.match(error, /found 'X' at line 1, column 5/);
    await page.locator('iframe[data-irmetrics-frame]').scrollIntoViewIfNeeded(); // it loads lazily
    // The resizer sets the frame to its content's height (the compact widget is shorter than
    // the frame's 480 px at first, so it shrinks).
    await page.waitForFunction(
      () => {
        const frame = document.querySelector('iframe[data-irmetrics-frame]');
        const body = frame.contentDocument?.body;
        if (body?.dataset.ready !== 'true') return false;
        const inner = Math.ceil(frame.contentDocument.documentElement.getBoundingClientRect().height);
        return Math.abs(frame.clientHeight - inner) <= 2;
      },
      null,
      { timeout: 15000 },
    );
    assert.deepEqual(await axeViolations(page), []);
  });
  await session.withPage(
    'embedding.html',
    async (page) => {
      assert.equal(await horizontalOverflow(page), 0);
    },
    { viewport: PHONE },
  );
});

test('the home page links to the embedding page and the offline file', async () => {
  await session.withPage('index.html', async (page) => {
    assert.equal(await page.locator('a[href="./embedding.html"]').count(), 1);
    assert.equal(await page.locator('a[href="./irmetrics-offline.html"]').count(), 1);
  });
});

// ------------------------------------------------------------------ the offline file

test('irmetrics-offline.html, alone in a folder and opened from file:// with the network cut, computes AP of R N R N with R = 5 as 1/3', async () => {
  const dir = tempDir();
  copyFileSync(offlineFile, join(dir, 'irmetrics-offline.html'));
  const { page, problems, close } = await session.openPage(pathToFileURL(join(dir, 'irmetrics-offline.html')).href, { waitForReady: false });
  try {
    await page.context().route(/^https?:/, (route) => route.abort()); // offline: any web request fails
    // It opens on the ranked-list example; then the reader types the exercise.
    await page.selectOption('#offline-calc', 'ranked');
    await page.fill('#offline-input', 'R N R N');
    await page.fill('#offline-relevant', '5');
    await page.fill('#offline-measures', 'AP');
    await waitForWidgetAnswers(page, [AP_ONE_THIRD]);
    // The state is in the link, as on the site.
    assert.deepEqual(Object.fromEntries(new URLSearchParams(await page.evaluate(() => location.hash.slice(1)))), {
      calc: 'ranked',
      in: 'R N R N',
      relevant: '5',
      m: 'AP',
    });
    // Another calculator from the picker: its example, answered (Kendall's τ of x 1 2 3 4 5,
    // y 2 1 4 3 5: pairs (1,2) and (3,4) discordant, the other 8 of 10 concordant, no ties:
    // τ = (8 − 2)/10 = 3/5).
    await page.selectOption('#offline-calc', 'correlation');
    assert.equal(await page.inputValue('#offline-input'), 'x: 1 2 3 4 5\ny: 2 1 4 3 5');
    const shown = await (async () => {
      await waitForWidgetAnswersMatching(page, /^τb? = 3\/5 = 0\.6$/);
      return widgetAnswers(page);
    })();
    assert.equal(shown.length, 1);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

/** Waits until the widget shows one answer matching `pattern`. */
async function waitForWidgetAnswersMatching(page, pattern, { timeout = 15000 } = {}) {
  const deadline = Date.now() + timeout;
  let shown = await widgetAnswers(page);
  while (!(shown.length === 1 && pattern.test(shown[0])) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    shown = await widgetAnswers(page);
  }
  assert.match(shown[0] ?? '(none)', pattern);
}

test('irmetrics-offline.html opened with a share-link hash shows that answer', async () => {
  const dir = tempDir();
  copyFileSync(offlineFile, join(dir, 'irmetrics-offline.html'));
  const href = `${pathToFileURL(join(dir, 'irmetrics-offline.html')).href}#calc=ranked&in=R+N+R+N&relevant=5&m=AP,P@5`;
  const { page, problems, close } = await session.openPage(href, { waitForReady: false });
  try {
    await waitForWidgetAnswers(page, [AP_ONE_THIRD, P5_TWO_FIFTHS]);
    assert.equal(await page.inputValue('#offline-input'), 'R N R N');
    // Compact, as the widget is; the box "Show the whole working" opens it, and says so in the link.
    assert.ok((await widgetView(page)).every((answer) => answer.disclosure && answer.tables.every((shown) => !shown)));
    await page.check('#offline-working');
    await page.waitForFunction(() => document.querySelector('ir-calculator').shadowRoot.querySelectorAll('details.working').length === 0);
    assert.ok((await widgetView(page)).every((answer) => answer.tables.every(Boolean)));
    assert.equal(new URLSearchParams(await page.evaluate(() => location.hash.slice(1))).get('working'), 'open');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('irmetrics-offline.html with #calc=toString or __proto__: an unknown calculator, said as text', async () => {
  const dir = tempDir();
  copyFileSync(offlineFile, join(dir, 'irmetrics-offline.html'));
  for (const calc of ['toString', '__proto__', '<b>x</b>']) {
    const href = `${pathToFileURL(join(dir, 'irmetrics-offline.html')).href}#calc=${encodeURIComponent(calc)}&in=R+N`;
    const { page, problems, close } = await session.openPage(href, { waitForReady: false });
    try {
      assert.equal(await page.inputValue('#offline-calc'), 'ranked');
      assert.equal(await page.textContent('[data-offline-hint]'), `There is no calculator “${calc}” in this file; here is the ranked list.`);
      assert.equal(await page.locator('[data-offline-hint] b').count(), 0);
      assert.deepEqual(problems, [], calc);
    } finally {
      await close();
    }
  }
});

// ------------------------------------------------------------------ problem mode

test('problem mode: the question with an answer field each; answers checked; the working on request, or never', async () => {
  const { page, problems, close } = await openWidgets(
    '/problem.html',
    [
      '<ir-calculator id="ask" problem calc="ranked" input="R N R N" relevant="5" ask="AP"></ir-calculator>',
      '<ir-calculator id="never" problem reveal="never" calc="ranked" input="R N R N" relevant="5" measures="AP, P@5"></ir-calculator>',
    ].join(''),
  );
  try {
    const shownText = (id) =>
      page.$eval(`#${id}`, (widget) => widget.shadowRoot.querySelector('.irc').innerText.replace(/\s+/g, ' '));
    await widgetSettled(page, '#ask');
    assert.match(await shownText('ask'), /Work out AP for this ranked list; R = 5\./);
    assert.doesNotMatch(await shownText('ask'), /1\/3|0\.333/); // computed, not shown

    // AP of R N R N with R = 5: (1/1 + 2/3) / 5 = 1/3. A student dividing by the 2 relevant
    // documents retrieved gets (5/3) / 2 = 5/6 ≈ 0.83: the core names that slip.
    const verdict = async (answer) => {
      await page.fill('#ask >> .check-answer input', answer);
      await page.press('#ask >> .check-answer input', 'Enter');
      await page.waitForFunction(
        () => document.querySelector('#ask').shadowRoot.querySelector('.check-result')?.textContent.trim(),
      );
      const text = await page.$eval('#ask', (widget) => widget.shadowRoot.querySelector('.check-result').textContent);
      await page.$eval('#ask', (widget) => { widget.shadowRoot.querySelector('.check-result').textContent = ''; });
      return text;
    };
    assert.match(await verdict('1/3'), /✓ Correct/);
    const wrong = await verdict('0.83');
    assert.match(wrong, /✓ Correct under AP\(norm=retrieved\) at 2 decimals/);
    assert.match(wrong, /ap\.norm_retrieved/);
    assert.doesNotMatch(await shownText('ask'), /≈ 0\.3333/); // still no working

    await page.click('#ask >> text=Show the working');
    await page.waitForFunction(() => /1\/3/.test(document.querySelector('#ask').shadowRoot.querySelector('.irc').innerText));
    assert.match(await shownText('ask'), /1\/3/);

    await widgetSettled(page, '#never');
    assert.match(await shownText('never'), /Work out AP and P@5 for this ranked list; R = 5\./);
    assert.match(await shownText('never'), /The working is not shown\./);
    const never = await page.$eval('#never', (widget) => ({
      fields: widget.shadowRoot.querySelectorAll('.check-answer input').length,
      shows: [...widget.shadowRoot.querySelectorAll('button')].filter((b) => /Show/.test(b.textContent)).length,
      text: widget.shadowRoot.querySelector('.irc').innerText,
    }));
    assert.equal(never.fields, 2);
    assert.equal(never.shows, 0);
    assert.doesNotMatch(never.text, /1\/3|0\.333|2\/5|0\.4\b/); // no value anywhere
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

// ------------------------------------------------------------------ styles and themes

test("styles.js: site.css's :root colours go to :host, its dark colours to theme=\"dark\" and (system dark) theme=\"auto\"", () => {
  const css = shadowCss(readFileSync(new URL('../../web/css/site.css', import.meta.url), 'utf8'));
  assert.doesNotMatch(css, /(^|\n):root \{/);
  assert.match(css, /(^|\n):host \{\s*color-scheme: light dark;\s*--bg: #f6f7f9;/);
  // site.css's dark surface is #1b2029; it must reach both dark rules.
  assert.match(css, /\.irc\[data-theme='dark'\] \{[^}]*--surface: #1b2029;[^}]*color-scheme: dark; \}/);
  assert.match(css, /@media \(prefers-color-scheme: dark\) \{ \.irc\[data-theme='auto'\] \{[^}]*--surface: #1b2029;/);
  assert.doesNotMatch(css, /@media \(prefers-color-scheme: dark\) \{\s*:root/);
});

test('theme: light by default even when the system is dark; dark on theme="dark"; the system\'s with theme="auto"', async () => {
  const { page, problems, close } = await openWidgets(
    '/themes.html',
    ['light', 'dark', 'auto'].map((theme) => `<ir-calculator id="${theme}" theme="${theme}" calc="ranked" input="R N" measures="P@2"></ir-calculator>`).join(''),
  );
  try {
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const id of ['light', 'dark', 'auto']) await widgetSettled(page, `#${id}`);
    const background = (id) => page.$eval(`#${id}`, (widget) => getComputedStyle(widget.shadowRoot.querySelector('.irc')).backgroundColor);
    // site.css: --surface is #ffffff in light, #1b2029 = rgb(27, 32, 41) in dark.
    assert.equal(await background('light'), 'rgb(255, 255, 255)');
    assert.equal(await background('dark'), 'rgb(27, 32, 41)');
    assert.equal(await background('auto'), 'rgb(27, 32, 41)');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.equal(await background('auto'), 'rgb(255, 255, 255)');
    assert.equal(await background('dark'), 'rgb(27, 32, 41)');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
