// @ts-check
// Our quiz files as Moodle reads and grades them, proved with Moodle's own code: Moodle 4.5.6's
// GIFT and Moodle XML importers and its numerical question type (tests/moodle/vendor, unmodified),
// run under PHP by tests/moodle/harness.php, which stubs only Moodle's framework plumbing.
//
// For every family and difficulty, over a few seeds, in both formats: the file imports with no
// error, one numerical question per asked value that is a number; the right answer typed to 4
// decimals grades 100%, and so does the value typed to 6 decimals (both of which the page calls
// right); the 4-decimal neighbours grade 0%; each common slip grades 0% with its own feedback;
// any other answer gets the hint; a fraction, which the page takes, grades 0% in Moodle (it reads
// "13/60" as 13 with a unit): so the question asks for a decimal and never mentions a fraction.
// Every expected value is worked out here, from the engine's exact fraction with BigInt, not read
// from the quiz file; the page's verdict on each typed answer comes from the engine's own check.
// Then texts with every character GIFT or HTML treats specially survive the import, and a value
// that is not a number is never written as an answer.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../../bin/lib/engine.mjs';
import { optionsOf, prepareExercises } from '../../common/practice/answers.js';
import { exportAs, giftOf, moodleXmlOf } from '../../common/practice/export.js';
import { DIFFICULTIES, FAMILIES, drawExercises } from '../../common/practice/generate.js';

const HARNESS = fileURLToPath(new URL('../moodle/harness.php', import.meta.url));
const CLI = fileURLToPath(new URL('../../bin/irmetrics.mjs', import.meta.url));
const SEEDS = [7, 1000];
const COUNT = 2;
const PLACES = 4;

// --- PHP and Moodle's code ------------------------------------------------------------------

const phpCheck = spawnSync('php', ['-r', 'echo extension_loaded("xml") && extension_loaded("mbstring") ? "ok" : "missing";'],
  { encoding: 'utf8' });
const PHP_PROBLEM = phpCheck.error || phpCheck.stdout !== 'ok'
  ? 'PHP with its xml and mbstring extensions is needed to run Moodle\'s importer: run `npm run setup` ' +
    '(scripts/setup.sh installs php-cli, php-xml and php-mbstring)'
  : null;

/** Fails the test, saying how to get PHP, when it is missing. */
function needPhp() {
  if (PHP_PROBLEM) assert.fail(PHP_PROBLEM);
}

/**
 * Imports quiz files with Moodle's code and grades the responses asked for, in one PHP run.
 * @param {{format: 'gift' | 'xml', text: string, responses?: Object<string, string[]>}[]} files
 * @returns {any[]} per file: {errors, output, notices, categories, questions}
 */
function moodle(files) {
  needPhp();
  const run = spawnSync('php', [HARNESS], { input: JSON.stringify({ files }), encoding: 'utf8', maxBuffer: 256 << 20 });
  assert.equal(run.status, 0, `php ${HARNESS} failed: ${run.stderr}`);
  return JSON.parse(run.stdout).files;
}

// --- Expected values, worked out here --------------------------------------------------------

/**
 * A number to `places` decimals, halves away from zero, in units of the last place: from its exact
 * fraction with BigInt; from the double only for an irrational value (asserted not within 10⁻⁶ of
 * a half, where a double could round either way).
 * @param {{approx: number, exact?: string | null}} num
 */
function unitsAt(num, places) {
  const scale = 10n ** BigInt(places);
  const fraction = /^(-?)(\d+)(?:\/(\d+))?$/.exec(num.exact ?? '');
  if (fraction) {
    const [numerator, denominator] = [BigInt(fraction[2]), BigInt(fraction[3] ?? 1)];
    const units = (2n * numerator * scale + denominator) / (2n * denominator); // ⌊x + 1/2⌋
    return fraction[1] === '-' ? -units : units;
  }
  const scaled = Math.abs(num.approx) * Number(scale);
  assert.ok(Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6, `${num.approx} is too near a half at ${places} decimals`);
  const units = BigInt(Math.floor(scaled + 0.5));
  return num.approx < 0 ? -units : units;
}

