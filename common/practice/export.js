// @ts-check
// Practice exercises written out: JSON, plain text, Moodle XML and GIFT, the same from the page's
// download and from `irmetrics practice --format`. Every function here is pure: it takes
// exercises already answered by the engine (answers.js) and returns text.
//
// A prepared exercise is {exercise, answers, outcomes, feedback}: the drawn exercise
// (generate.js), its answers by asked name, the engine's outcome of each measure (the working),
// and for each asked value the hint and the slips (answers.js, feedbackOf).

import { formatNum, numParts } from '../format.js';
import { DECIMALS, FAMILIES } from './generate.js';

/** @typedef {import('./answers.js').Prepared} Prepared */

const familyTitle = (family) => FAMILIES.find((one) => one.id === family)?.title ?? family;

/** The tolerance of an answer asked to DECIMALS places: half a unit of the last place. */
export const TOLERANCE = 0.5 * 10 ** -DECIMALS;

/** TOLERANCE as a quiz file writes it: "0.00005", not 0.5·10⁻⁴'s binary neighbour. */
const TOLERANCE_TEXT = `0.${'0'.repeat(DECIMALS)}5`;

/** What the question asks: "to 4 decimal places or as a fraction". */
export const ASKED_PRECISION = `to ${DECIMALS} decimal places, or as a fraction`;

/** The answer as a plain decimal for a quiz: "0.6222", "0.5", "-0.4". */
const decimalOf = (num) => numParts(num, DECIMALS).decimal;

/**
 * The JSON form: one object per exercise; `measures` lists the asked names (MEASURE, or
 * MEASURE:KEY for a named quantity of MEASURE's answer) and `answers` holds each one's value.
 * @param {Pick<Prepared, 'exercise' | 'answers'>[]} prepared
 */
export function toJson(prepared) {
  return prepared.map(({ exercise, answers }) => ({
    id: exercise.id,
    family: exercise.family,
    difficulty: exercise.difficulty,
    seed: exercise.seed,
    question: exercise.question,
    input: exercise.input,
    relevant: exercise.relevant,
    measures: exercise.asked.map((asked) => asked.name),
    labels: Object.fromEntries(exercise.asked.map((asked) => [asked.name, asked.label])),
    answers,
  }));
}

const letter = (i) => String.fromCharCode(97 + i);
const indent = (text, by = '    ') => text.split('\n').map((line) => (line ? by + line : line)).join('\n');

/**
 * The plain-text worksheet: every exercise, then the answers, exact and to DECIMALS places.
 * @param {Pick<Prepared, 'exercise' | 'answers'>[]} prepared
 */
export function toText(prepared) {
  const first = prepared[0]?.exercise;
  const head = first
    ? `Practice: ${familyTitle(first.family)}, ${first.difficulty}, ${prepared.length} exercise${prepared.length === 1 ? '' : 's'}`
    : 'Practice: no exercises';
  const exercises = prepared.map(({ exercise }, i) => [
    `Exercise ${i + 1} (${exercise.id})`,
    exercise.question,
    '',
    indent(exercise.input),
    '',
    `Work out, ${ASKED_PRECISION}:`,
    ...exercise.asked.map((asked, j) => `  ${letter(j)}) ${asked.label}`),
  ].join('\n'));
  const answers = prepared.map(({ exercise, answers: values }, i) => [
    `Exercise ${i + 1} (${exercise.id})`,
    ...exercise.asked.map((asked, j) => `  ${letter(j)}) ${asked.label} = ${formatNum(values[asked.name], DECIMALS)}`),
  ].join('\n'));
  return [head, '', exercises.join('\n\n'), '', 'Answers', '', answers.join('\n\n'),
    '', `(irmetrics calc MEASURE --input INPUT shows the working of each.)`].join('\n');
}

// ---------------------------------------------------------------------------------------------
// HTML for quiz systems: the question, and the working as feedback.

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (char) => ({
  '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;',
})[char]);

/** The question of one asked value, as HTML: the exercise's sentence, its input, what to give. */
export function questionHtml(exercise, asked) {
  return `<p>${escapeHtml(exercise.question)}</p>` +
    `<pre>${exercise.input.split('\n').map(escapeHtml).join('<br>')}</pre>` +
    `<p>Work out <strong>${escapeHtml(asked.label)}</strong>, ${ASKED_PRECISION}.</p>`;
}

/** The working of one asked value, as HTML: the answer, the engine's step tables and notes. */
export function workingHtml(asked, value, outcome) {
  const tables = (outcome.steps ?? []).map((step) => {
    const head = `<tr>${step.columns.map((column) => `<th>${escapeHtml(column)}</th>`).join('')}</tr>`;
    const rows = step.rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell.text)}</td>`).join('')}</tr>`);
    return `<table><caption>${escapeHtml(step.title)}</caption>${head}${rows.join('')}</table>`;
  });
  const notes = (outcome.notes ?? []).map((note) => `<li>${escapeHtml(note)}</li>`).join('');
  return `<p>${escapeHtml(asked.label)} = ${escapeHtml(formatNum(value, DECIMALS))}</p>${tables.join('')}` +
    (notes ? `<ul>${notes}</ul>` : '');
}

/**
 * The wrong answers worth a feedback of their own: each slip whose value, to DECIMALS places,
 * is not the right one (nor another slip's).
 */
function slipAnswers(right, slips) {
  const taken = [Number(decimalOf(right))];
  const out = [];
  for (const slip of slips) {
    const value = Number(decimalOf(slip.value));
    if (!Number.isFinite(value) || taken.some((other) => Math.abs(other - value) <= 2 * TOLERANCE)) continue;
    taken.push(value);
    out.push({ text: decimalOf(slip.value), why: `Not quite: that is ${slip.measure}, which ${slip.why}.` });
  }
  return out;
}

