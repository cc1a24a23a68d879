// Browser tests of the TREC files page (web/trec.html) against the built site in dist/: files
// pasted and chosen (plain and gzip), evaluated in the worker, the summary and per-topic tables,
// trec_eval's text, errors in a line, pasted markup, the links into the ranked-list and
// significance calculators, the exports, accessibility and the phone layout.
// Run: npm run build && node --test tests/web/trec.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { PHONE, axeViolations, downloadBytes, horizontalOverflow, tableCell as cell, useBrowserSession, waitForText } from './helpers.mjs';

// Two topics. Grades: t1: a 1, b 0, c 2, d 1 (R = 3 at level 1); t2: e 1, f 0, g 1 (R = 2).
const QRELS = ['t1 0 a 1', 't1 0 b 0', 't1 0 c 2', 't1 0 d 1', 't2 0 e 1', 't2 0 f 0', 't2 0 g 1'].join('\n');

// Run alpha, ranked by score (the rank column is ignored):
//   t1: a (R), b (N), c (R), x, y, z (x, y, z unjudged: not relevant)
//       AP = (1/1 + 2/3) / 3 = 5/9 ≈ 0.5556; P_5 = 2/5; Rprec = 2/3; 2 relevant retrieved.
//   t2: f and g tie at 0.8; ties go by docno descending, so g (R) comes before f (N); then h.
//       AP = (1/1) / 2 = 1/2; P_5 = 1/5; Rprec = 1/2; 1 relevant retrieved.
//   map = (5/9 + 1/2) / 2 = 19/36 ≈ 0.5278; P_5 = (2/5 + 1/5) / 2 = 0.3000;
//   Rprec = (2/3 + 1/2) / 2 = 7/12 ≈ 0.5833; num_rel_ret = 2 + 1 = 3 (a sum); num_ret = 9;
//   num_rel = 5; recip_rank = 1.
const RUN_ALPHA = [
  't1 Q0 a 1 0.9 alpha',
  't1 Q0 b 2 0.8 alpha',
  't1 Q0 c 3 0.7 alpha',
  't1 Q0 x 4 0.6 alpha',
  't1 Q0 y 5 0.5 alpha',
  't1 Q0 z 6 0.4 alpha',
  't2 Q0 f 1 0.8 alpha',
  't2 Q0 g 2 0.8 alpha',
  't2 Q0 h 3 0.5 alpha',
].join('\n');
const ALPHA = { map: '0.5278', P_5: '0.3000', Rprec: '0.5833', num_rel_ret: '3', num_ret: '9', num_rel: '5', recip_rank: '1.0000' };

// Run beta: t1: d (R), a (R), b (N): AP = (1 + 1) / 3 = 2/3 ≈ 0.6667; t2: e (R): AP = 1/2.
// map = (2/3 + 1/2) / 2 = 7/12 ≈ 0.5833; num_rel_ret = 3.
const RUN_BETA = ['t1 Q0 d 1 3 beta', 't1 Q0 a 2 2 beta', 't1 Q0 b 3 1 beta', 't2 Q0 e 1 5 beta'].join('\n');

const MARKUP_TAG = '<img/src=x/onerror=window.pwned=1>';

const session = useBrowserSession({ reusePages: true });
const { withPage } = session;

/** Waits until the results are up to date (not dimmed) and the summary lists `runs`, in any order. */
async function waitForSummary(page, runs, { timeout = 10000 } = {}) {
  await page
    .waitForFunction(
      (expected) => {
        const results = document.querySelector('[data-results]');
        if (!results || results.classList.contains('is-stale')) return false;
        const shown = [...document.querySelectorAll('table.trec-summary tbody th label')].map((label) => label.textContent);
        return shown.length === expected.length && expected.every((run) => shown.includes(run));
      },
      runs,
      { timeout },
    )
    .catch(async () => {
      const status = await page.locator('[data-results-status]').textContent();
      throw new Error(`the summary never listed ${runs}; the page says: ${status}`);
    });
}

