// The TREC files page with a second qrels (render/trec-judges.js): the two qrels compared as
// `irmetrics judges` compares them, on docs/examples/judges, whose values are worked out by hand
// in tests/core/judges_test.cpp and tests/js/judges-cli.test.mjs:
//
//   a.qrels and b.qrels judge 10 documents each, 8 of them both (topics t1, t2); t3 only in A,
//   t4 only in B. The grades of the 8 (rows A, columns B):
//              B 0  1  2
//        A 0     2  1  0
//          1     1  1  1
//          2     0  0  2
//   agree on 2 + 1 + 2 = 5 of 8 (5/8); row totals 3 3 2, column totals 3 2 3; chance agreement
//   (3·3 + 3·2 + 2·3)/64 = 21/64, κ = (5/8 − 21/64)/(1 − 21/64) = (19/64)/(43/64) = 19/43.
//   Linear weights 1 − |i − j|/2: observed (5 + (1 + 1 + 1)/2)/8 = 13/16; expected
//   (9 + 6/2 + 9/2 + 6 + 9/2 + 4/2 + 6)/64 = 35/64; κ = (52 − 35)/(64 − 35) = 17/29. The core
//   test's comments work out the quadratic 8/11 and Krippendorff's α, ordinal 1423/1936 and
//   nominal 8/17, the same way.
//   P@2 of the runs: under A R1 1, R2 1/2, R3 1/4; under B R1 3/4, R2 1, R3 0. A's order R1 R2 R3,
//   B's R2 R1 R3: one pair of three swaps, τ_b = (2 − 1)/3 = 1/3. τ_AP (A the truth) down B's
//   order: R1 under R2 (0 of 1 above it right), R3 under both (2 of 2): (2/2)(0/1 + 2/2) − 1 = 0.
//   Spearman's ρ on ranks (1 2 3) and (2 1 3): 1 − 6·2/(3·8) = 1/2. RBO (p = 0.9) of R1 R2 R3
//   and R2 R1 R3: agreements 0, 1, 1 at depths 1–3; RBO_ext = 1·0.9³ + (0.1/0.9)(0 + 0.9² +
//   0.9³) = 0.729 + 0.171 = 9/10.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { test } from 'node:test';
import { PHONE, axeViolations, horizontalOverflow, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

const EXAMPLE = new URL('../../docs/examples/judges/', import.meta.url);
const file = (name) => ({ name, mimeType: 'text/plain', buffer: readFileSync(new URL(name, EXAMPLE)) });

/** Loads a.qrels, the three runs and b.qrels as files, leaderboards of P.2. */
async function loadExample(page) {
  await page.setInputFiles('#qrels-file', [file('a.qrels')]);
  await page.setInputFiles('#run-files', ['R1.run', 'R2.run', 'R3.run'].map(file));
  await page.click('[data-judges-input] summary');
  await page.fill('#judges-measures', 'P.2');
  await page.setInputFiles('#second-file', [file('b.qrels')]);
  await page.waitForSelector('[data-judges] table', { timeout: 20000 });
  await page.waitForSelector('[data-results]:not(.is-stale)');
}

/** The rows of the judges section's table with `caption` (its start), as text cells. */
const tableRows = (page, caption) =>
  page.$$eval('[data-judges] table', (tables, start) => {
    const table = tables.find((t) => t.caption?.textContent.startsWith(start));
    return table ? [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.cells].map((cell) => cell.textContent.trim())) : null;
  }, caption);

