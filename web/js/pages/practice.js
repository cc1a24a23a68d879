// @ts-check
// The practice page (web/practice.html): an exercise drawn from a family, a difficulty and a
// seed (common/practice/generate.js: the same seed gives the same exercise here and on the command
// line), a field per value asked, checked by the engine (render/check.js): right; or wrong with
// the common slip that gives the answer, and a hint. After three wrong tries at a value, or on
// request, its working opens: the engine's outcome (render/steps.js) and the exact answer.
//
// The hash holds family, difficulty and seed (#family=ranked&difficulty=easy&seed=42); a value
// that is not valid there is replaced, with a message. The score per family stays in
// localStorage (render/practice-score.js). For instructors: N exercises as a worksheet with its
// answer key (render/practice-sheet.js, printed by css/practice.css), and the same exercises
// as quiz files (common/practice/export.js).

import * as engine from '../engine.js';
import { calculators } from '../calculators.js';
import { plural } from '../../../common/format.js';
import { answerExercise, checkAsked, hintOf, prepareExercises } from '../../../common/practice/answers.js';
import { FORMATS, exportAs } from '../../../common/practice/export.js';
import { DECIMALS, DIFFICULTIES, FAMILIES, MAX_SEED, drawExercise, drawExercises, freshSeed, parseSeed } from '../../../common/practice/generate.js';
import { renderCheckField } from '../render/check.js';
import { mathSettled } from '../render/math.js';
import { el } from '../render/dom.js';
import { downloadBlob, downloadText } from '../render/export.js';
import { renderScores, scoreStore } from '../render/practice-score.js';
import { commandFor, renderWorksheet } from '../render/practice-sheet.js';
import { renderNum, renderOutcome } from '../render/steps.js';
import { initSite } from '../site.js';
import { PRACTICE } from '../site-nav.js';
import { hashFor, hashProblems, readHash } from '../url-state.js';

/** Wrong tries at a value before its working opens by itself. */
const TRIES = 3;
/** The most exercises of a worksheet. */
const MAX_COUNT = 50;

const $ = (selector) => document.querySelector(selector);
const familyById = (id) => FAMILIES.find((family) => family.id === id);
/** A value from a link, shown in a message: at most 40 characters. */
const quoted = (text) => `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;

const store = scoreStore();

/** What the page shows: {family, difficulty, seed}. */
let state = { family: FAMILIES[0].id, difficulty: DIFFICULTIES[0], seed: 0 };
/** Bumped by each new exercise, so that answers to an older one are dropped. */
let generation = 0;

// ---------------------------------------------------------------------------- the hash

/**
 * The state a hash asks for, each value checked; what is missing is the default (a fresh seed),
 * what is not valid is replaced and said in `problems`.
 * @returns {{state: {family: string, difficulty: string, seed: number}, problems: string[]}}
 */
function stateFromHash() {
  const params = readHash();
  const problems = hashProblems();
  const next = { family: FAMILIES[0].id, difficulty: DIFFICULTIES[0], seed: freshSeed() };
  const family = params.get('family');
  if (family !== null) {
    if (familyById(family)) next.family = family;
    else problems.push(`This link asks for the family ${quoted(family)}, which is not one of the families: here is ${familyById(next.family).title} instead.`);
  }
  const difficulty = params.get('difficulty');
  if (difficulty !== null) {
    if (DIFFICULTIES.includes(difficulty)) next.difficulty = difficulty;
    else problems.push(`This link asks for the difficulty ${quoted(difficulty)}, which is not easy, medium or hard: here is ${next.difficulty} instead.`);
  }
  const seed = params.get('seed');
  if (seed !== null) {
    const parsed = parseSeed(seed);
    if (parsed !== null) next.seed = parsed;
    else problems.push(`This link’s seed ${quoted(seed)} is not a whole number from 0 to ${MAX_SEED}: here is a new seed, ${next.seed}.`);
  }
  return { state: next, problems };
}

function writeState() {
  const url = `${window.location.pathname}${window.location.search}#${hashFor({ family: state.family, difficulty: state.difficulty, seed: String(state.seed) })}`;
  window.history.replaceState(window.history.state, '', url);
}

function showMessage(lines) {
  const message = $('[data-message]');
  message.textContent = lines.join(' ');
  message.hidden = lines.length === 0;
}

// ---------------------------------------------------------------------------- the exercise

