// @ts-check
// The TREC files page's worker: it loads the engine, evaluates a qrels file and run files with a
// TrecSession (docs/js-api.md, "TREC files"), and answers questions about the last evaluation,
// so the page never freezes on a 300 MB run. Files arrive as Blobs (a File, or pasted text made
// into one) and are streamed into the session in chunks; gzip files (first bytes 1f 8b) are
// decompressed on the way. Progress is posted as bytes read of the total, counted before
// decompression so that it ends at the sizes the page shows.
//
// Messages in (each with an `id`; the answer carries the same id):
//   {type: 'evaluate', args: string[], qrels: Source, runs: Source[], zscores?: Source | null,
//    digits: number, judges?: {second: Source, measures: string[], confidence: string,
//    rboP: string} | null}
//       Source = {name: string, blob: Blob}; zscores: the -Z file (args then hold -Z and its name).
//       Answers {ok: true, evaluation} or {ok: false, error, source, excerpt}: `source` is 0 for
//       the qrels, 1 + i for run i, -1 for the options (and the z-score file); `excerpt` is the text of the line the error is on ('' when not about a line).
//       With `judges` (a second qrels: another judge), the evaluation also holds `judges`: the
//       two qrels compared (judgesSessions) and, each run scored under both as `irmetrics
//       judges` scores it (common/judges-report.js), their leaderboards (judgesLeaderboards):
//       {ok: true, report, warnings} or {ok: false, error, second: boolean, excerpt}, where
//       `second` says the error is in the second qrels. A failure there leaves the evaluation.
//       Progress comes before it as {type: 'progress', id, done, total}. A newer 'evaluate'
//       cancels an older one, which then answers {ok: false, cancelled: true}.
//   {type: 'report', digits}       → {ok: true, text}: trec_eval's output of the last evaluation
//   {type: 'topic', run, qid}      → session.topic(run, qid)
//   {type: 'sniff', blob}          → {ok: true, kind: 'qrels' | 'prefs' | 'run' | ''}: what a
//                                    file looks like from its first line (4 fields: qrels,
//                                    5: trec_eval's preferences, 6: run)
//   {type: 'version'}              → {ok: true, version}: the module's version (the page's footer)
//   {type: 'compare', input, options} → module.compareRuns(input, options): {ok, value} or
//                                    {ok: false, error} (docs/js-api.md, compareRuns)
// No message makes the worker stop answering: anything that throws is answered as
// {ok: false, error: {code: 'internal', message}}.

import createIrMetrics from '../generated/irmetrics.js';
import { feedSession } from '../../common/trec-feed.js';
import { judgeInSessions } from '../../common/judges-report.js';

/** Largest piece handed to the session at once: wasm memory for a chunk is allocated per feed. */
const MAX_FEED = 1 << 20;
/** Progress is posted at most this often (ms), and once at the end. */
const PROGRESS_INTERVAL = 80;
/** An excerpt of a bad line is cut to this many characters. */
const EXCERPT_LIMIT = 400;

let modulePromise;
const load = () => (modulePromise ??= createIrMetrics());

let session = null; // the TrecSession of the last evaluation that finished
let latestEvaluation = 0; // id of the newest 'evaluate'; older ones stop at their next chunk

function dropSession() {
  session?.delete();
  session = null;
}

const internalError = (cause) => ({
  code: 'internal',
  message: `The evaluation failed inside the engine (${cause instanceof Error ? cause.message : String(cause)}).`,
  field: 'options',
  line: 0,
  column: 0,
  length: 0,
});

/** Whether a blob starts with gzip's magic bytes 1f 8b. */
async function isGzip(blob) {
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  return head.length === 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/**
 * The blob's bytes as a stream of Uint8Arrays, decompressed when it is gzip. `onRead(n)` is told
 * of every n compressed bytes read.
 * @param {Blob} blob
 * @param {(bytes: number) => void} [onRead]
 */
async function byteStream(blob, onRead = () => {}) {
  const counted = blob.stream().pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        onRead(chunk.byteLength);
        controller.enqueue(chunk);
      },
    }),
  );
  return (await isGzip(blob)) ? counted.pipeThrough(new DecompressionStream('gzip')) : counted;
}

/**
 * Reads `stream` to its end, calling `use(piece)` with pieces of at most MAX_FEED bytes; stops
 * early, answering false, when `use` answers false.
 */
