// Every page of the site, and the <ir-calculator> widget in a page of its own, under exactly the
// strict Content-Security-Policy of the issue, sent as a header by the test server:
//
//   default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; object-src 'none'
//
// (the site's own header adds `img-src 'self' blob:` for PNG export, which no test here uses).
// The built pages carry the site's policy in a <meta> too (vite.config.js): both apply, so the
// stricter header decides. Each page computes an example; a `securitypolicyviolation` listener
// (helpers.mjs, openPage) and the console must report nothing.
//
// Run: IRM_DIST=/tmp/site node --test tests/web/csp.test.mjs (the embed files built into it too:
// node scripts/build-embed.mjs --out-dir /tmp/site)

import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { calculators } from '../../web/js/calculators.js';
import { distDir, shareLink, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; object-src 'none'";
const webDir = fileURLToPath(new URL('../../web/', import.meta.url));

const session = useBrowserSession({ policy: STRICT_CSP, reusePages: true });

/** Opens `path`, runs `body`, and fails on any CSP violation, console error or failed request. */
async function underStrictCsp(path, body, options) {
  const { page, problems, close } = await session.openPage(path, options);
  try {
    const response = await page.evaluate(async () => (await fetch(location.href, { method: 'HEAD' })).headers.get('content-security-policy'));
    assert.equal(response, STRICT_CSP, 'the test server sends the strict policy');
    await body(page);
    await page.waitForTimeout(300); // a late violation (a chart drawn after a resize) still counts
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
}

test('every page of web/ is tested here', () => {
  const pages = readdirSync(webDir).filter((file) => file.endsWith('.html')).sort();
  const tested = [...calculators.map(({ page }) => page), 'index.html', 'embed.html', 'embedding.html', 'practice.html'].sort();
  assert.deepEqual(pages, [...new Set(tested)].sort());
});

test('the built pages carry the site policy in a <meta>, which allows no inline script or style', () => {
  for (const file of readdirSync(distDir).filter((name) => name.endsWith('.html') && !name.includes('offline'))) {
    const html = readFileSync(`${distDir}${file}`, 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1]?.replace(/&#39;/g, "'");
    assert.ok(meta, `${file} has the CSP <meta>`);
    assert.match(meta, /default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self';/, file);
    assert.doesNotMatch(meta, /unsafe-inline|'unsafe-eval'|data:/, file);
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>\s*\S/, `${file} has no inline script`);
    assert.doesNotMatch(html, /<style[\s>]|\sstyle="/, `${file} has no inline style`);
  }
});

test('index.html lists every measure with its formula under the strict CSP', async () => {
  await underStrictCsp('index.html', async (page) => {
    await page.waitForSelector('article.measure .katex');
  });
});

for (const { calc, page: file, samples } of calculators.filter(({ calc }) => calc !== 'trec')) {
  const [sample] = Object.values(samples);
  test(`${file}: its example computed under the strict CSP, charts and formulas drawn`, async () => {
    await underStrictCsp(shareLink(file, { calc, ...sample }), async (page) => {
      await page.waitForSelector('.outcome .answer');
      await page.waitForSelector('.outcome .formula .katex, .outcome .formula .math-source');
      // Whatever the example draws (a chart, a matrix) is on the page before the check.
      await page.waitForTimeout(200);
    });
  });
}

test('trec.html: the sample files evaluated in the worker under the strict CSP', async () => {
  await underStrictCsp('trec.html', async (page) => {
    await page.click('[data-sample]');
    await page.waitForFunction(() => document.querySelector('table.trec-summary tbody tr'), null, { timeout: 20000 });
  });
});

test('practice.html: an answer checked, its working, the worksheet and a quiz download (a blob: URL) under the strict CSP', async () => {
  // Seed 11, ranked, easy: R N N N R N R N with R = 4, relevant at 1, 5, 7:
  // AP = (1/1 + 2/5 + 3/7)/4 = 16/35.
  await underStrictCsp('practice.html#family=ranked&difficulty=easy&seed=11', async (page) => {
    const field = page.locator('.practice-value[data-value="AP"] .check-row input');
    await field.fill('16/35');
    await field.press('Enter');
    await waitForText(page, '.practice-value[data-value="AP"] .check-result', ['✓ Correct exactly.']);
    await page.click('.practice-value[data-value="AP"] [data-show-working]');
    await page.waitForSelector('.practice-working .outcome .formula .katex');
    await page.click('[data-worksheet-tools] > summary');
    await page.fill('[data-worksheet-count]', '2');
    await page.click('[data-show-worksheet]');
    await page.waitForSelector('.answer-key .key-exercise .katex');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-download="moodle-xml"]')]);
    assert.equal(download.suggestedFilename(), 'irmetrics-practice-ranked-easy-11-to-12.xml');
    assert.equal(await download.failure(), null);
  });
});

test('embed.html: the iframe form computes AP of R N R N, R = 5, under the strict CSP', async () => {
  // AP = (1/1 + 2/3) / 5 = 1/3 (relevant at ranks 1 and 3).
  await underStrictCsp(
    shareLink('embed.html', { calc: 'ranked', in: 'R N R N', relevant: '5', m: 'AP' }),
    async (page) => {
      await page.waitForFunction(() => document.querySelector('ir-calculator')?.shadowRoot?.querySelector('.outcome .answer'), null, { timeout: 20000 });
      const answer = await page.$eval('ir-calculator', (widget) => widget.shadowRoot.querySelector('.outcome .answer').textContent.replace(/\s+/g, ' ').trim());
      assert.equal(answer, 'AP = 1/3 ≈ 0.3333');
    },
    { waitForReady: false },
  );
});

test('embedding.html: the live examples under the strict CSP', async () => {
  await underStrictCsp('embedding.html', async (page) => {
    await page.waitForFunction(() => [...document.querySelectorAll('ir-calculator')].every((widget) => ['ready', 'error'].includes(widget.shadowRoot?.querySelector('.irc')?.dataset.state)), null, { timeout: 20000 });
  });
});

test('the ranked page computes in its worker under the strict CSP (worker-src falls back to script-src)', async () => {
  // P@5 of + - + - - is 2/5 = 0.4.
  await underStrictCsp(shareLink('ranked.html', { calc: 'ranked', in: '+ - + - -', m: 'P@5' }), async (page) => {
    await waitForAnswers(page, ['P@5 = 2/5 = 0.4']);
    const workers = await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /engine-worker/.test(entry.name)).length);
    assert.equal(workers, 1, 'engine-worker.js was loaded');
  });
});

test('the widget in a page of its own (same server) under the strict CSP: AP = 1/3', async (t) => {
  if (!existsSync(`${distDir}irmetrics-embed.js`)) {
    t.skip('irmetrics-embed.js is not built (node scripts/build-embed.mjs --out-dir …)');
    return;
  }
  // The page: embed.html's document replaced by one that loads only the widget's script, so the
  // server's strict header governs it. AP of R N R N with R = 5 is 1/3 (see above).
  await underStrictCsp(
    'embedding.html',
    async (page) => {
      await page.evaluate(() => {
        document.body.replaceChildren();
        const widget = document.createElement('ir-calculator');
        widget.setAttribute('calc', 'ranked');
        widget.setAttribute('input', 'R N R N');
        widget.setAttribute('relevant', '5');
        widget.setAttribute('measures', 'AP');
        widget.id = 'fresh';
        document.body.append(widget);
      });
      await waitForText(page, 'body', []);
      await page.waitForFunction(() => document.querySelector('#fresh')?.shadowRoot?.querySelector('.outcome .answer'), null, { timeout: 20000 });
      const answer = await page.$eval('#fresh', (widget) => widget.shadowRoot.querySelector('.outcome .answer').textContent.replace(/\s+/g, ' ').trim());
      assert.equal(answer, 'AP = 1/3 ≈ 0.3333');
    },
  );
});
