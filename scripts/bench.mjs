#!/usr/bin/env node
// npm run bench [-- T|A|B|C|native|compare|web ...]: how fast `irmetrics trec -m all_trec`
// evaluates large runs, and how much memory it takes, through the command line's own streaming
// code (bin/lib/trec.mjs, the wasm module); `native` times whole processes on cases T and B:
// trec_eval (TREC_EVAL=path), build/native/irmetrics-trec, and `node bin/irmetrics.mjs trec`
// through it and through the wasm module (scripts/bench-native.mjs); `compare` times irmetrics
// compare on 10 runs (scripts/bench-compare.mjs), `judges` irmetrics judges on two 50,000-judgment
// qrels and 20 runs (scripts/bench-judges.mjs), `web` first visits of the pages
// (scripts/bench-web.mjs); no argument, all of them.
//
//   case  topics × docs      run         like
//   T        50 × 1,000      ~2 MB       a typical run: one TREC track's 50 topics
//   A       250 × 1,000      ~10 MB      one TREC ad hoc track
//   B     7,000 × 1,000      ~300 MB     many topics, deep runs
//   C   100,000 × 100        ~430 MB     very many shallow topics
//
// The data is generated once into build/bench/ (git-ignored), deterministically (a seeded
// mulberry32), and reused while the files have the size its manifest records. Qrels judge a share
// of each topic's retrieved documents with grades 0, 1, 2 and some negative (unjudged) ones, plus
// some judged documents the run did not retrieve; scores descend with some ties.
//
// Each case runs in a fresh Node process (scripts/bench-case.mjs), which reports the wall time of
// reading, evaluating and the report, and its peak resident memory (maxRSS). Not part of npm test.

import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, statSync,
  writeFileSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomFrom } from '../common/practice/generate.js';

const root = new URL('../', import.meta.url);
const benchDir = fileURLToPath(new URL('build/bench/', root));
const caseScript = fileURLToPath(new URL('scripts/bench-case.mjs', root));

// Changing how the data is made changes this, so old files are made again.
const GENERATOR = 2;

const CASES = {
  T: { topics: 50, docs: 1000, judged: 0.3, unretrieved: 20, seed: 0x7e57 },
  A: { topics: 250, docs: 1000, judged: 0.3, unretrieved: 20, seed: 0xa11ce },
  B: { topics: 7000, docs: 1000, judged: 0.3, unretrieved: 20, seed: 0xb0b },
  C: { topics: 100000, docs: 100, judged: 0.3, unretrieved: 5, seed: 0xc0ffee },
};

// trec_eval 10.0's figures as measured when this benchmark was written (not measured on each run;
// T's is measured on each run by `npm run bench -- native`).
const REFERENCE = {
  T: { seconds: null, memory: null },
  A: { seconds: 0.46, memory: null },
  B: { seconds: 11.6, memory: 620 },
  C: { seconds: 93, memory: null },
};
const REFERENCE_NOTE = 'trec_eval 10.0: reference figures measured when this benchmark was written, not on ' +
  'each run (22–26 MB/s)';

/** Writes text to a file in large pieces; close() returns the bytes written. */
class BufferedWriter {
  constructor(path) {
    this.fd = openSync(path, 'w');
    this.text = '';
    this.bytes = 0;
  }

  write(text) {
    this.text += text;
    if (this.text.length >= 8 * 1024 * 1024) this.flush();
  }

  flush() {
    // Every character is ASCII, so latin1 is byte for byte.
    const buffer = Buffer.from(this.text, 'latin1');
    writeSync(this.fd, buffer);
    this.bytes += buffer.length;
    this.text = '';
  }

  close() {
    this.flush();
    closeSync(this.fd);
    return this.bytes;
  }
}

/**
 * A topic's i-th document: FBIS3-dddddd. 104729 is prime, so coprime with 900000, and
 * i ↦ docno is one-to-one for i < 900000: no docno repeats within a topic, and documents past
 * the run's depth (i ≥ docs) are judged but never retrieved.
 */
const docno = (topic, i) => `FBIS3-${100000 + ((topic * 7919 + i * 104729) % 900000)}`;

