// Large inputs never freeze the page: a 100,000-rank list (ranked page), 100,000 grades (nDCG
// page) and a 300 MB TREC run are computed off the main thread (web/js/engine-worker.js,
// web/js/trec-worker.js), and what is rendered of them is a page of rows at a time, charts
// thinned for drawing, the TREC results a part per task. These tests check that it is so: the
// answers, the paged rows fetched from the worker, the thinned charts, and that typing while the
// engine works reaches the field key by key.
//
// How long the main thread is held is measured, not asserted (a test must not depend on the
// machine's speed or load): a PerformanceObserver of type 'longtask' is installed before the
// page's own scripts (addInitScript), and the longest task, the longest wait of a key and the
// time to the answer are printed as test diagnostics. `npm run bench -- web` measures the same
// on the ranked page.
//
// Run: IRM_DIST=/tmp/site node --test tests/web/large-inputs.test.mjs

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { tableCell, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

const RANKS = 100_000;

// A Chromium of its own: the TREC files are given to the page by path (helpers.mjs openBrowser).
const session = useBrowserSession({ localFiles: true });

/**
 * Records the duration of every long task (> 50 ms) in window.__longTasks, from page start, and
 * in window.__keyDelays (while it is an array) how long each key press waited for the main
 * thread: from the key event's time stamp to its first listener.
 */
function observeLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask' });
  window.__keyDelays = null;
  window.addEventListener('keydown', (event) => window.__keyDelays?.push(performance.now() - event.timeStamp), true);
}

/** Starts counting long tasks afresh (the page's start-up is not what is measured). */
const resetLongTasks = (page) => page.evaluate(() => (window.__longTasks.length = 0));

/** The long tasks seen since the last reset, longest first. */
const longTasks = (page) => page.evaluate(() => window.__longTasks.map((task) => Math.round(task.duration)).sort((a, b) => b - a));

/**
 * Types `text` into `selector` while the engine is busy: every key must reach the field.
 * Returns the longest wait of a key for the main thread (`keyDelay`, ms; a blocked main thread
 * holds every key press back) and the time the typing took as seen from the test (`took`, ms:
 * with the round trips to the browser).
 */
async function typeWhileBusy(page, selector, text) {
  await page.evaluate(() => (window.__keyDelays = []));
  const started = Date.now();
  await page.locator(selector).pressSequentially(text);
  const took = Date.now() - started;
  assert.equal(await page.inputValue(selector), text);
  const delays = await page.evaluate(() => window.__keyDelays.splice(0));
  assert.equal(delays.length, text.length, 'a key event for each character typed');
  return { keyDelay: Math.round(Math.max(...delays)), took };
}

/**
 * A text field of the test's own at the top of the page, for typing while the page works where
 * typing into the page's fields would start another computation.
 */
const addProbeField = (page) =>
  page.evaluate(() => {
    const field = document.createElement('input');
    field.id = 'probe-field';
    field.setAttribute('aria-label', 'probe');
    document.body.prepend(field);
  });

const typingFigures = ({ keyDelay, took }) => ({ 'longest key delay ms': keyDelay, 'typing ms': took });

function report(t, name, figures) {
  const line = `${name}: ${Object.entries(figures).map(([key, value]) => `${key} ${value}`).join(', ')}`;
  t.diagnostic(line);
  console.log(`# ${line}`);
}

/**
 * Runs `attempt()`, one measurement on a fresh page, which asserts the values it shows itself
 * and prints its figures (report); how long a task took is the bench's to judge, not a test's.
 */
async function measure(t, attempt) {
  await attempt();
}

