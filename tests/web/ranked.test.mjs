// Browser tests of the Ranked list page (web/ranked.html) against the built site in dist/.
// Run: npm run build && node --test tests/web/ranked.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, axeViolations, horizontalOverflow, useBrowserSession, waitForText } from './helpers.mjs';

const RL1 = 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10';
const RL2 = '+ - + - - + - - + +';

const { withPage } = useBrowserSession({ clipboard: true, reusePages: true });

const shareLink = (state) => `ranked.html#${new URLSearchParams({ calc: 'ranked', ...state })}`;

test('method-1-ap typed in: AP@10 = 28/45 ≈ 0.6222, with the precision at each relevant rank', async () => {
  await withPage('ranked.html', async (page) => {
    await page.fill('#input', RL2);
    await page.fill('#relevant', '5');
    await page.fill('#measures', 'AP@10');
    const answer = await waitForText(page, '.outcome .answer', ['AP@10', '28/45', '0.6222']);
    assert.match(answer, /AP@10\s*=\s*28\/45\s*≈\s*0\.6222/);
    const captions = await page.locator('.outcome caption').allTextContents();
    assert.ok(captions.includes('Precision at each relevant document'), captions.join(' | '));
    const hash = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
    assert.equal(hash.get('calc'), 'ranked');
    assert.equal(hash.get('in'), RL2);
    assert.equal(hash.get('relevant'), '5');
    assert.equal(hash.get('m'), 'AP@10');
  });
});

test('a share link restores the list, R and the measure, and shows the same 28/45', async () => {
  await withPage(shareLink({ in: RL2, relevant: '5', m: 'AP@10' }), async (page) => {
    await waitForText(page, '.outcome .answer', ['28/45', '0.6222']);
    assert.equal(await page.inputValue('#input'), RL2);
    assert.equal(await page.inputValue('#relevant'), '5');
    assert.equal(await page.inputValue('#measures'), 'AP@10');
  });
});

test('typing a bad token shows the message with line 1, column 5 and marks the X; the text stays as typed', async () => {
  await withPage('ranked.html', async (page) => {
    await page.locator('#input').pressSequentially('R N X R');
    await waitForText(page, '#input-error', ['Line 1, column 5']);
    assert.equal(await page.getAttribute('#input-error', 'data-column'), '5');
    assert.equal(await page.locator('#input-error mark').textContent(), 'X');
    assert.equal(await page.getAttribute('#input', 'aria-invalid'), 'true');
    assert.match(await page.getAttribute('#input', 'aria-describedby'), /\binput-error\b/);
    assert.equal(await page.inputValue('#input'), 'R N X R');
    // The reader is typing there: the caret must stay at the end, not jump to the mistake.
    const caret = await page.$eval('#input', (input) => [input.selectionStart, input.selectionEnd]);
    assert.deepEqual(caret, [7, 7]);

    await page.locator('#input').press('Backspace');
    await page.locator('#input').press('Backspace');
    await page.locator('#input').press('Backspace');
    await page.locator('#input').pressSequentially('R R');
    await page.waitForSelector('#input-error', { state: 'hidden' });
    assert.equal(await page.getAttribute('#input', 'aria-invalid'), null);
  });
});

test('a link with a mistake after an emoji selects it in the field: column 6 in code points is UTF-16 offset 6..7', async () => {
  // '*D😀* X Y': 😀 is one code point but two UTF-16 units, so the X at column 6 starts at offset 6.
  await withPage(shareLink({ in: '*D😀* X Y', m: 'AP' }), async (page) => {
    await waitForText(page, '#input-error', ['Line 1, column 6']);
    assert.equal(await page.locator('#input-error mark').textContent(), 'X');
    const range = await page.$eval('#input', (input) => [input.selectionStart, input.selectionEnd]);
    assert.deepEqual(range, [6, 7]);
  });
});

test('a wrong cutoff is marked inside the measures field, where that name sits', async () => {
  await withPage(shareLink({ in: RL2, relevant: '5', m: 'AP@10, P@0' }), async (page) => {
    // "P@0" starts at column 8 of the field; the core points at its column 3, the 0.
    await waitForText(page, '#measures-error', ['Line 1, column 10']);
    assert.equal(await page.locator('#measures-error mark').textContent(), '0');
    assert.equal(await page.getAttribute('#measures', 'aria-invalid'), 'true');
    await waitForText(page, '[data-results]', ['28/45']); // the good measure is still answered
  });
});

