// "Check my answer" through the module's JS boundary (docs/js-api.md, check() and listSlips()):
// the measure's value or a named quantity (the fifth argument, key), the slip that gives a wrong
// answer or else a hint; and on the command line (irmetrics calc … --check [KEY=]ANSWER). Expected values are worked out by
// hand in the comments (docs/examples.md), never copied from the output.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const generated = new URL('../../web/generated/', import.meta.url);
const cli = fileURLToPath(new URL('../../bin/irmetrics.mjs', import.meta.url));

let irm;
before(async () => {
  const wasmBinary = readFileSync(new URL('irmetrics.wasm', generated));
  const { default: createIrMetrics } = await import(new URL('irmetrics.js', generated).href);
  irm = await createIrMetrics({ wasmBinary });
});

/** check() that must succeed; returns its value. `key`: a named quantity (fifth argument). */
function checked(measure, input, answer, options = {}, key = undefined) {
  const result = key === undefined
    ? irm.check(measure, input, options, answer)
    : irm.check(measure, input, options, answer, key);
  assert.equal(result.ok, true, JSON.stringify(result.error));
  return result.value;
}

const RL2 = '+ - + - - + - - + +';  // R = 5: AP@10 = 28/45 = 0.6222 (notes 0.62)
const RL1 = 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10';  // R = 15: AP = 1/10, notes' 0.5
// sets-d1-to-d8: TP = 2, FP = 2, FN = 1, TN = 3: precision 2/4 = 1/2, recall 2/3, F1 = 2PR/(P + R)
// = 4/7.
const S1 = 'tp=2 fp=2 fn=1 tn=3';

