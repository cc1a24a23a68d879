// @ts-check
// Practice questions as an IMS QTI 1.2 content package, for Canvas's "QTI .zip file" import and
// the QTI 1.2 imports of Blackboard and Brightspace: a zip of imsmanifest.xml (IMS Content
// Packaging 1.1, one resource of type imsqti_xmlv1p2) and one questestinterop assessment, a
// section per category and a numerical item per question. Pure: questions in, bytes out.
//
// The items are shaped as Canvas writes its own numerical questions (canvas-lms
// lib/cc/qti/qti_items.rb) and as its importer reads them back: Canvas runs the QTI 1.2 through
// its QTIMigrationTool (1.2 → 2.1), then gems/plugins/qti_exporter/lib/qti/numeric_interaction.rb
// turns every response condition holding an <or> with an equality (an exact answer with a
// margin) or an <and> of bounds (a range) into a *right* answer: a Canvas numerical question has
// no wrong answers with feedback. So
//  - the right answer is <or><varequal>A</varequal><and><vargte>A − t</vargte><varlte>A + t</varlte></and></or>,
//    read as "A, with a margin of t";
//  - a slip (a common wrong answer) is <or><and><vargte>S − t</vargte><varlte>S + t</varlte></and></or>:
//    the same interval test to any QTI 1.2 reader (an <or> of one condition is that condition),
//    but an <or> without an equality, which Canvas's importer skips rather than take as another
//    right answer; its feedback is shown by readers that follow the response processing, and
//    Canvas shows the hint to it, as to any wrong answer;
//  - the feedback idents are Canvas's own: general_fb (the working, Canvas's "general" comments),
//    correct_fb (the right answer's), general_incorrect_fb (the hint, for any other answer), as
//    its importer files feedback by these names (assessment_item_converter.rb, get_feedback).
// tests/js/qti.test.mjs converts the zip with the QTIMigrationTool itself and reads the result as
// numeric_interaction.rb does.

import { crc32, zipFiles } from '../zip.js';
import { escapeHtml, familyTitle, quizQuestions } from './quiz.js';

/** @typedef {import('./quiz.js').QuizQuestion} QuizQuestion */
/** @typedef {import('./answers.js').Prepared} Prepared */

/** Text or an attribute value with XML's special characters escaped (the same five as HTML's). */
const xml = escapeHtml;

// ---------------------------------------------------------------------------------------------
// Exact decimal arithmetic: the range of an answer, answer ∓ tolerance, written as the decimal
// it is ("0.62215"), never a binary double's neighbour ("0.62215000000000001").

/**
 * A decimal string as a whole number and a power of ten: "0.6222" → {units: 6222n, places: 4}.
 * Takes an exponent too ("1.2e-7"), as a very small value is written.
 * @param {string} text
 */
