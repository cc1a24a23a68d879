// Reordering a list by hand (web/js/render/rerank.js) on the Ranked list and Graded relevance
// pages: the list as cards under the input, moved from the keyboard (arrow keys, Home, End, the
// focus staying on the card and a live region saying where it went) and by dragging (mouse, and
// a held finger); the input text, every answer and the share link follow. The cards are put away
// for an input with a mistake, in a problem, and for a list too long to show as cards.
// Every expected answer is worked out by hand in the comment above it.
// Run: IRM_DIST=/tmp/site node --test tests/web/rerank.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, axeViolations, horizontalOverflow, shareLink, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

// The notes' list with R = 5: relevant at 1, 3, 6, 9, 10, so AP = (1/1 + 2/3 + 3/6 + 4/9 + 5/10)/5
// = (28/9)/5 = 28/45 ≈ 0.6222, and P@5 = 2/5 (+ - + - - in the top 5).
const NOTES = '+ - + - - + - - + +';
const LINK = shareLink('ranked.html', { calc: 'ranked', in: NOTES, relevant: '5', m: 'AP, P@5' });
const BEFORE = ['AP = 28/45 ≈ 0.6222', 'P@5 = 2/5 = 0.4'];

const card = (rank) => `[data-rerank-cards] > li:nth-child(${rank})`;
const cardNames = (page) => page.$$eval('[data-rerank-cards] > li', (cards) => cards.map((li) => li.getAttribute('aria-label')));
const hashIn = async (page) => new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('in');

/** Presses `key` on the card at `rank` (1-based), as a keyboard user who tabbed to it. */
async function pressOnCard(page, rank, key) {
  await page.focus(card(rank));
  await page.keyboard.press(key);
}

/** Drags the card at rank `from` with the mouse and drops it on the place of the card at `to`. */
async function dragCard(page, from, to) {
  // In the middle of the viewport: a drag that ends near its edge scrolls the page under it.
  await page.locator('[data-rerank-cards]').evaluate((cards) => cards.scrollIntoView({ block: 'center' }));
  const source = await page.locator(card(from)).boundingBox();
  const target = await page.locator(card(to)).boundingBox();
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('ranked: one card per rank with its rank, label and judgement; labels are text', async () => {
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: 'D1,*D2*,D3?,D4:2', m: 'AP' }), async (page) => {
    await page.waitForSelector(card(4));
    assert.equal(await page.locator('[data-rerank]').isVisible(), true);
    assert.equal(await page.locator('.rerank summary').textContent(), 'Reorder by hand (4 ranks)');
    assert.deepEqual(await cardNames(page), ['Rank 1: D1, not relevant', 'Rank 2: D2, relevant', 'Rank 3: D3, unjudged', 'Rank 4: D4, grade 2, relevant']);
    // What is seen on each: the rank, a symbol that is not a colour, the label.
    assert.deepEqual(await page.$$eval('[data-rerank-cards] > li', (cards) => cards.map((li) => li.innerText.replace(/\s+/g, ' ').trim())), [
      '1 ✗ D1',
      '2 ✓ D2',
      '3 ? D3',
      '4 ✓ D4:2',
    ]);
    // A list, each card reachable with Tab and described.
    const list = await page.$eval('[data-rerank-cards]', (ol) => ({ tag: ol.tagName, label: document.getElementById(ol.getAttribute('aria-labelledby')).textContent }));
    assert.deepEqual(list, { tag: 'OL', label: 'Reorder by hand' });
    const described = await page.$eval(card(1), (li) => [li.tabIndex, document.getElementById(li.getAttribute('aria-describedby')).textContent]);
    assert.deepEqual(described, [0, 'Arrow keys move the card one rank; Home and End, to the top or the bottom.']);
  });
});

test('a label with a bidi override or a zero-width space shows their codes on its card, as the working does', async () => {
  // "D1\u202Eabc" would read "D1cba", "D\u200B2" look like "D2": written as code points.
  const typed = 'D1\u202Eabc,*D\u200B2*';
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: typed, m: 'AP' }), async (page) => {
    await page.waitForSelector(card(2));
    assert.deepEqual(await cardNames(page), ['Rank 1: D1⟨U+202E⟩abc, not relevant', 'Rank 2: D⟨U+200B⟩2, relevant']);
    assert.deepEqual(await page.$$eval('[data-rerank-cards] > li', (cards) => cards.map((li) => li.innerText.replace(/\s+/g, ' ').trim())), [
      '1 ✗ D1⟨U+202E⟩abc',
      '2 ✓ D⟨U+200B⟩2',
    ]);
    assert.equal(await page.inputValue('#input'), typed, 'the input as typed');
  });
});

