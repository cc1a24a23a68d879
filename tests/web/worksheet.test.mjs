// The practice page's worksheet for instructors (web/practice.html, "Worksheet and quiz
// export"): N exercises drawn from the seed on, each with its question, input and a line per
// value; the answer key with the working; the print layout (only the worksheet, the key from a
// new page); and the quiz downloads (Moodle XML, GIFT, JSON, text).
// Expected values are worked out by hand in the comments.
// Run: vite build --outDir /tmp/site && IRM_DIST=/tmp/site node --test tests/web/worksheet.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drawExercises } from '../../common/practice/generate.js';
import { PHONE, axeViolations, downloadBytes, horizontalOverflow, useBrowserSession, waitForText } from './helpers.mjs';

const { openPage, withPage } = useBrowserSession({ reusePages: true });

// Ranked, easy, seeds 11 to 13 (the worksheet of 3 from seed 11):
//   seed 11: R N N N R N R N, R = 4: relevant at 1, 5, 7.
//            P@6 = 2/6 = 1/3 ≈ 0.3333; R@6 = 2/4 = 1/2 = 0.5;
//            AP = (1/1 + 2/5 + 3/7)/4 = (64/35)/4 = 16/35 ≈ 0.4571
//   seed 12: N N N R N R, R = 2: relevant at 4, 6.
//            P@3 = 0/3 = 0; R@3 = 0/2 = 0; RR = 1/4 = 0.25 (the first relevant at rank 4)
//   seed 13: R N R N R N N N, R = 5: relevant at 1, 3, 5.
//            P@6 = 3/6 = 1/2 = 0.5; R@6 = 3/5 = 0.6; RR = 1/1 = 1
const LINK = 'practice.html#family=ranked&difficulty=easy&seed=11';
const KEY = [
  ['P@6 = 1/3 ≈ 0.3333', 'R@6 = 1/2 = 0.5', 'AP = 16/35 ≈ 0.4571'],
  ['P@3 = 0', 'R@3 = 0', 'RR = 1/4 = 0.25'],
  ['P@6 = 1/2 = 0.5', 'R@6 = 3/5 = 0.6', 'RR = 1'],
];

/** Opens the instructors' section, asks for `count` exercises and shows the worksheet. */
async function showWorksheet(page, count) {
  await page.click('[data-worksheet-tools] > summary');
  await page.fill('[data-worksheet-count]', String(count));
  await page.click('[data-show-worksheet]');
  await page.waitForSelector('.answer-key .key-exercise');
}

/** How many elements of `selector` are rendered (not display:none, not inside one), of how many. */
const shown = (page, selector) =>
  page.$$eval(selector, (nodes) => [nodes.filter((node) => node.getClientRects().length > 0).length, nodes.length]);

test('the worksheet of 3: each exercise as generate.js draws it, with a line per value; the key with every value and its working', async () => {
  const drawn = drawExercises('ranked', 'easy', 11, 3);
  assert.deepEqual(drawn.map((exercise) => exercise.input), ['R N N N R N R N', 'N N N R N R', 'R N R N R N N N'], 'the hand-worked exercises are still the ones drawn');
  await withPage(LINK, async (page) => {
    await showWorksheet(page, 3);
    assert.equal(await page.locator('.sheet-exercise').count(), 3);
    assert.deepEqual(await page.locator('.sheet-exercise .practice-input').allTextContents(), drawn.map((exercise) => exercise.input));
    assert.deepEqual(await page.locator('.sheet-exercise .sheet-question').allTextContents(), drawn.map((exercise) => exercise.question));
    assert.deepEqual(await page.locator('.sheet-exercise h3').allTextContents(), ['Exercise 1 (seed 11)', 'Exercise 2 (seed 12)', 'Exercise 3 (seed 13)']);
    // A line to write on for each value, and none of the answers on the sheet.
    assert.deepEqual(await page.locator('.sheet-exercise').first().locator('.sheet-values li').allTextContents(), ['P@6 =', 'R@6 =', 'AP =']);
    assert.equal(await page.locator('.sheet-exercise .sheet-blank').count(), 9);
    assert.doesNotMatch(await page.locator('.sheet').textContent(), /16\/35|0\.4571/);

    assert.equal(await page.locator('#answer-key-heading').textContent(), 'Answer key');
    const key = await page.$$eval('.key-exercise', (sections) =>
      sections.map((section) => [...section.querySelectorAll('.key-values li')].map((li) => li.textContent.replace(/\s+/g, ' ').trim())),
    );
    assert.deepEqual(key, KEY);
    // The working: the formula with the numbers for each measure, and the step tables.
    const first = page.locator('.key-exercise').first();
    assert.deepEqual(await first.locator('.key-working h4 code').allTextContents(), ['P@6', 'R@6', 'AP']);
    assert.equal(await first.locator('.key-working .math-block .katex').count() > 0, true);
    assert.ok((await first.locator('table.step-table').count()) >= 2, 'the per-rank table and AP’s table');
    assert.match(await page.locator('.answer-key .sheet-meta code').textContent(), /^irmetrics practice ranked --difficulty easy --seed 11 --count 3$/);
    assert.deepEqual(await axeViolations(page), []);
  });
});

