// feedSession (common/trec-feed.js), the loop the command line and the TREC page's worker share,
// against a stand-in session that records its calls: a run is streamed, read again whole when
// the session asks, and a failed begin or feed, or a caller that no longer wants the answer,
// stops the reading.
// Run: node --test tests/js/trec-feed.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { feedSession } from '../../common/trec-feed.js';

/** A session that logs its calls; `restartAt` (bytes fed) asks once for a restart there. */
function fakeSession({ restartAt = -1, failFeedAt = -1, failBegin = false } = {}) {
  const calls = [];
  let fed = 0;
  let restarted = false;
  let buffer = new Uint8Array(0);
  const feed = (kind) => (bytes) => {
    calls.push(`${kind} ${new TextDecoder().decode(buffer.subarray(0, bytes))}`);
    fed += bytes;
    if (fed === failFeedAt) return { ok: false, error: { message: 'bad line' } };
    if (fed === restartAt && !restarted) {
      restarted = true;
      return { ok: true, restart: true };
    }
    return { ok: true };
  };
  return {
    calls,
    beginQrels: (name, size) => calls.push(`beginQrels ${name} ${size}`),
    beginRun: (name, stream) => {
      calls.push(`beginRun ${name} ${stream}`);
      return failBegin ? { ok: false, error: { message: 'no qrels' } } : { ok: true };
    },
    feedQrels: feed('feedQrels'),
    feedRun: feed('feedRun'),
    endQrels: () => ({ ok: true, ended: 'qrels' }),
    endRun: () => ({ ok: true, ended: 'run' }),
    buffer: (bytes) => (buffer = new Uint8Array(bytes)),
  };
}

const bytes = (text) => new TextEncoder().encode(text);
async function* piecesOf(...texts) {
  for (const text of texts) yield bytes(text);
}

test('qrels: begin with their size, every piece, end', async () => {
  const session = fakeSession();
  const result = await feedSession(session, 'qrels', 'q.txt', { pieces: () => piecesOf('ab', 'cd'), size: 4 });
  assert.deepEqual(result, { ok: true, ended: 'qrels' });
  assert.deepEqual(session.calls, ['beginQrels q.txt 4', 'feedQrels ab', 'feedQrels cd']);
});

test('a streamed run the session asks to restart is read again from its start, whole', async () => {
  const session = fakeSession({ restartAt: 4 });
  let restarts = 0;
  const result = await feedSession(session, 'run', 'r.txt', {
    pieces: () => piecesOf('ab', 'cd', 'ef'),
    stream: true,
    onRestart: () => (restarts += 1),
  });
  assert.deepEqual(result, { ok: true, ended: 'run' });
  assert.equal(restarts, 1);
  assert.deepEqual(session.calls, [
    'beginRun r.txt true', 'feedRun ab', 'feedRun cd',
    'beginRun r.txt false', 'feedRun ab', 'feedRun cd', 'feedRun ef',
  ]);
});

test('a failed begin or feed is the answer, and nothing more is read', async () => {
  const begun = fakeSession({ failBegin: true });
  assert.deepEqual(await feedSession(begun, 'run', 'r.txt', { pieces: () => piecesOf('ab') }), { ok: false, error: { message: 'no qrels' } });
  assert.deepEqual(begun.calls, ['beginRun r.txt false']);
  const fed = fakeSession({ failFeedAt: 2 });
  assert.deepEqual(await feedSession(fed, 'run', 'r.txt', { pieces: () => piecesOf('ab', 'cd') }), { ok: false, error: { message: 'bad line' } });
  assert.deepEqual(fed.calls, ['beginRun r.txt false', 'feedRun ab']);
});

test('a caller that no longer wants the answer stops the feed at its next piece', async () => {
  const session = fakeSession();
  let wanted = true;
  const pieces = async function* () {
    yield bytes('ab');
    wanted = false;
    yield bytes('cd');
  };
  const result = await feedSession(session, 'run', 'r.txt', { pieces, wanted: () => wanted });
  assert.deepEqual(result, { ok: false, cancelled: true });
  assert.deepEqual(session.calls, ['beginRun r.txt false', 'feedRun ab']);
});
