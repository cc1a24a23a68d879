// bin/irmetrics.mjs as a user runs it: a child process, its output and its exit status; the
// repeated --check KEY=ANSWER and option values that begin with a dash.
// Expected values are the hand-checked ones of docs/examples.md.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../bin/irmetrics.mjs', import.meta.url));

/** Runs the CLI with `args` and optional standard input; returns {status, stdout, stderr}. */
function run(args, stdin = '') {
  const result = spawnSync(process.execPath, [cli, ...args], { input: stdin, encoding: 'utf8', maxBuffer: 256 << 20 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const RL2 = ['--relevant', '5', '--input', '+ - + - - + - - + +'];
const RL1 = ['--relevant', '15', '--input', 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10'];

describe('irmetrics calc (text)', () => {
  test('method-1-ap: prints AP@10 = 28/45 ≈ 0.6222 first, with the step tables', () => {
    const { status, stdout, stderr } = run(['calc', 'AP@10', ...RL2]);
    assert.equal(status, 0, stderr);
    assert.match(stdout.split('\n')[0], /^AP@10 = 28\/45 ≈ 0\.6222$/);
    assert.match(stdout, /─/, 'has an aligned table with a rule under its header');
  });

  test('relevant-at-2-4-6: shows the notes\' 1/2 as the alternative AP(norm=retrieved)', () => {
    const { status, stdout } = run(['calc', 'AP', ...RL1]);
    assert.equal(status, 0);
    assert.match(stdout, /^AP = 1\/10 = 0\.1$/m);
    assert.match(stdout, /^Alternatives$/m);
    assert.match(stdout, /AP\(norm=retrieved\) = 1\/2 = 0\.5/);
  });

  // 150,000 ranks, relevant at 1, 4, 7, …: the k-th relevant document is at rank 3k − 2, so
  // AP = (1/N) Σ k/(3k − 2) over N = 50,000 = 1/3 + (2/3)(1/N) Σ 1/(3k − 2), and
  // Σ 1/(3k − 2) = (ψ(N + 1/3) − ψ(1/3))/3 ≈ (ln 50000 + 3.1320)/3 ≈ 4.6506, so
  // AP ≈ 0.333333 + 0.000062 = 0.333395 → 0.3334. Its text output once overflowed the stack
  // (Math.max(...rows) over the per-rank table).
  test('150,000 ranks print as text: AP ≈ 0.3334 and a row per rank', () => {
    const list = Array.from({ length: 150000 }, (_, i) => (i % 3 === 0 ? 'R' : 'N')).join(' ');
    const { status, stdout, stderr } = run(['calc', 'AP'], list);
    assert.equal(status, 0, stderr);
    assert.match(stdout.split('\n')[0], /^AP ≈ 0\.3334$/);
    assert.match(stdout, /^ +150000 +N +no +50000 /m);
  });

  test('precision-at-5-and-10: reads the ranked list from standard input', () => {
    const { status, stdout } = run(['calc', 'P@10'], 'R R N N R N R R R R\n');
    assert.equal(status, 0);
    assert.match(stdout, /^P@10 = 7\/10 = 0\.7$/m);
  });

  describe('--file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'irmetrics-cli-'));
    after(() => rmSync(dir, { recursive: true, force: true }));

    test('four-of-ten-ap: reads the list, with a relevant=10 first line, from a file', () => {
      const file = join(dir, 'rl5.txt');
      writeFileSync(file, 'relevant=10\n+ + - - + - - + - -\n');
      const { status, stdout } = run(['calc', 'AP', '--file', file]);
      assert.equal(status, 0);
      assert.match(stdout, /^AP = 31\/100 = 0\.31$/m);
    });

    test('a missing file is exit 2 with one line on stderr', () => {
      const { status, stderr } = run(['calc', 'AP', '--file', join(dir, 'none.txt')]);
      assert.equal(status, 2);
      assert.match(stderr, /^irmetrics: cannot read .*none\.txt: ENOENT\n$/);
    });
  });

  test('--digits changes the decimals shown', () => {
    const { stdout } = run(['calc', 'AP@10', ...RL2, '--digits', '2']);
    assert.match(stdout.split('\n')[0], /^AP@10 = 28\/45 ≈ 0\.62$/);
  });
});

describe('irmetrics calc --json', () => {
  test('method-1-ap: the documented keys, with value {approx, exact}', () => {
    const { status, stdout } = run(['calc', 'AP@10', ...RL2, '--json']);
    assert.equal(status, 0);
    const json = JSON.parse(stdout);
    for (const key of ['measure', 'value', 'values', 'steps', 'notes', 'alternatives']) {
      assert.ok(key in json, `no ${key}`);
    }
    assert.equal(json.measure, 'AP@10');
    assert.equal(json.value.exact, '28/45');
    assert.ok(Math.abs(json.value.approx - 28 / 45) < 1e-12);
    assert.ok(json.steps.length > 0);
    for (const step of json.steps) {
      assert.equal(typeof step.title, 'string');
      assert.ok(Array.isArray(step.columns));
      assert.ok(step.rows.every((row) => row.every((cell) => typeof cell === 'string')));
    }
    for (const num of Object.values(json.values)) {
      assert.deepEqual(Object.keys(num).sort(), ['approx', 'exact']);
    }
  });

  test('relevant-at-2-4-6: the alternative AP(norm=retrieved) with exact 1/2 and a why', () => {
    const json = JSON.parse(run(['calc', 'AP', ...RL1, '--json']).stdout);
    assert.equal(json.value.exact, '1/10');
    const retrieved = json.alternatives.find((a) => a.measure === 'AP(norm=retrieved)');
    assert.equal(retrieved.value.exact, '1/2');
    assert.equal(typeof retrieved.why, 'string');
  });
});

describe('bad input and usage errors exit with status 2', () => {
  test('bad input: one line on stderr naming the problem, nothing on stdout', () => {
    const { status, stdout, stderr } = run(['calc', 'P@4', '--input', 'R N X R']);
    assert.equal(status, 2);
    assert.equal(stdout, '');
    assert.match(stderr, /^irmetrics: [^\n]+\n$/);
    assert.match(stderr, /X/);
  });

  test('bad input with --json: {error: {code, message, line, column}} on stdout', () => {
    const { status, stdout } = run(['calc', 'P@4', '--input', 'R N X R', '--json']);
    assert.equal(status, 2);
    const { error } = JSON.parse(stdout);
    assert.equal(error.code, 'bad_token');
    assert.equal(error.line, 1);
    assert.equal(error.column, 5);
    assert.equal(typeof error.message, 'string');
  });

  test('an unknown measure', () => {
    const { status, stderr } = run(['calc', 'NoSuchMeasure', '--input', 'R N']);
    assert.equal(status, 2);
    assert.match(stderr, /^irmetrics: [^\n]+\n$/);
  });

  test('an unknown flag prints the usage', () => {
    const { status, stderr } = run(['calc', 'AP', '--bogus']);
    assert.equal(status, 2);
    assert.match(stderr, /--bogus/);
    assert.match(stderr, /usage: irmetrics calc MEASURE/);
  });

  test('calc without a measure prints the usage', () => {
    const { status, stderr } = run(['calc']);
    assert.equal(status, 2);
    assert.match(stderr, /usage: irmetrics calc MEASURE/);
  });

  test('no command, and an unknown command, print the usage', () => {
    assert.equal(run([]).status, 2);
    const { status, stderr } = run(['AP']);
    assert.equal(status, 2);
    assert.match(stderr, /irmetrics calc AP/);
  });

  test('--input and --file together', () => {
    assert.equal(run(['calc', 'AP', '--input', 'R', '--file', 'x']).status, 2);
  });
});

describe('irmetrics calc --check KEY=ANSWER, repeated', () => {
  // sets-d1-to-d8: TP = 2, FP = 2, FN = 1, TN = 3: precision = 2/(2 + 2) = 1/2, recall = 2/(2 + 1)
  // = 2/3, F1 = 2PR/(P + R) = (2/3)/(7/6) = 4/7.
  const S1 = ['calc', 'confusion', '--input', 'tp=2 fp=2 fn=1 tn=3'];

  test('text: one "Your answer for KEY" block per check, in the order given', () => {
    const { status, stdout, stderr } = run([...S1, '--check', 'precision=0.5',
      '--check', 'recall=2/3', '--check', 'recall=0.5']);
    assert.equal(status, 0, stderr);
    const tail = stdout.slice(stdout.indexOf('\n\nYour answer'));
    assert.equal(tail, [
      '',
      '',
      'Your answer for precision',
      '  ✓ 0.5 is correct exactly',
      '  0.5 is exactly precision = 1/2 = 0.5.',
      '',
      'Your answer for recall',
      '  ✓ 2/3 is correct exactly',
      '  2/3 is exactly recall = 2/3 ≈ 0.6667.',
      '',
      'Your answer for recall',
      '  ✗ 0.5 is not recall at 1 decimal',
      '  0.5 is precision (at 1 decimal), another quantity of this answer; this field asks for ' +
        'recall.',
      '  (any.other_quantity)',
      '',
    ].join('\n'));
  });

  test('--json with two or more: check is [{key, verdict, correct, matched, convention, candidates, why, hint}] in order', () => {
    const { status, stdout } = run([...S1, '--check', 'recall=0.9', '--check', '4/7', '--json']);
    assert.equal(status, 0);
    const { check } = JSON.parse(stdout);
    assert.ok(Array.isArray(check));
    const keys = ['key', 'verdict', 'correct', 'matched', 'convention', 'candidates', 'why', 'hint'];
    assert.deepEqual(check.map((one) => Object.keys(one)), [keys, keys]);
    // 0.9 is not recall (0.7 at 1 decimal), and nothing gives it: a hint, from the counts' names.
    assert.deepEqual(check[0], {
      key: 'recall',
      verdict: 'unknown',
      correct: false,
      matched: null,
      convention: null,
      candidates: [],
      why: 'None of the conventions or common slips the calculator knows gives 0.9.',
      hint: 'Check TP, FP, FN and TN (truly relevant or not, returned or not), then recall = ' +
        'TP/(TP + FN).',
    });
    // The bare answer is the measure's own value, F1 = 4/7: key null.
    assert.equal(check[1].key, null);
    assert.equal(check[1].correct, true);
  });

  test('--json with one keyed check: an object with its key, as with one bare check', () => {
    const json = JSON.parse(run([...S1, '--check', 'precision=1/2', '--json']).stdout);
    assert.deepEqual(json.check, {
      key: 'precision', verdict: 'correct', correct: true, matched: null, convention: null, candidates: [],
      why: '1/2 is exactly precision = 1/2 = 0.5.', hint: '',
    });
    const bare = JSON.parse(run([...S1, '--check', '4/7', '--json']).stdout);
    assert.deepEqual(Object.keys(bare.check),
      ['verdict', 'correct', 'matched', 'convention', 'candidates', 'why', 'hint']);
  });

  test('an unknown key: exit 2 and the core\'s message naming the keys', () => {
    const { status, stdout, stderr } = run([...S1, '--check', 'precision=0.5', '--check', 'prec=0.5']);
    assert.equal(status, 2);
    assert.equal(stdout, '');
    assert.equal(stderr, "irmetrics: confusion has no quantity named 'prec'; its quantities are " +
      'TP, FP, FN, TN, precision, recall, specificity, FPR, FNR, accuracy, error, F1, G, ' +
      'jaccard, dice\n');
  });
});

describe('option values that begin with a dash', () => {
  test('--input "- + - +" computes: relevant at 2 and 4, AP = (1/2 + 2/4)/2 = 1/2', () => {
    const { status, stdout, stderr } = run(['calc', 'AP', '--input', '- + - +']);
    assert.equal(status, 0, stderr);
    assert.match(stdout, /^AP = 1\/2 = 0\.5$/m);
    // -i takes it the same way.
    assert.match(run(['calc', 'AP', '-i', '- + - +']).stdout, /^AP = 1\/2 = 0\.5$/m);
  });

  test('--input - is a one-document list (not standard input): P@1 = 0', () => {
    const { status, stdout } = run(['calc', 'P@1', '--input', '-']);
    assert.equal(status, 0);
    assert.match(stdout, /^P@1 = 0$/m);
  });

  test('--relevant -3 reaches the core, which says what R must be: exit 2', () => {
    const { status, stdout, stderr } = run(['calc', 'AP', '--input', '+ -', '--relevant', '-3']);
    assert.equal(status, 2);
    assert.equal(stdout, '');
    assert.equal(stderr, 'irmetrics: R, the number of relevant documents, must be a whole number ' +
      "(0 or more); found '-3'\n");
  });

  test('--check -0.33 is an answer: τ of x 1 2 3, y 2 3 1 is (1 − 2)/3 = −1/3', () => {
    // Pairs (1,2) concordant, (1,3) and (2,3) discordant.
    const { status, stdout } = run(['calc', 'tau', '--input', 'x: 1 2 3\ny: 2 3 1', '--check', '-0.33']);
    assert.equal(status, 0);
    assert.match(stdout, /^ {2}✓ -0\.33 is correct at 2 decimals$/m);
    // 0.33 lost the sign.
    const lost = run(['calc', 'tau', '--input', 'x: 1 2 3\ny: 2 3 1', '--check', '0.33']).stdout;
    assert.match(lost, /^ {2}\(any\.lost_sign\)$/m);
  });

  test('an option given no value at all is still a usage error', () => {
    const { status, stderr } = run(['calc', 'AP', '--input']);
    assert.equal(status, 2);
    assert.match(stderr, /argument missing/);
    assert.match(stderr, /usage: irmetrics calc MEASURE/);
  });
});

describe('irmetrics measures, --version, --help', () => {
  test('measures lists AP with its title and the norm parameter', () => {
    const { status, stdout } = run(['measures']);
    assert.equal(status, 0);
    assert.match(stdout, /^ {2}AP +\S/m);
    assert.match(stdout, /norm=relevant \(default\) \| retrieved/);
  });

  test('measures --json is listMeasures() as JSON', () => {
    const list = JSON.parse(run(['measures', '--json']).stdout);
    assert.ok(list.some((m) => m.name === 'AP'));
  });

  test('--version prints the version', () => {
    const { status, stdout } = run(['--version']);
    assert.equal(status, 0);
    assert.match(stdout, /^irmetrics \d+\.\d+\.\d+/);
  });

  test('--help says what --check KEY=ANSWER does', () => {
    const { stdout } = run(['--help']);
    assert.match(stdout, /\[--check \[KEY=\]ANSWER\]\.\.\./);
    assert.match(stdout, /--check KEY=ANSWER {2}check one named quantity of the answer/);
    assert.match(stdout, /even one that starts with '-'/);
  });

  test('--help and help print the usage and exit 0', () => {
    for (const args of [['--help'], ['help']]) {
      const { status, stdout } = run(args);
      assert.equal(status, 0);
      assert.match(stdout, /usage: irmetrics calc MEASURE/);
    }
  });
});
