// @ts-check
// Practice exercises written out: JSON, plain text, Moodle XML and GIFT, the same from the page's
// download and from `irmetrics practice --format`. Every function here is pure: it takes
// exercises already answered by the engine (answers.js) and returns text.
//
// A prepared exercise is {exercise, answers, outcomes, feedback}: the drawn exercise
// (generate.js), its answers by asked name, the engine's outcome of each measure (the working),
// and for each asked value the hint and the slips (answers.js, feedbackOf). The quiz formats
// write the QuizQuestions of quiz.js, which ask for a decimal only and leave out a value that is
// not a number; tests/js/moodle-import.test.mjs imports them with Moodle's own code.

import { formatNum } from '../format.js';
import { DECIMALS } from './generate.js';
import { escapeHtml, familyTitle, quizQuestions } from './quiz.js';
import { toQtiZip } from './qti.js';

/** @typedef {import('./answers.js').Prepared} Prepared */
/** @typedef {import('./quiz.js').QuizQuestion} QuizQuestion */
/** @typedef {{questions: QuizQuestion[], leftOut: {name: string, why: string}[]}} Quiz what quizQuestions gives */

/**
 * What the text worksheet asks: "to 4 decimal places, or as a fraction" (the page takes both;
 * a quiz file asks for a decimal only, quiz.js QUIZ_PRECISION).
 */
export const ASKED_PRECISION = `to ${DECIMALS} decimal places, or as a fraction`;

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
// Quiz files: the QuizQuestions of quiz.js, in Moodle's XML and GIFT formats.

/** A plain-text feedback as the HTML a quiz file gives it: "<p>x &lt; y</p>". */
const feedbackHtml = (text) => `<p>${escapeHtml(text)}</p>`;

/** The lines of a file that say which asked values were left out and why, one a line. */
const leftOutLines = (leftOut) => leftOut.map(({ name, why }) => `${name} is left out: ${why}.`.replace(/\s+/g, ' '));

/** Text in XML: the same five characters escaped as in HTML. */
const xmlText = escapeHtml;

/** Text inside an XML comment, which cannot hold "--" nor end with "-". */
const xmlComment = (text) => text.replace(/-(?=-|$)/g, '- ');

/**
 * Moodle XML of quiz questions: a category whenever it changes, then one numerical question per
 * QuizQuestion, the right answer and each slip with the tolerance and its feedback, "*" (any
 * other answer) with the hint; the working is the general feedback. A comment at the top names
 * each question left out and why. Imports into Moodle's question bank (Question bank → Import →
 * Moodle XML): question/format/xml/format.php, import_numerical.
 * @param {Quiz} quiz
 */
export function moodleXmlOf({ questions, leftOut }) {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  out.push(...leftOutLines(leftOut).map((line) => `  <!-- ${xmlComment(line)} -->`));
  let category = null;
  for (const question of questions) {
    const here = `$course$/top/${question.category}`;
    if (here !== category) {
      category = here;
      out.push('  <question type="category">', `    <category><text>${xmlText(here)}</text></category>`, '  </question>');
    }
    const answer = (fraction, text, tolerance, feedback) => [
      `    <answer fraction="${fraction}" format="moodle_auto_format">`,
      `      <text>${xmlText(text)}</text>`,
      `      <tolerance>${tolerance}</tolerance>`,
      `      <feedback format="html"><text>${xmlText(feedbackHtml(feedback))}</text></feedback>`,
      '    </answer>',
    ];
    out.push(
      '  <question type="numerical">',
      `    <name><text>${xmlText(question.name)}</text></name>`,
      `    <questiontext format="html"><text>${xmlText(question.html)}</text></questiontext>`,
      `    <generalfeedback format="html"><text>${xmlText(question.working)}</text></generalfeedback>`,
      '    <defaultgrade>1</defaultgrade>',
      '    <penalty>0.3333333</penalty>',
      '    <hidden>0</hidden>',
      ...answer(100, question.answer, question.tolerance, question.right),
      ...question.slips.flatMap((slip) => answer(0, slip.answer, question.tolerance, slip.feedback)),
      ...(question.hint ? answer(0, '*', 0, question.hint) : []),
      '    <unitgradingtype>0</unitgradingtype>',
      '    <unitpenalty>0.1</unitpenalty>',
      '    <showunits>3</showunits>',
      '    <unitsleft>0</unitsleft>',
      '  </question>',
    );
  }
  out.push('</quiz>', '');
  return out.join('\n');
}

/**
 * Moodle XML of prepared exercises (moodleXmlOf of quizQuestions).
 * @param {Prepared[]} prepared
 */
