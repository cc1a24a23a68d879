// @ts-check
// `irmetrics trec -m NAME` with ir_measures' names (AP, P@k, nDCG(dcg=exp-log2)@k, ERR@k, RBP,
// rel=, judged_only=, …), as a user runs it: values worked out by hand on a small file pair, and
// gdeval.pl 1.3's own printed values on the files of tests/fixtures/gdeval/.
//
// The small pair (written to a temporary directory below):
//
//   qrels   topic 1: a 3, b 0, c 1, d 2, e -1 (negative: unjudged), g 1 (not retrieved)
//           topic 2: u 2, v 0
//   run     topic 1 ranked a x b d e c (x is not in the qrels): grades 3 - 0 2 (neg) 1
//           topic 2 ranked v u: grades 0 2
//
//   nDCG@10 (gain = grade, discount log2(rank + 1), ideal from every judged grade)
//     topic 1: (3 + 2/log2 5 + 1/log2 7) / (3 + 2/log2 3 + 1/log2 4 + 1/log2 5)
//              = 4.2175603 / 5.1925361 = 0.8122351
//     topic 2: (2/log2 3) / 2 = 0.6309298            mean 0.7215825
//   P(rel=2)@5   topic 1: a, d of 5 = 0.4; topic 2: u of 5 = 0.2; mean 0.3
//   P@5          the same here (c, grade 1, is at rank 6)
//   ERR@10 (gdeval: stopping probability (2^g - 1)/16)
//     topic 1: 7/16 at rank 1, 3/16 at rank 4, 1/16 at rank 6:
//              7/16 + 3/16 · 9/16 / 4 + 1/16 · (9/16 · 13/16) / 6 = 0.4686279
//     topic 2: 3/16 at rank 2: 3/16 / 2 = 0.09375       mean 0.2811890
//   RBP(p=0.5) (gains grade / largest grade of the topic)
//     topic 1: 0.5 · (1 + 2/3 · 0.5^3 + 1/3 · 0.5^5) = 105/192 = 0.546875
//              residual: unjudged at ranks 2 and 5, 0.5 · (0.5 + 0.5^4), plus 0.5^6 = 0.296875
//     topic 2: 0.5 · 0.5 = 0.25; residual: nothing unjudged, 0.5^2 = 0.25
//     mean 0.3984375, residual 0.2734375

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../bin/irmetrics.mjs', import.meta.url));
const gdevalDir = fileURLToPath(new URL('../fixtures/gdeval/', import.meta.url));

/**
 * Runs `irmetrics trec ARGS`.
 * @param {string[]} args
 */