test(`ranked page: ${RANKS.toLocaleString('en')} ranks computed in the worker, the page answering meanwhile`, async (t) => {
  // Relevant at every 10th rank (10, 20, …, 100,000): 10,000 relevant documents, each with
  // precision i/(10 i) = 1/10 at its rank. Without R, AP = (10,000 × 1/10) / 10,000 = 1/10;
  // P@5 = 0/5 = 0. With R = 20,000 typed, AP = (10,000 × 1/10) / 20,000 = 1/20 = 0.05.
  const ranks = Array.from({ length: RANKS }, (_, index) => ((index + 1) % 10 === 0 ? 'R' : 'N')).join(' ');
  await measure(t, async () => {
    const { page, problems, close } = await session.openPage('ranked.html', { initScript: observeLongTasks });
    try {
      await page.fill('#measures', 'AP, P@5');
      await resetLongTasks(page);
      const started = Date.now();
      await page.fill('#input', ranks);
      // While the worker computes, R is typed: the keys show at once, and the answers that come
      // back for the input without R are dropped for the newer state (calculator-page.js).
      const typing = await typeWhileBusy(page, '#relevant', '20000');
      await waitForAnswers(page, ['AP = 1/20 = 0.05', 'P@5 = 0'], { timeout: 60000 });
      const answered = Date.now() - started;
      // 100 of 100,000 rows are rendered, with buttons for the others; the PR chart is thinned.
      await waitForText(page, '#outcome-0', ['Rows 1–100 of 100000.', 'Drawn from']);
      const tasks = await longTasks(page);
      report(t, 'ranked 100,000', { 'longest task ms': tasks[0] ?? 0, 'long tasks': tasks.length, 'answer ms': answered, ...typingFigures(typing) });

      // The per-rank table shows 100 rows at a time; "Last rows" fetches the last page from the
      // worker: ranks 99,901–100,000, the last one relevant with P = 10,000/100,000 = 1/10.
      await resetLongTasks(page);
      const block = page.locator('#outcome-0 .table-pager').last();
      await block.locator('button', { hasText: 'Last rows' }).click();
      await addProbeField(page);
      const typingDuringPage = await typeWhileBusy(page, '#probe-field', 'still here');
      await waitForText(page, '#outcome-0', ['Rows 99901–100000 of 100000.']);
      const table = page.locator('#outcome-0 table.step-table').last();
      assert.equal(await table.locator('tbody tr').count(), 100);
      const lastRow = await table
        .locator('tbody tr')
        .last()
        .evaluate((tr) => [...tr.cells].map((cell) => (cell.querySelector('.cell-text') ?? cell).textContent.trim()));
      assert.equal(lastRow[0], '100000');
      assert.ok(lastRow.includes('10000/100000'), `P@100000 = 10000/100000 in ${lastRow.join(' | ')}`);

      const pageTasks = await longTasks(page);
      report(t, 'ranked 100,000, last rows', { 'longest task ms': pageTasks[0] ?? 0, 'long tasks': pageTasks.length, ...typingFigures(typingDuringPage) });
      assert.deepEqual(problems, []);
      return [
        { what: 'computing', tasks, typing },
        { what: 'paging', tasks: pageTasks, typing: typingDuringPage },
      ];
    } finally {
      await close();
    }
  });
});

/**
 * Counts, in window.__workers, the engine workers the page starts and stops and the 'compute'
 * requests it posts to them (a wrapper around the page's Worker, installed before its scripts).
 */
function countWorkerRequests() {
  const counts = { started: 0, terminated: 0, computes: 0 };
  window.__workers = counts;
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      counts.started += 1;
    }
    postMessage(message, ...rest) {
      if (message?.type === 'compute') counts.computes += 1;
      return super.postMessage(message, ...rest);
    }
    terminate() {
      counts.terminated += 1;
      return super.terminate();
    }
  };
}