export const toMoodleXml = (prepared) => moodleXmlOf(quizQuestions(prepared));

/**
 * Text escaped for GIFT exactly as Moodle's GIFT writer escapes it (repchar in
 * question/format/gift/format.php): a backslash before \ # = ~ { } :, each newline written as
 * \n (so that no text holds a blank line, which ends a question, or a line starting with //,
 * which the reader drops as a comment), carriage returns dropped. The reader (escapedchar_pre
 * and escapedchar_post) gives back the text.
 */
export const giftText = (text) => String(text).replace(/\r/g, '')
  .replace(/[\\#=~{}:\n]/g, (char) => (char === '\n' ? '\\n' : `\\${char}`));

/** One line of a GIFT file: no newline, for a category or a comment. */
const giftLine = (text) => text.replace(/\s+/g, ' ').trim();

/**
 * GIFT of quiz questions: the same questions as moodleXmlOf, in Moodle's text format, one
 * question a line. As Moodle's GIFT reader reads a numerical question:
 * `=ANSWER:TOLERANCE#feedback` is a right answer (a weight is read only with one or two digits,
 * so the right one carries none and counts 100%), `=%0%ANSWER:TOLERANCE#feedback` a wrong one
 * with its feedback, `~#feedback` the feedback for any other answer (here the hint) and `####`
 * the general feedback (the working). Every text is HTML ([html]) escaped by giftText; a
 * comment line (//) at the top names each question left out and why.
 * @param {Quiz} quiz
 */
export function giftOf({ questions, leftOut }) {
  const out = [];
  if (leftOut.length > 0) out.push(...leftOutLines(leftOut).map((line) => `// ${giftLine(line)}`), '');
  let category = null;
  for (const question of questions) {
    const here = `$course$/top/${question.category}`;
    if (here !== category) {
      category = here;
      out.push(`$CATEGORY: ${giftLine(here)}`, '');
    }
    const tolerance = `:${question.tolerance}`;
    const options = [
      `=${question.answer}${tolerance}#${giftText(feedbackHtml(question.right))}`,
      ...question.slips.map((slip) => `=%0%${slip.answer}${tolerance}#${giftText(feedbackHtml(slip.feedback))}`),
      ...(question.hint ? [`~#${giftText(feedbackHtml(question.hint))}`] : []),
    ];
    const working = question.working ? ` ####${giftText(question.working)}` : '';
    out.push(`::${giftText(question.name)}::[html]${giftText(question.html)}{#${options.join(' ')}${working}}`, '');
  }
  return out.join('\n');
}

/**
 * GIFT of prepared exercises (giftOf of quizQuestions).
 * @param {Prepared[]} prepared
 */
export const toGift = (prepared) => giftOf(quizQuestions(prepared));

/**
 * @typedef {{extension: string, type: string, label: string, quiz?: boolean, binary?: boolean,
 *   write: (prepared: Prepared[]) => string | Uint8Array<ArrayBuffer>}} Format
 *   quiz: the format holds quiz questions (quiz.js), so some asked values may be left out;
 *   binary: write gives bytes (a zip), not text
 */

/**
 * The export formats, by the name --format and the page's menu use, each with its writer.
 * @type {Object<string, Format>}
 */
export const FORMATS = {
  text: { extension: 'txt', type: 'text/plain', label: 'Plain text', write: (prepared) => `${toText(prepared)}\n` },
  json: { extension: 'json', type: 'application/json', label: 'JSON', write: (prepared) => `${JSON.stringify(toJson(prepared), null, 2)}\n` },
  'moodle-xml': { extension: 'xml', type: 'application/xml', label: 'Moodle XML', quiz: true, write: toMoodleXml },
  gift: { extension: 'gift.txt', type: 'text/plain', label: 'GIFT (Moodle)', quiz: true, write: toGift },
  qti: {
    extension: 'zip', type: 'application/zip', label: 'QTI 1.2 zip (Canvas, Blackboard, Brightspace)', quiz: true, binary: true,
    write: toQtiZip,
  },
};

/**
 * The prepared exercises in a format of FORMATS (text for any other name).
 * @param {string} format
 * @param {Prepared[]} prepared
 */
export function exportAs(format, prepared) {
  return (FORMATS[format] ?? FORMATS.text).write(prepared);
}

/**
 * The asked values a quiz format leaves out of its file, each with why (none for text or JSON,
 * which write every value): what `irmetrics practice` notes on stderr.
 * @param {string} format
 * @param {Prepared[]} prepared
 * @returns {{name: string, why: string}[]}
 */
export function leftOutOf(format, prepared) {
  return FORMATS[format]?.quiz ? quizQuestions(prepared).leftOut : [];
}