/** Waits until a cell (see `cell`) shows `expected`. */
async function waitForCell(page, tableClass, row, column, expected, { timeout = 5000 } = {}) {
  const deadline = Date.now() + timeout;
  let shown = await cell(page, tableClass, row, column);
  while (shown !== expected && Date.now() < deadline) {
    await page.waitForTimeout(50);
    shown = await cell(page, tableClass, row, column);
  }
  assert.equal(shown, expected, `${row} × ${column}`);
}

async function pasteAlpha(page) {
  await page.fill('#qrels-text', QRELS);
  await page.fill('#run-text', RUN_ALPHA);
  await waitForSummary(page, ['alpha']);
}

async function addBetaAsGzip(page) {
  await page.setInputFiles('#run-files', { name: 'beta.txt.gz', mimeType: 'application/gzip', buffer: gzipSync(RUN_BETA) });
  await waitForSummary(page, ['alpha', 'beta']);
}

test('a pasted qrels and run: the summary shows map 0.5278, P_5 0.3000, num_rel_ret 3, as trec_eval prints them', async () => {
  await withPage('trec.html', async (page) => {
    await pasteAlpha(page);
    for (const [measure, value] of Object.entries(ALPHA)) {
      assert.equal(await cell(page, 'trec-summary', 'alpha', measure), value, measure);
    }
    // trec_eval's own text: "%-22s\t%s\t%6.4f", the run's summary lines.
    const text = await waitForText(page, '[data-trec-text]', ['map                   \tall\t0.5278']);
    assert.ok(text.includes('P_5                   \tall\t0.3000'), text);
    assert.ok(text.includes('num_rel_ret           \tall\t3'), text);
    assert.ok(!text.includes('\tt1\t'), 'no per-topic lines without -q');
    // The per-topic table: t1's AP 5/9, t2's 1/2.
    assert.equal(await cell(page, 'trec-per-topic', 't1', 'map'), '0.5556');
    assert.equal(await cell(page, 'trec-per-topic', 't2', 'map'), '0.5000');
    assert.equal(await cell(page, 'trec-per-topic', 't2', 'P_5'), '0.2000');
    // The footer names the engine of the page's worker (the calculators' module is not loaded).
    await page.waitForFunction(() => /^engine \d/.test(document.querySelector('[data-version]')?.textContent ?? ''));
    // The precision–recall curve and one AP bar per topic.
    await page.locator('figure.chart svg').first().waitFor(); // drawn once its box has a width
    assert.equal(await page.locator('figure.chart[data-chart-id="trec-pr"]').count(), 1);
    assert.equal(await page.locator('figure.chart[data-chart-id="trec-ap"] svg rect').count() >= 2, true);
  });
});

test('a run whose topics interleave (t1, t2, t1 …) is read a second time, whole, and gives the same values', async () => {
  // The worker streams a run topic by topic; t1 coming back after t2 makes it read the run again
  // without streaming. The lines are alpha's, reordered: the values are alpha's (see above).
  const lines = RUN_ALPHA.split('\n');
  const interleaved = [lines[0], lines[6], lines[1], lines[7], lines[2], lines[3], lines[8], lines[4], lines[5]];
  await withPage('trec.html', async (page) => {
    await page.fill('#qrels-text', QRELS);
    await page.fill('#run-text', interleaved.join('\n'));
    await waitForSummary(page, ['alpha']);
    for (const [measure, value] of Object.entries(ALPHA)) {
      assert.equal(await cell(page, 'trec-summary', 'alpha', measure), value, measure);
    }
    assert.equal(await cell(page, 'trec-per-topic', 't1', 'map'), '0.5556');
  });
});