/** A judged grade for a document at depth i: mostly 0, relevant more often near the top. */
function grade(random, i, docs) {
  if (random() < 0.03) return -1;  // in the pool but unjudged
  const relevantChance = 0.05 + 0.45 * Math.exp(-i / (docs / 5));
  if (random() >= relevantChance) return 0;
  return random() < 0.25 ? 2 : 1;
}

/** Writes the run and qrels of one case; returns their sizes in bytes. */
function generate(name, spec, runPath, qrelsPath) {
  const random = randomFrom(spec.seed);
  const run = new BufferedWriter(runPath);
  const qrels = new BufferedWriter(qrelsPath);
  for (let t = 0; t < spec.topics; t += 1) {
    const topic = 401 + t;
    let score = 20 + random() * 10;
    for (let i = 0; i < spec.docs; i += 1) {
      // One document in ten ties with the one above it.
      if (i > 0 && random() >= 0.1) score -= 0.0001 + random() * 0.02;
      const doc = docno(topic, i);
      run.write(`${topic} Q0 ${doc} ${i + 1} ${score.toFixed(4)} benchrun${name}\n`);
      if (random() < spec.judged) qrels.write(`${topic} 0 ${doc} ${grade(random, i, spec.docs)}\n`);
    }
    for (let i = spec.docs; i < spec.docs + spec.unretrieved; i += 1) {
      qrels.write(`${topic} 0 ${docno(topic, i)} ${random() < 0.5 ? 1 : 0}\n`);
    }
  }
  return { runBytes: run.close(), qrelsBytes: qrels.close() };
}

