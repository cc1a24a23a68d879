// The practice page (web/practice.html): a session on one exercise (a slip named, a hint, a
// coarse answer sent back, the fraction accepted, the working after three wrong tries and on
// request), the score in localStorage across a reload, links that reproduce an exercise drawn
// by common/practice/generate.js, hostile hashes, the phone layout and accessibility.
// Expected values are worked out by hand in the comments.
// Run: vite build --outDir /tmp/site && IRM_DIST=/tmp/site node --test tests/web/practice.test.mjs

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { drawExercise } from '../../common/practice/generate.js';
import { DESKTOP, PHONE, axeViolations, downloadBytes, horizontalOverflow, tabTo, useBrowserSession, waitForText } from './helpers.mjs';

const { openPage, withPage } = useBrowserSession({ reusePages: true });

// Seed 11, ranked, easy: "R N N N R N R N" with R = 4, asked P@6, R@6 and AP.
// Relevant at ranks 1, 5 and 7.
//   P@6 = 2/6 = 1/3 ≈ 0.3333 (ranks 1 and 5 in the top 6)
//   R@6 = 2/4 = 1/2 = 0.5
//   AP  = (1/1 + 2/5 + 3/7)/4 = ((35 + 14 + 15)/35)/4 = (64/35)/4 = 16/35 ≈ 0.4571
//   AP over the 3 relevant retrieved instead of R = 4 (the slip ap.norm_retrieved):
//         (64/35)/3 = 64/105 ≈ 0.6095
// 0.5 for AP is 16/35 rounded to 1 decimal: right, but coarser than the 4 places asked.
const SEED = 11;
const LINK = `practice.html#family=ranked&difficulty=easy&seed=${SEED}`;
const INPUT = 'R N N N R N R N';
const STORAGE_KEY = 'irmetrics.practice.v1';

/** The answer field of an asked value (its data-value is the asked name: P@6, R@6, AP). */
const value = (name) => `.practice-value[data-value="${name}"]`;

/**
 * Types `answer` into the field of `name`, presses Enter, and returns the verdict's text once it
 * is about that answer.
 */
async function checkAnswer(page, name, answer) {
  await page.locator(`${value(name)} .check-row input`).fill(answer);
  await page.locator(`${value(name)} .check-row input`).press('Enter');
  const status = `${value(name)} .check-result`;
  await page.waitForFunction(([selector, typed]) => document.querySelector(selector)?.dataset.checked === typed, [status, answer]);
  return (await page.locator(status).innerText()).replace(/\s+/g, ' ').trim();
}

const triesLine = async (page, name) => (await page.locator(`${value(name)} .practice-tries`).textContent()).trim();
const stored = (page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), STORAGE_KEY);
const scoreText = async (page) => (await page.locator('[data-scores]').textContent()).replace(/\s+/g, ' ').trim();

test('the link shows the exercise generate.js draws for seed 11: its question, its input, a field per value', async () => {
  const drawn = drawExercise('ranked', 'easy', SEED);
  assert.equal(drawn.input, INPUT, 'the hand-worked exercise is still the one drawn');
  assert.deepEqual(drawn.asked.map((asked) => asked.name), ['P@6', 'R@6', 'AP']);
  await withPage(LINK, async (page) => {
    assert.equal(await page.locator('.practice-input').textContent(), INPUT);
    assert.equal(await page.locator('[data-question]').textContent(), drawn.question);
    assert.deepEqual(await page.locator('.practice-value .check-answer label').allTextContents(), [
      'Your answer for P@6',
      'Your answer for R@6',
      'Your answer for AP',
    ]);
    assert.equal(await page.inputValue('#family'), 'ranked');
    assert.equal(await page.inputValue('#difficulty'), 'easy');
    assert.equal(await page.inputValue('#seed'), String(SEED));
    // The menu marks this page.
    assert.equal(await page.locator('.site-nav a[aria-current="page"]').textContent(), 'Practice');
    assert.equal(await page.evaluate(() => location.hash), `#family=ranked&difficulty=easy&seed=${SEED}`);
  });
});

