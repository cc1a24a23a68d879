// `irmetrics practice`: every answer it gives equals what calc gives on the exercise's input, for
// every family and difficulty over many seeds; the same seed draws the same exercise; the drawn
// inputs fit their difficulty; the Moodle XML is well-formed with one numerical question per
// asked value; GIFT escapes what it must; bad options get a message naming them.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../../bin/lib/engine.mjs';
import { DIFFICULTIES, FAMILIES, drawExercise, drawExercises, parseSeed } from '../../common/practice/generate.js';
import { decimalOf } from '../../common/practice/quiz.js';

const cli = fileURLToPath(new URL('../../bin/irmetrics.mjs', import.meta.url));

function run(args) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The JSON of `irmetrics practice FAMILY --difficulty D --seed S --count N --format json`. */
function practiceJson(family, difficulty, seed, count) {
  const { status, stdout, stderr } = run(['practice', family, '--difficulty', difficulty, '--seed', String(seed),
    '--count', String(count), '--format', 'json']);
  assert.equal(status, 0, stderr);
  return JSON.parse(stdout);
}

const SEEDS = 40;
const engine = await loadEngine();

describe('practice answers equal calc on the exercise\'s input', () => {
  for (const { id: family } of FAMILIES) {
    for (const difficulty of DIFFICULTIES) {
      test(`${family}, ${difficulty}: ${SEEDS} seeds`, () => {
        const exercises = practiceJson(family, difficulty, 1000, SEEDS);
        assert.equal(exercises.length, SEEDS);
        exercises.forEach((exercise, i) => {
          assert.equal(exercise.id, `${family}-${difficulty}-${1000 + i}`);
          assert.equal(exercise.family, family);
          assert.ok(exercise.measures.length > 0);
          assert.deepEqual(Object.keys(exercise.answers).sort(), [...exercise.measures].sort());
          const options = exercise.relevant === null ? {} : { relevant: String(exercise.relevant) };
          for (const name of exercise.measures) {
            const at = name.indexOf(':');
            const measure = at < 0 ? name : name.slice(0, at);
            const result = engine.compute(measure, exercise.input, options);
            assert.ok(result.ok, `${exercise.id} ${measure}: ${result.error?.message}`);
            const num = at < 0 ? result.value.value : result.value.values[name.slice(at + 1)];
            assert.deepEqual(exercise.answers[name], { approx: num.approx, exact: num.exact ?? null }, `${exercise.id} ${name}`);
            assert.ok(Number.isFinite(num.approx), `${exercise.id} ${name} is a number`);
          }
        });
      });
    }
  }

  test('and `irmetrics calc` itself, run as a user runs it, gives each answer of one exercise per family', () => {
    for (const { id: family } of FAMILIES) {
      const [exercise] = practiceJson(family, 'medium', 7, 1);
      for (const name of exercise.measures) {
        const at = name.indexOf(':');
        const measure = at < 0 ? name : name.slice(0, at);
        const args = ['calc', measure, '--input', exercise.input, '--json'];
        if (exercise.relevant !== null) args.push('--relevant', String(exercise.relevant));
        const { status, stdout, stderr } = run(args);
        assert.equal(status, 0, stderr);
        const json = JSON.parse(stdout);
        const expected = at < 0 ? json.value : json.values[name.slice(at + 1)];
        assert.deepEqual(exercise.answers[name], expected, `${exercise.id} ${name}`);
      }
    }
  });
});

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

/**
 * Checks that `text` is well-formed XML as far as a quiz file uses it: one root, every tag
 * closed in order, attributes quoted, only the five named entities and numeric ones, no '<' or
 * '&' loose in text. Returns the elements' names in document order.
 */
function wellFormed(text) {
  const body = text.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  assert.notEqual(body, text, 'starts with the XML declaration');
  const stack = [];
  const names = [];
  let roots = 0;
  const checkText = (chunk) => {
    assert.doesNotMatch(chunk, /&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/, `a loose & in ${chunk.slice(0, 60)}`);
    assert.doesNotMatch(chunk, />/, `a loose > in ${chunk.slice(0, 60)}`);
  };
  let at = 0;
  while (at < body.length) {
    const open = body.indexOf('<', at);
    if (open < 0) {
      assert.match(body.slice(at), /^\s*$/, 'nothing after the root');
      break;
    }
    checkText(body.slice(at, open));
    if (stack.length === 0) assert.match(body.slice(at, open), /^\s*$/, 'no text outside the root');
    const close = body.indexOf('>', open);
    assert.ok(close > open, 'every tag ends');
    const tag = body.slice(open + 1, close);
    const closing = /^\/([A-Za-z_][\w.-]*)$/.exec(tag);
    if (closing) {
      assert.equal(stack.pop(), closing[1], `</${closing[1]}> closes the open element`);
    } else {
      const match = /^([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)$/.exec(tag);
      assert.ok(match, `a well-formed tag: <${tag.slice(0, 60)}>`);
      checkText(match[2]);
      if (stack.length === 0) roots += 1;
      names.push(match[1] + (match[2].includes('type="numerical"') ? '[numerical]' : ''));
      if (!match[3]) stack.push(match[1]);
    }
    at = close + 1;
  }
  assert.equal(stack.length, 0, `unclosed: ${stack.join(' ')}`);
  assert.equal(roots, 1, 'one root element');
  return names;
}

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
