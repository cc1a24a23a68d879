// A node:test reporter for scripts/test.sh: how long each test file's process took, slowest
// first, one "SECONDS FILE" line each (the file's path from the project's folder). node --test
// reports each file it runs as a test named by the file's path, whose duration is the process's
// wall time from start to exit; that is the figure here, set-up and hooks included.
//
//   node --test --test-reporter=./scripts/test-times.mjs --test-reporter-destination=TIMES FILE…

import path from 'node:path';

/**
 * The per-file lines from node:test's events.
 * @param {AsyncIterable<{type: string, data: {name: string, file?: string, nesting: number, details?: {duration_ms?: number}}}>} source
 */
export default async function* fileTimes(source) {
  /** @type {Map<string, number>} */
  const seconds = new Map();
  for await (const event of source) {
    if (event.type !== 'test:complete' && event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, file, nesting, details } = event.data;
    if (nesting === 0 && file && name === file && details?.duration_ms !== undefined) {
      seconds.set(file, details.duration_ms / 1000);
    }
  }
  const rows = [...seconds].sort((a, b) => b[1] - a[1]);
  for (const [file, time] of rows) yield `${time.toFixed(1)} ${path.relative(process.cwd(), file)}\n`;
}