test('relevant-at-2-4-6: one click shows PR, 11pt and AP = 1/10, with AP(norm=retrieved) = 1/2 and why, and one PR chart', async () => {
  await withPage('ranked.html', async (page) => {
    await page.click('[data-preset="RL1"]');
    await waitForText(page, '[data-results]', ['3/22', '1/10']);
    assert.equal(await page.inputValue('#measures'), 'PR, 11pt, AP');
    const ap = page.locator('.outcome', { has: page.locator('code.answer-measure', { hasText: /^AP$/ }) });
    const alternatives = await ap.locator('.alternatives').textContent();
    assert.match(alternatives, /AP\(norm=retrieved\)\s*=\s*1\/2/);
    assert.match(alternatives, /relevant documents retrieved/);
    await page.locator('figure.chart svg').first().waitFor(); // drawn once its box has a width
    assert.equal(await page.locator('figure.chart').count(), 1, 'the PR chart is drawn once');
    const legend = await page.locator('figure.chart .chart-legend li').allTextContents();
    assert.equal(legend.length, 3, legend.join(' | '));
    assert.equal(await page.locator('figure.chart svg[role="img"]').getAttribute('aria-label'), 'Precision–recall curve');
    assert.equal(await page.locator('figure.chart style').count(), 0);
    const headers = await page.locator('.outcome thead th').allTextContents();
    for (const column of ['rank', 'P@k', 'R@k', 'interpolated P']) assert.ok(headers.includes(column), column);
  });
});

test('choosing "retrieved" for AP rewrites the measure as AP(norm=retrieved) and the answer becomes 1/2', async () => {
  await withPage(shareLink({ in: RL1, relevant: '15', m: 'PR, AP' }), async (page) => {
    await waitForText(page, '[data-results]', ['1/10']);
    await page.selectOption('select[data-param="norm"]', 'retrieved');
    assert.equal(await page.inputValue('#measures'), 'PR, AP(norm=retrieved)');
    await waitForText(page, '[data-results]', ['AP(norm=retrieved) = 1/2']);
    assert.equal(await page.getAttribute('[data-quick-add] [data-measure="AP"]', 'aria-pressed'), 'true');
  });
});

test('the quick-add buttons add and remove a measure', async () => {
  await withPage(shareLink({ in: RL2, relevant: '5', m: 'AP@10' }), async (page) => {
    await waitForText(page, '[data-results]', ['28/45']);
    await page.click('[data-quick-add] [data-measure="RR"]');
    assert.equal(await page.inputValue('#measures'), 'AP@10, RR');
    await waitForText(page, '[data-results]', ['RR = 1']);
    await page.click('[data-quick-add] [data-measure="AP"]');
    assert.equal(await page.inputValue('#measures'), 'RR');
  });
});

test('a malformed hash leaves a working page', async () => {
  await withPage('ranked.html#calc=ranked&in=%E0%A4%A&relevant=%%%&m=AP@10&&==&x', async (page) => {
    await page.waitForSelector('[data-results-status]:not([hidden]), .outcome, #input-error:not([hidden])');
    await page.fill('#input', RL2);
    await page.fill('#relevant', '5');
    await waitForText(page, '.outcome .answer', ['28/45']);
  });
});

test('no accessibility violations (axe-core) with relevant-at-2-4-6 worked out', async () => {
  await withPage(shareLink({ in: RL1, relevant: '15', m: 'PR, 11pt, AP' }), async (page) => {
    await waitForText(page, '[data-results]', ['3/22']);
    assert.deepEqual(await axeViolations(page), []);
  });
});

test('at 375 px wide the page, with relevant-at-2-4-6 worked out, does not scroll sideways', async () => {
  await withPage(
    shareLink({ in: RL1, relevant: '15', m: 'PR, 11pt, AP' }),
    async (page) => {
      await waitForText(page, '[data-results]', ['3/22']);
      assert.equal(await horizontalOverflow(page), 0);
    },
    { viewport: PHONE },
  );
});