const xmlText = (text) => escapeHtml(text);

/**
 * Moodle XML: a category per family and difficulty, then one numerical question per asked value,
 * the right answer with a tolerance of half a unit of the DECIMALS-th place, each common slip as
 * a wrong answer with its feedback, and any other answer given the hint; the working is the
 * general feedback. Imports into Moodle's question bank (Question bank → Import → Moodle XML).
 * @param {Prepared[]} prepared
 */
export function toMoodleXml(prepared) {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  let category = null;
  for (const { exercise, answers, outcomes, feedback } of prepared) {
    const here = `$course$/top/Practice/${familyTitle(exercise.family)} (${exercise.difficulty})`;
    if (here !== category) {
      category = here;
      out.push('  <question type="category">', `    <category><text>${xmlText(here)}</text></category>`, '  </question>');
    }
    for (const asked of exercise.asked) {
      const right = answers[asked.name];
      const { hint, slips } = feedback[asked.name];
      const answer = (fraction, text, why) => [
        `    <answer fraction="${fraction}" format="moodle_auto_format">`,
        `      <text>${xmlText(text)}</text>`,
        `      <tolerance>${text === '*' ? 0 : TOLERANCE_TEXT}</tolerance>`,
        `      <feedback format="html"><text>${xmlText(`<p>${escapeHtml(why)}</p>`)}</text></feedback>`,
        '    </answer>',
      ];
      out.push(
        '  <question type="numerical">',
        `    <name><text>${xmlText(`${exercise.id} ${asked.label}`)}</text></name>`,
        `    <questiontext format="html"><text>${xmlText(questionHtml(exercise, asked))}</text></questiontext>`,
        `    <generalfeedback format="html"><text>${xmlText(workingHtml(asked, right, outcomes[asked.measure]))}</text></generalfeedback>`,
        '    <defaultgrade>1</defaultgrade>',
        '    <penalty>0.3333333</penalty>',
        '    <hidden>0</hidden>',
        ...answer(100, decimalOf(right), `Right: ${asked.label} = ${formatNum(right, DECIMALS)}.`),
        ...slipAnswers(right, slips).flatMap((slip) => answer(0, slip.text, slip.why)),
        ...(hint ? answer(0, '*', `Hint: ${hint}`) : []),
        '    <unitgradingtype>0</unitgradingtype>',
        '    <unitpenalty>0.1</unitpenalty>',
        '    <showunits>3</showunits>',
        '    <unitsleft>0</unitsleft>',
        '  </question>',
      );
    }
  }
  out.push('</quiz>', '');
  return out.join('\n');
}

/** GIFT's special characters escaped with a backslash: ~ = # { } : and the backslash. */
const giftText = (text) => String(text).replace(/[~=#{}:\\]/g, (char) => `\\${char}`);

/**
 * GIFT: the same questions as Moodle XML, one per asked value, in Moodle's text format. As
 * Moodle's GIFT importer reads a numerical question: `=ANSWER:TOLERANCE#feedback` is a right
 * answer (a weight is read only with one or two digits, so the right one carries none and counts
 * 100%), `=%0%ANSWER:TOLERANCE#feedback` a wrong one with its feedback, `~#feedback` the
 * feedback for any other answer (here the hint) and `####` the general feedback (the working).
 * @param {Prepared[]} prepared
 */
export function toGift(prepared) {
  const out = [];
  let category = null;
  for (const { exercise, answers, outcomes, feedback } of prepared) {
    const here = `$course$/top/Practice/${familyTitle(exercise.family)} (${exercise.difficulty})`;
    if (here !== category) {
      category = here;
      out.push(`$CATEGORY: ${here}`, '');
    }
    for (const asked of exercise.asked) {
      const right = answers[asked.name];
      const { hint, slips } = feedback[asked.name];
      const options = [
        `=${decimalOf(right)}:${TOLERANCE_TEXT}#${giftText(`Right: ${asked.label} = ${formatNum(right, DECIMALS)}.`)}`,
        ...slipAnswers(right, slips).map((slip) => `=%0%${slip.text}:${TOLERANCE_TEXT}#${giftText(slip.why)}`),
        ...(hint ? [`~#${giftText(`Hint: ${hint}`)}`] : []),
      ];
      out.push(
        `::${giftText(`${exercise.id} ${asked.label}`)}::[html]${giftText(questionHtml(exercise, asked))}` +
          `{#${options.join(' ')} ####${giftText(workingHtml(asked, right, outcomes[asked.measure]))}}`,
        '',
      );
    }
  }
  return out.join('\n');
}

/** The export formats, by the name --format and the page's menu use. */
export const FORMATS = {
  text: { extension: 'txt', type: 'text/plain', label: 'Plain text' },
  json: { extension: 'json', type: 'application/json', label: 'JSON' },
  'moodle-xml': { extension: 'xml', type: 'application/xml', label: 'Moodle XML' },
  gift: { extension: 'gift.txt', type: 'text/plain', label: 'GIFT (Moodle)' },
};

/**
 * The prepared exercises in a format of FORMATS.
 * @param {string} format
 * @param {Prepared[]} prepared
 */
export function exportAs(format, prepared) {
  if (format === 'json') return `${JSON.stringify(toJson(prepared), null, 2)}\n`;
  if (format === 'moodle-xml') return toMoodleXml(prepared);
  if (format === 'gift') return toGift(prepared);
  return `${toText(prepared)}\n`;
}