describe('check() through the module', () => {
  test('method-1-ap: 0.62 is right at 2 decimals, with the value and the precision', () => {
    const value = checked('AP@10', RL2, '0.62', { relevant: 5 });
    assert.equal(value.correct, true);
    assert.equal(value.matched, null);
    assert.equal(value.precision, 'at 2 decimals');
    assert.equal(value.measure, 'AP@10');
    assert.equal(value.label, 'AP@10');
    assert.equal(value.expected.exact, '28/45');
    assert.deepEqual(value.answer, { text: '0.62', form: 'decimal', value: '31/50', decimals: 2, prefix: false, significant: 0 });
    assert.equal(value.verdict, 'correct');
    assert.equal(value.convention, null);
    assert.deepEqual(value.candidates, []);
    assert.equal(value.why, 'AP@10 = 28/45 ≈ 0.6222 rounds to 0.62 at 2 decimals.');
    assert.equal(value.key, null);
    assert.equal(value.hint, '');
  });

  test('method-1-ap: 0.6 (1 decimal), 62.2% and 56/90 are right; 0.63 is not', () => {
    assert.equal(checked('AP@10', RL2, '0.6', { relevant: 5 }).correct, true);
    const percent = checked('AP@10', RL2, '62.2%', { relevant: 5 });
    assert.equal(percent.correct, true);
    assert.equal(percent.answer.form, 'percentage');
    assert.equal(percent.answer.decimals, 3);
    assert.equal(checked('AP@10', RL2, '56/90', { relevant: 5 }).precision, 'exactly');
    const wrong = checked('AP@10', RL2, '0.63', { relevant: 5 });
    assert.equal(wrong.correct, false);
    assert.equal(wrong.matched, null);
  });

  test('relevant-at-2-4-6-ap: 0.5 is correct under AP(norm=retrieved), naming who uses it and the default\'s value', () => {
    // (1/2 + 2/4 + 3/6) = 3/2; over the 3 relevant retrieved 1/2, over R = 15 1/10.
    const value = checked('AP', RL1, '0.5', { relevant: 15 });
    assert.equal(value.verdict, 'correct_under_convention');
    assert.equal(value.correct, false);
    assert.equal(value.matched, 'ap.norm_retrieved');
    assert.equal(value.convention, 'AP(norm=retrieved)');
    assert.equal(value.why, 'Correct under AP(norm=retrieved): dividing by the 3 relevant documents retrieved, as ' +
      "scikit-learn's average_precision_score does when given only the ranked list; this page's default (AP, " +
      'dividing by R = 15, every relevant document) gives 1/10 = 0.1.');
    assert.deepEqual(value.candidates, [{
      name: 'ap.norm_retrieved',
      kind: 'convention',
      measure: 'AP(norm=retrieved)',
      value: value.candidates[0].value,
      why: "dividing by the 3 relevant documents retrieved, as scikit-learn's average_precision_score does " +
        'when given only the ranked list',
    }]);
    assert.equal(value.candidates[0].value.exact, '1/2');
  });

  test('two causes give 0.56: kappa(chance=pooled) 5/9 and P(A), P(E) rounded 22/39, both listed', () => {
    // A: R R on 2 documents, B on 4; 2 agreed relevant, 8 agreed not. n = 12, P(A) = 5/6.
    // Cohen: P(E) = (2·4 + 10·8)/144 = 11/18, κ = (5/6 − 11/18)/(7/18) = 4/7 = 0.5714.
    // Pooled: p(R) = 6/24 = 1/4, P(E) = 1/16 + 9/16 = 5/8, κ = (5/6 − 5/8)/(3/8) = 5/9 = 0.5556.
    // Rounded: (0.83 − 0.61)/0.39 = 22/39 = 0.5641.
    const value = checked('kappa', 'R 2 0\nI 2 8', '0.56');
    assert.equal(value.verdict, 'correct_under_convention');
    assert.equal(value.convention, 'kappa(chance=pooled)');
    assert.deepEqual(value.candidates.map((c) => [c.name, c.kind, c.value.exact]), [
      ['kappa.chance_pooled', 'convention', '5/9'],
      ['kappa.rounded_intermediates', 'slip', '22/39'],
    ]);
    assert.match(value.why, /^0\.56 could be kappa\(chance=pooled\) \(0\.5556, a convention\) or P\(A\) and P\(E\) rounded to 2 decimals first \(0\.5641, a slip\): type more decimals to tell them apart\./);
  });

  test('an ellipsis and a float printout: 0.41... and 0.41666666666666663 are right for 5/12', () => {
    // P@12 of five relevant in the top 12: 5/12 = 0.41666…
    const input = 'R R R R R N N N N N N N';
    const first = checked('P@12', input, '0.41…');
    assert.equal(first.verdict, 'correct');
    assert.equal(first.precision, 'as the first 2 decimals');
    assert.deepEqual(first.answer, { text: '0.41…', form: 'decimal', value: '41/100', decimals: 2, prefix: true, significant: 0 });
    const printed = checked('P@12', input, '0.41666666666666663');
    assert.equal(printed.verdict, 'correct');
    assert.equal(printed.precision, 'at 15 significant digits');
    assert.equal(printed.answer.significant, 15);
    assert.equal(checked('P@12', input, '−7/12').verdict, 'unknown');
  });

  test('fleiss-14-raters: the notes\' Fleiss 0.22 is the rounded intermediates (fleiss.rounded_intermediates)',
    () => {
      // P(A) = 0.3780 → 0.38, P(E) = 0.2128 → 0.21: (0.38 − 0.21)/0.79 = 0.2152; exact 0.2099.
      const input = '0 0 0 0 14\n0 2 6 4 2\n0 0 3 5 6\n0 3 9 2 0\n2 2 8 1 1\n7 7 0 0 0\n' +
        '3 2 6 3 0\n2 5 3 2 2\n6 5 2 1 0\n0 2 2 3 7';
      assert.equal(checked('fleiss', input, '0.21').correct, true);
      assert.equal(checked('fleiss', input, '0.22').matched, 'fleiss.rounded_intermediates');
    });

  test('a bad answer is {ok:false} with field answer and a column, and the next call works', () => {
    const result = irm.check('AP@10', RL2, { relevant: 5 }, '0,62');
    assert.equal(result.ok, false);
    assert.deepEqual(result.error, {
      code: 'bad_number',
      message: "found ',' at column 2; write the decimal point as '.', e.g. 0.62",
      field: 'answer', line: 1, column: 2, length: 1,
    });
    const empty = irm.check('AP@10', RL2, { relevant: 5 }, '');
    assert.equal(empty.error.code, 'empty_input');
    assert.equal(empty.error.message, 'type your answer: a decimal such as 0.62, a fraction such ' +
      'as 28/45 or a percentage such as 62.2%');
    assert.equal(checked('AP@10', RL2, '28/45', { relevant: 5 }).correct, true);
  });

  test('the measure and the input are checked first, with their own fields', () => {
    assert.equal(irm.check('AP(norm=sideways)', RL2, {}, '0.5').error.field, 'measure');
    assert.equal(irm.check('AP', 'R N X', {}, '0.5').error.field, 'input');
  });

  test('a key checks a named quantity: sets-d1-to-d8\'s recall 2/3, labelled recall', () => {
    const value = checked('confusion', S1, '0.67', {}, 'recall');
    assert.equal(value.correct, true);
    assert.equal(value.key, 'recall');
    assert.equal(value.label, 'recall');
    assert.equal(value.measure, 'confusion');
    assert.equal(value.expected.exact, '2/3');
    assert.equal(value.why, 'recall = 2/3 ≈ 0.6667 rounds to 0.67 at 2 decimals.');
    // Case does not matter when nothing matches exactly.
    assert.equal(checked('confusion', S1, '1/2', {}, 'Precision').key, 'precision');
    // Without a key, or with undefined, null or '', the measure's own value: F1 = 4/7.
    for (const key of [undefined, null, '']) {
      const own = irm.check('confusion', S1, {}, '4/7', key);
      assert.equal(own.ok, true);
      assert.equal(own.value.key, null);
      assert.equal(own.value.label, 'F1');
      assert.equal(own.value.correct, true);
    }
  });

  test('precision typed for recall is any.other_quantity, and its value is not told', () => {
    const value = checked('confusion', S1, '0.5', {}, 'recall');
    assert.equal(value.correct, false);
    assert.equal(value.matched, 'any.other_quantity');
    assert.equal(value.why, '0.5 is precision (at 1 decimal), another quantity of this answer; ' +
      'this field asks for recall.');
    assert.equal(value.hint, '');
  });

  test('an unknown key is {ok:false} with the keys listed, field answer', () => {
    const result = irm.check('kappa', 'R 75 25\nN 75 225', {}, '0.75', 'P_A');
    assert.equal(result.ok, false);
    assert.deepEqual(result.error, {
      code: 'unknown_parameter',
      message: "kappa has no quantity named 'P_A'; its quantities are PA, PE, kappa",
      field: 'answer', line: 0, column: 0, length: 0,
    });
    // kappa-400-documents: P(A) = (75 + 225)/400 = 3/4.
    assert.equal(checked('kappa', 'R 75 25\nN 75 225', '0.75', {}, 'PA').correct, true);
  });

  test('a wrong answer nothing gives has a hint: method-1-ap\'s P@6 taken as 3/5 (rank 6)', () => {
    // (1 + 2/3 + 3/5 + 4/9 + 5/10)/5 = (289/90)/5 = 289/450 = 0.6422 where AP@10 = 28/45.
    const value = checked('AP@10', RL2, '0.642', { relevant: 5 });
    assert.equal(value.correct, false);
    assert.equal(value.matched, null);
    assert.equal(value.why, 'None of the conventions or common slips the calculator knows gives 0.642.');
    assert.equal(value.hint, 'Check the precision at the 3rd relevant document (rank 6).');
  });

  test('listSlips() is the catalogue: unique dotted names, each with a summary', () => {
    const slips = irm.listSlips();
    const names = slips.map((slip) => slip.name);
    assert.equal(new Set(names).size, names.length);
    for (const name of ['ap.over_k', 'p.over_retrieved', 'dcg.ln', 'dcg.log10',
      'dcg.ranks_from_0', 'ndcg.idcg_given_order', 'f.weights_swapped', 'f.beta_not_squared',
      'any.truncated', 'any.double_rounding', 'any.lost_sign', 'any.other_quantity',
      'kappa.rounded_intermediates']) {
      assert.ok(names.includes(name), `${name} is in the catalogue`);
    }
    for (const slip of slips) assert.ok(slip.summary.length > 0 && Array.isArray(slip.measures));
  });
});