async function eachPiece(stream, use) {
  for await (const piece of piecesOf(stream)) {
    if (use(piece) === false) return false;
  }
  return true;
}

/**
 * The text of line `line` (1-based) of a blob, decompressed if need be, cut to EXCERPT_LIMIT
 * characters; '' when there is no such line.
 */
async function lineOf(blob, line) {
  if (!(line > 0)) return '';
  const decoder = new TextDecoder();
  let current = 1;
  let text = '';
  await eachPiece(await byteStream(blob), (piece) => {
    let start = 0;
    while (current < line) {
      const newline = piece.indexOf(0x0a, start);
      if (newline < 0) return true;
      current += 1;
      start = newline + 1;
    }
    const newline = piece.indexOf(0x0a, start);
    text += decoder.decode(piece.subarray(start, newline < 0 ? piece.length : newline), { stream: newline < 0 });
    return newline < 0 && text.length < EXCERPT_LIMIT;
  });
  return text.replace(/\r$/, '').slice(0, EXCERPT_LIMIT);
}

/** What a file holds, from the field count of its first line that is not blank or a comment. */
async function sniff(blob) {
  const decoder = new TextDecoder();
  let text = '';
  await eachPiece(await byteStream(blob.slice(0, 1 << 16)).catch(() => new Blob().stream()), (piece) => {
    text += decoder.decode(piece, { stream: true });
    return text.length < 1 << 16;
  }).catch(() => {}); // a cut gzip stream ends in an error after its first lines
  const first = text.split('\n').find((line) => line.trim() && !line.trim().startsWith('#'));
  const fields = first?.trim().split(/\s+/).length ?? 0;
  return fields === 4 ? 'qrels' : fields === 5 ? 'prefs' : fields === 6 ? 'run' : '';
}

/** The pieces of `stream`, each at most MAX_FEED bytes (feedSession's `pieces`). */
async function* piecesOf(stream) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (let start = 0; start < value.length; start += MAX_FEED) yield value.subarray(start, start + MAX_FEED);
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/**
 * Feeds one source into the session (feedSession: begin, pieces, end, a run read again whole when
 * the session asks), stopping when a newer evaluation starts.
 * @returns {Promise<any>} what feedSession answers, or a read failure as an InputError
 */
async function feedSource(current, id, source, kind, progress, options = {}) {
  try {
    return await feedSession(current, kind, source.name, {
      pieces: async () => piecesOf(await byteStream(source.blob, progress)),
      wanted: () => id === latestEvaluation,
      ...options,
    });
  } catch (cause) {
    // The bytes themselves could not be read: a corrupt or cut gzip file, a file gone from disk.
    const reason = cause instanceof Error ? cause.message : String(cause);
    const message = `${source.name} could not be read to its end (${reason}); if it is gzip-compressed, it may be damaged or cut short.`;
    return { ok: false, error: { code: 'bad_token', message, field: 'input', file: source.name, line: 0, column: 0, length: 0 } };
  }
}

/** The answer to a failed step: the error, which source it is about, and the offending line. */
async function failure(error, sourceIndex, sources) {
  const blob = sources[sourceIndex]?.blob;
  const excerpt = blob && error.field !== 'options' ? await lineOf(blob, error.line).catch(() => '') : '';
  return { ok: false, error, source: error.field === 'options' ? -1 : sourceIndex, excerpt };
}

/**
 * Two qrels compared and with runs their leaderboards, as `irmetrics judges` does
 * (judgeInSessions: each file fed in pieces into a session of its own): the `judges` part of an
 * evaluation (see the messages above). Leaderboards that cannot be made (one topic in common,
 * no averaged measure, a bad RBO p) leave the agreement, and say why.
 */
async function judgeQrels(module, id, { qrels, runs, judges }, progress) {
  const { second, measures, confidence, rboP } = judges;
  const judged = await judgeInSessions(module, {
    qrels: [qrels, second], runs, measures, confidence, options: { rboP },
    feed: (session, kind, source) =>
      feedSource(session, id, source, kind, progress, kind === 'qrels' ? { size: source.blob.size } : { stream: true }),
    nameOf: (source) => source.name,
  });
  if (judged.ok === false) {
    if ('cancelled' in judged) return judged;
    const { error } = /** @type {any} */ (judged);
    const inSecond = error.file === second.name;
    const excerpt = inSecond ? await lineOf(second.blob, error.line).catch(() => '') : '';
    return { ok: false, error, second: inSecond, excerpt };
  }
  const { report, warnings, leaderboardsError } = /** @type {any} */ (judged);
  return { ok: true, report, warnings: leaderboardsError ? [...warnings, `No leaderboards: ${leaderboardsError}.`] : warnings };
}

