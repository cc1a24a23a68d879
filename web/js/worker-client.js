// @ts-check
// The one client of the site's workers: the calculators' engine (engine.js → engine-worker.js)
// and the TREC files page (pages/trec.js → trec-worker.js). It starts the worker when it is
// first asked, posts each request with an id, resolves the answer that carries the same id,
// passes progress messages on, and answers every request even when the worker dies: a request
// never rejects.
//
// The worker is given by `spawn` (the caller's own `new Worker(new URL(…), …)`: Vite and
// scripts/build-embed.mjs look for that expression in the caller's module). Messages the worker
// posts: {type: 'progress', id, …} (told to the request's onProgress) and any other message with
// an `id`: the answer, as `answerOf(data)` reads it (engine-worker.js wraps it in `answer`,
// trec-worker.js spreads it beside `id`).
//
// Two ways of sending:
//   - `serial` (the calculators): one request at a time, the others wait in order, so a request
//     given up while it waits (its AbortSignal fired) is never sent, and one given up while the
//     worker runs it is stopped after `restartAfterMs` by replacing the worker;
//   - otherwise (the TREC page) every request is posted at once, and the worker answers them as
//     it can; a request given up is answered `cancelled()` at once and its answer dropped.
// When the worker fails (it cannot load, it crashes), every request it held is answered by
// `onFailure(message, reason)`; then, with `respawn`, the next request starts a new worker, and
// without it, every later request is answered by `onFailure` too (the calculators answer them
// in the page's thread).

/**
 * The parts of a Worker the client uses (a stand-in in the tests).
 * @typedef {{postMessage: (message: any) => void, terminate: () => void,
 *            addEventListener: (type: string, listener: (event: any) => void) => void}} WorkerLike
 */

/**
 * @template T
 * @typedef {object} WorkerClientOptions
 * @property {() => WorkerLike | null} spawn a new worker, or null when none can be started
 * @property {(data: any) => T} [answerOf] the answer in the worker's message (default: itself)
 * @property {(message: object, reason: string) => T | Promise<T>} onFailure the answer to a
 *   request when the worker has failed; `reason` is the error event's message ('' if none)
 * @property {() => T} [cancelled] the answer to a request given up (its signal aborted)
 * @property {boolean} [serial] one request at a time (see the header)
 * @property {number} [restartAfterMs] serial only: a running request given up is stopped by
 *   replacing the worker once it has run this long (default: never)
 * @property {boolean} [respawn] after a failure, the next request starts a new worker
 * @property {() => number} [now] the clock of restartAfterMs (performance.now)
 */

/**
 * @template T
 * @typedef {{message: object, resolve: (answer: T | Promise<T>) => void, signal?: AbortSignal,
 *            onProgress?: (data: any) => void, id?: number, started?: number}} Request
 */

/**
 * A request/answer client over a worker.
 * @template T
 * @param {WorkerClientOptions<T>} options
 */
export function workerClient(options) {
  const {
    spawn,
    answerOf = (data) => data,
    onFailure,
    cancelled = () => /** @type {T} */ (/** @type {unknown} */ ({ ok: false, cancelled: true })),
    serial = false,
    restartAfterMs = Infinity,
    respawn = false,
    now = () => performance.now(),
  } = options;
  /** @type {WorkerLike | null} */
  let worker = null;
  let failed = false; // without respawn: the worker failed, onFailure answers from now on
  let nextId = 0;
  /** @type {Request<T>[]} serial: the requests not yet sent, in the order asked */
  const waiting = [];
  /** @type {Map<number, Request<T>>} the requests the worker holds, by id */
  const sent = new Map();

  /** Answers a sent request and, serial, sends the next. */
  function finish(request, answer) {
    sent.delete(request.id);
    request.resolve(answer);
    if (serial) sendNext();
  }

  function listen(own) {
    own.addEventListener('message', ({ data }) => {
      if (own !== worker) return;
      const request = sent.get(data?.id);
      if (!request) return;
      if (data.type === 'progress') request.onProgress?.(data);
      else finish(request, answerOf(data));
    });
    own.addEventListener('error', (event) => {
      event.preventDefault?.();
      if (own !== worker) return;
      own.terminate();
      worker = null;
      if (!respawn) failed = true;
      const held = [...sent.values()];
      sent.clear();
      for (const request of held) request.resolve(onFailure(request.message, event.message || ''));
      if (serial) sendNext();
    });
  }

  /** The worker, started when there is none; null when it cannot be. */
  function running() {
    if (!worker && !failed) {
      worker = spawn();
      if (worker) listen(worker);
      else if (!respawn) failed = true;
    }
    return worker;
  }

  function post(request) {
    const own = running();
    if (!own) {
      request.resolve(onFailure(request.message, ''));
      if (serial) sendNext();
      return;
    }
    request.id = ++nextId;
    request.started = now();
    sent.set(request.id, request);
    own.postMessage({ ...request.message, id: request.id });
  }

  function sendNext() {
    if (sent.size > 0) return;
    const request = waiting.shift();
    if (request) post(request);
  }

  /** Stops the request the worker runs (serial, given up on) by replacing the worker. */
  function restart(request) {
    worker?.terminate();
    worker = null;
    running();
    finish(request, cancelled());
  }

  function giveUp(request) {
    const at = waiting.indexOf(request);
    if (at >= 0) {
      waiting.splice(at, 1);
      request.resolve(cancelled());
      return;
    }
    if (sent.get(request.id) !== request) return; // answered already
    if (!serial) {
      finish(request, cancelled());
      return;
    }
    if (!Number.isFinite(restartAfterMs)) return;
    setTimeout(
      () => {
        if (sent.get(request.id) === request) restart(request);
      },
      Math.max(0, request.started + restartAfterMs - now()),
    );
  }

  return {
    /**
     * Starts the worker now (rather than at the first request); false when it cannot start.
     * @returns {boolean}
     */
    start: () => running() !== null,

    /**
     * Sends a request; resolves with its answer, never rejects.
     * @param {object} message posted with an `id` added
     * @param {{signal?: AbortSignal, onProgress?: (data: any) => void}} [control] `signal`:
     *   give the request up (answered `cancelled()`); `onProgress`: told of the worker's
     *   progress messages for this request
     * @returns {Promise<T>}
     */
    request(message, { signal, onProgress } = {}) {
      return new Promise((resolve) => {
        if (signal?.aborted) return resolve(cancelled());
        /** @type {Request<T>} */
        const request = { message, resolve, signal, onProgress };
        signal?.addEventListener('abort', () => giveUp(request), { once: true });
        if (serial) {
          waiting.push(request);
          sendNext();
        } else {
          post(request);
        }
      });
    },

    /** Stops the worker; the requests it held are answered `cancelled()`, the next starts a new one. */
    terminate() {
      worker?.terminate();
      worker = null;
      const held = [...sent.values()];
      sent.clear();
      for (const request of held) request.resolve(cancelled());
      if (serial) sendNext();
    },
  };
}
