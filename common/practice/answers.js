// @ts-check
// The answers of a practice exercise, computed by the engine on the exercise's input exactly as
// `irmetrics calc MEASURE --input INPUT [--relevant R]` computes them: the same module, the same
// names. Works with the wasm module itself (the command line, the tests: compute returns the
// result) and with web/js/engine.js (the page: compute returns a promise).

/**
 * The engine's types, for the comments only (this module imports nothing from web/js/):
 * @typedef {import('../../web/js/irmetrics.js').Num} Num
 * @typedef {import('../../web/js/irmetrics.js').Outcome} Outcome
 *
 * @typedef {import('./generate.js').Exercise} Exercise
 * @typedef {{approx: number, exact: string | null}} Answer
 * @typedef {{code: string, message: string}} Failure an InputError, or an asked value missing
 * @typedef {{hint: string, slips: {measure: string, value: Num,
 *            why: string}[]}} Feedback
 * @typedef {{exercise: Exercise, answers: Object<string, Answer>,
 *            outcomes: Object<string, Outcome>,
 *            feedback: Object<string, Feedback>}} Prepared
 *   An exercise ready to export: its answers by asked name, the engine's outcome of each measure
 *   (the working) and each asked value's feedback.
 */

/**
 * The compute options of an exercise: R when the family reads it.
 * @param {{relevant: number | null}} exercise
 */
export const optionsOf = (exercise) => (exercise.relevant === null ? {} : { relevant: String(exercise.relevant) });

/**
 * Computes every asked value of an exercise.
 * @param {{compute: Function}} engine
 * @param {Exercise} exercise
 * @returns {Promise<{ok: true, answers: Object<string, Answer>,
 *   outcomes: Object<string, Outcome>, error?: undefined} |
 *   {ok: false, error: Failure}>}
 *   answers by asked name; outcomes by measure (the working, shared by the keys of one measure)
 */
export async function answerExercise(engine, exercise) {
  const outcomes = {};
  const answers = {};
  for (const { name, measure, key } of exercise.asked) {
    if (!(measure in outcomes)) {
      const result = await engine.compute(measure, exercise.input, optionsOf(exercise));
      if (!result.ok) return { ok: false, error: result.error };
      outcomes[measure] = result.value;
    }
    const num = key === null ? outcomes[measure].value : outcomes[measure].values?.[key];
    if (!num) return { ok: false, error: { code: 'internal', message: `${measure} has no value '${key}'` } };
    answers[name] = { approx: num.approx, exact: num.exact ?? null };
  }
  return { ok: true, answers, outcomes };
}

/**
 * Checks a student's answer to one asked value, as `irmetrics calc --check [KEY=]ANSWER` does.
 * @param {{check: Function}} engine
 * @param {Exercise} exercise
 * @param {{measure: string, key: string | null}} asked
 * @param {string} answer as typed
 */
export async function checkAsked(engine, exercise, { measure, key }, answer) {
  // The wasm module takes the key only when there is one.
  return key === null
    ? engine.check(measure, exercise.input, optionsOf(exercise), answer)
    : engine.check(measure, exercise.input, optionsOf(exercise), answer, key);
}

/** An answer no convention or slip gives, to ask the check for its hint. */
const UNEXPLAINED = '-12345.678';

/**
 * The hint of what to check for an asked value, made from the input alone: what the check says
 * to an answer nothing explains ('' when it has none).
 */
export async function hintOf(engine, exercise, asked) {
  const checked = await checkAsked(engine, exercise, asked, UNEXPLAINED);
  return checked.ok ? checked.value.hint ?? '' : '';
}

/**
 * What the exports add to the answers: for each asked value, the hint the check gives for an
 * answer it cannot explain ("check the precision at each relevant document …"), and the other
 * conventions of the measure that give another value, the common slips (AP over the relevant
 * retrieved, DCG with log2(i+1)); a named quantity has no slips of its own.
 * @param {{check: Function}} engine
 * @param {Exercise} exercise
 * @param {{outcomes: Object<string, Outcome>}} answered what answerExercise gave
 * @returns {Promise<Object<string, Feedback>>}
 */
export async function feedbackOf(engine, exercise, answered) {
  const feedback = {};
  for (const asked of exercise.asked) {
    const { name, measure, key } = asked;
    const slips = key === null ? answered.outcomes[measure].alternatives ?? [] : [];
    feedback[name] = {
      hint: await hintOf(engine, exercise, asked),
      slips: slips.map(({ value, why, measure: other }) => ({ measure: other, value, why })),
    };
  }
  return feedback;
}

/**
 * Exercises ready to export (export.js): each with its answers, outcomes and feedback.
 * @param {{compute: Function, check: Function}} engine
 * @param {Exercise[]} exercises
 * @returns {Promise<{ok: true, prepared: Prepared[], error?: undefined, exercise?: undefined} |
 *   {ok: false, error: Failure, exercise: Exercise}>}
 */
export async function prepareExercises(engine, exercises) {
  const prepared = [];
  for (const exercise of exercises) {
    const answered = await answerExercise(engine, exercise);
    if (!answered.ok) return { ok: false, error: answered.error, exercise };
    const feedback = await feedbackOf(engine, exercise, answered);
    prepared.push({ exercise, answers: answered.answers, outcomes: answered.outcomes, feedback });
  }
  return { ok: true, prepared };
}