test('a second qrels: the grade table, κ, weighted κ and α of the documents both judge, as worked above', async () => {
  await withPage('trec.html', async (page) => {
    await loadExample(page);
    const facts = await page.textContent('[data-judges] .trec-judges-facts');
    assert.match(facts, /Topics: 3 in a\.qrels \(A\), 3 in b\.qrels \(B\), 2 in both; only in A: t3; only in B: t4/);
    assert.match(facts, /Documents: 10 judged in A, 10 in B, 8 in both; 2 only in A and 2 only in B/);
    assert.deepEqual(await tableRows(page, 'Grades of the 8'), [
      ['0', '2', '1', '0', '3'],
      ['1', '1', '1', '1', '3'],
      ['2', '0', '0', '2', '2'],
      ['total', '3', '2', '3', '8'],
    ]);
    const stats = await tableRows(page, 'Agreement on');
    assert.deepEqual(stats.map((row) => row.slice(0, 3)), [
      ['percent agreement', '0.6250', '5/8'],
      ["Cohen's κ", '0.4419', '19/43'],
      ['weighted κ, linear', '0.5862', '17/29'],
      ['weighted κ, quadratic', '0.7273', '8/11'],
      ["Krippendorff's α, ordinal", '0.7350', '1423/1936'],
      ["Krippendorff's α, nominal", '0.4706', '8/17'],
    ]);
    // statsmodels 0.13.5, cohens_kappa(table, wt='quadratic') on the table above: the large-sample
    // interval [0.4289, 1.0257], not cut at 1 (as the command line prints it).
    assert.equal(stats[3][3], '[0.4289, 1.0257]');
    // Per topic: t1 3 of 5 alike, t2 2 of 3 (the core test's 3/8 and 1/2 are their κ).
    assert.deepEqual(await tableRows(page, 'Topics that disagree most'), [
      ['t1', '5', '3', '0.6000', '0.3750'],
      ['t2', '3', '2', '0.6667', '0.5000'],
    ]);
  });
});

test('a second qrels with runs: the two leaderboards of P@2, their τ_b, τ_AP, ρ and RBO, and the pair that swaps', async () => {
  await withPage('trec.html', async (page) => {
    await loadExample(page);
    assert.deepEqual(await tableRows(page, 'P_2: each run'), [
      ['R1', '1.0000', '1', '0.7500', '2'],
      ['R2', '0.5000', '2', '1.0000', '1'],
      ['R3', '0.2500', '3', '0.0000', '3'],
    ]);
    const lines = await page.$$eval('[data-judges] .trec-judges-line', (ps) => ps.map((p) => p.textContent));
    assert.match(lines[0], /Kendall's τ_b 0\.3333 .*τ_AP 0\.0000; Spearman's ρ 0\.5000.*RBO 0\.9000/);
    assert.equal(lines[1], '1 pair swaps: R1 > R2 under A (0.5000) but not under B (-0.2500)');
  });
});

test('the links carry the same numbers to the calculators, worked out step by step', async () => {
  const links = {};
  await withPage('trec.html', async (page) => {
    await loadExample(page);
    for (const name of ['kappa', 'alpha', 'correlation', 'rbo']) {
      links[name] = `#${(await page.getAttribute(`[data-judges-${name}]`, 'href')).split('#')[1]}`;
    }
  });
  await withPage(`agreement.html${links.kappa}`, async (page) => {
    await waitForAnswers(page, ['κ = 19/43 ≈ 0.4419', 'κ = 17/29 ≈ 0.5862', 'κ = 8/11 ≈ 0.7273'], { timeout: 15000 });
  });
  await withPage(`agreement.html${links.alpha}`, async (page) => {
    await waitForAnswers(page, ['α = 1423/1936 ≈ 0.7350', 'α = 8/17 ≈ 0.4706'], { timeout: 15000 });
  });
  await withPage(`correlation.html${links.correlation}`, async (page) => {
    // Pearson's r of x = (1, 1/2, 1/4) and y = (3/4, 1, 0): both means 7/12; deviations
    // (5, −1, −4)/12 and (2, 5, −7)/12; S_xy = 33/144, S_xx = 42/144, S_yy = 78/144;
    // r = 33/√(42 · 78) = 33/√3276 ≈ 0.5766 (r² = 1089/3276 = 121/364).
    await waitForAnswers(page, ['τb = 1/3 ≈ 0.3333', 'τ_AP = 0', 'ρ = 1/2 = 0.5', 'r = 0.5766'], { timeout: 15000 });
  });
  await withPage(`correlation.html${links.rbo}`, async (page) => {
    await waitForAnswers(page, ['RBO_ext = 9/10 = 0.9'], { timeout: 15000 });
  });
});

