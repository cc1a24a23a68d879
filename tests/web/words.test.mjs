// Words a stranger understands: no page shows an internal id (an example called by a short code
// such as the golden tests' tags, a source called by a file number), examples are named by what
// they show and cite their source as a reader could find it, the headings name the variant
// computed, and a measure typed on the wrong page says which page computes it, with a link that
// carries the input there.
// Run: IRM_DIST=/tmp/site-NAME node --test tests/web/words.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calculators } from '../../web/js/calculators.js';
import { shareLink, useBrowserSession, waitForAnswers } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

/** Internal ids of the course notes and their examples, as this project once showed them. */
const INTERNAL = /\bnotes? 00\d\b|\bnotes00\d\b|\b(?:RL\d|RL1-[ai]|B[1-3]|G[1-5]|K[1-4]|S1|Q[1-3])\b|WORKED_EXAMPLES|\.\.\/shared/;

/** The page's words: its text, and the labels a screen reader reads (title, aria-label). */
const pageWords = (page) =>
  page.evaluate(() =>
    [
      document.body.innerText,
      ...[...document.querySelectorAll('[title], [aria-label]')].map((node) => `${node.getAttribute('title') ?? ''} ${node.getAttribute('aria-label') ?? ''}`),
    ].join('\n'),
  );

function assertNoInternalIds(words, where) {
  const found = INTERNAL.exec(words);
  assert.equal(found, null, `${where} shows “${found?.[0]}” in: …${found ? words.slice(Math.max(0, found.index - 80), found.index + 80) : ''}…`);
}

for (const { page: file, calc } of calculators.filter((calculator) => Object.keys(calculator.samples).length > 0)) {
  test(`${file}: no internal id in the page or in the answer of any of its examples`, async () => {
    await withPage(file, async (page) => {
      await page.evaluate(() => {
        document.querySelector('[data-examples]').open = true;
      });
      assertNoInternalIds(await pageWords(page), file);
      const examples = page.locator('[data-presets] [data-preset]');
      const count = await examples.count();
      assert.ok(count > 0, `${file} has examples`);
      for (let index = 0; index < count; index += 1) {
        const example = examples.nth(index);
        // Each example is named by what it shows, not by an id.
        const name = (await example.locator('.preset-id').textContent()).trim();
        assert.ok(name.length > 6 && !INTERNAL.test(name), `${calc} example ${index + 1} is called “${name}”`);
        await example.click();
        // An answer of the calculator, or (the significance page's table of three or more
        // systems) the comparison of its systems.
        await page.waitForFunction(() => {
          const many = /** @type {HTMLElement | null} */ (document.querySelector('[data-many-systems]'));
          if (many && !many.hidden) return many.querySelector('[data-compare-view]')?.getAttribute('data-compare-state') === 'ready';
          const outcome = /** @type {HTMLElement | null} */ (document.querySelector('#outcome-0'));
          return outcome !== null && outcome.offsetParent !== null && !document.querySelector('[data-results]')?.classList.contains('is-stale');
        });
        assertNoInternalIds(await pageWords(page), `${file}, example “${name}”`);
      }
    });
  });
}

for (const file of ['index.html', 'trec.html', 'embedding.html']) {
  test(`${file}: no internal id`, async () => {
    await withPage(file, async (page) => {
      await page.evaluate(() => {
        for (const details of document.querySelectorAll('details')) details.open = true;
      });
      assertNoInternalIds(await pageWords(page), file);
    }, { waitForReady: file !== 'embedding.html' });
  });
}

test('an example cites its source by title and author', async () => {
  await withPage('ranked.html', async (page) => {
    await page.evaluate(() => {
      document.querySelector('[data-examples]').open = true;
    });
    const detail = await page.textContent('[data-preset="RL2"] .preset-detail');
    assert.equal(detail.trim(), 'AP@10 · from Bhattacharya’s CS657A notes');
    assert.equal((await page.textContent('[data-preset="RL2"] .preset-id')).trim(), 'Method 1: 5 relevant, all found');
    // The default conventions are named for what they are.
    assert.equal(await page.locator('[data-convention-preset] option:checked').textContent(), 'Calculator defaults: Bhattacharya’s CS657A course notes (IIT Kanpur)');
  });
});

test('pooled κ is not headed “Cohen’s kappa”', async () => {
  // kappa-400-documents' table with pooled marginals: P(E) = ((100 + 150)/800)² + ((300 +
  // 250)/800)² = (5/16)² + (11/16)² = 146/256 = 73/128; κ = (3/4 − 73/128)/(1 − 73/128) =
  // (23/128)/(55/128) = 23/55.
  await withPage(shareLink('agreement.html', { calc: 'agreement', in: '75 25\n75 225', m: 'kappa(chance=pooled), kappa' }), async (page) => {
    await waitForAnswers(page, ['κ = 23/55 ≈ 0.4182', 'κ = 3/7 ≈ 0.4286']);
    const pooled = await page.textContent('#outcome-0 h3');
    assert.ok(!/Cohen/.test(pooled), pooled);
    assert.match(pooled, /pooled/i);
    assert.match(await page.textContent('#outcome-1 h3'), /Cohen/);
  });
});

test('a measure of another page: the other answers stand, and a link carries the input there', async () => {
  // + - + with R = 2: AP = (1/1 + 2/3)/2 = 5/6. The sets page reads counts, so the link writes
  // the list as them: 2 relevant returned (TP), 1 not relevant returned (FP), R − 2 = 0 missed (FN).
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: '+ - +', relevant: '2', m: 'AP, F' }), async (page) => {
    await waitForAnswers(page, ['AP = 5/6 ≈ 0.8333']);
    const section = page.locator('[data-hand-off="sets"]');
    assert.match(await section.textContent(), /F \(.*\) is computed on the Sets and confusion matrices page/);
    const href = await section.locator('a').getAttribute('href');
    const hash = new URLSearchParams(href.slice(href.indexOf('#') + 1));
    assert.ok(href.startsWith('./sets.html#'), href);
    assert.deepEqual([hash.get('calc'), hash.get('in'), hash.get('m')], ['sets', 'tp=2 fp=1 fn=0', 'F']);
    // Nothing is marked as a mistake: the measures field has no error.
    assert.equal(await page.isVisible('#measures-error'), false);
  });
});

test('precision on the sets page is the set’s precision; precision@5 points to the ranked page', async () => {
  // "precision" alone is confusion(value=precision), the word exercises use: TP 2, FP 2 gives
  // 2/(2 + 2) = 1/2, computed here with no hand-off.
  await withPage(shareLink('sets.html', { calc: 'sets', in: 'tp=2 fp=2 fn=1 tn=3', m: 'precision' }), async (page) => {
    await page.waitForSelector('#outcome-0 .answer');
    assert.match((await page.locator('#outcome-0 .answer').textContent()).replace(/\s+/g, ' '), /1\/2/);
    assert.equal(await page.locator('[data-hand-off]').count(), 0);
  });
  // With a cutoff it is P@5 of a ranked list: computed on the Ranked list page.
  await withPage(shareLink('sets.html', { calc: 'sets', in: 'tp=2 fp=2 fn=1 tn=3', m: 'precision@5' }), async (page) => {
    const section = page.locator('[data-hand-off="ranked"]');
    await section.waitFor();
    assert.match((await section.textContent()).replace(/\s+/g, ' '), /is computed on the Ranked list page/);
  });
});
