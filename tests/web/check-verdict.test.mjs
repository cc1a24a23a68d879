// "Check my answer"'s verdicts in the browser: an answer right under another named convention is
// a ✓ naming it (green, never "✗ Not …"), on a phone (375 × 740) and a laptop (1280 × 800); a
// problem that hides values keeps the default's value hidden; an answer typed with an ellipsis
// is judged by its first digits; and every answer field lets a phone keyboard type −, / and %.
// Expected values are worked out by hand in the comments.
// Run: IRM_DIST=/tmp/site-NAME node --test tests/web/check-verdict.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, axeViolations, horizontalOverflow, shareLink, useBrowserSession } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

const LAPTOP = { width: 1280, height: 800 };
// relevant-at-2-4-6 (Evaluation Metrics notes): relevant at ranks 2, 4, 6 of 10, R = 15. The sum
// of precisions is 1/2 + 2/4 + 3/6 = 3/2: AP = (3/2)/15 = 1/10; over the 3 relevant retrieved,
// AP(norm=retrieved) = (3/2)/3 = 1/2.
const RL1 = 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10';
// method-1-ap: relevant at 1, 3, 6, 9, 10 of R = 5: AP@10 = (1 + 2/3 + 3/6 + 4/9 + 5/10)/5 = 28/45
// = 0.6222….
const RL2 = '+ - + - - + - - + +';

/** Types `answer` in the answer field under `scope`, checks it, and returns the verdict's text. */
async function checkAnswer(page, scope, answer) {
  await page.locator(`${scope} .check-answer input`).fill(answer);
  await page.locator(`${scope} .check-answer button`).click();
  const status = `${scope} .check-answer [role="status"]`;
  await page.waitForFunction(([selector, typed]) => document.querySelector(selector)?.dataset.checked === typed, [status, answer]);
  return (await page.locator(status).textContent()).replace(/\s+/g, ' ').trim();
}

/** The verdict's class and colour against the page's colours for right and wrong. */
const verdictStyle = (page, scope) =>
  page.$eval(`${scope} .check-answer .check-verdict`, (verdict) => {
    const probe = (className) => {
      const span = document.createElement('span');
      span.className = `check-verdict ${className}`;
      verdict.parentElement.append(span);
      const colour = getComputedStyle(span).color;
      span.remove();
      return colour;
    };
    return { className: verdict.className, colour: getComputedStyle(verdict).color, right: probe('is-correct'), wrong: probe('is-wrong') };
  });

for (const [name, viewport] of [['375 × 740', PHONE], ['1280 × 800', LAPTOP]]) {
  test(`${name}: 0.5 for relevant-at-2-4-6's AP is correct under AP(norm=retrieved), green, naming who uses it and the default's 1/10`, async () => {
    await withPage(
      shareLink('ranked.html', { calc: 'ranked', in: RL1, relevant: '15', m: 'AP' }),
      async (page) => {
        await page.waitForSelector('#outcome-0 .check-answer input');
        const verdict = await checkAnswer(page, '#outcome-0', '0.5');
        assert.equal(
          verdict,
          '✓ Correct under AP(norm=retrieved) at 1 decimal. Dividing by the 3 relevant ' +
            "documents retrieved, as scikit-learn's average_precision_score does when given only the ranked list; this " +
            "page's default (AP, dividing by R = 15, every relevant document) gives 1/10 = 0.1. (ap.norm_retrieved)",
        );
        assert.doesNotMatch(verdict, /✗|Not AP/);
        const style = await verdictStyle(page, '#outcome-0');
        assert.match(style.className, /\bis-correct\b/);
        assert.match(style.className, /\bis-convention\b/);
        assert.equal(style.colour, style.right);
        assert.notEqual(style.colour, style.wrong);
        // The verdict is on screen beside its field, and nothing runs off the side.
        const box = await page.locator('#outcome-0 .check-answer .check-verdict').boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= viewport.width + 1, JSON.stringify(box));
        assert.equal(await horizontalOverflow(page), 0);
        assert.deepEqual(await axeViolations(page), []);
      },
      { viewport },
    );
  });
}

