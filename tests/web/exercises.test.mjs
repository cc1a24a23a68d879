// The corpus of published exercises (tests/fixtures/exercises/) pasted into the page a student
// would choose, as the source prints it: the page must show the answers with no input error, and
// each published answer typed into the answer's check field must be judged right (✓, or right
// under a named convention). One shared browser, one page per exercise.
//
// KNOWN lists the exercises that do not pass on their page yet, each with what is missing; for
// them the test asserts only that the page answers with a message (answers, an input error, a
// measure message or a pointer to the page that computes the measure) and logs no error. Delete an entry when its form or convention lands; an
// exercise of KNOWN that passes is reported as a diagnostic, and a failure with
// IRM_EXERCISES_STRICT=1.
// Run: node --test tests/web/exercises.test.mjs (after `bash scripts/build.sh site`)

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadExercises } from '../fixtures/exercises/load.mjs';
import { shareLink, shownAnswers, useBrowserSession } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

/**
 * The exercises that do not pass on their page today, by id, with what is missing. Delete an
 * entry when the form or convention it names lands.
 * @type {Record<string, string>}
 */
const KNOWN = {
};

const exercises = loadExercises();

/**
 * Waits until the page has answered the input: an outcome for every measure, or a message
 * (input error, measure error). Returns what it shows.
 */
async function pageAnswer(page, measures) {
  await page.waitForFunction((count) => {
    const shown = (selector) => {
      const node = document.querySelector(selector);
      return node !== null && !node.hidden && node.textContent.trim() !== '';
    };
    // Each measure answered, or sent to the page that computes it (.is-elsewhere).
    const outcomes = [...document.querySelectorAll('.outcome')].filter((node) =>
      node.classList.contains('is-elsewhere') || node.querySelector('.check-answer input'));
    return shown('#input-error') || shown('#measures-error') || outcomes.length >= count;
  }, measures.length, { timeout: 10000 });
  const message = async (selector) => {
    const node = page.locator(selector);
    if ((await node.count()) === 0 || await node.evaluate((element) => element.hidden)) return '';
    return (await node.textContent()).replace(/\s+/g, ' ').trim();
  };
  return {
    inputError: await message('#input-error'),
    measureError: await message('#measures-error'),
    elsewhere: await page.$$eval('.outcome.is-elsewhere',
      (nodes) => nodes.map((node) => node.textContent.replace(/\s+/g, ' ').trim())),
    answers: await shownAnswers(page),
  };
}

/**
 * Types `answer` into the check field of the outcome at `index` (the answer's own field, or the
 * field of quantity `key`) and returns {text, verdict} once the verdict is there, or null when
 * the outcome has no such field.
 */
async function checkAnswer(page, index, answer, key) {
  const outcome = `#outcome-${index}`;
  let row = `${outcome} .check-answer`;
  if (key) {
    const details = page.locator(`${outcome} details.quantity-checks`);
    if ((await details.count()) === 0) return null;
    if (!(await details.evaluate((element) => element.open))) await details.locator('summary').click();
    row = `${outcome} .quantity-check[data-check-key="${key}"]`;
  }
  if ((await page.locator(`${row} input`).count()) === 0) return null;
  await page.locator(`${row} input`).fill(answer);
  await page.locator(`${row} button`).click();
  const status = `${row} [role="status"]`;
  await page.waitForFunction(([selector, typed]) => document.querySelector(selector)?.dataset.checked === typed,
    [status, answer]);
  const node = page.locator(status);
  return {
    text: (await node.textContent()).replace(/\s+/g, ' ').trim(),
    verdict: await node.evaluate((element) => element.dataset.verdict ?? ''),
  };
}

/** Whether a verdict on the page judges the answer right, under any named convention. */
const judgedRight = ({ text, verdict }) => text.startsWith('✓') || /^correct under\b/i.test(text) ||
  verdict === 'correct' || verdict === 'correct_under_convention';

/** Runs one exercise on its page; returns {shown, failures}. */
async function runExercise(page, exercise) {
  const shown = await pageAnswer(page, exercise.measure);
  const failures = [];
  if (shown.inputError) failures.push(`input error: ${shown.inputError}`);
  if (shown.measureError) failures.push(`measure message: ${shown.measureError}`);
  for (const text of shown.elsewhere) failures.push(`computed on another page: ${text}`);
  if (failures.length > 0) return { shown, failures };
  for (const { measure, answer, key } of exercise.answers) {
    const index = exercise.measure.indexOf(measure);
    const verdict = await checkAnswer(page, index, answer, key);
    if (verdict === null) failures.push(`${measure}: no field to check ${key ?? 'the answer'} in`);
    else if (!judgedRight(verdict)) failures.push(`${measure}, answer ${answer}: ${verdict.text}`);
  }
  return { shown, failures };
}

describe('each exercise on its page', { concurrency: 2 }, () => {
  for (const exercise of exercises) {
    const known = KNOWN[exercise.id];
    const link = shareLink(`${exercise.page}.html`,
      { calc: exercise.page, in: exercise.input, m: exercise.measure.join(', ') });
    if (known === undefined) {
      test(`${exercise.id} on ${exercise.page}.html: answers shown, every published answer judged right`, async () => {
        await withPage(link, async (page) => {
          const { shown, failures } = await runExercise(page, exercise);
          assert.deepEqual(failures, [], exercise.source);
          assert.ok(shown.answers.length >= exercise.measure.length, `answers shown: ${shown.answers}`);
        });
      });
    } else {
      test(`${exercise.id} on ${exercise.page}.html: not yet, see KNOWN; the page answers with a message`, async (t) => {
        await withPage(link, async (page) => {
          const { shown, failures } = await runExercise(page, exercise);
          assert.ok(shown.inputError || shown.measureError || shown.elsewhere.length > 0 ||
            shown.answers.length > 0, 'neither answers nor a message');
          if (failures.length === 0) {
            t.diagnostic(`${exercise.id} now passes on its page: delete it from KNOWN in tests/web/exercises.test.mjs`);
            assert.ok(!process.env.IRM_EXERCISES_STRICT, `${exercise.id} passes but is listed in KNOWN`);
          }
        });
      });
    }
  }
});
