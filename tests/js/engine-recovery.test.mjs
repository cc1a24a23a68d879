// The page's engine (web/js/engine-worker.js, engineOver) after a failure: a request that traps
// the wasm module (here a module whose compute throws a RuntimeError once, as a stack overflow or
// "table index is out of bounds" did) is answered with an internal error, the module is dropped,
// and the next request gets its answer from a new module. A module that fails to load is tried
// again on the next request.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadEngine } from '../../bin/lib/engine.mjs';
import { engineOver } from '../../web/js/engine-worker.js';

test('a request that traps the module gets an internal error; the next gets a new module', async () => {
  let made = 0;
  let trapped = false;
  const engine = engineOver(async () => {
    made += 1;
    const module = await loadEngine();
    const compute = module.compute.bind(module);
    return {
      ...module,
      version: () => module.version(),
      listMeasures: () => module.listMeasures(),
      check: (...args) => module.check(...args),
      compute: (measure, input, options) => {
        if (measure === 'TRAP' && !trapped) {
          trapped = true;
          throw new WebAssembly.RuntimeError('table index is out of bounds');
        }
        // Once trapped, this module would answer nonsense: it must never be asked again.
        if (trapped) throw new Error('the broken module was used again');
        return compute(measure, input, options);
      },
    };
  });
  // Relevant at ranks 1 and 3 of 4, R = 5: AP = (1/1 + 2/3)/5 = 1/3.
  const before = await engine.compute('AP', 'R N R N', { relevant: '5' });
  assert.equal(before.value.value.exact, '1/3');
  const failed = await engine.compute('TRAP', 'R N', {});
  assert.equal(failed.ok, false);
  assert.equal(failed.error.code, 'internal');
  assert.match(failed.error.message, /failed on this request \(table index is out of bounds\)\. It has been restarted/);
  trapped = false; // the new module is sound
  const after = await engine.compute('AP', 'R N R N', { relevant: '5' });
  assert.equal(after.ok, true);
  assert.equal(after.value.value.exact, '1/3');
  assert.equal(made, 2, 'one new module after the trap');
  // check and listMeasures go through the same guard.
  assert.equal((await engine.check('AP', 'R N R N', { relevant: '5' }, '1/3')).value.correct, true);
  assert.ok((await engine.listMeasures()).length > 20);
});

test('a module that fails to load is loaded again on the next request', async () => {
  let attempts = 0;
  const engine = engineOver(async () => {
    attempts += 1;
    if (attempts === 1) throw new Error('network error');
    return loadEngine();
  });
  const first = await engine.ready();
  assert.equal(first.ok, false);
  assert.match(first.error.message, /^The calculator engine failed \(network error\)\. Reload the page/);
  const second = await engine.ready();
  assert.equal(second.ok, true);
  assert.equal(attempts, 2);
  assert.deepEqual(await engineOver(() => Promise.reject(new Error('gone'))).listMeasures(), []);
});