test('a practice session: another convention’s answer named without a try, a coarse answer sent back, the fraction right, the working after three wrong tries and on request', async () => {
  await withPage(LINK, async (page) => {
    // AP over the relevant retrieved, 64/105 ≈ 0.6095 (scikit-learn's convention): right under
    // that convention, named without the exercise's value, and no try.
    assert.equal(
      await checkAnswer(page, 'AP', '0.6095'),
      '0.6095 is right under AP(norm=retrieved), another convention; this exercise asks for AP under the conventions it states. This does not count as a try.',
    );
    assert.equal(await triesLine(page, 'AP'), '');

    // Right to 1 decimal only: sent back, and it is no try.
    assert.equal(await checkAnswer(page, 'AP', '0.5'), '0.5 is right to 1 decimal place; give 4 decimal places, or a fraction. This does not count as a try.');
    assert.equal(await triesLine(page, 'AP'), '');

    // The fraction: right.
    assert.match(await checkAnswer(page, 'AP', '16/35'), /^✓ Correct exactly\. 16\/35 is exactly AP = 16\/35 ≈ 0\.4571\.$/);
    assert.equal(await triesLine(page, 'AP'), '');
    assert.equal(await page.locator(`${value('AP')}.is-right`).count(), 1);
    assert.equal(await page.isVisible(`${value('AP')} .practice-working`), false);

    // P@6: three answers nothing explains, each with the hint; the third opens the working.
    const first = await checkAnswer(page, 'P@6', '0.5');
    assert.equal(
      first,
      '✗ Not P@6 at 1 decimal. None of the conventions or common slips the calculator knows gives 0.5. ' +
        'Hint: Count the relevant documents in the top 6 and divide by k = 6; ranks past the end of the list count as not relevant.',
    );
    assert.equal(await triesLine(page, 'P@6'), '2 tries left before the working opens.');
    assert.match(await checkAnswer(page, 'P@6', '0.25'), /^✗ Not P@6 at 2 decimals\./);
    assert.equal(await triesLine(page, 'P@6'), '1 try left before the working opens.');
    assert.equal(await page.isVisible(`${value('P@6')} .practice-working`), false);
    assert.match(await checkAnswer(page, 'P@6', '0.2'), /^✗ Not P@6 at 1 decimal\./);
    await page.waitForSelector(`${value('P@6')} .practice-working:not([hidden]) .outcome`);
    assert.equal(await triesLine(page, 'P@6'), '3 wrong tries: the working is open below.');
    // The working: the engine's answer P@6 = 1/3 ≈ 0.3333, its formula and its step table.
    const working = `${value('P@6')} .practice-working`;
    assert.match((await page.locator(`${working} .answer`).textContent()).replace(/\s+/g, ' '), /P@6 = 1\/3 ≈ 0\.3333/);
    assert.ok((await page.locator(`${working} table.step-table`).count()) > 0, 'the step table');
    assert.equal(await page.isVisible(`${value('P@6')} [data-show-working]`), false, 'the button is gone');
    // The link to the calculator carries the input, R and the measures.
    const href = await page.getAttribute(`${working} .practice-calculator-link a`, 'href');
    const state = Object.fromEntries(new URLSearchParams(href.split('#')[1]));
    assert.equal(href.split('#')[0], './ranked.html');
    assert.deepEqual(state, { calc: 'ranked', in: INPUT, relevant: '4', m: 'P@6, R@6, AP' });

    // R@6 on request: the working opens and takes the focus. R@6 = 2/4 = 1/2.
    await page.click(`${value('R@6')} [data-show-working]`);
    await page.waitForSelector(`${value('R@6')} .practice-working:not([hidden])`);
    assert.match((await page.locator(`${value('R@6')} .practice-working .answer`).textContent()).replace(/\s+/g, ' '), /R@6 = 1\/2 = 0\.5/);
    assert.ok(await page.evaluate(() => Boolean(document.activeElement.closest('.practice-working'))), 'the focus is in the working');
    assert.equal(await page.getAttribute(`${value('R@6')} [data-show-working]`, 'aria-expanded'), 'true');
    assert.equal(await page.locator('[data-summary]').textContent(), 'Done: 1 of 3 values right.');

    // The score: AP right at the first try (the convention's answer spent none), P@6 and R@6
    // given up: 1 of 3 values.
    const record = (await stored(page)).exercises[`ranked-easy-${SEED}`];
    assert.deepEqual(record.values, {
      'P@6': { tries: 3, right: false, first: false, shown: true },
      'R@6': { tries: 0, right: false, first: false, shown: true },
      AP: { tries: 0, right: true, first: true, shown: false },
    });
    const score = 'Ranked list (P@k, R@k, AP, …): 1 of 3 values right (1 at the first try) in 1 exercise.';
    assert.equal(await scoreText(page), score);

    // A reload keeps the score and what was decided: AP right, the two workings open.
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    await page.waitForSelector(value('AP'));
    assert.equal(await scoreText(page), score);
    assert.equal(await triesLine(page, 'AP'), 'You got this value right before.');
    assert.equal(await page.isVisible(`${value('P@6')} .practice-working .outcome`), true);
    // Checking again changes nothing: the exercise counts once.
    assert.match(await checkAnswer(page, 'R@6', '1/2'), /^✓ Correct exactly\./);
    assert.equal(await scoreText(page), score);

    // Reset: the score is gone, from the page and from the storage.
    await page.click('[data-reset-scores]');
    assert.equal(await scoreText(page), 'No exercise checked yet.');
    assert.equal(await stored(page), null);
  });
});