test('-q adds the per-topic lines to trec_eval’s text, and the decimal places field rounds text and tables', async () => {
  await withPage('trec.html', async (page) => {
    await pasteAlpha(page);
    await page.check('#trec-per-query');
    await waitForText(page, '[data-trec-text]', ['map                   \tt1\t0.5556', 'map                   \tt2\t0.5000', 'map                   \tall\t0.5278']);
    // "%6.2f": the value right-aligned in 6 characters.
    await page.fill('#trec-digits', '2');
    await waitForText(page, '[data-trec-text]', ['map                   \tall\t  0.53']);
    await waitForCell(page, 'trec-summary', 'alpha', 'map', '0.53');
    assert.equal(await cell(page, 'trec-per-topic', 't1', 'map'), '0.56');
  });
});

test('a second run from a gzip file: both runs in the summary; sorting by map (click, then Enter) puts beta (0.5833) first, then last', async () => {
  await withPage('trec.html', async (page) => {
    await pasteAlpha(page);
    await addBetaAsGzip(page);
    assert.equal(await cell(page, 'trec-summary', 'beta', 'map'), '0.5833');
    assert.equal(await cell(page, 'trec-summary', 'beta', 'num_rel_ret'), '3');
    assert.match(await page.locator('.file-list').textContent(), /beta\.txt\.gz/);
    const mapHeader = page.locator('table.trec-summary thead th', { has: page.locator('button', { hasText: /^map$/ }) });
    await mapHeader.locator('button').click();
    assert.equal(await mapHeader.getAttribute('aria-sort'), 'descending');
    const order = () => page.locator('table.trec-summary tbody th label').allTextContents();
    assert.deepEqual(await order(), ['beta', 'alpha']);
    await mapHeader.locator('button').focus();
    await page.keyboard.press('Enter');
    assert.equal(await mapHeader.getAttribute('aria-sort'), 'ascending');
    assert.deepEqual(await order(), ['alpha', 'beta']);
  });
});

test('a qrels topic the run lacks: warned about and left out, or scored 0 and averaged in with -c', async () => {
  // Beta without t2: t1's AP is 2/3. Without -c, map = 2/3 over one topic; with -c, t2 counts
  // with AP 0: map = (2/3 + 0) / 2 = 1/3, num_q = 2.
  const betaT1 = RUN_BETA.split('\n').filter((line) => line.startsWith('t1')).join('\n');
  await withPage('trec.html', async (page) => {
    await page.fill('#qrels-text', QRELS);
    await page.fill('#run-text', betaT1);
    await waitForSummary(page, ['beta']);
    assert.equal(await cell(page, 'trec-summary', 'beta', 'map'), '0.6667');
    assert.equal(await cell(page, 'trec-summary', 'beta', 'num_q'), '1');
    await waitForText(page, '.trec-warnings', ['t2']);
    await page.check('#trec-complete');
    await waitForCell(page, 'trec-summary', 'beta', 'map', '0.3333');
    assert.equal(await cell(page, 'trec-summary', 'beta', 'num_q'), '2');
    assert.equal(await cell(page, 'trec-per-topic', 't2', 'map'), '0.0000');
    // t2 has no ranked list to open: the page says so instead.
    await page.click('table.trec-per-topic a[data-topic="t2"]');
    await waitForText(page, '[data-results-status]', ['t2 has no documents']);
  });
});

