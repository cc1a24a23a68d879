#!/usr/bin/env node
// npm run bench -- compare (or node scripts/bench-compare.mjs): how long `irmetrics compare`
// takes on 10 runs × 250 topics (100 documents each), all 45 pairs, for each test, with the
// Holm correction; randomization and bootstrap with 10,000 permutations or resamples each. The
// data is generated once into build/bench/compare/ (seeded, deterministic); each test runs in a
// fresh Node process, so the times include starting Node and the wasm module and evaluating the
// ten runs, as a user would wait for them.
//
// Then the same comparison in the browser, in the significance page's worker (engine-worker.js,
// the calculators' engine; the TREC page compares in trec-worker.js, the same module code), in
// Debian's Chromium on the built site
// (dist/, or IRM_DIST, or --dist DIR; served by scripts/serve.mjs): the ten runs' per-topic AP
// (evaluated here as `irmetrics compare` does) pasted into the significance page as a table of
// 10 systems × 250 queries, and the time from choosing the randomization test to the marked
// table on screen (and, on a first visit with an empty cache, from opening a share link that asks
// for the randomization test to the table); then the worker alone, sent {type: 'compare'} with
// 10,000 permutations, the time to its answer. Medians of 3; the page and the worker are timed
// after a first request that loaded the wasm module.


import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { loadEngine } from '../bin/lib/engine.mjs';
import { evaluateTrec } from '../bin/lib/trec.mjs';
import { scoresFromReport } from '../common/compare-report.js';
import { randomFrom } from '../common/practice/generate.js';
import { startServer } from './serve.mjs';

const root = new URL('../', import.meta.url);
const dir = fileURLToPath(new URL('build/bench/compare/', root));
const cli = fileURLToPath(new URL('bin/irmetrics.mjs', root));
const { values } = parseArgs({ options: { dist: { type: 'string', default: process.env.IRM_DIST ?? fileURLToPath(new URL('dist/', root)) } } });
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

/** The per-topic AP of the ten runs, as `irmetrics compare -m map` reads them. */
async function perTopicScores(runs) {
  const engine = await loadEngine();
  const evaluated = await evaluateTrec(engine, { args: ['-q', '-c', '-m', 'map'], qrels: `${dir}qrels`, runs, format: 'json' });
  if (!evaluated.ok) throw new Error(evaluated.error.message);
  const scores = scoresFromReport(JSON.parse(evaluated.report));
  if (!scores.ok) throw new Error(scores.message);
  return scores.input;
}

/** The input as a table the significance page reads: a header of run names, a row per topic. */
const asTable = (input) =>
  [['topic', ...input.runs].join('\t'), ...input.topics.map((topic, t) => [topic, ...input.scores[0].byRun.map((run) => run[t])].join('\t'))].join('\n');

/**
 * In Chromium: {page, worker} seconds (medians of 3), or a sentence saying why not measured.
 * page: the significance page with the table, from the randomization test chosen to the table
 * shown; worker: engine-worker.js (the calculators' worker) alone, from the request to the answer.
 */
