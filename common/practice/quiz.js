// @ts-check
// Practice exercises as quiz questions, whatever the quiz system: one numerical question per
// asked value, the right answer as a decimal with a tolerance, the common slips as wrong answers
// with their own feedback, a hint for any other answer and the working as general feedback.
// Pure (no DOM): the writers of quiz files (export.js: Moodle XML, GIFT; and any other) render
// these QuizQuestions in their own syntax and add their own escaping.
//
// A quiz system grades a decimal against an interval, not as the page does (the page takes a
// fraction too, and judges a decimal at the places it was typed: core/src/check.cpp). So a quiz
// question asks for a decimal only, to DECIMALS places, and the interval is exactly the values
// that round (halves away from zero) to the right answer at DECIMALS places: the answer ± half a
// unit of the last place. A value that is not a number ("—", a bound such as "< 1e-300") cannot
// be graded that way: its question is left out, and said so (leftOut).

import { formatNum, numParts, plainDecimal } from '../format.js';
import { listTable } from '../list-table.js';
import { DECIMALS, FAMILIES } from './generate.js';

/** @typedef {import('./answers.js').Prepared} Prepared */
/** @typedef {import('./answers.js').Num} Num */

/**
 * @typedef {{
 *   category: string,
 *   name: string,
 *   html: string,
 *   answer: string,
 *   tolerance: string,
 *   right: string,
 *   slips: {answer: string, feedback: string}[],
 *   hint: string,
 *   working: string,
 * }} QuizQuestion
 *   category: "Practice/Ranked list (P@k, R@k, AP, …) (easy)", with no $course$ prefix (each
 *     writer adds its own);
 *   name: the exercise's id and the asked label, "ranked-easy-42 AP@10";
 *   html: the question as HTML, already escaped, asking for a decimal to DECIMALS places;
 *   answer: the right answer as a plain decimal, "0.6222", "-0.4", "3";
 *   tolerance: "0.00005" (QUIZ_TOLERANCE_TEXT), for the right answer and every slip;
 *   right: the feedback of the right answer, plain text;
 *   slips: wrong answers with their own feedback (plain text), none within 2 × tolerance of the
 *     right answer or of each other;
 *   hint: the feedback of any other answer, plain text ('' when there is none);
 *   working: the general feedback (the worked answer), HTML, already escaped.
 */

/** What a quiz question asks for: "as a decimal to 4 decimal places" (never a fraction). */
export const QUIZ_PRECISION = `as a decimal to ${DECIMALS} decimal places`;

/** The tolerance of an answer asked to DECIMALS places: half a unit of the last place. */
export const TOLERANCE = 0.5 * 10 ** -DECIMALS;

/** TOLERANCE as a quiz file writes it: "0.00005", not 0.5·10⁻⁴'s binary neighbour. */
export const QUIZ_TOLERANCE_TEXT = `0.${'0'.repeat(DECIMALS)}5`;

/** The family's title, for categories and worksheets: "Ranked list (P@k, R@k, AP, …)". */
export const familyTitle = (family) => FAMILIES.find((one) => one.id === family)?.title ?? family;

/** Text as HTML: & < > " ' escaped. */
export const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (char) => ({
  '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;',
})[char]);

/**
 * The value rounded to DECIMALS places, halves away from zero, as a plain decimal with no
 * trailing zeros ("0.6222", "-0.4", "3", "0"); null when it is not a number ("—", or a bound
 * such as "< 1e-300").
 * @param {{approx: number, exact: string | null, formula?: string}} num
 * @returns {string | null}
 */
export const decimalOf = (num) => plainDecimal(num, DECIMALS);

/** Why a value is not a quiz's answer: what numParts writes for it. */
function notANumber(num) {
  const { decimal } = numParts(num, DECIMALS);
  return decimal.startsWith('< ')
    ? `its value is a bound (${decimal}), not a number a quiz can grade`
    : 'it has no numeric value, so a quiz cannot grade it';
}

/**
 * A ranked or graded list's input as an HTML table, a row per rank (common/list-table.js: read
 * from the engine's working, whatever the notation); '' for other families, long lists, or when
 * no answer's working lists the whole input.
 * @param {{family: string, input: string}} exercise
 * @param {Object<string, {steps?: any[]}> | undefined} outcomes
 */
