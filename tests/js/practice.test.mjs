// `irmetrics practice`: exercises worked by hand; the same seed draws the same exercise and the
// drawn inputs fit their difficulty; a quiz answer's rounding; bad options get a message naming
// them. (practice-answers.test.mjs: every answer equals calc's; practice-exports.test.mjs: the
// quiz files.)

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DIFFICULTIES, FAMILIES, drawExercise, drawExercises, parseSeed } from '../../common/practice/generate.js';
import { decimalOf } from '../../common/practice/quiz.js';
import { practiceJson, run } from './practice-helpers.mjs';

describe('exercises worked by hand', () => {
  // R N N N N R N N N N with R = 2: relevant at ranks 1 and 6.
  //   P@8 = 2/8 = 1/4; R@8 = 2/2 = 1; AP = (1/1 + 2/6)/2 = (4/3)/2 = 2/3.
  test('a ranked list: P@8 = 1/4, R@8 = 1, AP = 2/3', () => {
    const [exercise] = practiceJson('ranked', 'easy', 43, 1);
    assert.equal(exercise.input, 'R N N N N R N N N N');
    assert.equal(exercise.relevant, 2);
    assert.deepEqual(exercise.measures, ['P@8', 'R@8', 'AP']);
    assert.equal(exercise.answers['P@8'].exact, '1/4');
    assert.equal(exercise.answers['R@8'].exact, '1');
    assert.equal(exercise.answers.AP.exact, '2/3');
  });

  // tp=3 fp=1 fn=3 tn=5: precision = 3/(3+1) = 3/4; recall = 3/(3+3) = 1/2;
  //   F1 = 2PR/(P+R) = (2·3/4·1/2)/(3/4 + 1/2) = (3/4)/(5/4) = 3/5.
  test('four counts: precision 3/4, recall 1/2, F1 3/5', () => {
    const [exercise] = practiceJson('sets', 'easy', 0, 1);
    assert.equal(exercise.input, 'tp=3 fp=1 fn=3 tn=5');
    assert.equal(exercise.relevant, null);
    assert.equal(exercise.answers['confusion:precision'].exact, '3/4');
    assert.equal(exercise.answers['confusion:recall'].exact, '1/2');
    assert.equal(exercise.answers.F.exact, '3/5');
  });

  // x: 1 2 3 4 5, y: 4 3 5 1 2. Of the 10 pairs (i < j) the concordant ones have y_i < y_j:
  //   (1,3) 4<5, (2,3) 3<5, (4,5) 1<2 → 3; the other 7 are discordant. τ = (3 − 7)/10 = −2/5.
  test('two rankings: τ = −2/5', () => {
    const [exercise] = practiceJson('correlation', 'easy', 0, 1);
    assert.equal(exercise.input, 'x: 1 2 3 4 5\ny: 4 3 5 1 2');
    assert.equal(exercise.answers.tau.exact, '-2/5');
  });
});

describe('drawing', () => {
  test('the same family, difficulty and seed draw the same exercise; the seeds run on with --count', () => {
    for (const { id: family } of FAMILIES) {
      for (const difficulty of DIFFICULTIES) {
        assert.deepEqual(drawExercise(family, difficulty, 12345), drawExercise(family, difficulty, 12345));
        const three = drawExercises(family, difficulty, 12345, 3);
        assert.deepEqual(three[2], drawExercise(family, difficulty, 12347));
      }
    }
    const inputs = new Set(Array.from({ length: 30 }, (_, seed) => drawExercise('ranked', 'medium', seed).input));
    assert.ok(inputs.size >= 25, `30 seeds drew only ${inputs.size} different lists`);
  });

  test('the inputs fit the difficulty', () => {
    for (let seed = 0; seed < 200; seed += 1) {
      const easy = drawExercise('ranked', 'easy', seed);
      const ranks = easy.input.split(' ').length;
      assert.ok(ranks >= 5 && ranks <= 10, `easy ranked list of ${ranks}`);
      assert.ok(easy.relevant >= easy.input.split(' ').filter((mark) => mark === 'R').length, 'R ≥ relevant retrieved');
      const graded = drawExercise('graded', 'easy', seed).input.split(' ').length;
      assert.ok(graded >= 5 && graded <= 10, `easy graded list of ${graded}`);
      assert.match(drawExercise('ranked', 'hard', seed).input, /\?/, 'hard ranked lists hold unjudged documents');
      assert.ok(drawExercise('queries', 'hard', seed).input.split('\n\n').length >= 3, 'several queries');
      const scores = drawExercise('roc', 'hard', seed).input.split('\n').map((line) => line.split(' ')[1]);
      assert.ok(new Set(scores).size < scores.length, 'hard ROC has tied scores');
      const [x, y] = drawExercise('correlation', 'hard', seed).input.split('\n').map((line) => line.split(' ').slice(1));
      assert.ok(new Set(x).size < x.length && new Set(y).size < y.length, 'hard τ has ties in both rankings');
      const counts = drawExercise('sets', 'easy', seed).input.match(/\d+/g).map(Number);
      assert.ok(counts.every((count) => count >= 1 && count <= 30), 'easy counts are small');
    }
  });

  test('a seed is a whole number from 0 to 2^32 − 1', () => {
    assert.equal(parseSeed('42'), 42);
    assert.equal(parseSeed(' 7 '), 7);
    assert.equal(parseSeed('4294967295'), 4294967295);
    assert.equal(parseSeed('4294967296'), null);
    assert.equal(parseSeed('-1'), null);
    assert.equal(parseSeed('1.5'), null);
    assert.equal(parseSeed('abc'), null);
    assert.equal(parseSeed(''), null);
    assert.throws(() => drawExercise('ranked', 'easy', -1), /seed/);
    assert.throws(() => drawExercise('nope', 'easy', 1), /family/);
  });
});