async function inBrowser(input) {
  const dist = values.dist.replace(/\/*$/, '/');
  if (!existsSync(`${dist}index.html`)) return `no built site in ${dist} (npm run build, or --dist DIR)`;
  if (!existsSync(chromiumPath)) return `no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`;
  const workerFile = readdirSync(`${dist}assets`).find((name) => /^engine-worker-.*\.js$/.test(name));
  if (!workerFile) return `no engine-worker in ${dist}assets`;
  const server = await startServer({ root: dist, port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const page = await browser.newPage();
    const base = `http://127.0.0.1:${server.port}/`;
    const hash = new URLSearchParams({ calc: 'significance', in: asTable(input), test: 'ttest', correction: 'holm', alpha: '0.05' });
    await page.goto(`${base}significance.html#${hash}`);
    let pageTimes = null;
    try {
      await page.waitForSelector('[data-many-systems] [data-compare-view][data-compare-state="ready"]', { timeout: 60000 });
      // The means chart's bootstrap runs after the first table: wait for it, so that nothing is queued.
      await page.waitForSelector('[data-many-systems] [data-chart-id="trec-compare-means"] svg', { timeout: 60000 });
      const choose = (test) =>
        page.evaluate(
          (chosen) =>
            new Promise((resolve) => {
              const view = document.querySelector('[data-many-systems] [data-compare-view]');
              const select = document.querySelector('#compare-test');
              const started = performance.now();
              const watch = new MutationObserver(() => {
                if (view.dataset.compareState !== 'ready') return;
                watch.disconnect();
                resolve((performance.now() - started) / 1000);
              });
              select.value = chosen;
              select.dispatchEvent(new Event('change'));
              watch.observe(view, { attributes: true, attributeFilter: ['data-compare-state'] });
            }),
          test,
        );
      pageTimes = [];
      for (let i = 0; i < 3; i += 1) {
        pageTimes.push(await choose('randomization'));
        await choose('ttest');
      }
      const caption = await page.textContent('[data-many-systems] .compare-table caption');
      if (!caption.includes('paired t-test') || !caption.includes('10 systems, 250 queries')) throw new Error(`unexpected table: ${caption}`);
    } catch (error) {
      pageTimes = `the page did not show the comparison (${error.message.split('\n')[0]})`;
    }
    // A cold visit: a share link that asks for the randomization test, from navigation to the table.
    const coldTimes = [];
    for (let i = 0; i < 3; i += 1) {
      const context = await browser.newContext();
      const cold = await context.newPage();
      await cold.goto(`${base}significance.html#${new URLSearchParams({ ...Object.fromEntries(hash), test: 'randomization' })}`);
      const at = await cold.waitForFunction(
        () => document.querySelector('[data-many-systems] [data-compare-view]')?.getAttribute('data-compare-state') === 'ready' && performance.now(),
        null,
        { polling: 'raf', timeout: 60000 },
      );
      coldTimes.push((await at.jsonValue()) / 1000);
      await context.close();
    }
    const workerTimes = await page.evaluate(
      async ({ url, input }) => {
        const worker = new Worker(url, { type: 'module' });
        let id = 0;
        const ask = (options) =>
          new Promise((resolve) => {
            const own = ++id;
            const listen = ({ data }) => {
              if (data.id !== own) return;
              worker.removeEventListener('message', listen);
              resolve(data.answer);
            };
            worker.addEventListener('message', listen);
            worker.postMessage({ type: 'compare', id: own, input, options });
          });
        await ask({ test: 'ttest' }); // loads the module
        const times = [];
        for (let i = 0; i < 3; i += 1) {
          const started = performance.now();
          const answer = await ask({ test: 'randomization', permutations: 10000, correction: 'holm' });
          times.push((performance.now() - started) / 1000);
          if (!answer.ok || answer.value.comparisons.length !== 45 || answer.value.comparisons[0].samples !== 10000) throw new Error(JSON.stringify(answer).slice(0, 300));
        }
        worker.terminate();
        return times;
      },
      { url: `${base}assets/${workerFile}`, input },
    );
    return { page: typeof pageTimes === 'string' ? pageTimes : median(pageTimes), cold: median(coldTimes), worker: median(workerTimes) };
  } finally {
    await browser.close();
    await server.close();
  }
}

if (!existsSync(`${dir}.done`)) generate();
const runs = Array.from({ length: RUNS }, (_, r) => `${dir}run${r}`);
console.log(`bench-compare: irmetrics compare, ${RUNS} runs × ${TOPICS} topics × ${DOCS} documents, all ${(RUNS * (RUNS - 1)) / 2} pairs, -m map, Holm`);
console.log('test            seconds  (wall time of the whole command, median of 3)');
const commandLine = {};
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
  commandLine[test] = median(times);
  console.log(`${test.padEnd(14)}  ${commandLine[test].toFixed(2).padStart(7)}`);
}

const input = await perTopicScores(runs);
const browser = await inBrowser(input);
console.log(`\nbench-compare: randomization, 10,000 permutations, all 45 pairs of ${input.runs.length} runs × ${input.topics.length} topics (per-topic AP), Holm (median of 3)`);
console.log(`  command line (irmetrics compare, the whole command)        ${commandLine.randomization.toFixed(2).padStart(6)} s`);
if (typeof browser === 'string') {
  console.log(`  Chromium: not measured: ${browser}`);
} else {
  const pageFigure = typeof browser.page === 'number' ? `${browser.page.toFixed(2).padStart(6)} s` : `not measured: ${browser.page}`;
  console.log(`  significance page (test chosen → marked table shown)        ${pageFigure}`);
  console.log(`  the same, a first visit (link opened → marked table shown)  ${browser.cold.toFixed(2).padStart(6)} s`);
  console.log(`  the page's worker alone (engine-worker.js, request → answer)  ${browser.worker.toFixed(2).padStart(6)} s`);
}
