// Problem mode (web/js/problem.js): a link with problem=1 locks the question, asks for the
// measures in `ask`, accepts answers through the check field, and shows the working only when
// asked (reveal=never: never). Expected values are worked out by hand in the comments.
// Run: IRM_DIST=/tmp/site-NAME node --test tests/web/problem.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, axeViolations, horizontalOverflow, shareLink, useBrowserSession } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

// method-1-ap (CS657A notes): R = 5, relevant at 1, 3, 6, 9, 10: AP@10 = (1 + 2/3 + 3/6 + 4/9 +
// 5/10)/5 = 28/45 = 0.6222; P@5 = 2/5.
const RL2 = '+ - + - - + - - + +';
// four-of-ten-ap (Week 3 notes): R = 10, + + - - + - - + - -: AP = (1 + 1 + 3/5 + 4/8)/10 = 31/100.
const RL5 = '+ + - - + - - + - -';

const pageText = (page) => page.evaluate(() => document.body.innerText);

async function checkAnswer(page, section, answer) {
  await page.locator(`${section} .check-answer input`).fill(answer);
  await page.locator(`${section} .check-answer button`).click();
  const status = `${section} .check-answer [role="status"]`;
  await page.waitForFunction(([selector, typed]) => document.querySelector(selector)?.dataset.checked === typed, [status, answer]);
  return (await page.locator(status).textContent()).replace(/\s+/g, ' ').trim();
}

test('a problem link: the question locked, the values and working hidden, a right answer accepted, the working shown on request', async () => {
  const link = shareLink('ranked.html', { calc: 'ranked', in: RL2, relevant: '5', m: 'AP@10, P@5', problem: '1', ask: 'AP@10' });
  await withPage(link, async (page) => {
    await page.waitForSelector('section.problem .check-answer input');
    // The question in one sentence, the input shown read-only, nothing else to set.
    assert.equal(await page.textContent('[data-problem-question-text]'), 'Work out AP@10 for this ranked list; R = 5.');
    assert.equal(await page.inputValue('#input'), RL2);
    assert.equal(await page.locator('#input').evaluate((input) => input.readOnly), true);
    assert.equal(await page.isEditable('#input'), false);
    for (const hidden of ['#relevant', '#measures', '[data-presets]', '[data-quick-add]', '[data-convention-preset]', '[data-make-problem]']) {
      assert.equal(await page.isVisible(hidden), false, `${hidden} is shown in a problem`);
    }
    // Only AP@10 is asked (not P@5), and no value or working is on the page.
    assert.equal(await page.locator('section.problem').count(), 1);
    assert.equal(await page.locator('section.problem .check-answer label').textContent(), 'Your answer for AP@10');
    const before = await pageText(page);
    for (const value of ['28/45', '0.6222', '0.62']) assert.ok(!before.includes(value), `${value} is shown before any answer`);
    assert.equal(await page.locator('.step-table, .answer').count(), 0);

    // A wrong answer, then a right one.
    assert.match(await checkAnswer(page, 'section.problem', '0.7'), /^✗ Not AP@10 at 1 decimal\./);
    assert.match(await checkAnswer(page, 'section.problem', '0.62'), /^✓ Correct at 2 decimals\./);

    // The working on request: the answer and its step table appear.
    const show = page.getByRole('button', { name: 'Show the working' });
    assert.equal(await show.getAttribute('aria-expanded'), 'false');
    await show.click();
    await page.waitForSelector('section.problem .answer');
    const answer = (await page.textContent('section.problem .answer')).replace(/\s+/g, ' ');
    assert.match(answer, /AP@10 = 28\/45 ≈ 0\.6222/);
    assert.ok((await page.locator('section.problem caption').allTextContents()).includes('Precision at each relevant document'));
    assert.deepEqual(await axeViolations(page), []);
  });
});