test('keyboard: ArrowUp on rank 2 makes the list - + + - - + - - + +; AP = 47/90, the live region says so', async () => {
  await withPage(LINK, async (page) => {
    await waitForAnswers(page, BEFORE);
    await pressOnCard(page, 2, 'ArrowUp');
    // Relevant now at 2, 3, 6, 9, 10: AP = (1/2 + 2/3 + 3/6 + 4/9 + 5/10)/5; over 18 the sum is
    // (9 + 12 + 9 + 8 + 9)/18 = 47/18, so AP = 47/90 ≈ 0.5222. The top 5 (- + + - -) hold 2: P@5 = 2/5.
    assert.equal(await page.inputValue('#input'), '- + + - - + - - + +');
    await waitForAnswers(page, ['AP = 47/90 ≈ 0.5222', 'P@5 = 2/5 = 0.4']);
    assert.equal(await hashIn(page), '- + + - - + - - + +');
    await waitForText(page, '[data-rerank-status]', ['A non-relevant document moved to rank 1 of 10.']);
    // The focus stays on the card that moved, now at rank 1.
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Rank 1: not relevant');
    assert.equal(await page.evaluate(() => document.activeElement === document.querySelector('[data-rerank-cards] > li')), true);

    // End sends it to the bottom: + + - - + - - + + -, relevant at 1, 2, 5, 8, 9:
    // AP = (1 + 1 + 3/5 + 4/8 + 5/9)/5 = (180 + 54 + 45 + 50)/90 / 5 = 329/450 ≈ 0.7311; P@5 = 3/5.
    await page.keyboard.press('End');
    assert.equal(await page.inputValue('#input'), '+ + - - + - - + + -');
    await waitForAnswers(page, ['AP = 329/450 ≈ 0.7311', 'P@5 = 3/5 = 0.6']);
    await waitForText(page, '[data-rerank-status]', ['moved to rank 10 of 10']);
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Rank 10: not relevant');

    // At the bottom already: nothing moves, and it is said.
    await page.keyboard.press('ArrowDown');
    await waitForText(page, '[data-rerank-status]', ['is already at the bottom, rank 10 of 10']);
    assert.equal(await page.inputValue('#input'), '+ + - - + - - + + -');

    // Home and then ArrowRight: rank 1, then rank 2: back to the list as typed.
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.inputValue('#input'), NOTES);
    await waitForAnswers(page, BEFORE);
  });
});

test('drag with the mouse: rank 10 dropped on rank 1 gives + + - + - - + - - +; AP = 107/140', async () => {
  await withPage(LINK, async (page) => {
    await waitForAnswers(page, BEFORE);
    await dragCard(page, 10, 1);
    // Relevant at 1, 2, 4, 7, 10: AP = (1 + 1 + 3/4 + 4/7 + 5/10)/5; over 28 the sum is
    // (28 + 28 + 21 + 16 + 14)/28 = 107/28, so AP = 107/140 ≈ 0.7643. Top 5 + + - + -: P@5 = 3/5.
    assert.equal(await page.inputValue('#input'), '+ + - + - - + - - +');
    await waitForAnswers(page, ['AP = 107/140 ≈ 0.7643', 'P@5 = 3/5 = 0.6']);
    assert.equal(await hashIn(page), '+ + - + - - + - - +');
    await waitForText(page, '[data-rerank-status]', ['A relevant document moved to rank 1 of 10.']);
    // The card is put down where it was dropped, without a transform left on it.
    assert.deepEqual(await page.$$eval('[data-rerank-cards] > li', (cards) => cards.filter((li) => li.style.transform || li.classList.contains('is-dragging')).length), 0);

    // "Back to the order as typed" undoes every move.
    await page.click('[data-rerank-reset]');
    assert.equal(await page.inputValue('#input'), NOTES);
    await waitForAnswers(page, BEFORE);
    assert.equal(await page.locator('[data-rerank-reset]').isVisible(), false);
  });
});

test('a drag given up with Escape leaves the list as it was', async () => {
  await withPage(LINK, async (page) => {
    await waitForAnswers(page, BEFORE);
    await page.locator('[data-rerank-cards]').scrollIntoViewIfNeeded();
    const source = await page.locator(card(1)).boundingBox();
    const target = await page.locator(card(5)).boundingBox();
    await page.mouse.move(source.x + 10, source.y + 10);
    await page.mouse.down();
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
    await page.keyboard.press('Escape');
    await page.mouse.up();
    assert.equal(await page.inputValue('#input'), NOTES);
    assert.deepEqual((await cardNames(page)).slice(0, 2), ['Rank 1: relevant', 'Rank 2: not relevant']);
    await waitForText(page, '[data-rerank-status]', ['Move cancelled.']);
  });
});