/** Units of the last place written as a decimal: (−4000n, 4) → "-0.4000". */
function decimalText(units, places) {
  const digits = (units < 0n ? -units : units).toString().padStart(places + 1, '0');
  return `${units < 0n ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** Whether a Num is a number a quiz can grade: finite, and not a bound ("< 1e-300"). */
const isNumber = (num) => Number.isFinite(num?.approx) && !(num.approx === 0 && String(num.formula ?? '').startsWith('< '));

/** What Moodle shows of a feedback: the HTML's text, tags dropped and the five entities read. */
const shown = (html) => html.replace(/<[^>]*>/g, '').replace(/&(lt|gt|quot|apos|amp);/g,
  (_, name) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]);

const engine = await loadEngine();

/** What the page says of a typed answer: the engine's own check (core/src/check.cpp). */
function pageSays(exercise, asked, typed) {
  const options = optionsOf(exercise);
  const result = asked.key === null
    ? engine.check(asked.measure, exercise.input, options, typed)
    : engine.check(asked.measure, exercise.input, options, typed, asked.key);
  assert.ok(result.ok, `check ${asked.name} ${typed}: ${result.error?.message}`);
  return result.value;
}

/**
 * The expectations of one asked value, from the engine's outcome (what `irmetrics calc MEASURE
 * --json` prints: the value, and its alternatives, the slips) and the JSON export's exact fraction.
 */
function expectationsOf(exercise, asked, exported) {
  const outcome = engine.compute(asked.measure, exercise.input, optionsOf(exercise));
  assert.ok(outcome.ok);
  const num = asked.key === null ? outcome.value.value : outcome.value.values[asked.key];
  const value = exported.answers[asked.name];
  assert.deepEqual(value, { approx: num.approx, exact: num.exact ?? null }, 'the JSON export holds the engine\'s value');
  const name = `${exercise.id} ${asked.label}`;
  if (!isNumber(num)) return { name, leftOut: true };
  const right = unitsAt({ approx: value.approx, exact: value.exact }, PLACES);
  // The slips a quiz can tell apart: a numeric value more than one unit of the 4th decimal from
  // the right answer and from each slip kept before it (a named quantity has none).
  const slips = [];
  const taken = [right];
  for (const slip of asked.key === null ? outcome.value.alternatives ?? [] : []) {
    if (!isNumber(slip.value)) continue;
    const units = unitsAt(slip.value, PLACES);
    if (taken.some((other) => (other > units ? other - units : units - other) <= 1n)) continue;
    taken.push(units);
    slips.push({ typed: decimalText(units, PLACES), measure: slip.measure, why: slip.why });
  }
  const unexplained = '-12345.678';
  return {
    name,
    leftOut: false,
    right: decimalText(right, PLACES),
    below: decimalText(right - 1n, PLACES),
    above: decimalText(right + 1n, PLACES),
    six: decimalText(unitsAt({ approx: value.approx, exact: value.exact }, 6), 6),
    fraction: value.exact?.includes('/') ? value.exact : null,
    slips,
    unexplained,
    hint: pageSays(exercise, asked, unexplained).hint ?? '',
  };
}

/** The responses to grade for one asked value. */
const responsesOf = (expected) => [expected.right, expected.below, expected.above, expected.six, expected.unexplained,
  ...(expected.fraction ? [expected.fraction] : []), ...expected.slips.map((slip) => slip.typed)];

// --- Every family and difficulty, in both formats, in one PHP run ----------------------------

const cases = [];
for (const { id: family, title } of FAMILIES) {
  for (const difficulty of DIFFICULTIES) {
    const exercises = SEEDS.flatMap((seed) => drawExercises(family, difficulty, seed, COUNT));
    const prepared = await prepareExercises(engine, exercises);
    assert.ok(prepared.ok, `${family} ${difficulty}`);
    const exported = JSON.parse(exportAs('json', prepared.prepared));
    const expected = exercises.flatMap((exercise, i) => exercise.asked.map((asked) => ({
      exercise, asked, ...expectationsOf(exercise, asked, exported[i]),
    })));
    const responses = Object.fromEntries(expected.filter((one) => !one.leftOut).map((one) => [one.name, responsesOf(one)]));
    for (const format of /** @type {const} */ (['gift', 'xml'])) {
      cases.push({
        family, difficulty, format, expected, category: `$course$/top/Practice/${title} (${difficulty})`,
        file: { format, text: exportAs(format === 'xml' ? 'moodle-xml' : 'gift', prepared.prepared), responses },
      });
    }
  }
}
const started = performance.now();
const imported = PHP_PROBLEM ? [] : moodle(cases.map((one) => one.file));
const phpSeconds = (performance.now() - started) / 1000;

/** The grade of one response to one imported question. */
function gradeOf(question, response) {
  const grade = question.grades.find((one) => one.response === response);
  assert.ok(grade, `${question.name}: ${response} was graded`);
  return { ...grade, fraction: Number(grade.fraction), shown: shown(grade.feedback) };
}

describe('Moodle imports and grades every family and difficulty as the page does', () => {
  test(`one PHP run imports and grades all ${cases.length} files`, (t) => {
    needPhp();
    t.diagnostic(`the PHP run took ${phpSeconds.toFixed(1)} s`);
    assert.equal(imported.length, cases.length);
  });

  cases.forEach((one, i) => {
    test(`${one.family}, ${one.difficulty}, ${one.format === 'xml' ? 'Moodle XML' : 'GIFT'}`, () => {
      needPhp();
      const file = imported[i];
      assert.equal(file.errors, 0, file.output);
      assert.deepEqual(file.notices, []);
      assert.deepEqual(file.categories, [one.category]);
      const asked = one.expected.filter((expected) => !expected.leftOut);
      assert.deepEqual(file.questions.map((question) => question.name), asked.map((expected) => expected.name),
        'one question per asked value, less those left out');

      file.questions.forEach((question, j) => {
        const expected = asked[j];
        const { exercise } = expected;
        const where = `${question.name}`;
        assert.equal(question.qtype, 'numerical', where);
        assert.equal(question.saved, '', `${where}: saved without a notice`);
        // The question asks for a decimal, never a fraction.
        assert.match(question.questiontext, /as a decimal to 4 decimal places/, where);
        assert.doesNotMatch(question.questiontext, /fraction/i, where);
        assert.ok(shown(question.questiontext).includes(exercise.question), `${where}: the exercise's sentence`);
        // The right answer first at 100%, every other one at 0%.
        assert.deepEqual(question.answers.map((answer) => answer.fraction), [1, ...question.answers.slice(1).map(() => 0)], where);

        const right = gradeOf(question, expected.right);
        assert.equal(right.fraction, 1, `${where}: ${expected.right} grades 100%`);
        assert.match(right.shown, /^Right: /, where);
        assert.ok(pageSays(exercise, expected.asked, expected.right).correct, `${where}: the page calls ${expected.right} right`);

        const six = gradeOf(question, expected.six);
        assert.equal(six.fraction, 1, `${where}: ${expected.six} (6 decimals) grades 100%`);
        assert.ok(pageSays(exercise, expected.asked, expected.six).correct, `${where}: the page calls ${expected.six} right`);

        for (const neighbour of [expected.below, expected.above]) {
          assert.equal(gradeOf(question, neighbour).fraction, 0, `${where}: ${neighbour} grades 0%`);
          assert.ok(!pageSays(exercise, expected.asked, neighbour).correct, `${where}: the page calls ${neighbour} wrong`);
        }

        for (const slip of expected.slips) {
          const graded = gradeOf(question, slip.typed);
          assert.equal(graded.fraction, 0, `${where}: the slip ${slip.typed} grades 0%`);
          assert.ok(graded.shown.includes(slip.measure) && graded.shown.includes(slip.why),
            `${where}: ${slip.typed} gets the feedback of ${slip.measure}: ${graded.shown}`);
          assert.ok(!pageSays(exercise, expected.asked, slip.typed).correct, `${where}: the page calls ${slip.typed} wrong`);
        }
        assert.equal(question.answers.length, 1 + expected.slips.length + (expected.hint ? 1 : 0), `${where}: right, slips, hint`);

        const other = gradeOf(question, expected.unexplained);
        assert.equal(other.fraction, 0, where);
        assert.equal(other.shown, expected.hint ? `Hint: ${expected.hint}` : '', `${where}: any other answer gets the hint`);

        if (expected.fraction) {
          // Moodle reads "9/35" as 9 with the unit "/35": a right fraction grades 0%.
          const fraction = gradeOf(question, expected.fraction);
          assert.equal(fraction.fraction, 0, `${where}: ${expected.fraction}`);
          assert.equal(fraction.unit, expected.fraction.slice(expected.fraction.indexOf('/')), where);
        }
      });
    });
  });
});