test('changing the controls redraws the exercise and updates the hash; a bad seed is refused', async () => {
  await withPage(LINK, async (page) => {
    await page.selectOption('#family', 'graded');
    await page.waitForFunction((input) => document.querySelector('.practice-input')?.textContent === input, drawExercise('graded', 'easy', SEED).input);
    assert.equal(await page.evaluate(() => location.hash), `#family=graded&difficulty=easy&seed=${SEED}`);

    await page.selectOption('#difficulty', 'hard');
    await page.waitForFunction((input) => document.querySelector('.practice-input')?.textContent === input, drawExercise('graded', 'hard', SEED).input);
    assert.equal(await page.evaluate(() => location.hash), `#family=graded&difficulty=hard&seed=${SEED}`);

    await page.fill('#seed', '12');
    await page.press('#seed', 'Enter');
    await page.waitForFunction((input) => document.querySelector('.practice-input')?.textContent === input, drawExercise('graded', 'hard', 12).input);
    assert.equal(await page.evaluate(() => location.hash), '#family=graded&difficulty=hard&seed=12');

    await page.fill('#seed', '12x');
    await page.press('#seed', 'Enter');
    await waitForText(page, '#seed-error', ['A seed is a whole number from 0 to 4294967295.']);
    assert.equal(await page.getAttribute('#seed', 'aria-invalid'), 'true');
    assert.equal(await page.evaluate(() => location.hash), '#family=graded&difficulty=hard&seed=12');

    // New exercise: a fresh seed, in the field and the hash, and its exercise.
    await page.click('[data-new-exercise]');
    await page.waitForFunction(() => !location.hash.endsWith('seed=12'));
    const seed = Number(new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('seed'));
    assert.ok(Number.isInteger(seed) && seed >= 0, `seed ${seed}`);
    assert.equal(await page.inputValue('#seed'), String(seed));
    await page.waitForFunction((input) => document.querySelector('.practice-input')?.textContent === input, drawExercise('graded', 'hard', seed).input);
  });
});

test('a link reproduces the exercise of every family: the input generate.js draws for its seed', async () => {
  for (const [family, difficulty, seed] of [['multiclass', 'hard', 7], ['agreement', 'medium', 4000000000], ['significance', 'easy', 0]]) {
    await withPage(`practice.html#family=${family}&difficulty=${difficulty}&seed=${seed}`, async (page) => {
      const drawn = drawExercise(family, difficulty, seed);
      await page.waitForSelector('.practice-value');
      assert.equal(await page.locator('.practice-input').textContent(), drawn.input, family);
      assert.equal(await page.locator('.practice-value').count(), drawn.asked.length, family);
      // Each field labelled as the question names the value: a name as code (κ), a phrase as text.
      assert.deepEqual(await page.locator('.practice-value label').allTextContents(), drawn.asked.map((asked) => `Your answer for ${asked.label}`));
      const phrases = drawn.asked.filter((asked) => /\s/.test(asked.label)).length;
      assert.equal(await page.locator('.practice-value label code').count(), drawn.asked.length - phrases, family);
      assert.equal(await page.isVisible('[data-message]'), false);
    });
  }
});