test('a larger gzip run (5,000 lines) streams through the worker with the progress bar filling up', async () => {
  // 50 topics of 100 documents; each topic's qrels judge its first document relevant, and the run
  // ranks it first (highest score): every AP is 1, map = 1, num_ret = 5000, num_rel_ret = 50.
  const topics = Array.from({ length: 50 }, (_, index) => `q${index + 1}`);
  const qrels = topics.map((topic) => `${topic} 0 ${topic}-d0 1`).join('\n');
  const run = topics.flatMap((topic) => Array.from({ length: 100 }, (_, rank) => `${topic} Q0 ${topic}-d${rank} ${rank + 1} ${100 - rank} big`)).join('\n');
  await withPage('trec.html', async (page) => {
    await page.evaluate(() => {
      const bar = document.querySelector('#trec-progress-bar');
      window.progressSeen = [];
      new MutationObserver(() => window.progressSeen.push([bar.value, bar.max])).observe(bar, { attributes: true });
    });
    await page.setInputFiles('#qrels-file', { name: 'big.qrels', mimeType: 'text/plain', buffer: Buffer.from(qrels) });
    await page.setInputFiles('#run-files', { name: 'big.run.gz', mimeType: 'application/gzip', buffer: gzipSync(run) });
    await waitForSummary(page, ['big']);
    assert.equal(await cell(page, 'trec-summary', 'big', 'map'), '1.0000');
    assert.equal(await cell(page, 'trec-summary', 'big', 'num_ret'), '5000');
    assert.equal(await cell(page, 'trec-summary', 'big', 'num_rel_ret'), '50');
    const seen = await page.evaluate(() => window.progressSeen);
    assert.ok(seen.some(([value, max]) => value === max && max > 0), `the bar reaches its end: ${JSON.stringify(seen)}`);
    await waitForText(page, '[data-progress-status]', ['Evaluated 1 run against 50 topics']);
    // 50 topics, one bar each; the axis names only some of them, so the names do not overlap.
    const chart = page.locator('figure.chart[data-chart-id="trec-ap"]');
    assert.equal((await chart.locator('svg rect').count()) >= 50, true);
    const named = (await chart.locator('svg text').allTextContents()).filter((text) => /^q\d+$/.test(text));
    assert.ok(named.length > 5 && named.length < 50, `${named.length} topics named on the axis`);
    assert.match(await chart.locator('.chart-description p').textContent(), /q1 1\.0000, .*q9 1\.0000/);
  });
});

test('files dropped on the page are sorted by their lines: 4 fields make the qrels, 6 a run', async () => {
  await withPage('trec.html', async (page) => {
    const dropped = await page.evaluateHandle(
      ([qrels, run]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([run], 'first.txt'));
        transfer.items.add(new File([qrels], 'second.txt'));
        return transfer;
      },
      [QRELS, RUN_ALPHA],
    );
    await page.dispatchEvent('[data-drop-zone]', 'drop', { dataTransfer: dropped });
    await waitForSummary(page, ['alpha']);
    const roles = await page.locator('.file-list .file-item').evaluateAll((items) =>
      items.map((item) => [item.querySelector('.file-name').textContent, item.querySelector('select').value]),
    );
    assert.deepEqual(roles.sort(), [
      ['first.txt', 'run'],
      ['second.txt', 'qrels'],
    ]);
    assert.equal(await cell(page, 'trec-summary', 'alpha', 'map'), '0.5278');
  });
});

// trec_eval's preferences (-R prefs): one user ranks d 6, a 3, b 2, f 2, c 0, e 0 in one
// subgroup: 13 preferences (every document over those of lower levels). The run ranks d c a x b
// (e and f not retrieved): fulfilled, both retrieved: d>a d>b d>c a>b (a>c, b>c not); one
// retrieved: d>e d>f a>e a>f b>e (f>c not); neither: f>e. prefs_simp = 9/13 ≈ 0.6923,
// prefs_simp_ret = 4/6 ≈ 0.6667, 13 preferences possible.
const PREFS = ['T u1 s a 3', 'T u1 s b 2', 'T u1 s c 0', 'T u1 s d 6', 'T u1 s e 0', 'T u1 s f 2'].join('\n');
const RUN_PREFS = ['T Q0 d 1 5 prun', 'T Q0 c 2 4 prun', 'T Q0 a 3 3 prun', 'T Q0 x 4 2 prun', 'T Q0 b 5 1 prun'].join('\n');