test(`ranked page: typing during a ${RANKS.toLocaleString('en')}-rank computation stops the out-of-date work`, async (t) => {
  // The same list as above: AP = 1/10 without R, 1/20 with R = 20,000 typed; P@5 = 0.
  // AP then P@5 are asked for (one request at a time: engine.js). The reader types R while the
  // worker is still on the first AP (seconds for 100,000 ranks): the first P@5, still waiting,
  // is never sent, and the running AP is stopped by starting a new worker (engine.js
  // RESTART_AFTER_MS), which then computes AP and P@5 for the input with R. So the workers get 3
  // compute requests (not 4), 2 workers are started and 1 is stopped, and the answers are the
  // ones with R.
  const ranks = Array.from({ length: RANKS }, (_, index) => ((index + 1) % 10 === 0 ? 'R' : 'N')).join(' ');
  const { page, problems, close } = await session.openPage('ranked.html', { initScript: countWorkerRequests });
  try {
    await page.fill('#measures', 'AP, P@5');
    // A short list first, so the worker is up and idle: AP = (1/1)/1 = 1, P@5 = 1/5.
    await page.fill('#input', 'R N');
    await waitForAnswers(page, ['AP = 1', 'P@5 = 1/5 = 0.2']);
    const before = await page.evaluate(() => ({ ...window.__workers }));
    const started = Date.now();
    await page.fill('#input', ranks);
    await page.waitForFunction((computes) => window.__workers.computes > computes, before.computes);
    // One edit (typed key by key under load, each key could be an edit of its own).
    await page.fill('#relevant', '20000');
    await waitForAnswers(page, ['AP = 1/20 = 0.05', 'P@5 = 0'], { timeout: 60000 });
    const answered = Date.now() - started;
    const after = await page.evaluate(() => ({ ...window.__workers }));
    const made = { started: after.started - before.started, terminated: after.terminated - before.terminated, computes: after.computes - before.computes };
    report(t, 'ranked 100,000, R typed while computing', { 'answer ms': answered, ...made });
    assert.deepEqual(made, { started: 1, terminated: 1, computes: 3 });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test(`nDCG page: ${RANKS.toLocaleString('en')} grades computed in the worker, the page answering meanwhile`, async (t) => {
  // 25,000 each of grades 3, 2, 1, 0, in that order: the ranking is its own ideal ranking, so
  // DCG = IDCG and nDCG = 1 under any discount.
  const grades = [3, 2, 1, 0].flatMap((grade) => Array(RANKS / 4).fill(grade)).join(' ');
  await measure(t, async () => {
    const { page, problems, close } = await session.openPage('ndcg.html', { initScript: observeLongTasks });
    try {
      await page.fill('#measures', 'nDCG');
      await addProbeField(page);
      await resetLongTasks(page);
      const started = Date.now();
      await page.fill('#input', grades);
      const typing = await typeWhileBusy(page, '#probe-field', 'nDCG');
      await page.waitForSelector('#outcome-0 .answer', { timeout: 60000 });
      const answered = Date.now() - started;
      const answer = (await page.locator('#outcome-0 .answer').textContent()).replace(/\s+/g, ' ').trim();
      assert.match(answer, /^nDCG = 1(\.0+)?\b/);
      await waitForText(page, '#outcome-0', ['Rows 1–100 of 100000.']);
      const tasks = await longTasks(page);
      report(t, 'nDCG 100,000', { 'longest task ms': tasks[0] ?? 0, 'long tasks': tasks.length, 'answer ms': answered, ...typingFigures(typing) });
      assert.deepEqual(problems, []);
      return [{ what: 'computing', tasks, typing }];
    } finally {
      await close();
    }
  });
});

// ------------------------------------------------------------------ a 300 MB TREC run
//
// A run of 7,000 topics × 1,000 documents (263 MB) and its qrels (31 MB), the issue's "about
// 300 MB" case, written to a temporary directory as they are generated and given to the page as
// files: the page streams them into the worker.

const TOPICS = 7000;
const DOCS = 1000;
const FIRST_QID = 401;
/** Relevant documents of each topic that the run does not retrieve. */
const UNRETRIEVED = 25;

const docno = (qid, rank) => `D${qid}-${String(rank).padStart(4, '0')}`;

/**
 * The run: topics 401–7400, each with documents D<qid>-0001 … D<qid>-1000 at ranks 1–1000 and
 * scores 1000.000 down to 1.000 (distinct, so no tie is broken by docno), one topic a block.
 */
function* runBlocks() {
  for (let qid = FIRST_QID; qid < FIRST_QID + TOPICS; qid += 1) {
    let block = '';
    for (let rank = 1; rank <= DOCS; rank += 1) block += `${qid} Q0 ${docno(qid, rank)} ${rank} ${(DOCS + 1 - rank).toFixed(3)} bigrun\n`;
    yield block;
  }
}

/**
 * The qrels: for each topic, the documents at ranks 10, 20, …, 1000 relevant (grade 1), those at
 * ranks 5, 15, …, 995 judged not relevant (grade 0), and UNRETRIEVED more relevant documents
 * D<qid>-U1 … that the run does not retrieve. The other documents of the run are unjudged.
 */
function* qrelsBlocks() {
  for (let qid = FIRST_QID; qid < FIRST_QID + TOPICS; qid += 1) {
    let block = '';
    for (let rank = 5; rank <= DOCS; rank += 5) block += `${qid} 0 ${docno(qid, rank)} ${rank % 10 === 0 ? 1 : 0}\n`;
    for (let k = 1; k <= UNRETRIEVED; k += 1) block += `${qid} 0 D${qid}-U${k} 1\n`;
    yield block;
  }
}

/** Writes the blocks to `path` as they are made (a 300 MB file is never one string). */
async function writeBlocks(path, blocks) {
  const out = createWriteStream(path);
  for (const block of blocks) if (!out.write(block)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

// The values, by hand. Each topic retrieves 1,000 documents; the relevant ones it retrieves are
// at ranks 10 j (j = 1 … 100), R = 100 + 25 = 125 (the qrels' relevant documents).
//   Precision at rank 10 j is j / (10 j) = 1/10, so AP = (100 × 1/10) / 125 = 10/125 = 0.08 for
//   every topic: map = 0.0800, gm_map = exp(mean log 0.08) = 0.0800.
//   P_10 = 1/10 = 0.1000 (rank 10 is relevant); P_5 = 0; recip_rank = 1/10 = 0.1000.
//   Rprec: 12 relevant in the first R = 125 ranks (10, …, 120): 12/125 = 0.0960.
//   bpref: N = 100 judged not relevant (ranks 5, 15, …), min(R, N) = 100; above the j-th
//   relevant document (rank 10 j) are j of them (5, …, 10 j − 5), so bpref =
//   Σ_{j=1..100} (1 − j/100) / R = (100 − 5050/100) / 125 = 49.5/125 = 0.3960.
//   Sums over the 7,000 topics: num_q 7000, num_ret 7,000,000, num_rel 7,000 × 125 = 875,000,
//   num_rel_ret 7,000 × 100 = 700,000.
const TREC_EXPECTED = {
  num_q: '7000',
  num_ret: '7000000',
  num_rel: '875000',
  num_rel_ret: '700000',
  map: '0.0800',
  gm_map: '0.0800',
  Rprec: '0.0960',
  bpref: '0.3960',
  recip_rank: '0.1000',
  P_5: '0.0000',
  P_10: '0.1000',
};

test(`TREC page: a ${TOPICS.toLocaleString('en')} × ${DOCS.toLocaleString('en')} run (263 MB, with a 31 MB qrels) evaluated in the worker, the page answering meanwhile`, async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'irm-large-trec-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const qrelsPath = join(dir, 'big.qrels');
  const runPath = join(dir, 'big.run');
  const generating = Date.now();
  await writeBlocks(qrelsPath, qrelsBlocks());
  await writeBlocks(runPath, runBlocks());
  const runBytes = (await stat(runPath)).size;
  const qrelsBytes = (await stat(qrelsPath)).size;
  report(t, 'TREC files written', { 'run MB': (runBytes / 1e6).toFixed(1), 'qrels MB': (qrelsBytes / 1e6).toFixed(1), ms: Date.now() - generating });

  await measure(t, async () => {
    const { page, problems, close } = await session.openPage('trec.html', { initScript: observeLongTasks });
    try {
      await addProbeField(page);
      await page.setInputFiles('#qrels-file', qrelsPath);
      await waitForText(page, '[data-results-status]', ['Add at least one run']);
      await resetLongTasks(page);
      const started = Date.now();
      await page.setInputFiles('#run-files', runPath);
      // New files are evaluated at once, however large; only a change of options to files over
      // 50 MB waits for Evaluate. Should the page ask for the click, it is given.
      const progress = page.locator('[data-progress]');
      const asked = page.locator('[data-results-status]', { hasText: 'Press Evaluate' });
      await progress.or(asked).first().waitFor({ state: 'visible', timeout: 10000 });
      if (await asked.isVisible()) await page.click('form.trec-form button[type="submit"]');
      // While the worker reads the run, keys typed elsewhere show at once.
      const typing = await typeWhileBusy(page, '#probe-field', 'still typing');
      const stillReading = await progress.isVisible();
      assert.ok(stillReading, 'the keys were typed while the worker was still reading the files');
      await page.waitForFunction(
        () => {
          const results = document.querySelector('[data-results]');
          return !results.classList.contains('is-stale') && document.querySelector('table.trec-summary tbody th label')?.textContent === 'bigrun';
        },
        null,
        { timeout: 180000, polling: 100 }, // not every frame: the test's own polling stays light
      );
      const answered = Date.now() - started;
      // The tasks that render the results, and their long-task entries, are over after two frames.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))));
      const tasks = await longTasks(page);
      report(t, 'TREC 7,000 × 1,000', {
        'longest task ms': tasks[0] ?? 0,
        'long tasks': `[${tasks.join(', ')}]`,
        'answer ms': answered,
        'MB/s': ((runBytes + qrelsBytes) / 1e6 / (answered / 1000)).toFixed(0),
        ...typingFigures(typing),
        'typed while reading': stillReading,
      });

      for (const [measure, value] of Object.entries(TREC_EXPECTED)) {
        assert.equal(await tableCell(page, 'trec-summary', 'bigrun', measure), value, measure);
      }
      await waitForText(page, '[data-progress-status]', [`Evaluated 1 run against ${TOPICS} topics.`]);
      assert.match(await page.locator('[data-results]').textContent(), /No bar chart for bigrun: more than \d+ topics\./);
      // The per-topic table shows 50 of the 7,000 topics at a time; every topic's AP is 10/125
      // and its Rprec 12/125.
      const perTopic = page.locator('.trec-section:has(table.trec-per-topic)');
      await waitForText(page, '.trec-section:has(table.trec-per-topic) .table-pager', [`Rows 1–50 of ${TOPICS}`]);
      const columnValues = (column) =>
        page.$$eval(
          'table.trec-per-topic',
          ([table], name) => {
            const index = [...table.tHead.rows[0].cells].findIndex((th) => th.textContent.trim() === name);
            return [...new Set([...table.tBodies[0].rows].map((tr) => tr.cells[index].textContent.trim()))];
          },
          column,
        );
      assert.equal(await perTopic.locator('tbody tr').count(), 50);
      assert.deepEqual(await columnValues('map'), ['0.0800']);
      assert.deepEqual(await columnValues('Rprec'), ['0.0960']);
      assert.deepEqual(await columnValues('num_ret'), ['1000']);

      // Sorted by topic (natural order: 401, 402, …, 7400), the last page holds topics
      // 7351–7400; sorting and paging while typing elsewhere.
      await resetLongTasks(page);
      await page.fill('#probe-field', '');
      await perTopic.locator('thead button', { hasText: 'topic' }).click();
      await perTopic.locator('.table-pager button', { hasText: 'Last rows' }).click();
      const typingDuringPage = await typeWhileBusy(page, '#probe-field', 'and paging');
      await waitForText(page, '.trec-section:has(table.trec-per-topic) .table-pager', [`Rows 6951–7000 of ${TOPICS}`]);
      assert.equal(await perTopic.locator('thead th[aria-sort="ascending"]').textContent(), 'topic');
      const shownTopics = await perTopic.locator('tbody th').allTextContents();
      assert.deepEqual(shownTopics, Array.from({ length: 50 }, (_, index) => String(7351 + index)));
      assert.deepEqual(await columnValues('map'), ['0.0800']);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
      const pageTasks = await longTasks(page);
      report(t, 'TREC 7,000 × 1,000, sorting and paging', { 'longest task ms': pageTasks[0] ?? 0, 'long tasks': pageTasks.length, ...typingFigures(typingDuringPage) });
      assert.deepEqual(problems, []);
      return [
        { what: 'evaluating and rendering', tasks, typing },
        { what: 'sorting and paging', tasks: pageTasks, typing: typingDuringPage },
      ];
    } finally {
      await close();
    }
  });
});