test('printed: only the worksheet, the controls, menu and live exercise hidden; the key from a new page; at least 2 pages', async () => {
  const { page, problems, close } = await openPage(LINK);
  try {
    await showWorksheet(page, 3);
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['.site-header', '.site-footer', '.practice-controls', '.practice-live', '.practice-score', '.worksheet-tools', '.practice-intro']) {
      const [visible, total] = await shown(page, selector);
      assert.ok(total > 0, `the page has ${selector}`);
      assert.equal(visible, 0, `${selector} is hidden in print`);
      assert.equal(await page.$eval(selector, (node) => getComputedStyle(node).display), 'none', selector);
    }
    for (const selector of ['.sheet-exercise', '.key-exercise', '.key-working table.step-table']) {
      const [visible, total] = await shown(page, selector);
      assert.ok(total > 0 && visible === total, `${selector}: ${visible} of ${total} printed`);
    }
    assert.equal(await page.$eval('#answer-key-heading', (heading) => getComputedStyle(heading).breakBefore), 'page');
    assert.deepEqual(await page.$$eval('.sheet-exercise', (nodes) => [...new Set(nodes.map((node) => getComputedStyle(node).breakInside))]), ['avoid']);

    const pdf = await page.pdf({ format: 'A4' });
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    // Each page object of the PDF: "/Type /Page" (the tree of pages is "/Type /Pages").
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
    assert.ok(pages >= 2, `${pages} pages`);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('printed without a worksheet: the exercise on the screen, without the controls', async () => {
  const { page, problems, close } = await openPage(LINK);
  try {
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.isVisible('.practice-input'), true);
    for (const selector of ['.practice-controls', '.practice-score', '.worksheet-tools', '.practice-value button']) {
      assert.equal((await shown(page, selector))[0], 0, `${selector} is hidden in print`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

/** Clicks a download button and returns the file's name and text. */
async function download(page, format) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`[data-download="${format}"]`)]);
  return { name: file.suggestedFilename(), text: (await downloadBytes(file)).toString('utf8') };
}

test('the Moodle XML download parses as XML and holds one numerical question per value of the 3 exercises', async () => {
  await withPage(LINK, async (page) => {
    await page.click('[data-worksheet-tools] > summary');
    await page.fill('[data-worksheet-count]', '3');
    const { name, text } = await download(page, 'moodle-xml');
    assert.equal(name, 'irmetrics-practice-ranked-easy-11-to-13.xml');
    await waitForText(page, '[data-worksheet-status]', ['Moodle XML downloaded: irmetrics-practice-ranked-easy-11-to-13.xml (3 exercises, 9 questions).']);
    const quiz = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      return {
        errors: doc.getElementsByTagName('parsererror').length,
        numerical: [...doc.querySelectorAll('question[type="numerical"]')].map((question) => ({
          name: question.querySelector('name > text').textContent,
          right: question.querySelector('answer[fraction="100"] > text').textContent,
        })),
      };
    }, text);
    assert.equal(quiz.errors, 0);
    // 3 values in each of the 3 exercises; the right answers to 4 places, as in the key.
    assert.deepEqual(quiz.numerical, [
      { name: 'ranked-easy-11 P@6', right: '0.3333' },
      { name: 'ranked-easy-11 R@6', right: '0.5' },
      { name: 'ranked-easy-11 AP', right: '0.4571' },
      { name: 'ranked-easy-12 P@3', right: '0' },
      { name: 'ranked-easy-12 R@3', right: '0' },
      { name: 'ranked-easy-12 RR', right: '0.25' },
      { name: 'ranked-easy-13 P@6', right: '0.5' },
      { name: 'ranked-easy-13 R@6', right: '0.6' },
      { name: 'ranked-easy-13 RR', right: '1' },
    ]);
  });
});

