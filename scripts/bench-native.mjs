#!/usr/bin/env node
// @ts-check
// npm run bench -- native: the wall time and peak memory of `-m all_trec` on one run, four ways:
//   trec_eval        NIST's trec_eval 10.0, when TREC_EVAL names its executable
//   native           build/native/irmetrics-trec alone (cli/irmetrics_trec.cpp)
//   sh → native      bin/irmetrics-trec, the shell launcher that execs it
//   node → native    node bin/irmetrics.mjs trec, which runs the native executable
//   node → wasm      node bin/irmetrics.mjs trec with IRMETRICS_WASM=1 (the wasm module)
//   node -e 0        Node's start-up alone, for scale
// on the typical case T (50 topics × 1,000 documents, ~2 MB) and on case B (7,000 × 1,000,
// ~300 MB), both made by scripts/bench.mjs, which runs this script with their paths:
//   node scripts/bench-native.mjs NAME QRELS RUN [NAME QRELS RUN ...]
//
// Each way is a whole process as a user runs it, output to a file: its wall time measured here
// around the process (start-up included), and its peak resident memory by GNU time (%M, the
// wait4 maxRSS of the process and the children it waited for: node → native reports the larger
// of Node and the executable). A small case runs REPEATS times (11; BENCH_REPEATS=N), the ways
// taking turns, and the median and the fastest are printed; a large one once. The outputs of the irmetrics ways must be the same bytes; whether trec_eval's are
// the same is printed too. Not part of npm test; no figure here is a pass or a fail.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const cli = fileURLToPath(new URL('bin/irmetrics.mjs', root));
const native = process.env.IRMETRICS_TREC_NATIVE ||
  fileURLToPath(new URL('build/native/irmetrics-trec', root));
const trecEval = process.env.TREC_EVAL;
const GNU_TIME = '/usr/bin/time';
const REPEATS = Number(process.env.BENCH_REPEATS) || 11;
const SMALL_BYTES = 20e6;  // runs smaller than this are timed REPEATS times

const scratch = mkdtempSync(join(tmpdir(), 'irmetrics-bench-native-'));

/**
 * Runs `command args` once with standard output to a file; returns its wall time in seconds,
 * its peak RSS in MiB (null without GNU time) and the output file.
 * @param {string} command @param {string[]} args @param {Record<string, string>} env
 * @param {string} out
 */
function runOnce(command, args, env, out) {
  const timeFile = join(scratch, 'time.txt');
  const withTime = existsSync(GNU_TIME);
  const argv = withTime ? ['-f', '%M', '-o', timeFile, command, ...args] : args;
  const started = performance.now();
  const child = spawnSync(withTime ? GNU_TIME : command, argv, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1 << 30,
  });
  const seconds = (performance.now() - started) / 1000;
  if (child.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${child.status}: ${child.stderr}`);
  }
  writeFileSync(out, child.stdout);
  const peak = withTime ? Number(readFileSync(timeFile, 'utf8').trim().split('\n').at(-1)) / 1024 : null;
  return { seconds, peak };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The ways to run, each [label, command, args before the files, environment]. */
function ways() {
  /** @type {Array<[string, string, string[], Record<string, string>]>} */
  const list = [];
  if (trecEval) list.push(['trec_eval', trecEval, [], {}]);
  if (existsSync(native)) {
    list.push(['native', native, [], {}]);
    list.push(['sh → native', fileURLToPath(new URL('bin/irmetrics-trec', root)), [],
      { IRMETRICS_WASM: '', IRMETRICS_TREC_NATIVE: native }]);
    list.push(['node → native', process.execPath, [cli, 'trec'],
      { IRMETRICS_WASM: '', IRMETRICS_TREC_NATIVE: native }]);
  }
  list.push(['node → wasm', process.execPath, [cli, 'trec'], { IRMETRICS_WASM: '1' }]);
  // Node's start-up alone, for scale: node -e 0 with the files as ignored arguments.
  list.push(['node -e 0', process.execPath, ['-e', '0', '--'], {}]);
  return list;
}

function benchCase(name, qrels, run) {
  const runMB = statSync(run).size / 1e6;
  const repeats = runMB * 1e6 < SMALL_BYTES ? REPEATS : 1;
  console.log(`bench native: case ${name}, run ${runMB.toFixed(1)} MB, -m all_trec, ` +
    `${repeats === 1 ? 'one run' : `median of ${repeats} runs`} per way`);
  // The ways take turns, run after run, so that a change in the machine's load falls on each.
  const rows = ways().map(([label, command, before, env], index) => ({
    label, command, env, args: [...before, '-m', 'all_trec', qrels, run],
    out: join(scratch, `${name}-${index}.out`), times: [], peak: 0, seconds: 0, min: 0,
  }));
  for (let i = 0; i < repeats; i += 1) {
    for (const row of rows) {
      const once = runOnce(row.command, row.args, row.env, row.out);
      row.times.push(once.seconds);
      row.peak = Math.max(row.peak, once.peak ?? 0);
    }
  }
  for (const row of rows) {
    row.seconds = median(row.times);
    row.min = Math.min(...row.times);
  }
  const reference = rows.find((row) => row.label === 'trec_eval');
  const irmetrics = rows.filter((row) => row.label !== 'trec_eval' && row.label !== 'node -e 0');
  const first = readFileSync(irmetrics[0].out);
  for (const row of irmetrics.slice(1)) {
    if (!readFileSync(row.out).equals(first)) {
      throw new Error(`case ${name}: ${row.label} printed other bytes than ${irmetrics[0].label}`);
    }
  }
  const header = ['way', 'median s', '× trec_eval', 'min s', '× trec_eval', 'peak MiB'];
  const table = rows.map((row) => [row.label, row.seconds.toFixed(3),
    reference ? (row.seconds / reference.seconds).toFixed(2) : '—', row.min.toFixed(3),
    reference ? (row.min / reference.min).toFixed(2) : '—', row.peak ? row.peak.toFixed(0) : '—']);
  const widths = header.map((title, i) => Math.max(title.length, ...table.map((cells) => cells[i].length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i])
    : cell.padStart(widths[i]))).join('  ');
  console.log(`  ${line(header)}`);
  for (const cells of table) console.log(`  ${line(cells)}`);
  const same = reference ? readFileSync(reference.out).equals(first) : null;
  console.log(`  irmetrics' ways printed the same ${first.length} bytes` +
    (same === null ? '; no trec_eval (set TREC_EVAL=path/to/trec_eval to compare)'
      : `; trec_eval's output is ${same ? 'the same, byte for byte' : 'different'}`));
}

try {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.length % 3 !== 0) {
    console.error('usage: node scripts/bench-native.mjs NAME QRELS RUN [NAME QRELS RUN ...] ' +
      '(npm run bench -- native makes the files)');
    process.exitCode = 2;
  } else {
    if (!existsSync(native)) console.log(`bench native: ${native} is not built (npm run build); wasm only`);
    if (!existsSync(GNU_TIME)) console.log(`bench native: no ${GNU_TIME}, so no peak memory`);
    for (let i = 0; i < argv.length; i += 3) benchCase(argv[i], argv[i + 1], argv[i + 2]);
    console.log('(seconds: wall time of the whole process, start-up included, measured around ' +
      'it; peak: GNU time\'s %M)');
  }
} catch (error) {
  console.error(`bench native: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
