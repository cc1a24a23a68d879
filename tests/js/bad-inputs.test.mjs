// The bad-input corpus (tests/fixtures/bad-inputs.mjs) through the wasm module: each malformed
// input gets its error (code, field, line, column, length, message word for word), and after
// each one the module still answers a good input correctly. Then the exact-arithmetic limits
// through the JS boundary: no NaN, infinity or "undefined" anywhere in any result of any
// registry measure on degenerate and huge inputs, decimals with a note where a fraction would
// overflow, and 0/0 conventions stated.
//
// Run: node --test tests/js/bad-inputs.test.mjs (after the wasm build).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';

import {
  ANSWER_CHECK,
  GOOD,
  TREC_GOOD_MAP,
  TREC_QRELS,
  TREC_RUN,
  badInputs,
  materialize,
} from '../fixtures/bad-inputs.mjs';

const generated = new URL('../../web/generated/', import.meta.url);

let irm;
before(async () => {
  const wasmBinary = readFileSync(new URL('irmetrics.wasm', generated));
  const { default: createIrMetrics } = await import(new URL('irmetrics.js', generated).href);
  irm = await createIrMetrics({ wasmBinary });
});

/** The fields of an error the corpus pins. */
const pinned = (error, withFile) => ({
  code: error.code,
  field: error.field,
  line: error.line,
  column: error.column,
  length: error.length,
  message: error.message,
  ...(withFile ? { file: error.file } : {}),
});

/** The module still answers GOOD with its hand-worked value. */
function assertStillWorks() {
  const result = irm.compute(GOOD.measure, GOOD.input, GOOD.options);
  assert.equal(result.ok, true, `the module no longer answers a good input: ${JSON.stringify(result.error)}`);
  assert.equal(result.value.value.exact, GOOD.exact);
}

/** Runs a TREC session to its first error; returns [stage, error] or null. */
function trecSession({ qrels = TREC_QRELS, run = TREC_RUN, args }) {
  const session = new irm.TrecSession();
  const feed = (kind, file) => {
    const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : Uint8Array.from(file.bytes);
    if (bytes.length === 0) return { ok: true };
    session.buffer(bytes.length).set(bytes);
    return session[`feed${kind}`](bytes.length);
  };
  const stages = [
    ['configure', () => (args ? session.configure(args) : { ok: true })],
    ['beginQrels', () => (session.beginQrels('qrels.txt'), { ok: true })],
    ['feedQrels', () => feed('Qrels', qrels)],
    ['endQrels', () => session.endQrels()],
    ['beginRun', () => session.beginRun('run.txt', false)],
    ['feedRun', () => feed('Run', run)],
    ['endRun', () => session.endRun()],
  ];
  try {
    for (const [stage, call] of stages) {
      const result = call();
      if (!result.ok) return { failed: [stage, result.error] };
    }
    return { report: JSON.parse(session.report('json', 4)) };
  } finally {
    session.delete();
  }
}

describe('the bad-input corpus', () => {
  test('has at least 100 entries, unique ids, and covers every input family of the registry', () => {
    assert.ok(badInputs.length >= 100, `only ${badInputs.length} entries`);
    const ids = badInputs.map((entry) => entry.id);
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
    const families = new Set(badInputs.map((entry) => entry.family));
    for (const info of irm.listMeasures()) {
      assert.ok(families.has(info.input), `no bad input for the ${info.input} family (${info.name})`);
    }
    for (const family of ['trec', 'answer']) assert.ok(families.has(family), `no ${family} entries`);
  });

  for (const entry of badInputs.filter((e) => e.family !== 'trec' && e.family !== 'answer')) {
    test(`${entry.id}: ${entry.expect.code}`, (t) => {
      const measure = materialize(entry.measure);
      const input = materialize(entry.input);
      const started = performance.now();
      const result = irm.compute(measure, input, entry.options ?? {});
      const elapsed = performance.now() - started;
      if (input.length + measure.length > 1e6) {
        // The time is printed, not asserted: a test must not depend on the machine's speed.
        t.diagnostic(`${((input.length + measure.length) / 2 ** 20).toFixed(1)} MB answered in ${elapsed.toFixed(0)} ms`);
      }
      assert.equal(result.ok, false, `computed ${JSON.stringify(result.value?.value)} instead of refusing`);
      assert.deepEqual(pinned(result.error), entry.expect);
      assertStillWorks();
    });
  }

  for (const entry of badInputs.filter((e) => e.family === 'trec')) {
    test(`${entry.id}: ${entry.expect.code} at ${entry.expect.stage}`, () => {
      const { failed } = trecSession(entry);
      assert.ok(failed, 'the session accepted the files');
      const [stage, error] = failed;
      const { stage: expectedStage, ...expected } = entry.expect;
      assert.equal(stage, expectedStage);
      assert.deepEqual(pinned(error, true), expected);
      // A fresh session on good files still evaluates: map = 1/2 (see TREC_RUN).
      const { report } = trecSession({});
      const map = report.measures.findIndex((m) => m.name === 'map');
      assert.equal(report.runs[0].summary[map], TREC_GOOD_MAP);
      assertStillWorks();
    });
  }

  for (const entry of badInputs.filter((e) => e.family === 'answer')) {
    test(`${entry.id}: ${entry.expect.code}`, () => {
      const { measure, input, options, right } = ANSWER_CHECK;
      const result = irm.check(measure, input, options, entry.answer);
      assert.equal(result.ok, false);
      assert.deepEqual(pinned(result.error), entry.expect);
      // 28/45 = 0.6222… rounds to 0.62 at 2 decimals.
      const good = irm.check(measure, input, options, right);
      assert.equal(good.ok && good.value.correct, true);
      assertStillWorks();
    });
  }
});