test('the other downloads: JSON with the answers, GIFT and plain text, named for the family, difficulty and seed', async () => {
  await withPage(LINK, async (page) => {
    await page.click('[data-worksheet-tools] > summary');
    await page.fill('[data-worksheet-count]', '1');
    const json = await download(page, 'json');
    assert.equal(json.name, 'irmetrics-practice-ranked-easy-11.json');
    const [exercise] = JSON.parse(json.text);
    assert.deepEqual(
      { id: exercise.id, input: exercise.input, measures: exercise.measures, AP: exercise.answers.AP.exact, 'P@6': exercise.answers['P@6'].exact },
      { id: 'ranked-easy-11', input: 'R N N N R N R N', measures: ['P@6', 'R@6', 'AP'], AP: '16/35', 'P@6': '1/3' },
    );
    const gift = await download(page, 'gift');
    assert.equal(gift.name, 'irmetrics-practice-ranked-easy-11.gift.txt');
    assert.equal((gift.text.match(/^::/gm) ?? []).length, 3, 'one GIFT question per value');
    const text = await download(page, 'text');
    assert.equal(text.name, 'irmetrics-practice-ranked-easy-11.txt');
    assert.match(text.text, /AP = 16\/35 ≈ 0\.4571/);
  });
});

test('a key of the answers alone: the working left out when the box is unticked', async () => {
  await withPage(LINK, async (page) => {
    await showWorksheet(page, 3);
    assert.ok((await page.locator('.key-working').count()) > 0);
    await page.uncheck('[data-worksheet-working]');
    await page.waitForFunction(() => document.querySelector('.answer-key') && !document.querySelector('.key-working'));
    const key = await page.$$eval('.key-exercise', (sections) =>
      sections.map((section) => [...section.querySelectorAll('.key-values li')].map((li) => li.textContent.replace(/\s+/g, ' ').trim())),
    );
    assert.deepEqual(key, KEY);
    assert.equal(await page.locator('.answer-key table').count(), 0);
  });
});

test('the number of exercises: 1 to 50, anything else said at the field', async () => {
  await withPage(LINK, async (page) => {
    await page.click('[data-worksheet-tools] > summary');
    for (const bad of ['0', '51', 'ten', '']) {
      await page.fill('[data-worksheet-count]', bad);
      await page.click('[data-show-worksheet]');
      await waitForText(page, '#worksheet-count-error', ['The number of exercises is a whole number from 1 to 50.']);
      assert.equal(await page.getAttribute('[data-worksheet-count]', 'aria-invalid'), 'true', bad);
    }
    assert.equal(await page.isVisible('[data-worksheet]'), false);
  });
});

test('the worksheet follows the controls, and on a phone nothing scrolls sideways', async () => {
  await withPage(
    LINK,
    async (page) => {
      await showWorksheet(page, 2);
      await page.selectOption('#family', 'multiclass');
      const inputs = drawExercises('multiclass', 'easy', 11, 2).map((exercise) => exercise.input);
      await page.waitForFunction(
        (expected) => JSON.stringify([...document.querySelectorAll('.sheet-exercise .practice-input')].map((node) => node.textContent)) === expected,
        JSON.stringify(inputs),
      );
      await page.waitForSelector('.key-exercise');
      assert.equal(await horizontalOverflow(page), 0);
      assert.deepEqual(await axeViolations(page), []);
    },
    { viewport: PHONE },
  );
});
