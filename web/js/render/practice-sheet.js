// @ts-check
// The practice page's worksheet (web/practice.html): N exercises to print, each with its
// question, its input and a line to write each value on; then the answer key, which the print
// stylesheet (css/practice.css) starts on a new page: every value exact and to DECIMALS places,
// and its working, the engine's formula with the numbers put in and its step tables
// (render/steps.js). Render only: the exercises and their answers are passed in.

import { formatNum } from '../../../common/format.js';
import { DECIMALS } from '../../../common/practice/generate.js';
import { el } from './dom.js';
import { mathBlock } from './math.js';
import { renderStepTable } from './steps.js';

/** What the command line prints the same exercises with. */
export const commandFor = ({ family, difficulty, seed, count }) =>
  `irmetrics practice ${family} --difficulty ${difficulty} --seed ${seed}${count > 1 ? ` --count ${count}` : ''}`;

/**
 * One exercise as the student reads it: "Exercise 2", its question, its input, a line per value.
 * @param {import('../../../common/practice/generate.js').Exercise} exercise
 * @param {number} number from 1
 */
function renderSheetExercise(exercise, number) {
  const headingId = `sheet-exercise-${number}`;
  // An article, not a section: a region landmark would share its name with the key's.
  return el(
    'article',
    { class: 'sheet-exercise', 'aria-labelledby': headingId },
    el('h3', { id: headingId }, `Exercise ${number}`, el('span', { class: 'sheet-seed', text: ` (seed ${exercise.seed})` })),
    el('p', { class: 'sheet-question', text: exercise.question }),
    el('pre', { class: 'practice-input', tabindex: 0, role: 'group', 'aria-label': `The input of exercise ${number}`, text: exercise.input }),
    el(
      'ol',
      { class: 'sheet-values', type: 'a' },
      ...exercise.asked.map((asked) => el('li', {}, el('span', { class: 'sheet-label', text: `${asked.label} =` }), el('span', { class: 'sheet-blank', 'aria-hidden': 'true' }))),
    ),
  );
}

/**
 * The working of one exercise in the key: for each measure asked, its title, the formula with
 * the numbers put in, and its step tables; a table of the same title as one already shown for
 * this exercise (the per-rank table of P@k, R@k and AP alike, each with its own highlight) is
 * not shown again, so that a key is a page or two, not one per value.
 */
function renderKeyWorking(exercise, outcomes, number) {
  const seen = new Set();
  const measures = [...new Set(exercise.asked.map((asked) => asked.measure))];
  return measures.map((measure) => {
    const outcome = outcomes[measure];
    const tables = (outcome.steps ?? []).filter((table) => {
      if (seen.has(table.title)) return false;
      seen.add(table.title);
      return true;
    });
    return el(
      'div',
      { class: 'key-working' },
      el('h4', {}, el('span', { text: outcome.title || measure }), ' ', el('code', { text: measure })),
      outcome.working && mathBlock(outcome.working, `Exercise ${number}, ${measure} with these numbers`),
      ...tables.map((table) => renderStepTable(table, { digits: DECIMALS })),
    );
  });
}

/**
 * The worksheet and its answer key.
 * @param {{title: string, family: string, difficulty: string, seed: number,
 *          exercises: import('../../../common/practice/generate.js').Exercise[],
 *          answered: {answers: object, outcomes: object}[], working?: boolean}} sheet
 *   title: the family's title; answered: answerExercise's result for each exercise, in order;
 *   working: false for a key of the answers alone (a few lines per exercise)
 * @returns {HTMLElement[]} the sheet's section and the key's section
 */
export function renderWorksheet({ title, family, difficulty, seed, exercises, answered, working = true }) {
  const count = exercises.length;
  const last = exercises[count - 1]?.seed ?? seed;
  const seeds = count === 1 ? `seed ${seed}` : `seeds ${seed} to ${last}`;
  const sheet = el(
    'section',
    { class: 'sheet', 'aria-labelledby': 'sheet-heading' },
    el('h2', { id: 'sheet-heading', text: `Worksheet: ${title}` }),
    el('p', { class: 'sheet-meta', text: `${count} ${count === 1 ? 'exercise' : 'exercises'}, ${difficulty}, ${seeds}.` }),
    el('p', { class: 'sheet-name' }, 'Name', el('span', { class: 'sheet-blank', 'aria-hidden': 'true' })),
    el('p', { class: 'sheet-instructions', text: `Give each value to ${DECIMALS} decimal places, or as a fraction.` }),
    ...exercises.map((exercise, i) => renderSheetExercise(exercise, i + 1)),
  );
  const key = el(
    'section',
    { class: 'answer-key', 'aria-labelledby': 'answer-key-heading' },
    el('h2', { id: 'answer-key-heading', text: 'Answer key' }),
    el(
      'p',
      { class: 'sheet-meta' },
      `${title}, ${difficulty}, ${seeds}. Each value exact and to ${DECIMALS} decimal places${working ? ', then its working' : ''}. The same exercises on the command line: `,
      el('code', { text: commandFor({ family, difficulty, seed, count }) }),
      '.',
    ),
    ...exercises.map((exercise, i) => {
      const { answers, outcomes } = answered[i];
      const headingId = `key-exercise-${i + 1}`;
      return el(
        'article',
        { class: 'key-exercise', 'aria-labelledby': headingId },
        el('h3', { id: headingId }, `Exercise ${i + 1}`, el('span', { class: 'sheet-seed', text: ` (seed ${exercise.seed})` })),
        el(
          'ol',
          { class: 'key-values', type: 'a' },
          ...exercise.asked.map((asked) =>
            el('li', {}, el('span', { class: 'sheet-label', text: asked.label }), ` = ${formatNum(answers[asked.name], DECIMALS)}`),
          ),
        ),
        ...(working ? renderKeyWorking(exercise, outcomes, i + 1) : []),
      );
    }),
  );
  return [sheet, key];
}