function parseDecimal(text) {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(String(text).trim());
  if (!match || (match[2] + (match[3] ?? '')).length === 0) throw new RangeError(`not a decimal number: '${text}'`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  let units = BigInt(`${whole}${fraction}` || '0');
  let places = fraction.length - Number(exponent);
  if (places < 0) {
    units *= 10n ** BigInt(-places);
    places = 0;
  }
  return { units: sign === '-' ? -units : units, places };
}

/**
 * A whole number of 10^-places written as a plain decimal, without trailing zeros: "0.62215".
 * @param {bigint} units
 * @param {number} places
 */
function decimalText(units, places) {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The range answer ∓ tolerance, exactly: ("0.6222", "0.00005") → {low: "0.62215", high: "0.62225"}.
 * @param {string} answer
 * @param {string} tolerance
 */
export function rangeOf(answer, tolerance) {
  const a = parseDecimal(answer);
  const t = parseDecimal(tolerance);
  if (t.units < 0n) throw new RangeError(`a negative tolerance: '${tolerance}'`);
  const places = Math.max(a.places, t.places);
  const scaled = (n) => n.units * 10n ** BigInt(places - n.places);
  return { low: decimalText(scaled(a) - scaled(t), places), high: decimalText(scaled(a) + scaled(t), places) };
}

// ---------------------------------------------------------------------------------------------
// The assessment.

/** One qtimetadatafield. */
const field = (label, entry) =>
  `<qtimetadatafield><fieldlabel>${xml(label)}</fieldlabel><fieldentry>${xml(entry)}</fieldentry></qtimetadatafield>`;

/** A material of HTML (already escaped HTML, escaped once more as XML text) or plain text. */
const material = (text, type) => `<material><mattext texttype="${type}">${xml(text)}</mattext></material>`;

/** The CRC-32 of a text, as 8 hex digits. */
const hashOf = (text) => crc32(new TextEncoder().encode(text)).toString(16).padStart(8, '0');

/**
 * An identifier made from a name: the same name gives the same identifier in every export (an
 * LMS that imports a question again updates it rather than adding a copy), letters, digits and
 * _ - . only, with the name's hash so that two names that read alike stay apart.
 * "ranked-easy-42 AP@10" → "q-ranked-easy-42_AP_10-1a2b3c4d".
 */
const identOf = (prefix, name) =>
  `${prefix}-${String(name).replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60)}-${hashOf(name)}`;

const RESPONSE = 'response1';

/** The test that the response lies in answer ∓ tolerance, bounds included. */
function rangeTest(answer, tolerance) {
  const { low, high } = rangeOf(answer, tolerance);
  return `<and><vargte respident="${RESPONSE}">${low}</vargte><varlte respident="${RESPONSE}">${high}</varlte></and>`;
}

/** The right answer's test: the answer itself, or within the tolerance (Canvas: exact, with a margin). */
const rightTest = (answer, tolerance) =>
  `<or><varequal respident="${RESPONSE}">${xml(answer)}</varequal>${rangeTest(answer, tolerance)}</or>`;

/** A slip's test: the same interval, as an <or> of one condition, which Canvas does not take for a right answer. */
const slipTest = (answer, tolerance) => `<or>${rangeTest(answer, tolerance)}</or>`;

/**
 * One numerical item.
 * @param {QuizQuestion} question
 * @param {string} ident
 */
function itemOf(question, ident) {
  const { name, html, answer, tolerance, right, slips, hint, working } = question;
  const conditions = [];
  const feedback = [];
  if (working) {
    conditions.push('<respcondition continue="Yes"><conditionvar><other/></conditionvar>' +
      '<displayfeedback feedbacktype="Response" linkrefid="general_fb"/></respcondition>');
    feedback.push(['general_fb', working, 'text/html']);
  }
  conditions.push(`<respcondition continue="No"><conditionvar>${rightTest(answer, tolerance)}</conditionvar>` +
    '<setvar action="Set" varname="SCORE">100</setvar>' +
    (right ? '<displayfeedback feedbacktype="Response" linkrefid="correct_fb"/>' : '') + '</respcondition>');
  if (right) feedback.push(['correct_fb', right, 'text/plain']);
  slips.forEach((slip, i) => {
    conditions.push(`<respcondition continue="No"><conditionvar>${slipTest(slip.answer, tolerance)}</conditionvar>` +
      `<displayfeedback feedbacktype="Response" linkrefid="slip${i + 1}_fb"/></respcondition>`);
    feedback.push([`slip${i + 1}_fb`, slip.feedback, 'text/plain']);
  });
  if (hint) {
    conditions.push('<respcondition continue="Yes"><conditionvar><other/></conditionvar>' +
      '<displayfeedback feedbacktype="Response" linkrefid="general_incorrect_fb"/></respcondition>');
    feedback.push(['general_incorrect_fb', hint, 'text/plain']);
  }
  return [
    `<item ident="${xml(ident)}" title="${xml(name)}">`,
    '<itemmetadata><qtimetadata>',
    field('question_type', 'numerical_question'),
    field('points_possible', '1.0'),
    '</qtimetadata></itemmetadata>',
    '<presentation>',
    material(html, 'text/html'),
    `<response_str ident="${RESPONSE}" rcardinality="Single"><render_fib fibtype="Decimal"><response_label ident="answer1"/></render_fib></response_str>`,
    '</presentation>',
    '<resprocessing>',
    '<outcomes><decvar maxvalue="100" minvalue="0" varname="SCORE" vartype="Decimal"/></outcomes>',
    ...conditions,
    '</resprocessing>',
    ...feedback.map(([id, text, type]) => `<itemfeedback ident="${id}"><flow_mat>${material(text, type)}</flow_mat></itemfeedback>`),
    '</item>',
  ].join('\n');
}

/**
 * The questestinterop file: the assessment, a section per run of questions of one category; a
 * comment first names each asked value left out of the questions, and why.
 * @param {QuizQuestion[]} questions
 * @param {string} title
 * @param {string} ident
 * @param {{name: string, why: string}[]} [leftOut]
 */
export function assessmentXml(questions, title, ident, leftOut = []) {
  const sections = [];
  for (const question of questions) {
    if (sections.at(-1)?.category !== question.category) sections.push({ category: question.category, questions: [] });
    sections.at(-1).questions.push(question);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<questestinterop xmlns="http://www.imsglobal.org/xsd/ims_qtiasiv1p2"' +
      ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
      ' xsi:schemaLocation="http://www.imsglobal.org/xsd/ims_qtiasiv1p2 http://www.imsglobal.org/xsd/ims_qtiasiv1p2p1.xsd">',
    ...(leftOut.length > 0
      ? [`<qticomment>${xml(leftOut.map(({ name, why }) => `${name} is left out: ${why}.`).join(' '))}</qticomment>`]
      : []),
    `<assessment ident="${xml(ident)}" title="${xml(title)}">`,
    '<section ident="root_section">',
    ...sections.flatMap((section, s) => [
      `<section ident="section${s + 1}" title="${xml(section.category)}">`,
      ...section.questions.map((question) => itemOf(question, identOf('q', question.name))),
      '</section>',
    ]),
    '</section>',
    '</assessment>',
    '</questestinterop>',
    '',
  ].join('\n');
}

/**
 * The content package's manifest: one resource, the assessment file.
 * @param {string} ident
 * @param {string} href
 */
export function manifestXml(ident, href) {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<manifest identifier="${xml(ident)}-manifest" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"` +
      ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
      ' xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 http://www.imsglobal.org/xsd/imscp_v1p1.xsd">',
    '<metadata><schema>IMS Content</schema><schemaversion>1.1.3</schemaversion></metadata>',
    '<organizations/>',
    '<resources>',
    `<resource identifier="${xml(ident)}" type="imsqti_xmlv1p2" href="${xml(href)}"><file href="${xml(href)}"/></resource>`,
    '</resources>',
    '</manifest>',
    '',
  ].join('\n');
}

/**
 * The questions as a QTI 1.2 zip: imsmanifest.xml and the assessment file. The assessment's
 * identifier is made from its questions' names, so that two exports of other questions do not
 * overwrite each other's quiz when imported into the same course.
 * @param {QuizQuestion[]} questions
 * @param {{title?: string, leftOut?: {name: string, why: string}[]}} [options] the assessment's
 *   title; the asked values left out of the questions (quizQuestions), named in a comment
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function toQti(questions, { title = 'irmetrics practice', leftOut = [] } = {}) {
  const ident = `irmetrics-practice-${hashOf(questions.map((question) => question.name).join('\n'))}`;
  const href = `${ident}.xml`;
  return zipFiles([
    { name: 'imsmanifest.xml', data: manifestXml(ident, href) },
    { name: href, data: assessmentXml(questions, title, ident, leftOut) },
  ]);
}

/**
 * The title of a quiz of prepared exercises: "Practice: Ranked list (P@k, R@k, AP, …), easy,
 * seeds 42–43".
 * @param {Prepared[]} prepared
 */
export function quizTitle(prepared) {
  const first = prepared[0]?.exercise;
  const last = prepared.at(-1)?.exercise;
  if (!first) return 'Practice';
  const seeds = first.seed === last.seed ? `seed ${first.seed}` : `seeds ${first.seed}–${last.seed}`;
  return `Practice: ${familyTitle(first.family)}, ${first.difficulty}, ${seeds}`;
}

/**
 * Prepared exercises as a QTI 1.2 zip: their quiz questions (quiz.js), titled after the family,
 * difficulty and seeds; the asked values left out are named in a comment.
 * @param {Prepared[]} prepared
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function toQtiZip(prepared) {
  const { questions, leftOut } = quizQuestions(prepared);
  return toQti(questions, { title: quizTitle(prepared), leftOut });
}