// ------------------------------------------------------------------ exact arithmetic limits

/** Every place in `value` where a number is NaN or infinite, or a text reads nan/inf/undefined. */
function nonFinite(value, path = 'result', found = []) {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) found.push(`${path} = ${value}`);
  } else if (typeof value === 'string') {
    // Notes may name another tool's answer ("scipy returns NaN", "R's irr return NaN") or call
    // 0/0 undefined in words ("κ = 0/0 is undefined"): neither is a value shown. "= undefined"
    // or "(undefined" is (a JS undefined turned into text).
    const asWord = /(^|[^\w])(-?nan|-?inf|infinity)([^\w]|$)/i.test(value) && !/returns? NaN/.test(value);
    const asValue = /(^|[=(+−-]\s*)undefined\b/.test(value);
    if (asWord || asValue) {
      found.push(`${path}: ${value.slice(0, 120)}`);
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nonFinite(item, `${path}[${index}]`, found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) nonFinite(item, `${path}.${key}`, found);
  }
  return found;
}

const BIG = '999999999999999';  // 10^15 − 1, the largest count the grids take
const ranks = (count, relevant) => Array.from({ length: count }, (_, i) => (relevant(i) ? 'R' : 'N')).join(' ');

/** Degenerate and huge inputs for each input family: zeros, ties, one class, R = 0, 10^15. */
const EDGE_INPUTS = {
  ranked_list: [
    ['N N N', { relevant: '0' }], ['R', {}], ['U ? R', {}], ['N', { relevant: '1000000000000' }],
    [ranks(200, (i) => i % 7 === 0 || i % 11 === 0), { relevant: '999999999999' }],
    ['I R N N R I', { relevant: '2' }],
  ],
  graded_list: [['0 0 0', {}], ['100 0', {}], ['999999999999999999 1', {}], ['0.000001 0', {}]],
  queries: [
    ['N N\n\nN', {}], ['q1 relevant=0\nN N', {}], ['q1 relevant=5\nN\n\nq2 relevant=1\nR', {}],
    [Array.from({ length: 60 }, (_, q) => ranks(q + 1, (i) => i === q)).join('\n\n'), {}],
  ],
  scored_labels: [['1 0.5\n0 0.5', {}], ['1 1e300\n0 -1e300\n1 1e300', {}], ['R N', {}], ['1 0.9\n0 0.1', {}]],
  confusion: [
    ['tp=0 fp=0 fn=0 tn=0', {}], ['tp=0 fp=0 fn=3 tn=0', {}], ['tp=0 fp=5 fn=0 tn=0', {}],
    [`tp=${BIG} fp=${BIG} fn=1 tn=${BIG}`, {}], ['true: a a\npredicted: b b', {}],
  ],
  multiclass: [['1 0\n0 0', {}], ['0 1\n0 0', {}], [`${BIG} 1 1\n1 ${BIG} 1\n1 1 ${BIG}`, {}]],
  judges: [['5 0\n0 0', {}], ['0 3\n0 0', {}], [`${BIG} 1\n1 ${BIG}`, {}], ['1000000000000000 999999999999999\n999999999999997 999999999999993', {}]],
  ratings: [['2 0\n2 0', {}], ['0 2\n2 0', {}], [`${BIG} 1\n1 ${BIG}`, {}]],
  reliability: [['A: 1 2\nB: 2 1', {}], [`A: 0 ${BIG}\nB: ${BIG} 0\nC: 1 *`, {}], ['A: 0.000001 0\nB: 0 0.000001', {}], ['A: a b\nB: b a', {}]],
  rankings: [['x: 1 1 1\ny: 1 2 3', {}], ['x: 1 1\ny: 1 1', {}], ['x: 1e17 -1e17\ny: 1 2', {}]],
  two_lists: [['x: a\ny: b', {}], ['x: a\ny: a', {}], [`x: ${Array.from({ length: 300 }, (_, i) => `d${i}`).join(' ')}\ny: d5 d1`, {}]],
  paired: [['d: 0 0', {}], ['d: 1e15 -1e15 0', {}], ['q1 0.5 0.5\nq2 0.3 0.3', {}], ['d: 1e-15 2e-15 -1e-15', {}], ['d: 1 1 1', {}]],
  runs: [['A q1: d1\nB q1: d1', {}], ['A q1: d1', {}], ['A q1: d1 d2\nqrels q1: d1', {}]],
  subtopic_list: [['- | -', {}], ['d1: 1', {}], ['1 2 3 | 1 2 3 | 1 2 3\nunretrieved: 4 | 4', {}], ['0 1000000 | 0', {}]],
};

/** Each registry measure under its plain name (with a cutoff where one is required) and under
 *  its example name. */
function namesOf(info) {
  const plain = info.cutoff === 'required' ? `${info.name}@${info.cutoffKind === 'recall' ? '0.5' : '3'}` : info.name;
  return [...new Set([plain, info.example])];
}

describe('exact arithmetic limits through the JS boundary', () => {
  test('no NaN, infinity or "undefined" in any result of any measure on degenerate and huge inputs', () => {
    let computed = 0;
    const problems = [];
    for (const info of irm.listMeasures()) {
      for (const measure of namesOf(info)) {
        for (const [input, options] of EDGE_INPUTS[info.input]) {
          const result = irm.compute(measure, input, options);
          computed += result.ok ? 1 : 0;
          for (const place of nonFinite(result)) problems.push(`${measure} on ${JSON.stringify(input.slice(0, 40))}: ${place}`);
        }
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(computed > 150, `only ${computed} edge inputs computed`);
  });

  const overflowNote = 'The exact fraction grew past 64-bit integers, so this value is shown as a decimal (double precision) instead of a fraction.';

  test('AP over R = 10^12 − 1 and 200 ranks is a decimal with the overflow note, equal to an independent sum', () => {
    let sum = 0;
    let found = 0;
    for (let i = 0; i < 200; i++) if (i % 7 === 0 || i % 11 === 0) sum += ++found / (i + 1);
    const result = irm.compute('AP', ranks(200, (i) => i % 7 === 0 || i % 11 === 0), { relevant: '999999999999' });
    assert.equal(result.ok, true);
    assert.equal(result.value.value.exact, null);
    assert.ok(result.value.notes.includes(overflowNote));
    assert.ok(Math.abs(result.value.value.approx - sum / 999999999999) < 1e-24);
  });

  test('MRR of 60 queries with the first relevant at rank q is H_60/60 as a decimal with the note', () => {
    let harmonic = 0;
    for (let q = 1; q <= 60; q++) harmonic += 1 / q;
    const input = Array.from({ length: 60 }, (_, q) => ranks(q + 1, (i) => i === q)).join('\n\n');
    const result = irm.compute('MRR', input);
    assert.equal(result.ok, true);
    assert.equal(result.value.value.exact, null);
    assert.ok(result.value.notes.includes(overflowNote));
    assert.ok(Math.abs(result.value.value.approx - harmonic / 60) < 1e-15);
  });

  test('kappa with counts near 10^15: exact when it fits, a decimal with the note when not', () => {
    // a = d = 10^15 − 1, b = c = 1: P(E) = 1/2, κ = 2 P(A) − 1 = 499999999999999/500000000000000.
    const fits = irm.compute('kappa', `${BIG} 1\n1 ${BIG}`);
    assert.equal(fits.value.value.exact, '499999999999999/500000000000000');
    // κ = −3000000000000003/3999999999999978000000000000019 ≈ −7.5e-16: beyond 64 bits.
    const close = irm.compute('kappa', '1000000000000000 999999999999999\n999999999999997 999999999999993');
    assert.equal(close.value.value.exact, null);
    assert.ok(close.value.notes.includes(overflowNote));
    assert.ok(Math.abs(close.value.value.approx + 7.5e-16) < 1e-15);
  });

  test('F with counts near 10^15 stays exact: F1 = 10^15/(2·10^15 − 2)', () => {
    const result = irm.compute('F', `tp=1000000000000000 fp=${BIG} fn=999999999999997 tn=1`);
    assert.equal(result.value.value.exact, '500000000000000/999999999999999');
  });

  test('0/0 cases state their convention', () => {
    const notes = (measure, input, options = {}) => irm.compute(measure, input, options).value.notes.join(' ');
    assert.match(notes('AP', 'N N N', { relevant: '0' }), /R = 0: there is nothing to average, so AP is taken as 0\./);
    assert.match(notes('nDCG', '0 0 0'), /nDCG would be 0\/0; it is taken as 0\./);
    assert.match(notes('confusion', 'tp=0 fp=0 fn=0 tn=0'), /precision is 0\/0; it is taken as 0 by convention\./);
    assert.match(notes('tau', 'x: 1 1 1\ny: 1 2 3'), /τb = 0\/0 is undefined/);
    assert.match(notes('kappa', '5 0\n0 0'), /κ = 0\/0 is undefined/);
    assert.match(notes('PR', 'N N', { relevant: '0' }), /recall is 0\/0; it is taken as 0\./);
  });
});
