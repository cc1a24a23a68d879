#!/usr/bin/env node
// npm run bench -- judges (or node scripts/bench-judges.mjs): how long `irmetrics judges` takes
// on two qrels of 50,000 judgments each (250 topics × 200 documents; B regrades about one
// judgment in five by one step, leaves out 2% and adds as many of its own) and 20 runs of
// 250 topics × 100 documents: the agreement alone, then with the runs (each evaluated under both
// files on map, P.10 and ndcg_cut.10, and the leaderboards with 1,000 bootstrap resamples of τ_b).
// The data is generated once into build/bench/judges/ (seeded, deterministic); each command
// runs in a fresh Node process, as a user waits for it. Medians of 3. Not part of npm test.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomFrom } from '../common/practice/generate.js';

const root = new URL('../', import.meta.url);
const dir = fileURLToPath(new URL('build/bench/judges/', root));
const cli = fileURLToPath(new URL('bin/irmetrics.mjs', root));
const TOPICS = 250;
const JUDGED = 200;
const RUNS = 20;
const DEPTH = 100;
const GENERATOR = 1;  // changing how the data is made changes this, so old files are made again

function generate() {
  const stamp = `${dir}generator-${GENERATOR}`;
  const runPaths = Array.from({ length: RUNS }, (_, r) => `${dir}run${String(r + 1).padStart(2, '0')}.txt`);
  if (existsSync(stamp)) return { a: `${dir}qrels.a.txt`, b: `${dir}qrels.b.txt`, runs: runPaths };
  mkdirSync(dir, { recursive: true });
  const random = randomFrom(0x1d9e5);
  const a = [];
  const b = [];
  for (let t = 1; t <= TOPICS; t += 1) {
    for (let d = 1; d <= JUDGED; d += 1) {
      const grade = random() < 0.6 ? 0 : random() < 0.7 ? 1 : 2;
      a.push(`${t} 0 doc${t}-${d} ${grade}`);
      const roll = random();
      if (roll < 0.02) continue;  // B leaves it out
      const other = roll < 0.2 ? Math.max(0, Math.min(2, grade + (random() < 0.5 ? -1 : 1))) : grade;
      b.push(`${t} 0 doc${t}-${d} ${other}`);
    }
    for (let d = 0; d < JUDGED * 0.02; d += 1) b.push(`${t} 0 extra${t}-${d} ${random() < 0.5 ? 0 : 1}`);
  }
  writeFileSync(`${dir}qrels.a.txt`, `${a.join('\n')}\n`);
  writeFileSync(`${dir}qrels.b.txt`, `${b.join('\n')}\n`);
  runPaths.forEach((path, r) => {
    const lines = [];
    for (let t = 1; t <= TOPICS; t += 1) {
      // Better runs (lower r) put more of the judged documents first.
      const docs = Array.from({ length: DEPTH }, (_, i) => (random() < 0.9 - r * 0.03 ? `doc${t}-${1 + Math.floor(random() * JUDGED)}` : `other${t}-${i}`));
      [...new Set(docs)].forEach((doc, i) => lines.push(`${t} Q0 ${doc} ${i + 1} ${(DEPTH - i) / DEPTH} run${r + 1}`));
    }
    writeFileSync(path, `${lines.join('\n')}\n`);
  });
  writeFileSync(stamp, '');
  return { a: `${dir}qrels.a.txt`, b: `${dir}qrels.b.txt`, runs: runPaths };
}

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(args) {
  const seconds = [];
  for (let i = 0; i < 3; i += 1) {
    const started = process.hrtime.bigint();
    const child = spawnSync(process.execPath, [cli, 'judges', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
    if (child.status !== 0) throw new Error(`irmetrics judges ${args.join(' ')} failed: ${child.stderr}`);
    seconds.push(Number(process.hrtime.bigint() - started) / 1e9);
  }
  return median(seconds);
}

const data = generate();
console.log(`irmetrics judges: two qrels of ${TOPICS * JUDGED} judgments (${TOPICS} topics), ${RUNS} runs of ${TOPICS} × ${DEPTH}; whole processes, medians of 3`);
console.log(`  agreement only                          ${time([data.a, data.b, '--format', 'json']).toFixed(2)} s`);
console.log(`  with the ${RUNS} runs (3 measures, 1,000 resamples)  ${time([data.a, data.b, ...data.runs, '--format', 'json']).toFixed(2)} s`);