function trec(args) {
  const result = spawnSync(process.execPath, [cli, 'trec', ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'irm-irmeasures-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const qrels = join(dir, 'qrels.txt');
const run = join(dir, 'run.txt');
writeFileSync(qrels, '1 0 a 3\n1 0 b 0\n1 0 c 1\n1 0 d 2\n1 0 e -1\n1 0 g 1\n2 0 u 2\n2 0 v 0\n');
writeFileSync(run, '1 Q0 a 1 5 sys\n1 Q0 x 2 4 sys\n1 Q0 b 3 3 sys\n1 Q0 d 4 2 sys\n' +
  '1 Q0 e 5 1.5 sys\n1 Q0 c 6 1 sys\n2 Q0 v 1 2 sys\n2 Q0 u 2 1 sys\n');

/**
 * trec_eval's line: the name padded to 22, the topic, the value.
 * @param {string} name @param {string} topic @param {string} value
 */
const line = (name, topic, value) => `${name.padEnd(22)}\t${topic}\t${value}\n`;

describe('irmetrics trec with ir_measures names', () => {
  test('nDCG@10 and P(rel=2)@5, per topic and in the summary, values by hand', () => {
    const { status, stdout, stderr } = trec(['-q', '-m', 'nDCG@10', '-m', 'P(rel=2)@5', qrels, run]);
    assert.equal(status, 0, stderr);
    assert.equal(stderr, '');
    assert.equal(stdout,
      line('nDCG@10', '1', '0.8122') + line('P(rel=2)@5', '1', '0.4000') +
      line('nDCG@10', '2', '0.6309') + line('P(rel=2)@5', '2', '0.2000') +
      line('nDCG@10', 'all', '0.7216') + line('P(rel=2)@5', 'all', '0.3000'));
  });

  test('ERR@10, RBP and its residual beside trec_eval names, each printed as ir_measures spells it', () => {
    const { status, stdout, stderr } = trec(['-m', 'P(rel=1)@5', '-m', 'ERR@10', '-m', 'RBP(p=0.50)',
      '-m', 'map', '--digits', '7', qrels, run]);
    assert.equal(status, 0, stderr);
    // map: topic 1 (1/1 + 2/4 + 3/6)/4 = 0.5, topic 2 (1/2)/1 = 0.5.
    assert.equal(stdout,
      line('map', 'all', '0.5000000') + line('P@5', 'all', '0.3000000') +
      line('ERR@10', 'all', '0.2811890') + line('RBP(p=0.5)', 'all', '0.3984375') +
      line('RBP(p=0.5)_resid', 'all', '0.2734375'));
  });

  test('a name with a comma is quoted in CSV', () => {
    const { status, stdout, stderr } = trec(['--format', 'csv', '-m', 'P(rel=2,judged_only=true)@5',
      qrels, run]);
    assert.equal(status, 0, stderr);
    // Judged only, topic 1 is a b d c: a and d of 5; topic 2 v u: u of 5.
    assert.equal(stdout, 'run,measure,topic,value\nsys,"P(rel=2,judged_only=True)@5",all,0.3000\n');
  });

  test('a name that cannot be read: exit status 2 and the column', () => {
    const { status, stdout, stderr } = trec(['-m', 'nDCG(dcg=exp-log2)', qrels, run]);
    assert.equal(status, 2);
    assert.equal(stdout, '');
    assert.match(stderr, /-m 'nDCG\(dcg=exp-log2\)', column 19: nDCG\(dcg=exp-log2\) needs a cutoff/);
  });
});

describe("gdeval.pl 1.3's printed values (tests/fixtures/gdeval)", () => {
  for (const n of [1, 2, 3]) {
    for (const k of [5, 10, 20]) {
      test(`qrels-${n}.txt, run-${n}.txt, k = ${k}`, () => {
        // gdeval's lines: runid,topic,ndcg@k,err@k, then runid,amean,…
        const expected = readFileSync(join(gdevalDir, `gdeval-${n}-k${k}.csv`), 'utf8')
          .trim().split('\n').slice(1).map((row) => row.split(','))
          .map(([, topic, ndcg, err]) => [topic === 'amean' ? 'all' : topic, ndcg, err].join(' '))
          .sort();
        const { status, stdout, stderr } = trec(['-q', '--digits', '5',
          '-m', `nDCG(dcg=exp-log2)@${k}`, '-m', `ERR@${k}`,
          join(gdevalDir, `qrels-${n}.txt`), join(gdevalDir, `run-${n}.txt`)]);
        assert.equal(status, 0, stderr);
        /** @type {Map<string, string[]>} */
        const byTopic = new Map();
        for (const row of stdout.trim().split('\n')) {
          const [name, topic, value] = row.split('\t');
          const values = byTopic.get(topic) ?? ['', ''];
          values[name.trim().startsWith('ERR') ? 1 : 0] = value.trim();
          byTopic.set(topic, values);
        }
        const got = [...byTopic].map(([topic, [ndcg, err]]) => `${topic} ${ndcg} ${err}`).sort();
        assert.deepEqual(got, expected);
      });
    }
  }
});

test('--help lists ir_measures names with the trec_eval measure each is', () => {
  const { status, stdout } = trec(['--help']);
  assert.equal(status, 0);
  assert.match(stdout, /ir_measures' names/);
  assert.match(stdout, /AP, AP@k +map, map_cut\.k/);
  assert.match(stdout, /ERR@k +expected reciprocal rank, as gdeval\.pl 1\.3 computes it/);
  assert.match(stdout, /RBP_resid/);
  assert.match(stdout, /Compat +compatibility with the ideal ranking/);
  assert.match(stdout, /INST\(max_rel=N\) INST/);
});

describe("trec_eval 10.0's rbp and rbp_resid (tests/fixtures/rbp)", () => {
  const rbpDir = fileURLToPath(new URL('../fixtures/rbp/', import.meta.url));
  for (const p of ['0.8', '0.95']) {
    test(`RBP(p=${p}) and its residual print trec_eval's values`, () => {
      // trec_eval's lines: rbp_p=P / rbp_resid_p=P, topic, value (4 decimals).
      const expected = readFileSync(join(rbpDir, `trec_eval-p${p}.txt`), 'utf8').trim().split('\n')
        .map((row) => row.split('\t').map((field) => field.trim()))
        .map(([name, topic, value]) => `${name.startsWith('rbp_resid') ? 'resid' : 'rbp'} ${topic} ${value}`);
      const name = p === '0.8' ? 'RBP' : `RBP(p=${p})`;
      const { status, stdout, stderr } = trec(['-q', '-m', `RBP(p=${p})`,
        join(rbpDir, 'qrels.txt'), join(rbpDir, 'run.txt')]);
      assert.equal(status, 0, stderr);
      const got = stdout.trim().split('\n')
        .map((row) => row.split('\t').map((field) => field.trim()))
        .map(([measure, topic, value]) => {
          const kind = { [name]: 'rbp', [`${name}_resid`]: 'resid' }[measure] ?? measure;
          return `${kind} ${topic} ${value}`;
        });
      assert.deepEqual(got, expected);
    });
  }
});
