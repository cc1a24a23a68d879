// The one worker client (web/js/worker-client.js), driven with a stand-in worker: an object with
// postMessage, terminate and addEventListener whose answers the test sends by hand, so every
// ordering (answers out of order, progress, a crash mid-request, a request given up) is chosen
// here rather than left to a real worker's timing.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { workerClient } from '../../web/js/worker-client.js';

/** A stand-in worker: records what it is sent; `answer`, `progress` and `crash` act as the worker. */
function fakeWorker() {
  const listeners = { message: [], error: [] };
  const fake = {
    posted: [],
    terminated: false,
    postMessage(message) {
      fake.posted.push(message);
    },
    terminate() {
      fake.terminated = true;
    },
    addEventListener(type, listener) {
      listeners[type].push(listener);
    },
    /** Posts a message to the page, as the worker's self.postMessage does. */
    send(data) {
      for (const listener of listeners.message) listener({ data });
    },
    crash(message) {
      let prevented = false;
      for (const listener of listeners.error) listener({ message, preventDefault: () => (prevented = true) });
      return prevented;
    },
  };
  return fake;
}

/** A spawn function that makes stand-ins and keeps them, in order. */
function spawner() {
  const made = [];
  const spawn = () => {
    const worker = fakeWorker();
    made.push(worker);
    return worker;
  };
  return { made, spawn };
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Resolves to 'pending' when `promise` has not settled yet (after callbacks have run). */
async function state(promise) {
  let result = 'pending';
  promise.then((value) => (result = value));
  await settle();
  return result;
}

test('the worker starts on the first request; answers are matched by id, in any order', async () => {
  const { made, spawn } = spawner();
  const client = workerClient({ spawn, onFailure: () => 'failed' });
  assert.equal(made.length, 0, 'nothing is started before it is needed');
  const first = client.request({ type: 'a' });
  const second = client.request({ type: 'b' });
  assert.equal(made.length, 1);
  const [worker] = made;
  // Each request goes out at once (not serial), with an id added and the message kept.
  assert.deepEqual(worker.posted, [
    { type: 'a', id: 1 },
    { type: 'b', id: 2 },
  ]);
  // Answered second first; an answer with an unknown id is ignored.
  worker.send({ type: 'answer', id: 99, ok: true });
  worker.send({ type: 'answer', id: 2, ok: true, which: 'b' });
  assert.equal(await state(first), 'pending');
  worker.send({ type: 'answer', id: 1, ok: true, which: 'a' });
  assert.deepEqual(await first, { type: 'answer', id: 1, ok: true, which: 'a' });
  assert.deepEqual(await second, { type: 'answer', id: 2, ok: true, which: 'b' });
  // A second answer to the same id (already resolved) changes nothing and throws nothing.
  worker.send({ type: 'answer', id: 1, ok: false });
});

test('progress messages go to the request they name, and do not answer it', async () => {
  const { made, spawn } = spawner();
  const client = workerClient({ spawn, onFailure: () => 'failed' });
  const seen = [];
  const answer = client.request({ type: 'evaluate' }, { onProgress: (data) => seen.push([data.done, data.total]) });
  const other = client.request({ type: 'sniff' });
  const [worker] = made;
  worker.send({ type: 'progress', id: 1, done: 0, total: 300 });
  worker.send({ type: 'progress', id: 2, done: 5, total: 5 }); // the sniff has no onProgress
  worker.send({ type: 'progress', id: 1, done: 300, total: 300 });
  assert.equal(await state(answer), 'pending');
  worker.send({ type: 'answer', id: 1, ok: true });
  worker.send({ type: 'answer', id: 2, ok: true });
  assert.equal((await answer).ok, true);
  assert.equal((await other).ok, true);
  assert.deepEqual(seen, [
    [0, 300],
    [300, 300],
  ]);
});

test('answerOf reads the answer out of the message (the calculators wrap it)', async () => {
  const { made, spawn } = spawner();
  const client = workerClient({ spawn, answerOf: (data) => data.answer, onFailure: () => 'failed' });
  const answer = client.request({ type: 'ready' });
  made[0].send({ type: 'answer', id: 1, answer: { ok: true, version: '1.2.3' } });
  assert.deepEqual(await answer, { ok: true, version: '1.2.3' });
});

test('a crash answers what the worker held with onFailure; with respawn the next request starts a new worker', async () => {
  const { made, spawn } = spawner();
  const client = workerClient({
    spawn,
    onFailure: (message, reason) => ({ ok: false, type: message.type, reason }),
    respawn: true,
  });
  const first = client.request({ type: 'evaluate' });
  const second = client.request({ type: 'topic' });
  assert.equal(made[0].crash('out of memory'), true, 'the error is handled: preventDefault');
  assert.equal(made[0].terminated, true);
  assert.deepEqual(await first, { ok: false, type: 'evaluate', reason: 'out of memory' });
  assert.deepEqual(await second, { ok: false, type: 'topic', reason: 'out of memory' });
  // The dead worker's late messages are not taken as answers to the new worker's requests.
  const third = client.request({ type: 'version' });
  assert.equal(made.length, 2);
  assert.deepEqual(made[1].posted, [{ type: 'version', id: 3 }]);
  made[0].send({ type: 'answer', id: 3, from: 'dead' });
  assert.equal(await state(third), 'pending');
  made[1].send({ type: 'answer', id: 3, from: 'new' });
  assert.equal((await third).from, 'new');
});

test('without respawn, a failed worker hands every request to onFailure from then on', async () => {
  const { made, spawn } = spawner();
  const inThread = [];
  const client = workerClient({
    spawn,
    onFailure: async (message) => {
      inThread.push(message.type);
      return `in thread: ${message.type}`;
    },
    serial: true,
  });
  const first = client.request({ type: 'compute' });
  const waiting = client.request({ type: 'check' });
  assert.equal(made[0].posted.length, 1, 'serial: the second waits for the first');
  made[0].crash('');
  assert.equal(await first, 'in thread: compute');
  assert.equal(await waiting, 'in thread: check');
  assert.equal(await client.request({ type: 'listMeasures' }), 'in thread: listMeasures');
  assert.equal(made.length, 1, 'no new worker');
  assert.deepEqual(inThread, ['compute', 'check', 'listMeasures']);
});

test('a worker that cannot be started: start() says so, and requests get onFailure with no reason', async () => {
  const client = workerClient({ spawn: () => null, onFailure: (message, reason) => `failed (${reason || 'none'})` });
  assert.equal(client.start(), false);
  assert.equal(await client.request({ type: 'version' }), 'failed (none)');
  // With respawn, every request tries again (and may still fail).
  let tries = 0;
  const again = workerClient({ spawn: () => (tries++, null), onFailure: () => 'failed', respawn: true });
  assert.equal(await again.request({}), 'failed');
  assert.equal(await again.request({}), 'failed');
  assert.equal(tries, 2);
});

test('serial: one request at a time, the next sent when the answer comes', async () => {
  const { made, spawn } = spawner();
  const client = workerClient({ spawn, answerOf: (data) => data.answer, onFailure: () => 'failed', serial: true });
  const a = client.request({ type: 'a' });
  const b = client.request({ type: 'b' });
  const [worker] = made;
  assert.deepEqual(worker.posted, [{ type: 'a', id: 1 }]);
  worker.send({ type: 'answer', id: 1, answer: 'A' });
  assert.equal(await a, 'A');
  assert.deepEqual(worker.posted, [
    { type: 'a', id: 1 },
    { type: 'b', id: 2 },
  ]);
  worker.send({ type: 'answer', id: 2, answer: 'B' });
  assert.equal(await b, 'B');
});

test('serial: a request given up while it waits is never sent; one aborted before asking is not either', async () => {
  const { made, spawn } = spawner();
  const client = workerClient({ spawn, answerOf: (data) => data.answer, onFailure: () => 'failed', cancelled: () => 'cancelled', serial: true });
  const running = client.request({ type: 'a' });
  const stop = new AbortController();
  const waiting = client.request({ type: 'b' }, { signal: stop.signal });
  stop.abort();
  assert.equal(await waiting, 'cancelled');
  const aborted = new AbortController();
  aborted.abort();
  assert.equal(await client.request({ type: 'c' }, { signal: aborted.signal }), 'cancelled');
  made[0].send({ type: 'answer', id: 1, answer: 'A' });
  assert.equal(await running, 'A');
  assert.deepEqual(made[0].posted, [{ type: 'a', id: 1 }], 'b and c never reached the worker');
});

test('serial: a running request given up is stopped by a new worker once it has run restartAfterMs', async () => {
  const { made, spawn } = spawner();
  let clock = 1000;
  const client = workerClient({
    spawn,
    answerOf: (data) => data.answer,
    onFailure: () => 'failed',
    cancelled: () => 'cancelled',
    serial: true,
    restartAfterMs: 0, // restart as soon as it is given up: the test waits for no timer
    now: () => clock,
  });
  const stop = new AbortController();
  const slow = client.request({ type: 'compute', input: 'long' }, { signal: stop.signal });
  const next = client.request({ type: 'compute', input: 'new' });
  clock += 5;
  stop.abort();
  assert.equal(await slow, 'cancelled');
  assert.equal(made.length, 2, 'the busy worker was replaced');
  assert.equal(made[0].terminated, true);
  // The waiting request went to the new worker.
  assert.deepEqual(made[1].posted, [{ type: 'compute', input: 'new', id: 2 }]);
  made[1].send({ type: 'answer', id: 2, answer: 'new answer' });
  assert.equal(await next, 'new answer');
});

test('serial: a request given up after it was answered changes nothing', async () => {
  const { made, spawn } = spawner();
  const client = workerClient({ spawn, answerOf: (data) => data.answer, onFailure: () => 'failed', serial: true, restartAfterMs: 0 });
  const stop = new AbortController();
  const answer = client.request({ type: 'a' }, { signal: stop.signal });
  made[0].send({ type: 'answer', id: 1, answer: 'A' });
  assert.equal(await answer, 'A');
  stop.abort();
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(made.length, 1, 'no restart');
  assert.equal(made[0].terminated, false);
});

test('not serial: a request given up is answered cancelled at once, and its late answer dropped', async () => {
  const { made, spawn } = spawner();
  const client = workerClient({ spawn, onFailure: () => 'failed' });
  const stop = new AbortController();
  const given = client.request({ type: 'a' }, { signal: stop.signal });
  stop.abort();
  assert.deepEqual(await given, { ok: false, cancelled: true }, 'the default cancelled answer');
  made[0].send({ type: 'answer', id: 1, ok: true });
  assert.equal(made[0].terminated, false, 'the worker is kept for other requests');
});

test('terminate stops the worker, answers what it held as cancelled, and the next request starts anew', async () => {
  const { made, spawn } = spawner();
  const client = workerClient({ spawn, onFailure: () => 'failed', cancelled: () => 'cancelled' });
  const held = client.request({ type: 'a' });
  client.terminate();
  assert.equal(made[0].terminated, true);
  assert.equal(await held, 'cancelled');
  const after = client.request({ type: 'b' });
  assert.equal(made.length, 2);
  made[1].send({ type: 'answer', id: 2, ok: 'b' });
  assert.equal((await after).ok, 'b');
});