// --- Texts that GIFT and HTML treat specially ------------------------------------------------

/** Every character GIFT escapes, HTML's three, newlines and // at the start of a line and within. */
const AWKWARD = 'first line\n// a line that looks like a GIFT comment\nx < y and x > y & so on // inside a line\n' +
  'tilde ~ equals = hash # braces { } colon : backslash \\ backslash-n \\n two \\\\ and ####, [html] too';

const escapeForTest = (text) => text.replace(/[&<>]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[char]);

describe('texts survive Moodle\'s import exactly', () => {
  /** @type {import('../../common/practice/quiz.js').QuizQuestion} */
  const question = {
    category: 'Practice/Round trip',
    name: 'round-trip-1 ~ = # { } : \\ // name',
    html: `<p>${escapeForTest(AWKWARD)}</p><pre>R N\n// R\nN</pre>`,
    answer: '0.5',
    tolerance: '0.00005',
    right: `Right: ${AWKWARD}`,
    slips: [{ answer: '0.25', feedback: `Slip: ${AWKWARD}` }],
    hint: `Hint: ${AWKWARD}`,
    working: `<p>${escapeForTest(AWKWARD)}</p>\n// <b>working</b>`,
  };
  const quiz = { questions: [question], leftOut: [] };
  const responses = { [question.name]: ['0.5', '0.25', '0.7'] };
  const files = PHP_PROBLEM ? [] : moodle([
    { format: 'gift', text: giftOf(quiz), responses },
    { format: 'xml', text: moodleXmlOf(quiz), responses },
  ]);

  for (const [i, format] of ['GIFT', 'Moodle XML'].entries()) {
    test(`${format}: the name, question text, feedbacks and working read back as written`, () => {
      needPhp();
      const file = files[i];
      assert.equal(file.errors, 0, file.output);
      assert.deepEqual(file.notices, []);
      assert.deepEqual(file.categories, ['$course$/top/Practice/Round trip']);
      assert.equal(file.questions.length, 1);
      const [read] = file.questions;
      assert.equal(read.name, question.name);
      assert.equal(read.questiontext, question.html);
      assert.equal(read.questiontextformat, 1, 'HTML');
      assert.equal(read.generalfeedback, question.working);
      assert.deepEqual(read.answers.map((answer) => [answer.answer, answer.fraction, shown(answer.feedback)]), [
        ['0.5', 1, question.right],
        ['0.25', 0, question.slips[0].feedback],
        ['*', 0, question.hint],
      ]);
      assert.deepEqual(read.grades.map((grade) => [grade.response, Number(grade.fraction), shown(grade.feedback)]), [
        ['0.5', 1, question.right],
        ['0.25', 0, question.slips[0].feedback],
        ['0.7', 0, question.hint],
      ]);
    });
  }
});