test('a hostile hash: a message, a valid exercise, and no markup or script from the link', async () => {
  const dialogs = [];
  const { page, problems, close } = await openPage('practice.html#family=<img src=x onerror=alert(1)>&seed=abc', { waitForReady: false });
  try {
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      dialog.dismiss();
    });
    await page.waitForSelector('body[data-ready]');
    const message = (await page.locator('[data-message]').textContent()).replace(/\s+/g, ' ');
    assert.match(message, /This link asks for the family “<img src=x onerror=alert\(1\)>”, which is not one of the families: here is Ranked list \(P@k, R@k, AP, …\) instead\./);
    assert.match(message, /This link’s seed “abc” is not a whole number from 0 to 4294967295: here is a new seed, \d+\./);
    assert.equal(await page.locator('main img').count(), 0);
    const params = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
    assert.equal(params.get('family'), 'ranked');
    assert.equal(params.get('difficulty'), 'easy');
    const seed = Number(params.get('seed'));
    assert.equal(await page.locator('.practice-input').textContent(), drawExercise('ranked', 'easy', seed).input);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
  // A seed too large, an unknown difficulty, a long value: said, cut to 40 characters.
  await withPage(`practice.html#family=roc&difficulty=${'x'.repeat(200)}&seed=4294967296`, async (page) => {
    const message = (await page.locator('[data-message]').textContent()).replace(/\s+/g, ' ');
    assert.match(message, new RegExp(`the difficulty “${'x'.repeat(40)}…”, which is not easy, medium or hard: here is easy instead\\.`));
    assert.match(message, /seed “4294967296” is not a whole number from 0 to 4294967295/);
    assert.equal(await page.inputValue('#family'), 'roc');
  });
});

test('a damaged score in storage (hand-edited, another version) is mended: the exercise works, no error', async () => {
  // This exercise's record with no values, another that is a number, one whose value is a
  // string: before, recordOf read null.values and threw on every visit.
  const damaged = JSON.stringify({
    exercises: {
      [`ranked-easy-${SEED}`]: { family: 'ranked', asked: 3, values: null },
      'roc-easy-3': 5,
      'sets-easy-4': { family: 'sets', asked: 1, values: { F1: 'right' } },
    },
  });
  const plant = ([key, text]) => localStorage.setItem(key, text);
  await withPage(
    LINK,
    async (page) => {
      // AP = (1 + 2/5 + 3/7)/4 = 16/35: 0.123 is wrong (no convention or slip gives it), a try.
      assert.match(await checkAnswer(page, 'AP', '0.123'), /^✗ Not AP/);
      assert.equal(await triesLine(page, 'AP'), '2 tries left before the working opens.');
      const kept = await stored(page);
      assert.deepEqual(kept.exercises[`ranked-easy-${SEED}`].values.AP, { tries: 1, right: false, first: false, shown: false });
      assert.equal(kept.exercises['roc-easy-3'], undefined);
    },
    { initScript: `(${plant})(${JSON.stringify([STORAGE_KEY, damaged])})` },
  );
});

test('without storage (turned off) the page works and says that it keeps no score', async () => {
  const blockStorage = () => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The storage is turned off.', 'SecurityError');
      },
    });
  };
  await withPage(
    LINK,
    async (page) => {
      assert.match(await scoreText(page), /does not let the page keep a score/);
      assert.match(await checkAnswer(page, 'AP', '16/35'), /^✓ Correct exactly\./);
      assert.equal(await page.isVisible('[data-reset-scores]'), false);
    },
    { initScript: blockStorage },
  );
});