async function evaluate(id, { args, qrels, runs, zscores, digits, judges = null }) {
  latestEvaluation = id;
  dropSession(); // one evaluation's memory at a time: a large run may need most of it
  const module = await load();
  if (id !== latestEvaluation) return { ok: false, cancelled: true };
  const sources = [qrels, ...runs];
  let total = sources.reduce((sum, source) => sum + source.blob.size, 0);
  // With a second qrels, both qrels are read again, and the runs twice more, once under each.
  if (judges) total += qrels.blob.size + judges.second.blob.size + 2 * (total - qrels.blob.size);
  let done = 0;
  let lastPost = 0;
  const post = (force) => {
    const now = Date.now();
    if (!force && now - lastPost < PROGRESS_INTERVAL) return;
    lastPost = now;
    self.postMessage({ type: 'progress', id, done, total });
  };
  const progress = (bytes) => {
    done += bytes;
    post(false);
  };
  post(true);

  const current = new module.TrecSession();
  let kept = false;
  try {
    const configured = current.configure(args);
    if (!configured.ok) return await failure(configured.error, -1, sources);
    // -Z: the z-score file is read before the runs; its errors name it, shown with the options.
    if (zscores) {
      const read = current.zscores(await zscores.blob.text(), zscores.name);
      if (!read.ok) return { ok: false, error: { ...read.error, field: 'options' }, source: -1, excerpt: '' };
    }

    const qrelsResult = await feedSource(current, id, qrels, 'qrels', progress, { size: qrels.blob.size });
    if (qrelsResult.cancelled) return qrelsResult;
    if (!qrelsResult.ok) return await failure(qrelsResult.error, 0, sources);

    const runResults = [];
    for (const [index, run] of runs.entries()) {
      // Streamed: each topic is evaluated as its lines end and its documents are not kept. A run
      // whose topics' lines are not together is read again, whole (a Blob can be read twice),
      // and the second reading counts in the progress bar.
      const ended = await feedSource(current, id, run, 'run', progress, {
        stream: true,
        onRestart: () => {
          total += run.blob.size;
        },
      });
      if (ended.cancelled) return ended;
      if (!ended.ok) return await failure(ended.error, index + 1, sources);
      runResults.push(ended);
    }
    const report = JSON.parse(current.report('json', digits));
    const text = current.report('trec', digits);
    /** @type {any} */
    const judged = judges ? await judgeQrels(module, id, { qrels, runs, judges }, progress) : null;
    if (judged?.cancelled) return judged;
    post(true);
    // A newer evaluation may have started while this one read its last piece: it owns the session.
    if (id !== latestEvaluation) return { ok: false, cancelled: true };
    dropSession();
    session = current;
    kept = true;
    return { ok: true, evaluation: { qrels: qrelsResult, runs: runResults, report, text, judges: judged } };
  } finally {
    if (!kept) current.delete();
  }
}

/** The answer while there is no finished evaluation to ask about (one may be under way). */
const notEvaluated = () => ({
  ok: false,
  error: { ...internalError(''), message: 'The files are being evaluated; ask again once the results are up to date.' },
});

function topic({ run, qid }) {
  if (!session) return notEvaluated();
  return session.topic(run, qid);
}

function report({ digits }) {
  if (!session) return notEvaluated();
  return { ok: true, text: session.report('trec', digits) };
}

/**
 * The runs compared pair by pair (the page builds `input` from the report:
 * common/compare-report.js).
 */
async function compare({ input, options }) {
  const module = await load();
  return module.compareRuns(input, options);
}

const handlers = {
  evaluate: (message) => evaluate(message.id, message),
  compare,
  report,
  topic,
  sniff: async ({ blob }) => ({ ok: true, kind: await sniff(blob) }),
  version: async () => ({ ok: true, version: (await load()).version() }),
};

self.addEventListener('message', async ({ data }) => {
  const { id, type } = data;
  let answer;
  try {
    const handler = handlers[type];
    answer = handler ? await handler(data) : { ok: false, error: internalError(`unknown request ${type}`) };
  } catch (cause) {
    answer = { ok: false, error: internalError(cause) };
  }
  self.postMessage({ type: 'answer', id, ...answer });
});
