// "Check my answer" through the module's JS boundary (docs/js-api.md, check() and listSlips())
// and on the command line (irmetrics calc … --check ANSWER). Expected values are worked out by
// hand in the comments (../shared/WORKED_EXAMPLES.md), never copied from the output.

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

/** check() that must succeed; returns its value. */
function checked(measure, input, answer, options = {}) {
  const result = irm.check(measure, input, options, answer);
  assert.equal(result.ok, true, JSON.stringify(result.error));
  return result.value;
}

const RL2 = '+ - + - - + - - + +';  // R = 5: AP@10 = 28/45 = 0.6222 (notes 0.62)
const RL1 = 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10';  // R = 15: AP = 1/10, notes' 0.5

describe('check() through the module', () => {
  test('RL2: 0.62 is right at 2 decimals, with the value and the precision', () => {
    const value = checked('AP@10', RL2, '0.62', { relevant: 5 });
    assert.equal(value.correct, true);
    assert.equal(value.matched, null);
    assert.equal(value.precision, 'at 2 decimals');
    assert.equal(value.measure, 'AP@10');
    assert.equal(value.label, 'AP@10');
    assert.equal(value.expected.exact, '28/45');
    assert.deepEqual(value.answer, { text: '0.62', form: 'decimal', value: '31/50', decimals: 2 });
    assert.equal(value.why, 'AP@10 = 28/45 ≈ 0.6222 rounds to 0.62 at 2 decimals.');
  });

  test('RL2: 0.6 (1 decimal), 62.2% and 56/90 are right; 0.63 is not', () => {
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

  test('RL1-ap: 0.5 is matched to ap.norm_retrieved with a sentence that has the numbers', () => {
    // (1/2 + 2/4 + 3/6) = 3/2; over the 3 relevant retrieved 1/2, over R = 15 1/10.
    const value = checked('AP', RL1, '0.5', { relevant: 15 });
    assert.equal(value.correct, false);
    assert.equal(value.matched, 'ap.norm_retrieved');
    assert.equal(value.why, '0.5 is AP divided by the 3 relevant documents retrieved ' +
      '(AP(norm=retrieved) = 1/2 = 0.5); the notes divide by R = 15.');
  });

  test('K4: the notes\' Fleiss 0.22 is the rounded intermediates (fleiss.rounded_intermediates)',
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

  test('listSlips() is the catalogue: unique dotted names, each with a summary', () => {
    const slips = irm.listSlips();
    const names = slips.map((slip) => slip.name);
    assert.equal(new Set(names).size, names.length);
    for (const name of ['ap.over_k', 'p.over_retrieved', 'dcg.ln', 'dcg.log10',
      'dcg.ranks_from_0', 'ndcg.idcg_given_order', 'f.weights_swapped', 'f.beta_not_squared',
      'any.truncated', 'kappa.rounded_intermediates']) {
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

  test('a wrong answer that a convention gives: ✗, the why and the name; still exit 0', () => {
    const { status, stdout } = run(['calc', 'AP', '--relevant', '15', '--input', RL1,
      '--check', '0.5']);
    assert.equal(status, 0);
    assert.match(stdout, /^ {2}✗ 0\.5 is not AP at 1 decimal$/m);
    assert.match(stdout, /^ {2}0\.5 is AP divided by the 3 relevant documents retrieved/m);
    assert.match(stdout, /^ {2}\(ap\.norm_retrieved\)$/m);
  });

  test('--json adds check: {correct, matched, why}', () => {
    // S1: P = 1/2, R = 2/3; F₂ = 5/8; with β and 1/β swapped 5PR/(P + 4R) = 10/19 = 0.5263.
    const { status, stdout } = run(['calc', 'F(beta=2)', '--input', 'tp=2 fp=2 fn=1 tn=3',
      '--check', '0.53', '--json']);
    assert.equal(status, 0);
    const json = JSON.parse(stdout);
    assert.equal(json.value.exact, '5/8');
    assert.deepEqual(Object.keys(json.check), ['correct', 'matched', 'why']);
    assert.equal(json.check.correct, false);
    assert.equal(json.check.matched, 'f.weights_swapped');
    assert.match(json.check.why, /^β and 1\/β swapped: 0\.53 puts the weight β² = 4 on precision/);
  });

  test('--json with an answer nothing gives: matched is null', () => {
    const { stdout } = run(['calc', 'P@5', '--input', 'R R N N R', '--check', '0.9', '--json']);
    // P@5 = 3/5; 0.9 is neither that nor any slip.
    assert.deepEqual(JSON.parse(stdout).check.matched, null);
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
