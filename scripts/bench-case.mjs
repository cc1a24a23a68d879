#!/usr/bin/env node
// One case of npm run bench, in a process of its own so that its peak memory is its own:
//   node scripts/bench-case.mjs QRELS RUN [trec_eval flags...]
// evaluates RUN as `irmetrics trec` does (bin/lib/trec.mjs, the same chunked reading) and
// prints one JSON line: {ok, seconds, loadSeconds, maxRssMiB, baseRssMiB, topics, warnings,
// reportBytes, map}.
// `seconds` is the wall time of reading, evaluating and making the report; loading the wasm
// module is timed apart (loadSeconds).

import { loadEngine } from '../bin/lib/engine.mjs';
import { evaluateTrec } from '../bin/lib/trec.mjs';

const [qrels, run, ...args] = process.argv.slice(2);
if (!qrels || !run) {
  console.error('usage: node scripts/bench-case.mjs QRELS RUN [trec_eval flags...]');
  process.exit(2);
}

const loadStarted = performance.now();
const engine = await loadEngine();
// What Node and the loaded module take before any file is read, for comparison with the peak.
const baseRssMiB = process.memoryUsage().rss / 2 ** 20;
const started = performance.now();
let warnings = 0;
const result = await evaluateTrec(engine, {
  args, qrels, runs: [run], format: 'trec', digits: 4, onWarning: () => { warnings += 1; },
});
const seconds = (performance.now() - started) / 1000;
const maxRssMiB = process.resourceUsage().maxRSS / 1024;  // maxRSS is in KiB

if (!result.ok) {
  console.log(JSON.stringify({ ok: false, error: result.error }));
  process.exitCode = 2;
} else {
  console.log(JSON.stringify({
    ok: true,
    seconds,
    loadSeconds: (started - loadStarted) / 1000,
    maxRssMiB,
    baseRssMiB,
    topics: result.runs[0].topics,
    warnings,
    reportBytes: Buffer.byteLength(result.report),
    map: result.report.split('\n').find((line) => line.startsWith('map ')) ?? '',
  }));
}