test('the QTI download is a zip with the manifest, the very bytes `irmetrics practice --format qti` writes', async () => {
  await withPage(LINK, async (page) => {
    await page.click('[data-worksheet-tools] > summary');
    await page.fill('[data-worksheet-count]', '2');
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-download="qti"]')]);
    assert.equal(file.suggestedFilename(), 'irmetrics-practice-ranked-easy-11-to-12.zip');
    const bytes = await downloadBytes(file);
    assert.deepEqual([...bytes.subarray(0, 4)], [0x50, 0x4b, 0x03, 0x04], 'a zip: PK, then a local file header');
    const folder = mkdtempSync(join(tmpdir(), 'irmetrics-qti-'));
    const zip = join(folder, 'quiz.zip');
    writeFileSync(zip, bytes);
    const names = spawnSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).stdout.trim().split('\n');
    assert.equal(names[0], 'imsmanifest.xml');
    assert.equal(names.length, 2);
    const manifest = spawnSync('unzip', ['-p', zip, 'imsmanifest.xml'], { encoding: 'utf8' }).stdout;
    rmSync(folder, { recursive: true, force: true });
    assert.ok(manifest.includes(`type="imsqti_xmlv1p2" href="${names[1]}"`), manifest);
    const cli = spawnSync(process.execPath, [fileURLToPath(new URL('../../bin/irmetrics.mjs', import.meta.url)), 'practice', 'ranked',
      '--seed', String(SEED), '--count', '2', '--format', 'qti'], { maxBuffer: 64 << 20 });
    assert.equal(cli.status, 0, String(cli.stderr));
    assert.ok(bytes.equals(cli.stdout), 'the page and the command line write the same zip');
    await waitForText(page, '[data-worksheet-status]', ['QTI 1.2 zip (Canvas, Blackboard, Brightspace) downloaded: irmetrics-practice-ranked-easy-11-to-12.zip']);
  });
});

test('on a phone: the controls and the first answer field on the first screen, nothing scrolls sideways, axe finds nothing', async () => {
  await withPage(
    LINK,
    async (page) => {
      const bottom = await page.$eval(`${value('P@6')} .check-row input`, (input) => input.getBoundingClientRect().bottom);
      assert.ok(bottom <= PHONE.height, `the first answer field ends at ${bottom} px`);
      for (const selector of ['#family', '#difficulty', '#seed', '[data-new-exercise]']) {
        const box = await page.$eval(selector, (node) => node.getBoundingClientRect().toJSON());
        assert.ok(box.bottom <= PHONE.height && box.height >= 44, `${selector}: ${JSON.stringify(box)}`);
      }
      await checkAnswer(page, 'AP', '0.6095');
      await page.click(`${value('AP')} [data-show-working]`);
      await page.waitForSelector(`${value('AP')} .practice-working .outcome`);
      assert.equal(await horizontalOverflow(page), 0);
      assert.deepEqual(await axeViolations(page), []);
    },
    { viewport: PHONE },
  );
  // A wide input (a 4-class matrix) scrolls in its own box.
  await withPage(
    'practice.html#family=multiclass&difficulty=hard&seed=7',
    async (page) => {
      await page.waitForSelector('.practice-value');
      assert.equal(await horizontalOverflow(page), 0);
    },
    { viewport: PHONE },
  );
});

test('on a laptop, from the keyboard: Tab to a field, Enter checks, Tab to Show the working; axe finds nothing', async () => {
  await withPage(
    LINK,
    async (page) => {
      await tabTo(page, `${value('P@6')} .check-row input`);
      await page.keyboard.type('0.5');
      await page.keyboard.press('Enter');
      await page.waitForFunction((selector) => document.querySelector(selector)?.dataset.checked === '0.5', `${value('P@6')} .check-result`);
      await tabTo(page, `${value('P@6')} [data-show-working]`);
      await page.keyboard.press('Enter');
      await page.waitForSelector(`${value('P@6')} .practice-working .outcome`);
      assert.deepEqual(await axeViolations(page), []);
      assert.equal(await horizontalOverflow(page), 0);
    },
    { viewport: DESKTOP },
  );
});
