// The calculators' wasm modules (wasm/CMakeLists.txt), web/generated/irmetrics-lite.{js,wasm}
// (built without the TREC engine and the answer checks) and irmetrics-check.{js,wasm} (without
// the TREC engine, with the checks), through the engine the pages use (web/js/engine-worker.js's
// engineOver): they compute like the full module, have compareRuns (the significance page
// compares pasted runs with it), and have no TrecSession; only the check module checks.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { engineOver } from '../../web/js/engine-worker.js';

const generated = new URL('../../web/generated/', import.meta.url);

let lite; // the first module itself
let engine; // engineOver over it, as the calculators' worker runs it
let checks; // engineOver over the check module
before(async () => {
  const wasmBinary = readFileSync(new URL('irmetrics-lite.wasm', generated));
  const { default: createLite } = await import(new URL('irmetrics-lite.js', generated).href);
  lite = await createLite({ wasmBinary });
  engine = engineOver(() => createLite({ wasmBinary }));
  const checkBinary = readFileSync(new URL('irmetrics-check.wasm', generated));
  const { default: createCheck } = await import(new URL('irmetrics-check.js', generated).href);
  checks = engineOver(() => createCheck({ wasmBinary: checkBinary }));
});

test('the lite module has compute and compareRuns, and neither the TREC engine nor checks', () => {
  assert.equal(lite.TrecSession, undefined);
  assert.equal(lite.check, undefined);
  assert.equal(lite.listSlips, undefined);
  for (const name of ['compute', 'listMeasures', 'compareRuns', 'version']) assert.equal(typeof lite[name], 'function', name);
});

// + - + - - + - - + + with R = 5: relevant at 1, 3, 6, 9, 10:
// AP = (1/1 + 2/3 + 3/6 + 4/9 + 5/10) / 5 = (90 + 60 + 45 + 40 + 45) / 450 = 280/450 = 28/45.
test('AP of the ranked sample is 28/45, and the check module judges 28/45 correct', async () => {
  const result = await engine.compute('AP', '+ - + - - + - - + +', { relevant: '5' });
  assert.equal(result.ok, true, JSON.stringify(result.error));
  assert.equal(result.value.value.exact, '28/45');
  const checked = await checks.check('AP', '+ - + - - + - - + +', { relevant: '5' }, '28/45');
  assert.equal(checked.ok, true, JSON.stringify(checked.error));
  assert.equal(checked.value.correct, true);
});

// Run a beats run b on all 4 topics: the two-sided exact sign test gives
// p = 2 × (1/2)^4 = 1/8 = 0.125; mean_a = (0.5 + 0.6 + 0.7 + 0.8) / 4 = 0.65,
// mean_b = (0.1 + 0.2 + 0.3 + 0.4) / 4 = 0.25.
test('compareRuns through the engine: a sign test of 4 wins out of 4 has p = 0.125', async () => {
  const input = {
    runs: ['a', 'b'],
    topics: ['t1', 't2', 't3', 't4'],
    scores: [{ measure: 'map', byRun: [[0.5, 0.6, 0.7, 0.8], [0.1, 0.2, 0.3, 0.4]] }],
  };
  const result = await engine.compareRuns(input, { test: 'sign' });
  assert.equal(result.ok, true, JSON.stringify(result.error));
  const [pair] = result.value.comparisons;
  assert.equal(pair.wins, 4);
  assert.equal(pair.losses, 0);
  assert.ok(Math.abs(pair.p - 0.125) < 1e-12, String(pair.p));
  assert.ok(Math.abs(pair.mean_a - 0.65) < 1e-12 && Math.abs(pair.mean_b - 0.25) < 1e-12);
});

// Built without -fexceptions (wasm/CMakeLists.txt): a C++ exception aborts the module instead of
// becoming an answer, and the engine answers with an internal error and a new module.
test('a C++ exception aborts the lite module; the engine answers it and starts a new one', async () => {
  const wasmBinary = readFileSync(new URL('irmetrics-lite.wasm', generated));
  const { default: createLite } = await import(new URL('irmetrics-lite.js', generated).href);
  let made = 0;
  const recovering = engineOver(async () => {
    made += 1;
    const module = await createLite({ wasmBinary });
    return Object.assign(Object.create(module), {
      compute: (measure, input, options) => (measure === 'THROW' ? module.internalErrorForTest() : module.compute(measure, input, options)),
    });
  });
  const failed = await recovering.compute('THROW', '', {});
  assert.equal(failed.ok, false);
  assert.equal(failed.error.code, 'internal');
  assert.match(failed.error.message, /has been restarted/);
  const next = await recovering.compute('AP', '+ - + - - + - - + +', { relevant: '5' });
  assert.equal(next.ok, true, JSON.stringify(next.error));
  assert.equal(next.value.value.exact, '28/45');
  assert.equal(made, 2);
});