/** Runs the CLI; returns {status, stdout, stderr}. */
function run(args) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('irmetrics calc … --check ANSWER', () => {
  test('a right answer: "Your answer" with ✓ after the working, exit 0', () => {
    const { status, stdout, stderr } = run(['calc', 'AP@10', '--relevant', '5', '--input', RL2,
      '--check', '0.62']);
    assert.equal(status, 0, stderr);
    assert.match(stdout, /^AP@10 = 28\/45 ≈ 0\.6222$/m);
    assert.match(stdout, /\n\nYour answer\n {2}✓ 0\.62 is correct at 2 decimals\n {2}AP@10 = 28\/45 ≈ 0\.6222 rounds to 0\.62 at 2 decimals\.\n$/);
  });

  test('an answer that another convention gives: ✓ correct under it, who uses it, the default\'s value; exit 0', () => {
    const { status, stdout } = run(['calc', 'AP', '--relevant', '15', '--input', RL1,
      '--check', '0.5']);
    assert.equal(status, 0);
    assert.match(stdout, /^ {2}✓ 0\.5 is correct under AP\(norm=retrieved\) at 1 decimal$/m);
    assert.match(stdout, /^ {2}Dividing by the 3 relevant documents retrieved, as scikit-learn's average_precision_score does when given only the ranked list; this page's default \(AP, dividing by R = 15, every relevant document\) gives 1\/10 = 0\.1\.$/m);
    assert.match(stdout, /^ {2}\(ap\.norm_retrieved\)$/m);
    assert.doesNotMatch(stdout, /✗/);
  });

  test('--json: verdict correct_under_convention and the convention\'s measure name', () => {
    const { stdout } = run(['calc', 'AP', '--relevant', '15', '--input', RL1, '--check', '0.5', '--json']);
    const { check } = JSON.parse(stdout);
    assert.equal(check.verdict, 'correct_under_convention');
    assert.equal(check.convention, 'AP(norm=retrieved)');
    assert.equal(check.correct, false);
    assert.deepEqual(check.candidates.map((c) => [c.name, c.kind, c.measure, c.value.exact]),
      [['ap.norm_retrieved', 'convention', 'AP(norm=retrieved)', '1/2']]);
  });

  test('--json adds check: {verdict, correct, matched, convention, candidates, why, hint}', () => {
    // sets-d1-to-d8: P = 1/2, R = 2/3; F₂ = 5/8; with β and 1/β swapped 5PR/(P + 4R) = 10/19 =
    // 0.5263.
    const { status, stdout } = run(['calc', 'F(beta=2)', '--input', 'tp=2 fp=2 fn=1 tn=3',
      '--check', '0.53', '--json']);
    assert.equal(status, 0);
    const json = JSON.parse(stdout);
    assert.equal(json.value.exact, '5/8');
    assert.deepEqual(Object.keys(json.check),
      ['verdict', 'correct', 'matched', 'convention', 'candidates', 'why', 'hint']);
    assert.equal(json.check.verdict, 'slip');
    assert.equal(json.check.convention, null);
    assert.equal(json.check.correct, false);
    assert.equal(json.check.matched, 'f.weights_swapped');
    assert.equal(json.check.hint, '');
    assert.match(json.check.why, /^β and 1\/β swapped: 0\.53 puts the weight β² = 4 on precision/);
  });

  test('--json with an answer nothing gives: matched is null, and a hint', () => {
    const { stdout } = run(['calc', 'P@5', '--input', 'R R N N R', '--check', '0.9', '--json']);
    // P@5 = 3/5; 0.9 is neither that nor any slip.
    const { check } = JSON.parse(stdout);
    assert.deepEqual(check.matched, null);
    assert.equal(check.hint, 'Count the relevant documents in the top 5 and divide by k = 5; ' +
      'ranks past the end of the list count as not relevant.');
  });

  test('a wrong answer nothing gives: the text ends with the hint', () => {
    // method-1-ap with P@6 taken as 3/5: 289/450 = 0.6422 (AP@10 = 28/45 = 0.6222).
    const { status, stdout } = run(['calc', 'AP@10', '--relevant', '5', '--input', RL2,
      '--check', '0.642']);
    assert.equal(status, 0);
    assert.match(stdout, /\n\nYour answer\n {2}✗ 0\.642 is not AP@10 at 3 decimals\n {2}None of the conventions or common slips the calculator knows gives 0\.642\.\n {2}Hint: Check the precision at the 3rd relevant document \(rank 6\)\.\n$/);
  });

  test('an answer that does not parse: exit 2 and the message on stderr', () => {
    const { status, stdout, stderr } = run(['calc', 'P@5', '--input', 'R R N N R',
      '--check', '3/0']);
    assert.equal(status, 2);
    assert.equal(stdout, '');
    assert.equal(stderr, 'irmetrics: a fraction cannot have 0 as its denominator (column 3)\n');
    const json = run(['calc', 'P@5', '--input', 'R R N N R', '--check', '3/0', '--json']);
    assert.equal(json.status, 2);
    assert.equal(JSON.parse(json.stdout).error.field, 'answer');
  });

  test('--help says what --check does', () => {
    const { stdout } = run(['--help']);
    assert.match(stdout, /--check ANSWER {6}check your own answer/);
  });
});