function listHtml(exercise, outcomes) {
  if (!['ranked', 'graded'].includes(exercise.family)) return '';
  // An answer at a cutoff (nDCG@4) lists only its top k: a table is drawn only from one that
  // lists every rank of the input (whose items the generator separates by spaces or commas).
  const length = exercise.input.split(/[\s,]+/).filter(Boolean).length;
  const list = Object.values(outcomes ?? {}).map(listTable).find((one) => one?.rows.length === length);
  if (!list) return '';
  const cells = (tag, texts) => texts.map((text) => `<${tag}>${escapeHtml(text)}</${tag}>`).join('');
  return `<table><tr>${cells('th', list.columns)}</tr>${list.rows.map((row) => `<tr>${cells('td', row)}</tr>`).join('')}</table>`;
}

/**
 * The question of one asked value, as HTML: the exercise's sentence, its input as the calculator
 * reads it (and a ranked or graded list as a table too, from `outcomes`, the engine's answers),
 * what to give.
 */
export function questionHtml(exercise, asked, outcomes) {
  return `<p>${escapeHtml(exercise.question)}</p>` +
    `<pre>${exercise.input.split('\n').map(escapeHtml).join('<br>')}</pre>${listHtml(exercise, outcomes)}` +
    `<p>Work out <strong>${escapeHtml(asked.label)}</strong>, ${QUIZ_PRECISION}.</p>`;
}

/** The working of one asked value, as HTML: the answer, the engine's step tables and notes. */
export function workingHtml(asked, value, outcome) {
  const tables = (outcome?.steps ?? []).map((step) => {
    const head = `<tr>${step.columns.map((column) => `<th>${escapeHtml(column)}</th>`).join('')}</tr>`;
    const rows = step.rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell.text)}</td>`).join('')}</tr>`);
    return `<table><caption>${escapeHtml(step.title)}</caption>${head}${rows.join('')}</table>`;
  });
  const notes = (outcome?.notes ?? []).map((note) => `<li>${escapeHtml(note)}</li>`).join('');
  return `<p>${escapeHtml(asked.label)} = ${escapeHtml(formatNum(value, DECIMALS))}</p>${tables.join('')}` +
    (notes ? `<ul>${notes}</ul>` : '');
}

/** A decimal of at most DECIMALS places in units of its last place: "0.6222" → 6222. */
const unitsOf = (decimal) => Math.round(Number(decimal) * 10 ** DECIMALS);

/**
 * The wrong answers worth a feedback of their own: each slip with a numeric value whose decimal
 * lies more than 2 × TOLERANCE (one unit of the last place) from the right answer and from every
 * slip kept before it, so that no two answers' intervals touch.
 * @param {string} right the right answer (decimalOf)
 * @param {{measure: string, value: Num, why: string}[]} slips
 */
export function slipAnswers(right, slips) {
  const taken = [unitsOf(right)];
  const out = [];
  for (const slip of slips) {
    const answer = decimalOf(slip.value);
    if (answer === null) continue;
    const units = unitsOf(answer);
    if (taken.some((other) => Math.abs(other - units) <= 1)) continue;
    taken.push(units);
    out.push({ answer, feedback: `Not quite: that is ${slip.measure}, which ${slip.why}.` });
  }
  return out;
}

/**
 * The quiz questions of prepared exercises: one per asked value with a numeric value, in order;
 * the others in leftOut, each with the reason.
 * @param {Prepared[]} prepared
 * @returns {{questions: QuizQuestion[], leftOut: {name: string, why: string}[]}}
 */
export function quizQuestions(prepared) {
  const questions = [];
  const leftOut = [];
  for (const { exercise, answers, outcomes, feedback } of prepared) {
    const category = `Practice/${familyTitle(exercise.family)} (${exercise.difficulty})`;
    for (const asked of exercise.asked) {
      const name = `${exercise.id} ${asked.label}`;
      // The engine's own number when there is one: it carries the formula that tells a bound
      // ("< 1e-300") from a value, which the answers ({approx, exact}) leave out.
      const outcome = outcomes?.[asked.measure];
      const value = (asked.key === null ? outcome?.value : outcome?.values?.[asked.key]) ?? answers[asked.name];
      const answer = value ? decimalOf(value) : null;
      if (answer === null) {
        leftOut.push({ name, why: value ? notANumber(value) : 'it has no answer' });
        continue;
      }
      const { hint = '', slips = [] } = feedback?.[asked.name] ?? {};
      questions.push({
        category,
        name,
        html: questionHtml(exercise, asked, outcomes),
        answer,
        tolerance: QUIZ_TOLERANCE_TEXT,
        right: `Right: ${asked.label} = ${formatNum(value, DECIMALS)}.`,
        slips: slipAnswers(answer, slips),
        hint: hint ? `Hint: ${hint}` : '',
        working: workingHtml(asked, value, outcome),
      });
    }
  }
  return { questions, leftOut };
}
