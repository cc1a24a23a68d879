// bin/irmetrics.mjs as a user runs it: a child process, its output and its exit status.
// Expected values are the hand-checked ones of ../shared/WORKED_EXAMPLES.md.

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
  const result = spawnSync(process.execPath, [cli, ...args], { input: stdin, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const RL2 = ['--relevant', '5', '--input', '+ - + - - + - - + +'];
const RL1 = ['--relevant', '15', '--input', 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10'];

describe('irmetrics calc (text)', () => {
  test('RL2: prints AP@10 = 28/45 ≈ 0.6222 first, with the step tables', () => {
    const { status, stdout, stderr } = run(['calc', 'AP@10', ...RL2]);
    assert.equal(status, 0, stderr);
    assert.match(stdout.split('\n')[0], /^AP@10 = 28\/45 ≈ 0\.6222$/);
    assert.match(stdout, /─/, 'has an aligned table with a rule under its header');
  });

  test('RL1: shows the notes\' 1/2 as the alternative AP(norm=retrieved)', () => {
    const { status, stdout } = run(['calc', 'AP', ...RL1]);
    assert.equal(status, 0);
    assert.match(stdout, /^AP = 1\/10 = 0\.1$/m);
    assert.match(stdout, /^Alternatives$/m);
    assert.match(stdout, /AP\(norm=retrieved\) = 1\/2 = 0\.5/);
  });

  test('RL6: reads the ranked list from standard input', () => {
    const { status, stdout } = run(['calc', 'P@10'], 'R R N N R N R R R R\n');
    assert.equal(status, 0);
    assert.match(stdout, /^P@10 = 7\/10 = 0\.7$/m);
  });

  describe('--file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'irmetrics-cli-'));
    after(() => rmSync(dir, { recursive: true, force: true }));

    test('RL5: reads the list, with a relevant=10 first line, from a file', () => {
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
  test('RL2: the documented keys, with value {approx, exact}', () => {
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

  test('RL1: the alternative AP(norm=retrieved) with exact 1/2 and a why', () => {
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

  test('--help and help print the usage and exit 0', () => {
    for (const args of [['--help'], ['help']]) {
      const { status, stdout } = run(args);
      assert.equal(status, 0);
      assert.match(stdout, /usage: irmetrics calc MEASURE/);
    }
  });
});