test('reveal=never: no "Show the working", and no value of the answer anywhere in the page text', async () => {
  const link = shareLink('ranked.html', { calc: 'ranked', in: RL5, relevant: '10', m: 'AP', problem: '1', reveal: 'never' });
  await withPage(link, async (page) => {
    await page.waitForSelector('section.problem .check-answer input');
    assert.equal(await page.getByRole('button', { name: 'Show the working' }).count(), 0);
    assert.match(await page.textContent('.problem-intro'), /The working is not shown\./);
    const text = await pageText(page);
    for (const value of ['31/100', '0.31']) assert.ok(!text.includes(value), `${value} appears in the page`);
    const announced = await page.textContent('[data-announce]');
    assert.ok(!announced.includes('0.31'), announced);
    // A wrong answer that nothing explains gives no value away either.
    const verdict = await checkAnswer(page, 'section.problem', '0.4');
    assert.ok(!verdict.includes('31/100') && !verdict.includes('0.31'), verdict);
    // A right answer to 1 decimal (0.3 for 31/100) is confirmed without the digits not typed:
    // not "AP = 31/100 = 0.31 rounds to 0.3".
    assert.equal(await checkAnswer(page, 'section.problem', '0.3'), '✓ Correct at 1 decimal.');
    // The same for a named quantity of the answer: R = 10 typed as 10 says only that it is right.
    await page.locator('section.problem details.quantity-checks summary').click();
    const rField = page.locator('section.problem [data-check-key="R"]');
    await rField.locator('input').fill('10');
    await rField.locator('button').click();
    await page.waitForFunction(() => document.querySelector('section.problem [data-check-key="R"] [role="status"]')?.dataset.checked === '10');
    assert.match((await rField.locator('[role="status"]').textContent()).trim(), /^✓ Correct/);
    assert.deepEqual(await axeViolations(page), []);
  });
});

test('"Make a problem" writes the link: the measures asked and reveal=never, which opens as a problem', async () => {
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: RL2, relevant: '5', m: 'AP@10, P@5' }), async (page) => {
    await page.waitForSelector('#outcome-0 .answer');
    await page.getByRole('button', { name: 'Make a problem' }).click();
    assert.equal(await page.getAttribute('[data-make-problem]', 'aria-expanded'), 'true');
    assert.equal(await page.inputValue('#problem-ask'), 'AP@10, P@5');
    await page.fill('#problem-ask', 'P@5');
    await page.selectOption('#problem-reveal', 'never');
    const link = await page.inputValue('#problem-link');
    const hash = new URLSearchParams(new URL(link).hash.slice(1));
    assert.equal(hash.get('calc'), 'ranked');
    assert.equal(hash.get('in'), RL2);
    assert.equal(hash.get('relevant'), '5');
    assert.equal(hash.get('problem'), '1');
    assert.equal(hash.get('ask'), 'P@5');
    assert.equal(hash.get('reveal'), 'never');
    // The same problem for a course page: the widget with problem, ask and reveal.
    const snippet = await page.inputValue('#problem-embed');
    assert.match(snippet, /^<script src="[^"]*\/irmetrics-embed\.js"><\/script>\n/);
    assert.ok(
      snippet.endsWith(`<ir-calculator calc="ranked" input="${RL2}" relevant="5" measures="${hash.get('m')}" problem ask="P@5" reveal="never"></ir-calculator>`),
      snippet,
    );
    assert.deepEqual(await axeViolations(page), []);

    await page.goto(link);
    await page.reload(); // a hash-only navigation does not reload the page
    await page.waitForSelector('section.problem .check-answer input');
    assert.equal(await page.locator('section.problem .check-answer label').textContent(), 'Your answer for P@5');
    // P@5 = 2/5: the top 5 are + - + - -.
    assert.match(await checkAnswer(page, 'section.problem', '2/5'), /^✓ Correct exactly\./);
  });
});

test('a problem at 375 px fits without sideways scrolling', async () => {
  const link = shareLink('ranked.html', { calc: 'ranked', in: RL2, relevant: '5', m: 'AP@10', problem: '1' });
  await withPage(link, async (page) => {
    await page.waitForSelector('section.problem .check-answer input');
    await page.getByRole('button', { name: 'Show the working' }).click();
    await page.waitForSelector('section.problem .answer');
    assert.equal(await horizontalOverflow(page), 0);
  }, { viewport: PHONE });
});

