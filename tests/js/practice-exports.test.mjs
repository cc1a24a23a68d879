// `irmetrics practice` as quiz files: the Moodle XML is well-formed with one numerical question
// per asked value, the right answer to 4 decimals with its tolerance, the slips as wrong answers
// with their feedback; GIFT escapes what it must and reads back as Moodle reads it; text lists
// the exercises, then the answers; every exercise a user can draw exports.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DIFFICULTIES, FAMILIES } from '../../common/practice/generate.js';
import { practiceJson, run, wellFormed } from './practice-helpers.mjs';

describe('quiz exports', () => {
  test('Moodle XML is well-formed and holds one numerical question per asked value', () => {
    for (const { id: family } of FAMILIES) {
      const seedArgs = ['--seed', '5', '--count', '3', '--difficulty', 'hard'];
      const { status, stdout, stderr } = run(['practice', family, ...seedArgs, '--format', 'moodle-xml']);
      assert.equal(status, 0, stderr);
      const names = wellFormed(stdout);
      assert.equal(names[0], 'quiz');
      const asked = practiceJson(family, 'hard', 5, 3).reduce((sum, exercise) => sum + exercise.measures.length, 0);
      assert.equal(names.filter((name) => name === 'question[numerical]').length, asked, family);
    }
  });

  // ranked easy seed 43: AP = 2/3 (worked above), asked to 4 decimals: 0.6667 ± 0.00005 takes
  // every answer that rounds to 0.6667, and 2/3 itself (|2/3 − 0.6667| = 0.0000333…).
  test('the right answer is the value to 4 decimals with a tolerance of half the last decimal', () => {
    const { stdout } = run(['practice', 'ranked', '--seed', '43', '--format', 'moodle-xml']);
    const ap = stdout.slice(stdout.indexOf('<name><text>ranked-easy-43 AP</text></name>'));
    assert.match(ap, /<answer fraction="100" format="moodle_auto_format">\s*<text>0\.6667<\/text>\s*<tolerance>0\.00005<\/tolerance>/);
    assert.match(ap, /<generalfeedback format="html"><text>&lt;p&gt;AP = 2\/3 ≈ 0\.6667/, 'the working is the general feedback');
  });

  // ranked medium seed 42: D3, D7, D9, D12 relevant of 13, R = 5. AP = (1/3 + 2/7 + 3/9 + 4/12)/5
  //   = (9/7)/5 = 9/35 ≈ 0.2571; dividing by the 4 retrieved instead gives 9/28 ≈ 0.3214, the
  //   slip the study notes' example makes, a wrong answer with its own feedback.
  test('a common slip is a wrong answer with its feedback; any other answer gets the hint', () => {
    const { stdout } = run(['practice', 'ranked', '--seed', '42', '--difficulty', 'medium', '--format', 'moodle-xml']);
    const ap = stdout.slice(stdout.indexOf('<name><text>ranked-medium-42 AP</text></name>'));
    const question = ap.slice(0, ap.indexOf('</question>'));
    assert.match(question, /<text>0\.2571<\/text>/);
    assert.match(question, /<answer fraction="0" format="moodle_auto_format">\s*<text>0\.3214<\/text>[\s\S]*?AP\(norm=retrieved\)/);
    assert.match(question, /<answer fraction="0" format="moodle_auto_format">\s*<text>\*<\/text>[\s\S]*?Hint: Check the precision at each relevant document/);
  });

  test('GIFT: one question per asked value, its special characters escaped', () => {
    const { status, stdout } = run(['practice', 'ranked', '--seed', '42', '--difficulty', 'medium', '--format', 'gift']);
    assert.equal(status, 0);
    const questions = stdout.split('\n').filter((line) => line.startsWith('::'));
    assert.equal(questions.length, 4);
    for (const line of questions) {
      // ::name::[html]text{#answers ####feedback}: the text holds no unescaped { } = ~ # :.
      const text = line.slice(line.indexOf('::[html]') + 8, line.lastIndexOf('{#'));
      assert.doesNotMatch(text.replace(/\\[~=#{}:\\]/g, ''), /[~=#{}:]/, text);
      // Moodle reads a weight of one or two digits only: the right answer carries none (100%).
      // Every feedback is HTML, as the question text ([html]) makes it.
      assert.match(line, /\{#=[-\d.]+:0\.00005#<p>Right/);
      assert.match(line, / ~#<p>Hint\\: /, 'any other answer gets the hint');
    }
    assert.match(stdout, /=%0%0\.3214:0\.00005#<p>Not quite\\: that is AP\(norm\\=retrieved\)/);
    assert.match(stdout, /^\$CATEGORY: \$course\$\/top\/Practice\//m);
  });

  // A quiz grades a decimal against an interval, and Moodle's numerical type reads "9/35" as 9
  // with a unit (tests/js/moodle-import.test.mjs grades it): its questions ask for a decimal
  // only. The text worksheet, worked on paper or on the page, which takes both, says so.
  test('quiz questions ask for a decimal to 4 places and never mention a fraction; the worksheet takes both', () => {
    const texts = {
      'moodle-xml': (stdout) => [...stdout.matchAll(/<questiontext format="html"><text>(.*?)<\/text>/g)].map((match) => match[1]),
      gift: (stdout) => stdout.split('\n').filter((line) => line.startsWith('::'))
        .map((line) => line.slice(line.indexOf('::[html]') + 8, line.lastIndexOf('{#'))),
    };
    for (const [format, questionTexts] of Object.entries(texts)) {
      const { status, stdout } = run(['practice', 'ranked', '--seed', '42', '--format', format]);
      assert.equal(status, 0);
      const found = questionTexts(stdout);
      assert.equal(found.length, 3, `${format}: ranked easy asks three values`);
      for (const text of found) {
        assert.match(text, /Work out .*, as a decimal to 4 decimal places\./, format);
        assert.doesNotMatch(text, /fraction/i, format);
      }
    }
    const { stdout } = run(['practice', 'ranked', '--seed', '42']);
    assert.match(stdout, /^Work out, to 4 decimal places, or as a fraction:$/m);
  });

  // The ranked list of ranked easy seed 43, R N N N N R N N N N (worked above), and of ranked
  // medium seed 42, D1 … D13 with D3, D7, D9 and D12 relevant (above, written *D3* …): a row per
  // rank, the documents' names only when the list has them, their stars dropped. Graded medium
  // seed 1, "3 3 1 2 2 1", asks DCG@6 (its working lists all 6 ranks): a row per grade; graded
  // easy seed 42, "2 0 2 1 2 3", asks only DCG@4 and nDCG@4, whose working lists 4 of the 6
  // ranks: no table rather than a list cut short.
  test('a quiz question shows a ranked or graded list as a table too, a row per rank', () => {
    const rowsOf = (family, args) => {
      const { stdout } = run(['practice', family, ...args, '--format', 'moodle-xml']);
      const html = /<questiontext format="html"><text>(.*?)<\/text>/.exec(stdout)[1]
        .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
      return [...html.matchAll(/<tr>((?:<t[hd]>[^<]*<\/t[hd]>)+)<\/tr>/g)]
        .map((row) => [...row[1].matchAll(/<t[hd]>([^<]*)<\/t[hd]>/g)].map((cell) => cell[1]));
    };
    const easy = rowsOf('ranked', ['--seed', '43']);
    assert.deepEqual(easy, [['rank', 'relevant'],
      ...Array.from({ length: 10 }, (_, i) => [String(i + 1), i === 0 || i === 5 ? 'yes' : 'no'])]);
    const medium = rowsOf('ranked', ['--seed', '42', '--difficulty', 'medium']);
    assert.deepEqual(medium, [['rank', 'document', 'relevant'],
      ...Array.from({ length: 13 }, (_, i) => [String(i + 1), `D${i + 1}`, [3, 7, 9, 12].includes(i + 1) ? 'yes' : 'no'])]);
    const graded = rowsOf('graded', ['--seed', '1', '--difficulty', 'medium']);
    assert.deepEqual(graded, [['rank', 'grade'], ['1', '3'], ['2', '3'], ['3', '1'], ['4', '2'], ['5', '2'], ['6', '1']]);
    assert.deepEqual(rowsOf('graded', ['--seed', '42']), []);
  });

  /**
   * A GIFT numerical question read the way Moodle's GIFT importer reads one (its
   * question/format/gift/format.php): escaped characters set aside, the answers between the
   * first { and the first }, the general feedback after the last ####, the feedback for any other
   * answer from the first ~, the answers split at each =, a weight %N% of one or two digits.
   */
  function readGift(line) {
    const text = line.replace(/\\\\/g, '\u0001').replace(/\\[:#={}~]/g, '\u0002');
    const start = text.indexOf('{');
    const finish = text.indexOf('}');
    assert.ok(start > 0 && finish === text.length - 1, `one answer block, at the end: ${line.slice(0, 80)}`);
    let answers = text.slice(start + 1, finish).trim();
    assert.equal(answers[0], '#', 'a numerical question');
    const general = answers.lastIndexOf('####');
    assert.ok(general > 0, 'has general feedback');
    answers = answers.slice(1, general).trim();
    const other = answers.indexOf('~');
    const hint = other < 0 ? null : answers.slice(other);
    const parts = (other < 0 ? answers : answers.slice(0, other)).split('=').map((part) => part.trim()).filter(Boolean);
    return {
      hint,
      answers: parts.map((part) => {
        const weight = /^%-*([0-9]{1,2})\.?([0-9]*)%/.exec(part);
        const [value, feedback] = (weight ? part.slice(weight[0].length) : part).split('#');
        const [answer, tolerance] = value.split(':');
        assert.ok(Number.isFinite(Number(answer)) && Number.isFinite(Number(tolerance)), `a number and a tolerance: ${value}`);
        assert.ok(feedback, 'with feedback');
        return { weight: weight ? Number(weight[1]) : 100, answer: Number(answer), tolerance: Number(tolerance) };
      }),
    };
  }

  test('GIFT reads back as Moodle reads it: the right answer at 100%, the slips at 0%', () => {
    for (const { id: family } of FAMILIES) {
      for (const difficulty of DIFFICULTIES) {
        const { stdout } = run(['practice', family, '--difficulty', difficulty, '--seed', '9', '--count', '2', '--format', 'gift']);
        const json = practiceJson(family, difficulty, 9, 2);
        const lines = stdout.split('\n').filter((line) => line.startsWith('::'));
        const expected = json.flatMap((exercise) => exercise.measures.map((name) => exercise.answers[name]));
        assert.equal(lines.length, expected.length);
        lines.forEach((line, i) => {
          const { answers } = readGift(line);
          assert.equal(answers[0].weight, 100);
          assert.ok(Math.abs(answers[0].answer - expected[i].approx) <= answers[0].tolerance + 1e-12, line.slice(0, 80));
          assert.ok(answers.slice(1).every((answer) => answer.weight === 0));
        });
      }
    }
  });

  test('text: the exercises, then the answers, then how to draw them again', () => {
    const { status, stdout } = run(['practice', 'ranked', '--seed', '43']);
    assert.equal(status, 0);
    assert.match(stdout, /^Exercise 1 \(ranked-easy-43\)$/m);
    assert.match(stdout, /^ {4}R N N N N R N N N N$/m);
    assert.match(stdout, /^Answers$/m);
    assert.match(stdout, /^ {2}c\) AP = 2\/3 ≈ 0\.6667$/m);
    assert.match(stdout, /irmetrics practice ranked --difficulty easy --seed 43 draws these again/);
  });

  test('every exercise a user can draw exports: no input breaks the XML or GIFT', () => {
    for (const { id: family } of FAMILIES) {
      for (const difficulty of DIFFICULTIES) {
        const { status, stdout, stderr } = run(['practice', family, '--difficulty', difficulty, '--seed', '77', '--count', '5', '--format', 'moodle-xml']);
        assert.equal(status, 0, stderr);
        wellFormed(stdout);
      }
    }
  });
});