/** The case's files, made unless they exist with the sizes the manifest records. */
function ensureData(name) {
  const spec = CASES[name];
  const runPath = `${benchDir}${name}.run.txt`;
  const qrelsPath = `${benchDir}${name}.qrels.txt`;
  const manifestPath = `${benchDir}${name}.json`;
  const wanted = { generator: GENERATOR, ...spec };
  if (existsSync(manifestPath) && existsSync(runPath) && existsSync(qrelsPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const same = Object.entries(wanted).every(([key, value]) => manifest[key] === value);
    if (same && statSync(runPath).size === manifest.runBytes &&
      statSync(qrelsPath).size === manifest.qrelsBytes) {
      return { runPath, qrelsPath, ...manifest, generated: false };
    }
  }
  mkdirSync(benchDir, { recursive: true });
  process.stdout.write(`bench: generating case ${name} (${spec.topics} topics × ${spec.docs} ` +
    'docs) into build/bench/ ... ');
  const started = performance.now();
  // Written under temporary names, so an interrupted run never leaves files that look complete.
  const sizes = generate(name, spec, `${runPath}.part`, `${qrelsPath}.part`);
  renameSync(`${runPath}.part`, runPath);
  renameSync(`${qrelsPath}.part`, qrelsPath);
  const manifest = { ...wanted, ...sizes };
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { runPath, qrelsPath, ...manifest, generated: true };
}

const MB = 1e6;
const fixed = (value, digits) => (value == null ? '—' : value.toFixed(digits));

/** Runs one case in a fresh Node process; returns what it measured. */
function measure(name, data) {
  const child = spawnSync(process.execPath,
    [caseScript, data.qrelsPath, data.runPath, '-m', 'all_trec'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const lastLine = child.stdout.trim().split('\n').at(-1) ?? '';
  let result;
  try {
    result = JSON.parse(lastLine);
  } catch {
    result = { ok: false, error: { message: `exit ${child.status}` } };
  }
  if (!result.ok) {
    const reason = result.error?.message ?? 'failed';
    throw new Error(`case ${name}: ${reason}${child.stderr ? `\n${child.stderr.trim()}` : ''}`);
  }
  return result;
}

function printRow(cells, widths) {
  console.log(cells.map((cell, i) => (i < 2 ? String(cell).padEnd(widths[i])
    : String(cell).padStart(widths[i]))).join('  '));
}

function main(argv) {
  // `compare` and `web` measure irmetrics compare (scripts/bench-compare.mjs) and the pages'
  // first visits (scripts/bench-web.mjs); with no argument, everything.
  const all = argv.length === 0;
  const names = ['native', 'compare', 'judges', 'web'];
  const extras = names.filter((name) => all || argv.some((arg) => arg.toLowerCase() === name));
  argv = argv.filter((arg) => !names.includes(arg.toLowerCase()));
  let status = all || argv.length > 0 ? trecCases(argv) : 0;
  for (const name of extras) {
    if (status !== 0) break;
    // native: the typical case and the 300 MB one, whole processes (scripts/bench-native.mjs).
    const args = name === 'native' ? ['T', 'B'].flatMap((caseName) => {
      const data = ensureData(caseName);
      return [caseName, data.qrelsPath, data.runPath];
    }) : [];
    status = benchScript(`scripts/bench-${name}.mjs`, args);
  }
  return status;
}

/** Another bench script, in a child process. */
function benchScript(script, args = []) {
  console.log('');
  const child = spawnSync(process.execPath, [fileURLToPath(new URL(script, root)), ...args],
    { stdio: 'inherit' });
  return child.status ?? 1;
}

function trecCases(argv) {
  const names = argv.length === 0 ? Object.keys(CASES) : argv.map((arg) => arg.toUpperCase());
  const unknown = names.filter((name) => !(name in CASES));
  if (unknown.length > 0) {
    console.error(`bench: unknown case ${unknown.join(', ')}; the cases are ` +
      `${Object.keys(CASES).join(', ')}, native, compare, judges and web (npm run bench -- A)`);
    return 2;
  }
  const rows = [];
  for (const name of names) {
    const spec = CASES[name];
    const data = ensureData(name);
    const runMB = data.runBytes / MB;
    console.log(`bench: case ${name}: ${spec.topics} topics × ${spec.docs} docs, run ` +
      `${runMB.toFixed(1)} MB, qrels ${(data.qrelsBytes / MB).toFixed(1)} MB; ` +
      'evaluating -m all_trec');
    const result = measure(name, data);
    const row = {
      name, spec, runMB,
      seconds: result.seconds,
      rate: runMB / result.seconds,
      peak: result.maxRssMiB,
      ratio: result.maxRssMiB / (data.runBytes / 2 ** 20),
      result,
    };
    rows.push(row);
    console.log(`  ${row.seconds.toFixed(2)} s (loading the wasm module, ` +
      `${result.loadSeconds.toFixed(2)} s, not included), ${row.rate.toFixed(1)} MB/s, ` +
      `peak RSS ${row.peak.toFixed(0)} MiB (${row.ratio.toFixed(2)} × the run; Node and the ` +
      `module alone: ${result.baseRssMiB.toFixed(0)} MiB), ${result.topics} topics evaluated, ` +
      `${result.warnings} warnings, map ${result.map.split('\t').at(-1)}`);
    const reference = REFERENCE[name];
    if (reference.seconds !== null) {
      console.log(`  ${REFERENCE_NOTE}: ${reference.seconds} s` +
        (reference.memory ? `, ${reference.memory} MiB` : ''));
    }
  }

  console.log('\nbench: irmetrics trec -m all_trec (wall time of reading + evaluating + report; ' +
    'MB = 10^6 bytes of run; peak = the child\'s maxRSS; base = its RSS with the module loaded, ' +
    'before reading)');
  const header = ['case', 'topics × docs', 'run MB', 'seconds', 'MB/s', 'peak MiB', 'base MiB',
    'peak/run', 'trec_eval 10.0 s*', 'trec_eval MiB*'];
  const table = rows.map((row) => [
    row.name, `${row.spec.topics} × ${row.spec.docs}`, fixed(row.runMB, 1),
    fixed(row.seconds, 2), fixed(row.rate, 1), fixed(row.peak, 0),
    fixed(row.result.baseRssMiB, 0), fixed(row.ratio, 2),
    fixed(REFERENCE[row.name].seconds, 2), fixed(REFERENCE[row.name].memory, 0),
  ]);
  const widths = header.map((title, i) => Math.max(title.length,
    ...table.map((cells) => String(cells[i]).length)));
  printRow(header, widths);
  for (const cells of table) printRow(cells, widths);
  console.log(`* ${REFERENCE_NOTE}.`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
}