test('a preference file (-R prefs) gives trec_eval’s preference measures; a dropped one sets the format', async () => {
  await withPage('trec.html', async (page) => {
    await page.selectOption('#trec-format', 'prefs');
    assert.equal(await page.inputValue('#trec-measures'), 'all_prefs', 'the measure set follows the format');
    assert.equal(await page.locator('#trec-format-hint').isVisible(), true);
    await page.fill('#qrels-text', PREFS);
    await page.fill('#run-text', RUN_PREFS);
    await waitForSummary(page, ['prun']);
    assert.equal(await cell(page, 'trec-summary', 'prun', 'prefs_num_prefs_poss'), '13');
    assert.equal(await cell(page, 'trec-summary', 'prun', 'prefs_simp'), '0.6923');
    assert.equal(await cell(page, 'trec-summary', 'prun', 'prefs_simp_ret'), '0.6667');
    const text = await waitForText(page, '[data-trec-text]', ['prefs_simp            \tall\t0.6923']);
    assert.ok(text.includes('prefs_num_prefs_ful   \tall\t9'), text);
    // A topic has no one grade per document: its name is text, not a link to the ranked calculator.
    assert.equal(await page.locator('table.trec-per-topic a.topic-link').count(), 0);
    // Back to qrels with the preference file still there: the measures go back to official and
    // the file is read as a qrels, which names the line that does not fit.
    await page.selectOption('#trec-format', 'qrels');
    assert.equal(await page.inputValue('#trec-measures'), 'official');
    await waitForText(page, '#qrels-text-error', ['extra field']);
  });
  await withPage('trec.html', async (page) => {
    const dropped = await page.evaluateHandle(
      ([prefs, run]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([run], 'run.txt'));
        transfer.items.add(new File([prefs], 'judged.txt'));
        return transfer;
      },
      [PREFS, RUN_PREFS],
    );
    await page.dispatchEvent('[data-drop-zone]', 'drop', { dataTransfer: dropped });
    await waitForSummary(page, ['prun']);
    assert.equal(await page.inputValue('#trec-format'), 'prefs');
    assert.equal(await cell(page, 'trec-summary', 'prun', 'prefs_simp'), '0.6923');
  });
});

// -Z: a z-score file gives each topic's value as (value − mean) / stddev. Run alpha's AP: t1 5/9,
// t2 1/2 (above). With t1 map mean 0.5 stddev 0.1 and t2 map mean 0.5 stddev 0.25: t1
// (5/9 − 1/2)/0.1 = 5/9 ≈ 0.5556, t2 0; the summary averages them: 5/18 ≈ 0.2778. trec_eval
// prints "Z" before the name padded to 22 (Z%-22s).
test('a z-score file (-Z) turns each topic’s map into a z-score, named Zmap; a bad line is named', async () => {
  await withPage('trec.html', async (page) => {
    await page.fill('#trec-measures', 'map');
    await page.setInputFiles('#trec-zscores', { name: 'z.txt', mimeType: 'text/plain', buffer: Buffer.from('t1 map 0.5 0.1\nt2 map 0.5 0.25\n') });
    await pasteAlpha(page);
    const text = await waitForText(page, '[data-trec-text]', [`Z${'map'.padEnd(22)}\tall\t0.2778`]);
    assert.ok(text.includes('-Z z.txt') || (await page.locator('.trec-facts').textContent()).includes('-Z z.txt'));
    assert.equal(await page.locator('#trec-zscores-remove').isVisible(), true);
    await page.setInputFiles('#trec-zscores', { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('t1 map 0.5\n') });
    await waitForText(page, '#options-error', ['bad.txt', 'line 1']);
    await page.click('#trec-zscores-remove');
    await waitForText(page, '[data-trec-text]', ['map                   \tall\t0.5278']);
    assert.equal(await page.locator('#options-error').isHidden(), true);
  });
});

test('a malformed run line is marked at its line and column, under the field; the page keeps working', async () => {
  await withPage('trec.html', async (page) => {
    await pasteAlpha(page);
    await page.fill('#run-text', RUN_ALPHA.replace('t1 Q0 b 2 0.8 alpha', 't1 Q0 b 2 eight alpha'));
    await waitForText(page, '#run-text-error', ['Line 2, column 11']);
    assert.equal(await page.locator('#run-text-error mark').textContent(), 'eight');
    assert.equal(await page.getAttribute('#run-text', 'aria-invalid'), 'true');
    assert.match(await page.locator('[data-results-status]').textContent(), /line 2, column 11 of pasted run/);
    // The last results stay, dimmed, and the fixed run evaluates again.
    assert.equal(await page.locator('[data-results].is-stale table.trec-summary').count(), 1);
    await page.fill('#run-text', RUN_ALPHA);
    await waitForSummary(page, ['alpha']);
    assert.equal(await page.locator('#run-text-error').isHidden(), true);
  });
});