/** A link to the family's calculator with the exercise's input and measures (url-state.js). */
function calculatorLink(exercise) {
  const family = familyById(exercise.family);
  const calculator = calculators.find((one) => one.page === family.page);
  const measures = [...new Set(exercise.asked.map((asked) => asked.measure))].join(', ');
  return `./${family.page}#${hashFor({
    calc: calculator?.calc ?? '',
    in: exercise.input,
    relevant: exercise.relevant === null ? '' : String(exercise.relevant),
    m: measures,
  })}`;
}

/**
 * Whether a right answer says less than was asked: a decimal with fewer than DECIMALS places that
 * is not the exact value (0.46 for 16/35 is right at 2 decimals, but 0.5 for 1/2 is exact).
 */
function tooCoarse({ answer, expected }) {
  if (answer.form === 'fraction' || answer.decimals >= DECIMALS) return false;
  return !(expected.exact && answer.value === expected.exact);
}

/** The input as text that scrolls sideways in its own box on a narrow screen. */
const renderInput = (input, label) => el('pre', { class: 'practice-input', tabindex: 0, role: 'group', 'aria-label': label, text: input });

/**
 * One asked value: its answer field (render/check.js), the tries left, and its working, shown on
 * request or after TRIES wrong tries.
 */
function renderValue(exercise, answered, asked, index, { current, describedBy, onScore, onDecided }) {
  const recorded = store.valuesOf(exercise)[asked.name];
  let tries = recorded.right || recorded.shown ? 0 : recorded.tries;
  let open = false;
  let right = false;
  const workingId = `working-${index}`;
  const triesLine = el('p', { class: 'practice-tries', 'aria-live': 'polite' });
  const showButton = el(
    'button',
    { type: 'button', class: 'secondary', 'aria-expanded': 'false', 'aria-controls': workingId, 'data-show-working': asked.name },
    'Show the working',
    el('span', { class: 'visually-hidden', text: ` for ${asked.label}` }),
  );
  const working = el('div', { class: 'practice-working', id: workingId, hidden: true });
  const stillCurrent = () => current === generation;

  const sayTries = () => {
    const left = TRIES - tries;
    triesLine.textContent = tries > 0 && left > 0 ? `${plural(left, 'try', 'tries')} left before the working opens.` : '';
  };

  function openWorking({ focus = false, why = '' } = {}) {
    if (open) return;
    open = true;
    store.record(exercise, asked.name, 'shown');
    onScore();
    if (!right) onDecided(asked.name, false);
    const outcome = answered.outcomes[asked.measure];
    // A named quantity of an answer (a confusion matrix's precision) is said first: the
    // outcome's own answer is another value.
    const answer =
      asked.key !== null &&
      el('p', { class: 'practice-answer' }, 'The answer: ', el('code', { text: asked.label }), ' = ', renderNum(answered.answers[asked.name], DECIMALS));
    working.replaceChildren(
      ...[answer, renderOutcome(outcome, { id: `${workingId}-outcome` })].filter(Boolean),
      el('p', { class: 'practice-calculator-link' }, el('a', { href: calculatorLink(exercise), text: 'Open this exercise in the calculator' })),
    );
    working.hidden = false;
    showButton.setAttribute('aria-expanded', 'true');
    showButton.hidden = true;
    triesLine.textContent = why;
    if (focus) {
      const first = /** @type {HTMLElement} */ (working.querySelector('.practice-answer, h3'));
      first.setAttribute('tabindex', '-1');
      first.focus();
    }
  }

  const check = async (answer) => {
    const result = await checkAsked(engine, exercise, asked, answer);
    if (!result.ok) return result;
    // The verdict names the value as the question does ("κ", "precision"), not the engine's key.
    const value = { ...result.value, label: asked.label, key: '' };
    if (value.correct && tooCoarse(value)) {
      const places = plural(value.answer.decimals, 'decimal place');
      return {
        ok: false,
        error: { message: `${answer.trim()} is right to ${places}; give ${DECIMALS} decimal places, or a fraction. This does not count as a try.` },
      };
    }
    if (value.verdict === 'correct_under_convention') {
      // Right under another source's convention, but the exercise states this page's: said
      // without the value asked, and no try is spent on it.
      return {
        ok: false,
        error: {
          message: `${answer.trim()} is right under ${value.convention}, another convention; this exercise asks for ${asked.label} under the conventions it states. This does not count as a try.`,
        },
      };
    }
    if (!value.correct && value.matched && !value.hint) {
      // A named slip: the hint of what to check follows it.
      value.hint = await hintOf(engine, exercise, asked);
    }
    store.record(exercise, asked.name, value.correct ? 'right' : 'wrong');
    onScore();
    if (stillCurrent() && !open) {
      if (value.correct) {
        item.classList.add('is-right');
        triesLine.textContent = '';
        if (!right) onDecided(asked.name, true);
        right = true;
      } else {
        tries += 1;
        sayTries();
        if (tries >= TRIES) openWorking({ why: `${plural(TRIES, 'wrong try', 'wrong tries')}: the working is open below.` });
      }
    }
    return { ok: true, value };
  };

  showButton.addEventListener('click', () => openWorking({ focus: true }));
  const field = renderCheckField({ label: asked.label, check, hint: false, describedBy });
  // A name (P@6, κ) is code, as the calculators show it; a phrase ("the paired t statistic") is
  // not.
  if (/\s/.test(asked.label)) field.querySelector('label').replaceChildren(`Your answer for ${asked.label}`);
  // The working's button beside Check (on a phone, under the field).
  field.querySelector('.check-row').append(showButton);
  field.append(triesLine);
  const item = el('div', { class: 'practice-value', 'data-value': asked.name }, field, working);
  if (recorded.shown) openWorking({ why: 'You have seen the working of this value before.' });
  else if (recorded.right) {
    item.classList.add('is-right');
    triesLine.textContent = 'You got this value right before.';
    right = true;
    onDecided(asked.name, true);
  } else sayTries();
  return item;
}