test('a bad line in the second qrels is shown under its field; the evaluation of the first stands', async () => {
  await withPage('trec.html', async (page) => {
    await page.fill('#qrels-text', readFileSync(new URL('a.qrels', EXAMPLE), 'utf8'));
    await page.fill('#run-text', readFileSync(new URL('R1.run', EXAMPLE), 'utf8'));
    await page.click('[data-judges-input] summary');
    await page.fill('#second-text', 't1 0 d1 2\nt1 0 d2 high\n');
    await waitForText(page, '#second-text-error', ['line 2'], { timeout: 20000 });
    assert.equal(await page.inputValue('#second-text'), 't1 0 d1 2\nt1 0 d2 high\n', 'the text is kept as typed');
    assert.match(await page.textContent('#second-text-error'), /high/);
    // The first qrels' evaluation is on the page, and the section says why there is no comparison.
    await page.waitForSelector('[data-judges-error]');
    assert.ok(await page.isVisible('.trec-results table'));
    // Fixed, the comparison comes.
    await page.fill('#second-text', 't1 0 d1 2\nt1 0 d2 1\n');
    await waitForText(page, '[data-judges] .trec-judges-facts', ['2 in both'], { timeout: 20000 });
    assert.equal(await page.isHidden('#second-text-error'), true);
  });
});

test('a gzipped second qrels is read in pieces as it is, as the first qrels is', async () => {
  await withPage('trec.html', async (page) => {
    await page.setInputFiles('#qrels-file', [file('a.qrels')]);
    await page.setInputFiles('#run-files', [file('R1.run')]);
    await page.click('[data-judges-input] summary');
    await page.setInputFiles('#second-file', [{ name: 'b.qrels.gz', mimeType: 'application/gzip', buffer: gzipSync(readFileSync(new URL('b.qrels', EXAMPLE))) }]);
    await waitForText(page, '[data-judges] .trec-judges-facts', ['3 in b.qrels.gz (B)', '8 in both'], { timeout: 20000 });
    assert.deepEqual((await tableRows(page, 'Agreement on'))[1].slice(0, 3), ["Cohen's κ", '0.4419', '19/43']);
  });
});

test('two qrels dropped at once: the second is the second qrels', async () => {
  await withPage('trec.html', async (page) => {
    const transfer = await page.evaluateHandle((files) => {
      const data = new DataTransfer();
      for (const { name, text } of files) data.items.add(new File([text], name, { type: 'text/plain' }));
      return data;
    }, ['a.qrels', 'b.qrels', 'R1.run'].map((name) => ({ name, text: readFileSync(new URL(name, EXAMPLE), 'utf8') })));
    await page.dispatchEvent('[data-drop-zone]', 'drop', { dataTransfer: transfer });
    await page.waitForSelector('[data-judges] table', { timeout: 20000 });
    const roles = await page.$$eval('[data-file-list] select', (selects) => selects.map((select) => /** @type {HTMLSelectElement} */ (select).value));
    assert.deepEqual(roles, ['qrels', 'second', 'run']);
    assert.equal(await page.getAttribute('[data-judges-input]', 'open'), '');
  });
});

test('on a phone the comparison scrolls only inside its tables, and axe-core finds no violation', async () => {
  await withPage('trec.html', async (page) => {
    await loadExample(page);
    assert.equal(await horizontalOverflow(page), 0);
    assert.deepEqual(await axeViolations(page), []);
  }, { viewport: PHONE });
});