test('a qrels line with a field missing is marked under the qrels field', async () => {
  await withPage('trec.html', async (page) => {
    await page.fill('#run-text', RUN_ALPHA);
    await page.fill('#qrels-text', QRELS.replace('t1 0 b 0', 't1 0 b'));
    await waitForText(page, '#qrels-text-error', ['Line 2']);
    assert.equal(await page.getAttribute('#qrels-text', 'aria-invalid'), 'true');
    assert.equal(await page.locator('#run-text-error').isHidden(), true);
  });
});

test('a bad line in a chosen file is shown under that file, naming the file, line and column', async () => {
  await withPage('trec.html', async (page) => {
    await page.fill('#qrels-text', QRELS);
    const bad = 't1 Q0 a 1 0.9 gamma\nt1 Q0 b 2 high gamma\n';
    await page.setInputFiles('#run-files', { name: 'gamma.txt', mimeType: 'text/plain', buffer: Buffer.from(bad) });
    const item = '.file-list .file-item.has-error';
    await waitForText(page, item, ['gamma.txt, line 2, column 11']);
    assert.equal(await page.locator(`${item} mark`).textContent(), 'high');
    // The file stays loaded; removing it leaves nothing to evaluate, pasting a run brings results.
    assert.equal(await page.locator('.file-list .file-item').count(), 1);
    await page.fill('#run-text', RUN_ALPHA);
    await page.click('.file-list .file-item button');
    await waitForSummary(page, ['alpha']);
  });
});

test('a bad option is shown under the options', async () => {
  await withPage('trec.html', async (page) => {
    await pasteAlpha(page);
    await page.fill('#trec-level', 'x');
    await page.waitForSelector('#options-error:not([hidden])');
    assert.ok((await page.locator('#options-error').textContent()).length > 0);
    await page.fill('#trec-level', '2');
    // At level 2 only c (t1, grade 2) is relevant, at rank 3: t1's AP is (1/3) / 1 = 1/3; t2 has
    // no relevant document, AP 0. map = (1/3 + 0) / 2 = 1/6 ≈ 0.1667; num_rel = 1.
    await waitForSummary(page, ['alpha']);
    assert.equal(await page.locator('#options-error').isHidden(), true);
    assert.equal(await cell(page, 'trec-summary', 'alpha', 'map'), '0.1667');
    assert.equal(await cell(page, 'trec-summary', 'alpha', 'num_rel'), '1');
  });
});

test('pasted markup in topics, run tags and file names stays text, and nothing runs', async () => {
  await withPage('trec.html', async (page) => {
    await page.fill('#qrels-text', '<b>q</b> 0 d1 1\n<b>q</b> 0 d2 0');
    await page.fill('#run-text', `<b>q</b> Q0 d1 1 1.0 ${MARKUP_TAG}\n<b>q</b> Q0 d2 2 0.5 ${MARKUP_TAG}`);
    await page.setInputFiles('#run-files', { name: '<img src=x onerror=window.pwned=2>.txt', mimeType: 'text/plain', buffer: Buffer.from('<b>q</b> Q0 d2 1 1.0 other\n') });
    await waitForSummary(page, [MARKUP_TAG, 'other']);
    await waitForText(page, 'main', [MARKUP_TAG, '<b>q</b>', '<img src=x onerror=window.pwned=2>.txt']);
    assert.equal(await page.locator('main img, main b, main script').count(), 0);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
  });
});

