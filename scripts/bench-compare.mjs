#!/usr/bin/env node
// npm run bench -- compare (or node scripts/bench-compare.mjs): how long `irmetrics compare`
// takes on 10 runs × 250 topics (100 documents each), all 45 pairs, for each test, with the
// Holm correction; randomization and bootstrap with 10,000 permutations or resamples each. The
// data is generated once into build/bench/compare/ (seeded, deterministic); each test runs in a
// fresh Node process, so the times include starting Node and the wasm module and evaluating the
// ten runs, as a user would wait for them.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomFrom } from '../web/js/practice/generate.js';

const root = new URL('../', import.meta.url);
const dir = fileURLToPath(new URL('build/bench/compare/', root));
const cli = fileURLToPath(new URL('bin/irmetrics.mjs', root));
const RUNS = 10;
const TOPICS = 250;
const DOCS = 100;

/** Qrels with about 10% relevant; run r raises a relevant document's score by 0.3 + 0.05 r. */
function generate() {
  mkdirSync(dir, { recursive: true });
  const random = randomFrom(0xc0a1);
  const relevant = [];
  const qrels = [];
  for (let t = 1; t <= TOPICS; t += 1) {
    const set = new Set();
    for (let d = 1; d <= DOCS; d += 1) {
      if (random() < 0.1) {
        set.add(d);
        qrels.push(`${t} 0 d${d} 1`);
      }
    }
    relevant.push(set);
  }
  writeFileSync(`${dir}qrels`, `${qrels.join('\n')}\n`);
  for (let r = 0; r < RUNS; r += 1) {
    const lines = [];
    for (let t = 1; t <= TOPICS; t += 1) {
      const scored = [];
      for (let d = 1; d <= DOCS; d += 1) scored.push([d, (relevant[t - 1].has(d) ? 0.3 + 0.05 * r : 0) + random()]);
      scored.sort((a, b) => b[1] - a[1]);
      scored.forEach(([d, score], i) => lines.push(`${t} Q0 d${d} ${i + 1} ${score.toFixed(6)} run${r}`));
    }
    writeFileSync(`${dir}run${r}`, `${lines.join('\n')}\n`);
  }
  writeFileSync(`${dir}.done`, '');
}

if (!existsSync(`${dir}.done`)) generate();
const runs = Array.from({ length: RUNS }, (_, r) => `${dir}run${r}`);
console.log(`bench-compare: irmetrics compare, ${RUNS} runs × ${TOPICS} topics × ${DOCS} documents, all ${(RUNS * (RUNS - 1)) / 2} pairs, -m map, Holm`);
console.log('test            seconds  (wall time of the whole command, median of 3)');
for (const test of ['ttest', 'wilcoxon', 'sign', 'randomization', 'bootstrap', 'tukey']) {
  const times = [];
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    const child = spawnSync(process.execPath, [cli, 'compare', `${dir}qrels`, ...runs, '-m', 'map', '--test', test, '--correction', 'holm', '--format', 'json'], { encoding: 'utf8' });
    if (child.status !== 0) {
      console.error(`bench-compare: ${test} failed: ${child.stderr}`);
      process.exit(1);
    }
    times.push((performance.now() - started) / 1000);
  }
  times.sort((a, b) => a - b);
  console.log(`${test.padEnd(14)}  ${times[1].toFixed(2).padStart(7)}`);
}