describe('a quiz answer: the value to 4 decimals, halves away from zero', () => {
  // Worked by hand: 2/3 = 0.66666… → 0.6667; −2/5 = −0.4 exactly; 1/1024 = 0.0009765625 → 0.0010
  // (written 0.001); 1/20000 = 0.00005, a half → 0.0001, and −0.0001 for −1/20000; 1/30000 =
  // 0.0000333… → 0; a double 0.00123456 → 0.0012; 7 → 7. A value that is not a number, or a bound
  // ("< 1e-300"), has no quiz answer.
  const cases = [
    [{ approx: 2 / 3, exact: '2/3' }, '0.6667'],
    [{ approx: -0.4, exact: '-2/5' }, '-0.4'],
    [{ approx: 1 / 1024, exact: '1/1024' }, '0.001'],
    [{ approx: 1 / 20000, exact: '1/20000' }, '0.0001'],
    [{ approx: -1 / 20000, exact: '-1/20000' }, '-0.0001'],
    [{ approx: 1 / 30000, exact: '1/30000' }, '0'],
    [{ approx: 0.00123456, exact: null }, '0.0012'],
    [{ approx: 7, exact: '7' }, '7'],
    [{ approx: NaN, exact: null }, null],
    [{ approx: 0, exact: null, formula: '< 1e-300' }, null],
  ];
  for (const [num, expected] of cases) {
    test(`${num.exact ?? num.formula ?? num.approx} → ${expected}`, () => {
      assert.equal(decimalOf(num), expected);
    });
  }
});

describe('irmetrics practice: bad options', () => {
  const cases = [
    [['practice'], /practice needs a FAMILY: ranked, graded/],
    [['practice', 'nope'], /unknown family 'nope'; expected one of ranked, graded, queries/],
    [['practice', 'ranked', 'graded'], /practice takes one FAMILY, found 2/],
    [['practice', 'ranked', '--seed', 'x'], /--seed expects a whole number from 0 to 4294967295, found 'x'/],
    [['practice', 'ranked', '--seed', '-3'], /--seed expects a whole number from 0 to 4294967295, found '-3'/],
    [['practice', 'ranked', '--count', '0'], /--count expects a whole number from 1 to 500, found '0'/],
    [['practice', 'ranked', '--difficulty', 'extreme'], /--difficulty expects easy, medium or hard, found 'extreme'/],
    [['practice', 'ranked', '--format', 'pdf'], /--format expects text, json, moodle-xml, gift or qti, found 'pdf'/],
    [['practice', 'ranked', '--input', '+ -'], /--input belongs to calc, not practice/],
    [['calc', 'AP', '--seed', '3', '--input', '+'], /--seed belongs to practice, not calc/],
    [['measures', '--count', '3'], /--count belongs to practice, not measures/],
  ];
  for (const [args, message] of cases) {
    test(args.join(' '), () => {
      const { status, stdout, stderr } = run(args);
      assert.equal(status, 2);
      assert.equal(stdout, '');
      assert.match(stderr, message);
      assert.match(stderr, /usage: irmetrics/);
    });
  }

  test('practice ranked --json: the mistake is told in JSON, as --json asked', () => {
    const { status, stdout } = run(['practice', 'ranked', '--json']);
    assert.equal(status, 2);
    const { error } = JSON.parse(stdout);
    assert.equal(error.code, 'usage');
    assert.equal(error.message, 'practice takes --format json, not --json');
    assert.match(error.usage, /^usage: irmetrics practice FAMILY/);
  });

  test('--help and help practice print the practice help', () => {
    for (const args of [['practice', '--help'], ['help', 'practice']]) {
      const { status, stdout } = run(args);
      assert.equal(status, 0);
      assert.match(stdout, /^irmetrics practice: exercises drawn from a seed/);
      assert.match(stdout, /moodle-xml/);
    }
  });

  test('without --seed a fresh seed is drawn and printed', () => {
    const { status, stdout } = run(['practice', 'graded']);
    assert.equal(status, 0);
    const seed = /^Seed (\d+): irmetrics practice graded --difficulty easy --seed \1 draws these again\.$/m.exec(stdout);
    assert.ok(seed, stdout);
    assert.equal(run(['practice', 'graded', '--seed', seed[1]]).stdout, stdout);
  });
});