test('an ellipsis: 0.62... is right for 28/45 = 0.6222… as its first 2 decimals; 0.63... is not', async () => {
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: RL2, relevant: '5', m: 'AP@10' }), async (page) => {
    await page.waitForSelector('#outcome-0 .check-answer input');
    assert.equal(
      await checkAnswer(page, '#outcome-0', '0.62...'),
      '✓ Correct as the first 2 decimals. AP@10 = 28/45 ≈ 0.6222 begins 0.62... (its first 2 decimals).',
    );
    assert.equal(
      await checkAnswer(page, '#outcome-0', '0.62…'),
      '✓ Correct as the first 2 decimals. AP@10 = 28/45 ≈ 0.6222 begins 0.62… (its first 2 decimals).',
    );
    assert.match(await checkAnswer(page, '#outcome-0', '0.63...'), /^✗ Not AP@10 as the first 2 decimals\./);
  });
});

for (const reveal of ['never', 'ask']) {
  test(`a problem (reveal=${reveal}): the convention is named, the default's value, the problem's answer, is not`, async () => {
    const link = shareLink('ranked.html', { calc: 'ranked', in: RL1, relevant: '15', m: 'AP', problem: '1', ...(reveal === 'never' ? { reveal } : {}) });
    await withPage(link, async (page) => {
      await page.waitForSelector('section.problem .check-answer input');
      const verdict = await checkAnswer(page, 'section.problem', '0.5');
      assert.equal(
        verdict,
        '✓ Correct under AP(norm=retrieved) at 1 decimal. AP(norm=retrieved): dividing by the 3 relevant documents ' +
          "retrieved, as scikit-learn's average_precision_score does when given only the ranked list. (ap.norm_retrieved)",
      );
      assert.doesNotMatch(verdict, /1\/10|0\.1\b/);
    });
  });
}

test('every answer field lets a phone type −, / and %: inputmode text, nothing corrected, a placeholder inviting them', async () => {
  const expectField = async (page, selector) => {
    const fields = await page.$$eval(selector, (inputs) =>
      inputs.map((input) => ({
        inputmode: input.getAttribute('inputmode'),
        autocomplete: input.getAttribute('autocomplete'),
        autocorrect: input.getAttribute('autocorrect'),
        autocapitalize: input.getAttribute('autocapitalize'),
        spellcheck: input.getAttribute('spellcheck'),
        placeholder: input.getAttribute('placeholder'),
      })),
    );
    assert.ok(fields.length > 0, selector);
    for (const field of fields) {
      assert.deepEqual(field, {
        inputmode: 'text',
        autocomplete: 'off',
        autocorrect: 'off',
        autocapitalize: 'off',
        spellcheck: 'false',
        placeholder: '0.62, 28/45 or 62%',
      }, selector);
    }
  };
  // A calculator page: "Your answer" and the other quantities' fields.
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: RL2, relevant: '5', m: 'AP@10' }), async (page) => {
    await page.waitForSelector('#outcome-0 .check-answer input');
    await expectField(page, '#outcome-0 .check-answer input');
    await expectField(page, '#outcome-0 .quantity-check input');
    // −0.3 and 28/45 type and check as they are.
    assert.match(await checkAnswer(page, '#outcome-0', '28/45'), /^✓ Correct exactly\./);
    assert.match(await checkAnswer(page, '#outcome-0', '62%'), /^✓ Correct at 2 decimals\./);
  }, { viewport: PHONE });
  // A problem's fields (web/js/problem.js, which the widget shares).
  const link = shareLink('ranked.html', { calc: 'ranked', in: RL2, relevant: '5', m: 'AP@10', problem: '1' });
  await withPage(link, async (page) => {
    await page.waitForSelector('section.problem .check-answer input');
    await expectField(page, 'section.problem .check-answer input');
    await expectField(page, 'section.problem .quantity-check input');
  }, { viewport: PHONE });
});