/**
 * The exercise section: its question, its input, a field per asked value, and a way on.
 * @param {ReturnType<typeof drawExercise>} exercise
 * @param {{ok: true, answers: object, outcomes: object}} answered
 */
function renderExercise(exercise, answered, current) {
  const family = familyById(exercise.family);
  const instructionsId = 'practice-instructions';
  // Each value's outcome once decided (right, or its working shown), for the line at the end.
  const decided = new Map();
  const summary = el('p', { class: 'practice-summary', 'aria-live': 'polite', 'data-summary': '' });
  const onDecided = (name, isRight) => {
    decided.set(name, isRight);
    if (decided.size < exercise.asked.length) return;
    const right = [...decided.values()].filter(Boolean).length;
    summary.textContent = `Done: ${right} of ${plural(exercise.asked.length, 'value')} right.`;
  };
  const values = exercise.asked.map((asked, index) =>
    renderValue(exercise, answered, asked, index, { current, describedBy: instructionsId, onScore: showScores, onDecided }),
  );
  return [
    el(
      'h2',
      { id: 'exercise-heading' },
      'Exercise',
      el('span', { class: 'exercise-meta', text: ` · ${exercise.difficulty} · seed ${exercise.seed}` }),
    ),
    el('p', { class: 'practice-question', 'data-question': '', text: exercise.question }),
    renderInput(exercise.input, `The input of the exercise (${family.title})`),
    el('p', { class: 'practice-instructions', id: instructionsId, text: `To ${DECIMALS} decimal places, or as a fraction:` }),
    el('div', { class: 'practice-values' }, ...values),
    el(
      'div',
      { class: 'practice-next' },
      summary,
      nextButton(),
      el(
        'p',
        { class: 'hint' },
        `The same seed always gives the same exercise: share this page’s link, or seed ${exercise.seed}, to work on it with others. On the command line: `,
        el('code', { text: commandFor({ ...exercise, count: 1 }) }),
        '.',
      ),
    ),
  ];
}

function nextButton() {
  const button = el('button', { type: 'button', class: 'secondary', text: 'Next exercise' });
  button.addEventListener('click', () => {
    newExercise();
    $('#exercise').focus();
  });
  return button;
}

/** Draws the exercise of `state` and shows it. */
async function showExercise() {
  const current = ++generation;
  writeState();
  syncControls();
  const section = $('[data-exercise]');
  const exercise = drawExercise(state.family, state.difficulty, state.seed);
  const answered = await answerExercise(engine, exercise);
  if (current !== generation) return;
  if (!answered.ok) {
    // A drawn exercise the engine refuses is a fault of the page, not of the reader.
    section.replaceChildren(
      el('h2', { id: 'exercise-heading', text: 'Exercise' }),
      el('p', { class: 'error-text', text: `This exercise could not be worked out (${answered.error.message}). Try another seed.` }),
      nextButton(),
    );
    return;
  }
  section.replaceChildren(...renderExercise(exercise, answered, current));
  $('[data-announce]').textContent = `Exercise, seed ${exercise.seed}: ${exercise.question}`;
  refreshWorksheet();
}