// The question comes first: the sentence and every answer field asked for lie on the first
// screen, on a laptop (1280 × 800) and on a phone (375 × 740), with nothing to scroll.
for (const [size, viewport] of [['1280 × 800', { width: 1280, height: 800 }], ['375 × 740', PHONE]]) {
  test(`a problem puts the question and its answer fields on the first screen at ${size}`, async () => {
    const link = shareLink('ranked.html', { calc: 'ranked', in: RL2, relevant: '5', m: 'AP@10', problem: '1', ask: 'AP@10,P@5', reveal: 'never' });
    await withPage(
      link,
      async (page) => {
        await page.waitForSelector('section.problem .check-answer input');
        assert.equal(await page.textContent('[data-problem-question-text]'), 'Work out AP@10 and P@5 for this ranked list; R = 5.');
        const fields = page.locator('section.problem .check-answer input');
        assert.equal(await fields.count(), 2);
        for (const selector of ['[data-problem-question-text]', '#input']) {
          const box = await page.locator(selector).boundingBox();
          assert.ok(box && box.y >= 0 && box.y + box.height <= viewport.height, `${selector} lies at ${JSON.stringify(box)}`);
        }
        for (let index = 0; index < 2; index += 1) {
          const box = await fields.nth(index).boundingBox();
          assert.ok(box.y + box.height <= viewport.height, `answer field ${index + 1} ends at ${box.y + box.height} px, below the first screen`);
        }
        assert.equal(await page.evaluate(() => window.scrollY), 0);
        assert.equal(await horizontalOverflow(page), 0);
      },
      { viewport },
    );
  });
}

test('in a problem, Copy link and Embed keep the problem: neither gives the answer away', async () => {
  const link = shareLink('ranked.html', { calc: 'ranked', in: RL2, relevant: '5', m: 'AP@10', problem: '1', ask: 'AP@10', reveal: 'never' });
  await withPage(link, async (page) => {
    await page.waitForSelector('section.problem .check-answer input');
    // The page's own link (what Copy link copies) is still the problem.
    const hash = new URLSearchParams(new URL(page.url()).hash.slice(1));
    assert.equal(hash.get('problem'), '1');
    assert.equal(hash.get('ask'), 'AP@10');
    assert.equal(hash.get('reveal'), 'never');
    await page.getByRole('button', { name: 'Copy link' }).click();
    const copied = page.locator('[data-copy-status]');
    await page.waitForFunction(() => document.querySelector('[data-copy-status]').textContent.trim() !== '');
    const fallback = copied.locator('input');
    if (await fallback.count()) assert.match(await fallback.inputValue(), /problem=1/);

    await page.getByRole('button', { name: 'Embed' }).click();
    const widget = await page.inputValue('#embed-script');
    assert.ok(widget.endsWith(`<ir-calculator calc="ranked" input="${RL2}" relevant="5" measures="AP@10" problem ask="AP@10" reveal="never"></ir-calculator>`), widget);
    const frame = await page.inputValue('#embed-frame');
    const src = new URL(/src="([^"]+)"/.exec(frame)[1].replace(/&amp;/g, '&'));
    const frameHash = new URLSearchParams(src.hash.slice(1));
    assert.equal(frameHash.get('problem'), '1');
    assert.equal(frameHash.get('reveal'), 'never');
    // The iframe form opens as the widget's problem: an answer field, and no value.
    await page.goto(src.href);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    const shown = await page.evaluate(() => document.querySelector('ir-calculator').shadowRoot.textContent);
    assert.ok(!shown.includes('28/45') && !shown.includes('0.6222'), shown);
    assert.equal(await page.evaluate(() => document.querySelector('ir-calculator').shadowRoot.querySelectorAll('.check-answer input').length), 1);
  });
});

test('embedding.html says plainly that a problem is a practice aid, not for graded assessment', async () => {
  await withPage(
    'embedding.html',
    async (page) => {
      const note = (await page.textContent('[data-practice-note]')).replace(/\s+/g, ' ').trim();
      assert.match(note, /^A problem is a practice aid, not a test/);
      assert.match(note, /anyone can compute them from the input/);
      assert.match(note, /Do not use it for graded assessment\./);
    },
    { waitForReady: false },
  );
});

test('a problem whose answer is not the measure itself says what to type: F1 for confusion', async () => {
  const link = shareLink('sets.html', { calc: 'sets', in: 'tp=2 fp=2 fn=1 tn=3', m: 'confusion', problem: '1' });
  await withPage(link, async (page) => {
    await page.waitForSelector('section.problem .check-answer input');
    assert.equal(await page.textContent('[data-problem-question-text]'), 'Work out F1 (confusion) for this search result.');
    assert.equal(await page.isVisible('#beta'), false); // the β field sets measures: not in a problem
    assert.equal(await page.isVisible('section.problem .check-answer label'), true);
    assert.equal(await page.textContent('section.problem .check-answer label'), 'Your answer for F1');
    // F1 = 2TP/(2TP + FP + FN) = 4/7.
    assert.match(await checkAnswer(page, 'section.problem', '4/7'), /^✓ Correct exactly\./);
  });
});