test('drag with a finger: held, then dragged, the card moves (a quick swipe would scroll)', async () => {
  await withPage(LINK, async (page) => {
    await waitForAnswers(page, BEFORE);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    await page.locator('[data-rerank-cards]').scrollIntoViewIfNeeded();
    const source = await page.locator(card(3)).boundingBox();
    const target = await page.locator(card(1)).boundingBox();
    const at = (box) => [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(source) });
    await page.waitForSelector(`${card(3)}.is-dragging`); // the hold lifts the card
    for (const step of [0.25, 0.5, 0.75, 1]) {
      const x = source.x + source.width / 2 + (target.x - source.x) * step;
      const y = source.y + source.height / 2 + (target.y - source.y) * step;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // Rank 3's + to the top: + + - - - + - - + +, relevant at 1, 2, 6, 9, 10:
    // AP = (1 + 1 + 3/6 + 4/9 + 5/10)/5 = (18 + 18 + 9 + 8 + 9)/18 / 5 = 62/90 = 31/45 ≈ 0.6889.
    await waitForAnswers(page, ['AP = 31/45 ≈ 0.6889', 'P@5 = 2/5 = 0.4']);
    assert.equal(await page.inputValue('#input'), '+ + - - - + - - + +');
  });
});

test('the notations stay as typed: a header line, runs of marks, the ranks of the relevant documents', async () => {
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: 'relevant=5\nIRNNRI', m: 'bpref' }), async (page) => {
    await page.waitForSelector(card(6));
    // I judged not relevant, N not judged (both in the list): N is unjudged.
    assert.deepEqual(await cardNames(page), ['Rank 1: not relevant', 'Rank 2: relevant', 'Rank 3: unjudged', 'Rank 4: unjudged', 'Rank 5: relevant', 'Rank 6: not relevant']);
    await pressOnCard(page, 5, 'Home');
    assert.equal(await page.inputValue('#input'), 'relevant=5\nRIRNNI');
  });
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: 'relevant at 1, 3 of 10', relevant: '5', m: 'P@2' }), async (page) => {
    await page.waitForSelector(card(10));
    // R N R N…: P@2 = 1/2. The relevant rank 3 up one: R R N…, relevant at 1, 2: P@2 = 2/2 = 1.
    await waitForAnswers(page, ['P@2 = 1/2 = 0.5']);
    await pressOnCard(page, 3, 'ArrowUp');
    assert.equal(await page.inputValue('#input'), 'relevant at 1, 2 of 10');
    await waitForAnswers(page, ['P@2 = 1']);
  });
  // A ✓ cannot go into a run of marks: the marks are written one a word, and a note says why.
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: 'RN ✓', m: 'P@1' }), async (page) => {
    await page.waitForSelector(card(3));
    await pressOnCard(page, 3, 'Home');
    assert.equal(await page.inputValue('#input'), '✓ R N');
    await waitForText(page, '[data-rerank-note]', ['one word each']);
    // Typing again: the cards follow the text, and the note goes.
    await page.fill('#input', 'N N R');
    await page.waitForFunction(() => document.querySelector('[data-rerank-cards] > li:nth-child(3)')?.getAttribute('aria-label') === 'Rank 3: relevant');
    assert.equal(await page.locator('[data-rerank-note]').isVisible(), false);
  });
});

test('put away: an empty input, an input with a mistake, a problem; a long list gets a note', async () => {
  await withPage('ranked.html', async (page) => {
    assert.equal(await page.locator('[data-rerank]').isVisible(), false);
    await page.fill('#input', 'R N X R');
    await waitForText(page, '#input-error', ['column 5']);
    assert.equal(await page.locator('[data-rerank]').isVisible(), false);
    await page.fill('#input', 'R N R');
    await page.waitForSelector('[data-rerank]:not([hidden]) [data-rerank-cards] > li:nth-child(3)');
    // 150 ranks: no cards, a note.
    await page.fill('#input', 'R N '.repeat(75));
    await waitForText(page, '[data-rerank-note]', ['more than 100 ranks']);
    assert.equal(await page.locator('[data-rerank-cards] > li').count(), 0);
    assert.equal(await page.locator('.rerank summary').textContent(), 'Reorder by hand (more than 100 ranks)');
  });
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: NOTES, relevant: '5', m: 'AP', problem: '1' }), async (page) => {
    await page.waitForSelector('section.problem .check-answer input');
    assert.equal(await page.locator('[data-rerank]').isVisible(), false);
  });
});