function newExercise() {
  state = { ...state, seed: freshSeed() };
  showMessage([]);
  showExercise();
}

// ---------------------------------------------------------------------------- controls

function syncControls() {
  $('[data-family]').value = state.family;
  $('[data-difficulty]').value = state.difficulty;
  const seed = $('[data-seed]');
  seed.value = String(state.seed);
  seed.removeAttribute('aria-invalid');
  $('[data-seed-error]').hidden = true;
  $('[data-cli]').textContent = commandFor({ ...state, count: worksheetCount() ?? 1 });
}

/** Applies the seed typed, or says why it cannot. */
function applySeed() {
  const field = $('[data-seed]');
  const seed = parseSeed(field.value);
  const error = $('[data-seed-error]');
  if (seed === null) {
    field.setAttribute('aria-invalid', 'true');
    error.textContent = `A seed is a whole number from 0 to ${MAX_SEED}.`;
    error.hidden = false;
    return;
  }
  if (seed === state.seed) {
    syncControls();
    return;
  }
  state = { ...state, seed };
  showMessage([]);
  showExercise();
}

function setUpControls() {
  $('[data-family]').replaceChildren(...FAMILIES.map((family) => el('option', { value: family.id, text: family.title })));
  $('[data-family]').addEventListener('change', (event) => {
    state = { ...state, family: event.target.value };
    showMessage([]);
    showExercise();
  });
  $('[data-difficulty]').addEventListener('change', (event) => {
    state = { ...state, difficulty: event.target.value };
    showMessage([]);
    showExercise();
  });
  $('[data-seed]').addEventListener('change', applySeed);
  $('[data-controls]').addEventListener('submit', (event) => {
    event.preventDefault();
    applySeed();
  });
  $('[data-new-exercise]').addEventListener('click', newExercise);
  window.addEventListener('hashchange', () => {
    // A link pasted into the address bar of the open page.
    const read = stateFromHash();
    state = read.state;
    showMessage(read.problems);
    showExercise();
  });
}

// ---------------------------------------------------------------------------- the score

function showScores() {
  $('[data-score-status]').textContent = ''; // "Scores reset." is old news once a score changes
  $('[data-scores]').replaceChildren(renderScores(store.scores(), FAMILIES, store.available));
  $('[data-reset-scores]').hidden = !store.available;
}

function setUpScores() {
  $('[data-reset-scores]').addEventListener('click', () => {
    store.reset();
    showScores();
    $('[data-score-status]').textContent = 'Scores reset.';
  });
  showScores();
}

// ---------------------------------------------------------------------------- worksheet and export

/** The number of exercises typed, or null (with the field marked) when it is not 1 to MAX_COUNT. */
function worksheetCount({ mark = false } = {}) {
  const field = $('[data-worksheet-count]');
  const error = $('[data-worksheet-count-error]');
  const text = field.value.trim();
  const count = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  const ok = count >= 1 && count <= MAX_COUNT;
  if (mark || ok) {
    if (ok) field.removeAttribute('aria-invalid');
    else field.setAttribute('aria-invalid', 'true');
    error.textContent = ok ? '' : `The number of exercises is a whole number from 1 to ${MAX_COUNT}.`;
    error.hidden = ok;
  }
  return ok ? count : null;
}

/** Whether the answer key shows the working. */
const keyWorking = () => $('[data-worksheet-working]').checked;

/** The worksheet's exercises for the controls, with the key that names them. */
function worksheetExercises(count) {
  return {
    key: `${state.family}|${state.difficulty}|${state.seed}|${count}`,
    exercises: drawExercises(state.family, state.difficulty, state.seed, count),
  };
}

/** What the shown worksheet is: its exercises and whether its key shows the working. */
const sheetKey = (count) => `${worksheetExercises(count).key}|${keyWorking()}`;

/** The worksheet on the page: its key, or '' while none is shown. */
let shownSheet = '';
let sheetGeneration = 0;

