// @ts-check
// Feeding one file into a TrecSession (docs/js-api.md, "TREC files"): begin, the file's pieces,
// end; and, when the session asks for it, the run read again, whole. The one loop that the TREC
// page's worker (web/js/trec-worker.js, Blobs) and the command line (bin/lib/trec.mjs, files and
// standard input) share: each brings its own pieces. No DOM, no engine import.

/**
 * @typedef {{ok: boolean, restart?: boolean, error?: object}} Status
 * @typedef {{beginQrels: (name: string, size: number) => Status | void,
 *            beginRun: (name: string, stream: boolean) => Status,
 *            feedQrels: (bytes: number) => Status, feedRun: (bytes: number) => Status,
 *            endQrels: () => object, endRun: () => object,
 *            buffer: (bytes: number) => Uint8Array}} FeedableSession
 */

/**
 * Feeds a qrels or run file into `session`. A run is first streamed (each topic evaluated as its
 * lines end) when `stream` is set; when its topics' lines turn out not to be together the session
 * asks for a restart, and the run is read again from its start, whole (`pieces()` is called
 * again, and `onRestart` told first). Qrels are read once.
 *
 * @param {FeedableSession} session
 * @param {'qrels' | 'run'} kind
 * @param {string} name the file's name, as the session's messages give it
 * @param {object} source
 * @param {() => AsyncIterable<Uint8Array> | Promise<AsyncIterable<Uint8Array>>} source.pieces the
 *   file's bytes from its start; a piece need stay valid only until the next one is asked for
 * @param {number} [source.size] the qrels' size in bytes when known (0: unknown)
 * @param {boolean} [source.stream] stream a run (it must then be readable twice)
 * @param {() => boolean} [source.wanted] false once the caller no longer wants the answer: the
 *   feed stops at its next piece and answers {ok: false, cancelled: true}
 * @param {() => void} [source.onRestart] told when a run is read again
 * @returns {Promise<object>} what endQrels()/endRun() returns, the first failed Status of a begin
 *   or feed call (the rest of the file is then not read), or {ok: false, cancelled: true}
 */
export async function feedSession(session, kind, name, source) {
  const { pieces, size = 0, wanted = () => true, onRestart = () => {} } = source;
  const isRun = kind === 'run';
  let stream = isRun && (source.stream ?? false);
  for (;;) {
    const begun = isRun ? session.beginRun(name, stream) : session.beginQrels(name, size);
    if (begun && begun.ok === false) return begun;
    let restart = false;
    for await (const piece of await pieces()) {
      if (!wanted()) return { ok: false, cancelled: true };
      // The session's buffer is valid only until its next call: fill it and feed at once.
      session.buffer(piece.length).set(piece);
      const status = isRun ? session.feedRun(piece.length) : session.feedQrels(piece.length);
      if (!status.ok) return status;
      if (status.restart) {
        restart = true;
        break;
      }
    }
    if (!wanted()) return { ok: false, cancelled: true };
    if (!restart) return isRun ? session.endRun() : session.endQrels();
    stream = false;
    onRestart();
  }
}