// --- Values that are not numbers -------------------------------------------------------------

describe('a value that is not a number is never an answer', () => {
  // A crafted exercise: its first value 1/3 (0.3333 to 4 decimals), its second undefined (the
  // page shows "—"), its third a bound (a sign test's p "< 1e-300"), its fourth 1/1024 =
  // 0.0009765625, which is 0.0010 to 4 decimals (the page writes it 0.0009766, to 4 significant
  // digits, but asks for 4 decimals): Moodle takes 0.00095 to 0.00105, the values that round to
  // 0.0010, and 1/1024 itself; 0.0009 and 0.0011 are wrong.
  // The first and the fourth are questions.
  const exercise = {
    id: 'crafted-hard-1', family: 'significance', difficulty: 'hard', seed: 1, relevant: null,
    input: 'q1 0.50 0.40\n// q2 0.30 0.20', question: `Two systems: ${AWKWARD}`,
    asked: [
      { name: 'third', measure: 'third', key: null, label: 'a third {x}' },
      { name: 'undefined', measure: 'undefined', key: null, label: 'κ: undefined' },
      { name: 'bound', measure: 'bound', key: null, label: 'the p-value' },
      { name: 'small', measure: 'small', key: null, label: 'a small p' },
    ],
  };
  const answers = {
    third: { approx: 1 / 3, exact: '1/3' },
    undefined: { approx: NaN, exact: null },
    bound: { approx: 0, exact: null, formula: '< 1e-300' },
    small: { approx: 1 / 1024, exact: '1/1024' },
  };
  const prepared = [{
    exercise, answers, outcomes: {},
    feedback: Object.fromEntries(Object.keys(answers).map((name) => [name, { hint: 'Check it ~ {again}.', slips: [] }])),
  }];
  const texts = { gift: exportAs('gift', prepared), xml: exportAs('moodle-xml', prepared) };
  const responses = {
    'crafted-hard-1 a third {x}': ['0.3333', '0.3334'],
    'crafted-hard-1 a small p': ['0.0010', '0.0009765625', '0.00095', '0.00105', '0.0009', '0.0011'],
  };
  const files = PHP_PROBLEM ? [] : moodle([{ format: 'gift', text: texts.gift, responses }, { format: 'xml', text: texts.xml, responses }]);

  for (const [i, format] of /** @type {const} */ (['gift', 'xml']).entries()) {
    test(`${format}: two questions, the other two named in a comment with the reason`, () => {
      needPhp();
      const file = files[i];
      assert.equal(file.errors, 0, file.output);
      assert.deepEqual(file.notices, []);
      assert.deepEqual(file.questions.map((question) => question.name), ['crafted-hard-1 a third {x}', 'crafted-hard-1 a small p']);
      const [question, small] = file.questions;
      assert.deepEqual(question.answers.map((answer) => [answer.answer, answer.fraction]), [['0.3333', 1], ['*', 0]]);
      assert.deepEqual(question.grades.map((grade) => Number(grade.fraction)), [1, 0]);
      assert.deepEqual(small.answers.map((answer) => [Number(answer.answer), answer.fraction]), [[0.001, 1], [NaN, 0]]);
      assert.deepEqual(small.grades.map((grade) => Number(grade.fraction)), [1, 1, 1, 1, 0, 0]);
      assert.ok(shown(question.questiontext).includes(exercise.question), 'the sentence, awkward characters and all');
      assert.ok(shown(question.questiontext.replace(/<br>/g, '\n')).includes(exercise.input), 'the input');
      // Neither "—" nor the bound is written as an answer; each is named, with why, in a comment.
      const text = texts[format];
      assert.doesNotMatch(text, /—/);
      const comment = format === 'gift' ? /^\/\/ (.*)$/gm : /<!-- (.*) -->/g;
      const comments = [...text.matchAll(comment)].map((match) => match[1]);
      assert.equal(comments.length, 2, text.slice(0, 400));
      assert.match(comments[0], /crafted-hard-1 κ: undefined is left out: .*not a number|crafted-hard-1 κ: undefined is left out: .*no numeric value/);
      assert.match(comments[1], /crafted-hard-1 the p-value is left out: .*bound \(< 1e-300\)/);
    });
  }
});

// --- The command line writes the files tested ------------------------------------------------

describe('irmetrics practice writes these files', () => {
  for (const [format, name] of [['gift', 'gift'], ['moodle-xml', 'moodle-xml']]) {
    test(`--format ${name} is exportAs's text, with no note when nothing is left out`, async () => {
      const run = spawnSync(process.execPath, [CLI, 'practice', 'ranked', '--difficulty', 'medium', '--seed', '42', '--format', format],
        { encoding: 'utf8' });
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stderr, '');
      const prepared = await prepareExercises(engine, drawExercises('ranked', 'medium', 42, 1));
      assert.ok(prepared.ok);
      assert.equal(run.stdout, exportAs(format, prepared.prepared));
    });
  }
});