async function showWorksheet({ focus = false } = {}) {
  const count = worksheetCount({ mark: true });
  if (count === null) return false;
  const status = $('[data-worksheet-status]');
  const { exercises } = worksheetExercises(count);
  const key = sheetKey(count);
  const working = keyWorking();
  const current = ++sheetGeneration;
  status.textContent = `Working out ${plural(count, 'exercise')}…`;
  const answered = [];
  for (const exercise of exercises) {
    const result = await answerExercise(engine, exercise);
    if (current !== sheetGeneration) return false;
    if (!result.ok) {
      status.textContent = `Exercise ${exercise.id} could not be worked out (${result.error.message}).`;
      return false;
    }
    answered.push(result);
  }
  const sheet = $('[data-worksheet]');
  sheet.replaceChildren(
    ...renderWorksheet({ title: familyById(state.family).title, family: state.family, difficulty: state.difficulty, seed: state.seed, exercises, answered, working }),
  );
  sheet.hidden = false;
  document.body.classList.add('has-worksheet');
  shownSheet = key;
  status.textContent = `The worksheet (${plural(count, 'exercise')}) and its answer key are below; Print prints them, the key on a page of its own.`;
  if (focus) {
    const heading = sheet.querySelector('h2');
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  }
  return true;
}

/** A shown worksheet follows the controls. */
function refreshWorksheet() {
  const count = worksheetCount();
  if (!shownSheet || count === null) return;
  if (sheetKey(count) !== shownSheet) showWorksheet();
}

const prepared = new Map(); // key → prepared exercises (answers, working and feedback)

async function download(format) {
  const count = worksheetCount({ mark: true });
  if (count === null) return;
  const status = $('[data-worksheet-status]');
  const { key, exercises } = worksheetExercises(count);
  if (!prepared.has(key)) {
    status.textContent = `Working out ${plural(count, 'exercise')}…`;
    const result = await prepareExercises(engine, exercises);
    if (!result.ok) {
      status.textContent = `Exercise ${result.exercise.id} could not be worked out (${result.error.message}).`;
      return;
    }
    prepared.clear();
    prepared.set(key, result.prepared);
  }
  const { extension, type, label } = FORMATS[format];
  const last = exercises[exercises.length - 1].seed;
  const name = `irmetrics-practice-${state.family}-${state.difficulty}-${state.seed}${count > 1 ? `-to-${last}` : ''}.${extension}`;
  const written = exportAs(format, prepared.get(key));
  // A zip (QTI) is bytes, downloaded as they are; the other formats are UTF-8 text.
  if (typeof written === 'string') downloadText(name, written, type);
  else downloadBlob(name, new Blob([written], { type }));
  const questions = exercises.reduce((sum, exercise) => sum + exercise.asked.length, 0);
  status.textContent = `${label} downloaded: ${name} (${plural(count, 'exercise')}, ${plural(questions, 'question')}).`;
}

function setUpWorksheet() {
  $('[data-show-worksheet]').addEventListener('click', () => showWorksheet({ focus: true }));
  $('[data-print]').addEventListener('click', async () => {
    const count = worksheetCount({ mark: true });
    if (count === null) return;
    if (sheetKey(count) !== shownSheet && !(await showWorksheet())) return;
    window.print();
  });
  $('[data-worksheet-count]').addEventListener('input', () => {
    $('[data-cli]').textContent = commandFor({ ...state, count: worksheetCount() ?? 1 });
  });
  $('[data-worksheet-count]').addEventListener('change', () => {
    if (worksheetCount({ mark: true }) !== null) refreshWorksheet();
  });
  $('[data-worksheet-working]').addEventListener('change', refreshWorksheet);
  $('[data-downloads]').replaceChildren(
    ...Object.entries(FORMATS).map(([format, { label }]) => {
      const button = el('button', { type: 'button', class: 'secondary', 'data-download': format, text: label });
      button.addEventListener('click', () => download(format));
      return button;
    }),
  );
}

// ---------------------------------------------------------------------------- start

async function main() {
  setUpControls();
  setUpScores();
  setUpWorksheet();
  const read = stateFromHash();
  state = read.state;
  showMessage(read.problems);
  syncControls();
  writeState();
  if (!(await initSite(PRACTICE))) {
    document.body.dataset.ready = 'true';
    return;
  }
  await showExercise();
  await mathSettled();
  document.body.dataset.ready = 'true';
}

main();
