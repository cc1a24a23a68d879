// @ts-check
// `irmetrics trec` has two paths: the native executable (build/native/irmetrics-trec,
// cli/irmetrics_trec.cpp), which bin/irmetrics.mjs runs when it is built, and the wasm module
// (IRMETRICS_WASM=1, bin/lib/trec.mjs). Both must print the same bytes on standard output and
// standard error, and exit with the same status, whatever the input: each case below runs both
// ways and compares the three. What the right output is, is checked elsewhere, against trec_eval
// 10.0's own expected files (trec-quicktest.test.mjs, both paths) and hand calculations
// (trec-cli.test.mjs); here the point is that the two paths cannot drift apart: messages, their
// file:line:column, warnings, usage errors, JSON, gzip and standard input included.
//
// Needs `npm run build` (both build/native/irmetrics-trec and web/generated/irmetrics.wasm).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const cli = fileURLToPath(new URL('../../bin/irmetrics.mjs', import.meta.url));
const fixtures = fileURLToPath(new URL('../fixtures/trec_eval/', import.meta.url));
const native = process.env.IRMETRICS_TREC_NATIVE ||
  fileURLToPath(new URL('../../build/native/irmetrics-trec', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'irmetrics-native-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `content` (lines joined with \n, or bytes) to dir/name; returns the name. */
function file(name, content) {
  writeFileSync(join(dir, name), Array.isArray(content) ? `${content.join('\n')}\n` : content);
  return name;
}

const QRELS = ['9 0 d1 1', '9 0 d2 0', '9 0 d3 2', '9 0 d9 -1', '10 0 e1 2', '10 0 e2 0',
  '11 0 f1 1'];
const RUN = ['9 Q0 d1 1 0.9 runA', '9 Q0 d2 2 0.8 runA', '9 Q0 d3 3 0.8 runA',
  '10 Q0 e2 1 0.9 runA', '10 Q0 e1 2 0.5 runA', '12 Q0 g1 1 0.5 runA'];
file('qrels', QRELS);
file('run', RUN);
// Topic 9's lines come back after topic 10's: a streamed run is read again, whole.
file('run-apart', [RUN[0], RUN[3], RUN[1], RUN[4], RUN[2]]);
file('run.gz', gzipSync(`${RUN.join('\n')}\n`));
file('run-gz-no-suffix', gzipSync(`${RUN.join('\n')}\n`));
// Two gzip members one after the other, as `cat a.gz b.gz` makes.
file('run-members.gz', Buffer.concat([gzipSync(`${RUN.slice(0, 3).join('\n')}\n`),
  gzipSync(`${RUN.slice(3).join('\n')}\n`)]));
// After a member: bytes that are not another member (an error), zero bytes of padding (ignored,
// with whatever follows them), a second member's first byte alone.
const gzipped = gzipSync(`${RUN.join('\n')}\n`);
file('run-garbage.gz', Buffer.concat([gzipped, Buffer.from('garbage\n')]));
file('run-padded.gz', Buffer.concat([gzipped, Buffer.alloc(10), Buffer.from('garbage\n')]));
file('run-half-member.gz', Buffer.concat([gzipped, Buffer.from([0x1f])]));
file('run-truncated.gz', gzipSync(`${RUN.join('\n')}\n`).subarray(0, 30));
file('run-corrupt.gz', 'this is not gzip\n');
file('run-empty.gz', '');
file('run-empty', '');
file('run-bad-score', ['9 Q0 d1 1 0.9 runA', '9 Q0 d2 2 high runA']);
file('run-short', ['9 Q0 d1 1 0.9 runA', '9 Q0 d2 2']);
file('run-duplicate', ['9 Q0 d1 1 0.9 runA', '9 Q0 d1 2 0.8 runA']);
file('qrels-bad', ['9 0 d1 1', '9 0 d2 x']);
file('qrels.gz', gzipSync(`${QRELS.join('\n')}\n`));
file('zscores', ['9 map 0.5 0.25', '10 map 0.4 0.1']);
file('zscores-bad', ['9 map 0.5']);
// Bytes that are not UTF-8 in a run id longer and shorter than 16 bytes, and in a docno: the
// wasm path's text goes through JS strings (U+FFFD), the native path's must come out the same.
file('run-latin1', Buffer.from('9 Q0 d1 1 0.9 run\xe9-with-a-long-name\n9 Q0 d\xe92 2 0.8 ' +
  'run\xe9-with-a-long-name\n', 'latin1'));
file('run-latin1-short', Buffer.from('9 Q0 d1 1 0.9 r\xe9\n', 'latin1'));
file('run-latin1-bad', Buffer.from('9 Q0 d1 1 0.9 r\xe9\n9 Q0 d2 2 \xe9\xe9 r\xe9\n', 'latin1'));
mkdirSync(join(dir, 'a-directory'));

/**
 * The cases: [arguments, standard input (optional)], run in `dir` (or the trec_eval fixtures'
 * directory for those marked with a leading 'fixtures:').
 * @type {Array<[string[], string?]>}
 */
const CASES = [
  // Reports: the official measures, all_trec, -q, formats, digits.
  [['qrels', 'run']],
  [['-q', '-m', 'all_trec', 'qrels', 'run']],
  [['-q', '-c', '-m', 'all_trec', '--format', 'json', 'qrels', 'run']],
  [['-q', '--format', 'csv', 'qrels', 'run', 'run.gz']],
  [['--digits', '17', '-m', 'map', '-m', 'ndcg', 'qrels', 'run']],
  [['--digits=0', 'qrels', 'run']],
  [['-n', 'qrels', 'run']],
  [['-q', '-m', 'nDCG@10', '-m', 'P(rel=2)@5', '-m', 'RBP(p=0.9)', 'qrels', 'run']],
  [['-l1.5', '-m', 'map.5', 'qrels', 'run']],
  [['-q', '-m', 'map', '-Z', 'zscores', 'qrels', 'run']],
  [['--format', 'json', '-q', '-m', 'map', '-Z', 'zscores', 'qrels', 'run']],
  // Files: a run read again, gzip (by name, by magic, two members), standard input.
  [['-q', 'qrels', 'run-apart']],
  [['qrels.gz', 'run-gz-no-suffix', 'run-members.gz']],
  [['-q', '-m', 'map', 'qrels', '-'], `${RUN.join('\n')}\n`],
  [['-q', '-m', 'map', '-', 'run'], `${QRELS.join('\n')}\n`],
  [['-m', 'map', 'qrels', '-'], ''],
  [['qrels', 'run-empty']],
  [['-q', 'qrels', 'run-latin1']],
  [['--format', 'json', '-q', 'qrels', 'run-latin1']],
  [['-q', 'qrels', 'run-latin1-short']],
  // Errors in the files: file:line:column on standard error, {error} in JSON.
  [['qrels', 'run-bad-score']],
  [['--format', 'json', 'qrels', 'run-bad-score']],
  [['qrels', 'run-short']],
  [['qrels', 'run-duplicate']],
  [['--keep-first', 'qrels', 'run-duplicate']],
  [['qrels-bad', 'run']],
  [['--format', 'json', 'qrels-bad', 'run']],
  [['qrels', 'run-latin1-bad']],
  [['-m', 'map', '-Z', 'zscores-bad', 'qrels', 'run']],
  [['-m', 'map', '-Z', 'no-such-zscores', 'qrels', 'run']],
  [['--format', 'json', '-m', 'map', '-Z', 'a-directory', 'qrels', 'run']],
  [['qrels', 'run-truncated.gz']],
  [['qrels', 'run-garbage.gz']],
  [['-m', 'map', 'qrels', 'run-padded.gz']],
  [['qrels', 'run-half-member.gz']],
  [['qrels', 'run-corrupt.gz']],
  [['qrels', 'run-empty.gz']],
  [['--format', 'json', 'qrels', 'run-corrupt.gz']],
  [['no-such-qrels', 'run']],
  [['qrels', 'no-such-run']],
  [['a-directory', 'run']],
  [['--format', 'json', 'qrels', 'a-directory']],
  // Errors in the flags: the session's, then the command line's own.
  [['-m', 'no_such_measure', 'qrels', 'run']],
  [['--format', 'json', '-m', 'no_such_measure', 'qrels', 'run']],
  [['-l', 'x', 'qrels', 'run']],
  [['--ties', 'input', '-m', 'map', 'qrels', 'run']],
  [['--ties=nope', 'qrels', 'run']],
  [['--ties']],
  [['--compat', '8', 'qrels', 'run']],
  [['-x', 'qrels', 'run']],
  [['-qx', 'qrels', 'run']],
  // Flag letters that are not ASCII: one UTF-16 unit (é), two (U+1F600, named by its first).
  [['-é', 'qrels', 'run']],
  [['-qé', 'qrels', 'run']],
  [['-😀', 'qrels', 'run']],
  [['--format', 'json', '-q😀', 'qrels', 'run']],
  [['-qc', '-l2', '-mmap', 'qrels', 'run']],
  [['-h', '-x']],
  [['--nope', 'qrels', 'run']],
  [['--strict=yes', 'qrels', 'run']],
  [['--format', 'xml', 'qrels', 'run']],
  [['--format', 'json', '--digits', '1.5', 'qrels', 'run']],
  [['--digits', '18', 'qrels', 'run']],
  [['--digits', ' 0x3 ', '-m', 'map', 'qrels', 'run']],
  [['--digits=0x10', '-m', 'map', 'qrels', 'run']],
  [['--digits', '\u00a03\u3000', '-m', 'map', 'qrels', 'run']],
  [['--digits', '\u200b3', 'qrels', 'run']],
  [['--digits', '']],
  [['-m']],
  [[]],
  [['qrels']],
  [['--format=json', 'qrels']],
  [['-', '-']],
  [['--help']],
  [['-qh']],
  [['--', '-q', 'run']],
];

/** Runs `irmetrics trec ARGS` one way; returns {status, stdout, stderr} (bytes as latin1). */
function run(args, input, env, cwd = dir) {
  const child = spawnSync(process.execPath, [cli, 'trec', ...args], {
    cwd, input: input ?? '', encoding: 'latin1', maxBuffer: 1 << 26,
    env: { ...process.env, ...env },
  });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

function compare(args, input, cwd) {
  const wasm = run(args, input, { IRMETRICS_WASM: '1' }, cwd);
  const viaNative = run(args, input, { IRMETRICS_WASM: '', IRMETRICS_TREC_NATIVE: native }, cwd);
  assert.equal(viaNative.stderr, wasm.stderr, 'standard error');
  assert.equal(viaNative.stdout, wasm.stdout, 'standard output');
  assert.equal(viaNative.status, wasm.status, 'exit status');
  return wasm;
}

describe('irmetrics trec: the native executable and the wasm module print the same bytes', () => {
  test('the native executable is built (npm run build), after the wasm module', () => {
    assert.ok(existsSync(native), `${native} is missing: run npm run build`);
    // Built before the wasm module, it may lack a change to the core that the wasm module has
    // (bin/irmetrics.mjs then leaves it aside): the comparisons below would fail for that alone.
    const wasm = fileURLToPath(new URL('../../web/generated/irmetrics.wasm', import.meta.url));
    if (!process.env.IRMETRICS_TREC_NATIVE && existsSync(wasm)) {
      assert.ok(statSync(wasm).mtimeMs <= statSync(native).mtimeMs,
        `${native} is older than ${wasm}: run npm run build (or cmake --build build/native)`);
    }
  });

  for (const [args, input] of CASES) {
    test(`trec ${args.join(' ')}${input === undefined ? '' : ' < input'}`,
      { skip: !existsSync(native) && 'no native build' }, () => {
        compare(args, input);
      });
  }

  test('every command of trec_eval\'s quicktest, with -q and all_trec, in both formats',
    { skip: !existsSync(native) && 'no native build' }, () => {
      for (const args of [
        ['-q', '-m', 'all_trec', 'qrels.test', 'results.test'],
        ['-q', '-c', '-M100', '-m', 'all_trec', '--format', 'json', 'qrels.test', 'results.trunc'],
        ['-q', '-m', 'all_prefs', '-R', 'prefs', '--format', 'json', 'prefs.test',
          'prefs.results.test'],
        ['-q', '-m', 'qrels_jg', '-R', 'qrels_jg', '--format', 'csv', 'qrels.123', 'results.test'],
      ]) {
        const { status } = compare(args, undefined, fixtures);
        assert.equal(status, 0, args.join(' '));
      }
    });

  test('the native executable run directly prints what `irmetrics trec` prints',
    { skip: !existsSync(native) && 'no native build' }, () => {
      const args = ['-q', '-m', 'map', 'qrels', 'run'];
      const direct = spawnSync(native, args, { cwd: dir, encoding: 'latin1' });
      const wasm = run(args, '', { IRMETRICS_WASM: '1' });
      assert.deepEqual([direct.status, direct.stdout, direct.stderr],
        [wasm.status, wasm.stdout, wasm.stderr]);
    });

  test('bin/irmetrics-trec, the shell launcher, prints the same through either path',
    { skip: !existsSync(native) && 'no native build' }, () => {
      const launcher = fileURLToPath(new URL('../../bin/irmetrics-trec', import.meta.url));
      const args = ['-q', '-m', 'map', '--format', 'json', 'qrels', 'run-bad-score'];
      const wasm = run(args, '', { IRMETRICS_WASM: '1' });
      for (const env of [{ IRMETRICS_WASM: '', IRMETRICS_TREC_NATIVE: native }, { IRMETRICS_WASM: '1' }]) {
        const direct = spawnSync(launcher, args, { cwd: dir, encoding: 'latin1', env: { ...process.env, ...env } });
        assert.deepEqual([direct.status, direct.stdout, direct.stderr],
          [wasm.status, wasm.stdout, wasm.stderr], JSON.stringify(env));
      }
    });

  test('its --help is the command line\'s help text, bin/lib/trec-help.txt',
    { skip: !existsSync(native) && 'no native build' }, () => {
      const help = readFileSync(new URL('../../bin/lib/trec-help.txt', import.meta.url), 'latin1');
      const direct = spawnSync(native, ['--help'], { encoding: 'latin1' });
      assert.equal(direct.stdout, help);
    });
});