test('every preset gives the answer of the worked examples (method-1-ap to one-relevant-ap-rr, bpref-irii to bpref-irnnriri)', async () => {
  const expected = {
    RL2: ['AP@10 = 28/45 ≈ 0.6222'],
    RL3: ['AP@10 = 69/175 ≈ 0.3943'],
    RL4: ['AP@10 = 71/100 = 0.71'],
    RL5: ['AP = 31/100 = 0.31'],
    RL6: ['P@5 = 3/5 = 0.6', 'P@10 = 7/10 = 0.7'],
    RL7: ['AP = 1/3 ≈ 0.3333', 'RR = 1/3 ≈ 0.3333'],
    // bpref = 1/R Σ (1 − n_r/R), n_r the judged irrelevant (I) above relevant r; N not judged.
    // bpref-irii IRII, R = 2: (1 − 1/2)/2 = 1/4. bpref-irnnri IRNNRI, R = 2: (1/2 + 1/2)/2 = 1/2.
    // bpref-irnnriri IRNNRIRI, R = 3: (2/3 + 2/3 + 1/3)/3 = 5/9.
    B1: ['bpref = 1/4 = 0.25'],
    B2: ['bpref = 1/2 = 0.5'],
    B3: ['bpref = 5/9 ≈ 0.5556'],
  };
  await withPage('ranked.html', async (page) => {
    for (const [id, answers] of Object.entries(expected)) {
      await page.click(`[data-preset="${id}"]`);
      const shown = () =>
        page.$$eval('.outcome .answer', (nodes) => nodes.map((node) => node.textContent.replace(/\s+/g, ' ').trim()));
      for (let tries = 0; tries < 50 && JSON.stringify(await shown()) !== JSON.stringify(answers); tries += 1) {
        await page.waitForTimeout(50);
      }
      assert.deepEqual(await shown(), answers, id);
    }
  });
});

test('"Copy link" puts the link of the current answers on the clipboard', async () => {
  await withPage(shareLink({ in: RL2, relevant: '5', m: 'AP@10' }), async (page) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('[data-copy-link]');
    await waitForText(page, '[data-copy-status]', ['Link copied']);
    const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    const state = new URLSearchParams(copied.hash.slice(1));
    assert.deepEqual(Object.fromEntries(state), { calc: 'ranked', in: RL2, relevant: '5', m: 'AP@10' });
  });
});

test('pasted markup stays text: in error messages, the marker line and measure names', async () => {
  const markup = '<img/src=x/onerror=alert(1)>';
  await withPage(shareLink({ in: `R ${markup}`, m: `AP, <b>bold</b>` }), async (page) => {
    await waitForText(page, '#input-error', [markup]);
    await waitForText(page, '#measures-error', ['<b>bold</b>']);
    assert.equal(await page.locator('#input-error mark').textContent(), markup);
    assert.equal(await page.locator('main img, main b').count(), 0);
  });
});

test('in-page links (skip link, "All answers") keep the state in the hash', async () => {
  await withPage(shareLink({ in: RL1, relevant: '15', m: 'PR, 11pt, AP' }), async (page) => {
    await waitForText(page, '[data-results]', ['3/22']);
    const before = await page.evaluate(() => location.hash);
    await page.click('.summary-table a[href="#outcome-2"]');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'outcome-2');
    await page.keyboard.press('Tab'); // any further step keeps the state too
    assert.equal(await page.evaluate(() => location.hash), before);
    assert.equal(await page.inputValue('#input'), RL1);
  });
});

test('pasting another share link into the open page shows its answer', async () => {
  await withPage(shareLink({ in: RL1, relevant: '15', m: 'AP' }), async (page) => {
    await waitForText(page, '.outcome .answer', ['1/10']);
    await page.evaluate((hash) => {
      location.hash = hash;
    }, new URLSearchParams({ calc: 'ranked', in: RL2, relevant: '5', m: 'AP@10' }).toString());
    await waitForText(page, '.outcome .answer', ['AP@10', '28/45']);
    assert.equal(await page.inputValue('#input'), RL2);
  });
});