test('a topic’s name opens the ranked-list calculator with its marks and R, and the same AP, 5/9', async () => {
  await withPage('trec.html', async (page) => {
    await pasteAlpha(page);
    const [ranked] = await Promise.all([page.context().waitForEvent('page'), page.click('table.trec-per-topic a[data-topic="t1"]')]);
    await ranked.waitForURL(/ranked\.html#/);
    await ranked.waitForSelector('body[data-ready]');
    const hash = new URLSearchParams(new URL(ranked.url()).hash.slice(1));
    assert.equal(hash.get('calc'), 'ranked');
    // a R, b N, c R, then x, y, z unjudged.
    assert.equal(hash.get('in'), 'R N R ? ? ?');
    assert.equal(hash.get('relevant'), '3');
    await waitForText(ranked, '.outcome .answer', ['AP', '5/9', '0.5556']);
    await ranked.close();
  });
});

test('two runs ticked give a link to the significance calculator with their per-topic AP', async () => {
  await withPage('trec.html', async (page) => {
    await pasteAlpha(page);
    await addBetaAsGzip(page);
    assert.equal(await page.locator('[data-significance-link]').count(), 0);
    await page.check('table.trec-summary input[type="checkbox"] >> nth=0');
    await page.check('table.trec-summary input[type="checkbox"] >> nth=1');
    const link = page.locator('[data-significance-link]');
    await link.waitFor();
    // The file run (beta) is run 0, the pasted one (alpha) run 1: x = beta, y = alpha.
    assert.match(await link.textContent(), /beta \(x\) against alpha \(y\)/);
    const [significance] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await significance.waitForSelector('body[data-ready]');
    assert.equal(await significance.inputValue('#input'), 't1 0.6667 0.5556\nt2 0.5000 0.5000');
    assert.match(await significance.inputValue('#measures'), /ttest/);
    await significance.close();
  });
});

test('the summary downloads as Markdown and CSV with the values shown', async () => {
  await withPage('trec.html', async (page) => {
    await pasteAlpha(page);
    const read = async (format) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(`[data-export="${format}"]`)]);
      return { name: download.suggestedFilename(), text: (await downloadBytes(download)).toString('utf8') };
    };
    const markdown = await read('md');
    assert.equal(markdown.name, 'trec-summary.md');
    assert.match(markdown.text, /^\| run \|.*\| map \|/m);
    assert.match(markdown.text, /^\| alpha \|.*\| 0\.5278 \|/m);
    assert.equal(await page.inputValue('#export-text'), markdown.text);
    const csv = await read('csv');
    const [header, row] = csv.text.trim().split('\r\n').map((line) => line.split(','));
    assert.equal(row[0], 'alpha');
    assert.equal(row[header.indexOf('map')], '0.5278');
    assert.equal(row[header.indexOf('num_rel_ret')], '3');
    const latex = await read('tex');
    assert.match(latex.text, /num\\_rel\\_ret/);
  });
});

test('the sample data evaluates two runs and warns about the topic run B lacks', async () => {
  await withPage('trec.html', async (page) => {
    await page.click('[data-sample]');
    await waitForSummary(page, ['runA', 'runB']);
    await waitForText(page, '.trec-warnings', ['103']);
    await page.locator('figure.chart svg').first().waitFor(); // drawn once its box has a width
    assert.equal(await page.locator('figure.chart[data-chart-id="trec-ap"]').count(), 2);
  });
});

test('no accessibility violations (axe-core) with two runs evaluated', async () => {
  await withPage('trec.html', async (page) => {
    await page.click('[data-sample]');
    await waitForSummary(page, ['runA', 'runB']);
    assert.deepEqual(await axeViolations(page), []);
  });
});

test('at 375 px wide, with two runs evaluated, nothing scrolls sideways', async () => {
  await withPage(
    'trec.html',
    async (page) => {
      await page.click('[data-sample]');
      await waitForSummary(page, ['runA', 'runB']);
      assert.equal(await horizontalOverflow(page), 0);
    },
    { viewport: PHONE },
  );
});