test('graded: D3 of grade 1 moved to the top of D1:3 D2:2 D3:1 lowers DCG to 5.2619 and nDCG to 0.9345', async () => {
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: 'D1:3 D2:2 D3:1', m: 'DCG, nDCG' }), async (page) => {
    // The notes' DCG = rel_1 + Σ_{i≥2} rel_i / log2 i. As typed (the ideal order):
    // DCG = 3 + 2/1 + 1/log2 3 = 5 + 0.6309 = 5.6309, so nDCG = 1.
    await waitForAnswers(page, ['DCG = 5.6309', 'nDCG = 1']);
    assert.deepEqual(await cardNames(page), ['Rank 1: D1, grade 3', 'Rank 2: D2, grade 2', 'Rank 3: D3, grade 1']);
    assert.deepEqual(await page.$$eval('[data-rerank-cards] > li', (cards) => cards.map((li) => li.innerText.replace(/\s+/g, ' ').trim())), ['1 3 D1', '2 2 D2', '3 1 D3']);
    await pressOnCard(page, 3, 'Home');
    // D3:1 D1:3 D2:2: DCG = 1 + 3/1 + 2/log2 3 = 4 + 2 × 0.63093 = 5.26186 ≈ 5.2619, and
    // nDCG = 5.26186 / 5.63093 = 0.93446 ≈ 0.9345.
    assert.equal(await page.inputValue('#input'), 'D3:1 D1:3 D2:2');
    await waitForAnswers(page, ['DCG = 5.2619', 'nDCG = 0.9345']);
    await waitForText(page, '[data-rerank-status]', ['D3 (grade 1) moved to rank 1 of 3.']);
    assert.equal(await hashIn(page), 'D3:1 D1:3 D2:2');
  });
  // Plain grades and the unretrieved line, which has no card and stays as typed.
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: '5 4 0 3 2\nunretrieved: 1', m: 'nDCG@5' }), async (page) => {
    await page.waitForSelector(card(5));
    assert.equal(await page.locator('[data-rerank-cards] > li').count(), 5);
    await dragCard(page, 3, 5);
    assert.equal(await page.inputValue('#input'), '5 4 3 2 0\nunretrieved: 1');
    await waitForText(page, '[data-rerank-status]', ['A document of grade 0 moved to rank 5 of 5.']);
  });
});

test('on a phone the cards are one line that opens them; the answers stay in view; nothing overflows; axe is content', async () => {
  await withPage(
    LINK,
    async (page) => {
      await waitForAnswers(page, BEFORE);
      // Folded: the input and the answer bar are on the first screen, as without the cards.
      assert.equal(await page.$eval('.rerank', (details) => details.open), false);
      const input = await page.locator('#input').boundingBox();
      assert.ok(input.y + input.height <= PHONE.height, `the input ends at ${input.y + input.height} px`);
      const bar = page.locator('[data-answer-bar]');
      assert.equal((await bar.locator('.answer-bar-values').textContent()).trim(), 'AP = 28/45 ≈ 0.6222 · P@5 = 2/5 = 0.4');
      assert.equal(await horizontalOverflow(page), 0);
      assert.deepEqual(await axeViolations(page), []);

      await page.click('.rerank summary');
      await page.waitForSelector(card(10), { state: 'visible' });
      // Ten cards in two rows of five, inside the form.
      const rows = await page.$$eval('[data-rerank-cards] > li', (cards) => new Set(cards.map((li) => Math.round(li.getBoundingClientRect().top))).size);
      assert.equal(rows, 2);
      await pressOnCard(page, 2, 'ArrowUp');
      await waitForAnswers(page, ['AP = 47/90 ≈ 0.5222', 'P@5 = 2/5 = 0.4']);
      // The bar shows the new answers while the answers panel is out of view.
      await waitForText(page, '[data-answer-bar] .answer-bar-values', ['AP = 47/90 ≈ 0.5222']);
      assert.equal(await bar.isVisible(), true);
      assert.equal(await horizontalOverflow(page), 0);
      assert.deepEqual(await axeViolations(page), []);
    },
    { viewport: PHONE },
  );
});

test('desktop: the cards are open beside the answers, and axe finds nothing', async () => {
  await withPage(LINK, async (page) => {
    await waitForAnswers(page, BEFORE);
    assert.equal(await page.$eval('.rerank', (details) => details.open), true);
    await pressOnCard(page, 2, 'ArrowUp');
    await waitForAnswers(page, ['AP = 47/90 ≈ 0.5222', 'P@5 = 2/5 = 0.4']);
    assert.deepEqual(await axeViolations(page), []);
  });
});
