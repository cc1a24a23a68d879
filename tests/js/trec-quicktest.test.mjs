// trec_eval 10.0's own `make quicktest` (NIST, github.com/usnistgov/trec_eval), with
// `irmetrics trec` in place of `./trec_eval`: each of its 15 commands is run on the copies of
// trec_eval's test files in tests/fixtures/trec_eval/, and the output must equal trec_eval's
// expected file byte for byte. Those files are independent references; they are never edited.
//
// Each command runs both ways `irmetrics trec` can run: through the native executable
// (build/native/irmetrics-trec, what bin/irmetrics.mjs runs when it is built) and through the
// wasm module (IRMETRICS_WASM=1). Like trec-cli.test.mjs, this needs npm run build: without it
// every command fails with the CLI's "not built" message (or the native one is skipped).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../bin/irmetrics.mjs', import.meta.url));
const fixtures = fileURLToPath(new URL('../fixtures/trec_eval/', import.meta.url));
const native = process.env.IRMETRICS_TREC_NATIVE ||
  fileURLToPath(new URL('../../build/native/irmetrics-trec', import.meta.url));
// [path, extra environment, whether it can run]
const PATHS = [
  ['native', { IRMETRICS_WASM: '', IRMETRICS_TREC_NATIVE: native }, existsSync(native)],
  ['wasm', { IRMETRICS_WASM: '1' }, true],
];

// [expected output file, trec_eval's arguments], in the Makefile's order.
const MEAS_PARAMS = [
  '-q', '-miprec_at_recall..10,.20,.25,.75,.50', '-m', 'P.5,7,3', '-m', 'recall.20,2000',
  '-m', 'Rprec_mult.5.0,0.2,0.35', '-mutility.2,-1,0,0', '-m', '11pt_avg..25,.5,.75',
  '-mndcg.1=3,2=9,4=4.5', '-mndcg_cut.10,20,23.4', '-msuccess.2,5,20',
  'qrels.test', 'results.test',
];
const COMMANDS = [
  ['out.test', ['qrels.test', 'results.test']],
  ['out.test', ['qrels.test.with-comments', 'results.test']],
  ['out.comment.test', ['qrels.comment.test', 'results.comment.test']],
  ['out.test.a', ['-m', 'all_trec', 'qrels.test', 'results.test']],
  ['out.test.aq', ['-m', 'all_trec', '-q', 'qrels.test', 'results.test']],
  ['out.test.aqc', ['-m', 'all_trec', '-q', '-c', 'qrels.test', 'results.trunc']],
  ['out.test.aqcM', ['-m', 'all_trec', '-q', '-c', '-M100', 'qrels.test', 'results.trunc']],
  ['out.test.aql',
    ['-m', 'all_trec', '-mrelstring.20', '-q', '-l2', 'qrels.rel_level', 'results.test']],
  ['out.test.prefs', ['-m', 'all_prefs', '-q', '-R', 'prefs', 'prefs.test', 'prefs.results.test']],
  ['out.test.prefs',
    ['-m', 'all_prefs', '-q', '-R', 'prefs', 'prefs.comment.test', 'prefs.results.test']],
  ['out.test.qrels_prefs',
    ['-m', 'all_prefs', '-q', '-R', 'qrels_prefs', 'qrels.test', 'results.test']],
  ['out.test.qrels_jg', ['-m', 'qrels_jg', '-q', '-R', 'qrels_jg', 'qrels.123', 'results.test']],
  ['out.test.qrels_jg',
    ['-m', 'qrels_jg', '-q', '-R', 'qrels_jg', 'qrels.comments.123', 'results.test']],
  ['out.test.meas_params', MEAS_PARAMS],
  ['out.test.aqZ', ['-q', '-m', 'all_trec', '-Z', 'zscores_file', 'qrels.test', 'results.test']],
];

for (const [path, env, available] of PATHS) {
  describe(`trec_eval 10.0's quicktest (${path})`, () => {
    for (const [expected, args] of COMMANDS) {
      test(`trec_eval ${args.join(' ')} | diff - test/${expected}`,
        { skip: !available && `no ${path} build` }, () => {
          const result = spawnSync(process.execPath, [cli, 'trec', ...args],
            { cwd: fixtures, encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, ...env } });
          assert.equal(result.status, 0, result.stderr);
          assert.equal(result.stdout, readFileSync(`${fixtures}${expected}`, 'utf8'));
        });
    }
  });
}
