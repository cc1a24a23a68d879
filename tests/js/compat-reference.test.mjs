// Compat (compatibility with the ideal ranking) against ir_measures' own reference values.
// tests/fixtures/ir_measures/compat.qrels and compat.run are the test files of ir_measures
// (github.com/terrierteam/ir_measures, tests/compat.qrels and tests/compat.run); ir_measures'
// tests/test_compat.py gives their Compat values, obtained "based on a manual execution of"
// Charles Clarke's Compatibility code. Each topic is turned here into the graded list the page
// reads: the run's documents by score descending (ties by docno, as ir_measures sorts them),
// each with its grade (0 when not judged), and the unretrieved documents graded above 0.
// Run: npm run build && node --test tests/js/compat-reference.test.mjs

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';

const generated = new URL('../../web/generated/', import.meta.url);
const fixtures = new URL('../fixtures/ir_measures/', import.meta.url);

let irm;
before(async () => {
  const wasmBinary = readFileSync(new URL('irmetrics.wasm', generated));
  const { default: createIrMetrics } = await import(new URL('irmetrics.js', generated).href);
  irm = await createIrMetrics({ wasmBinary });
});

const lines = (name) =>
  readFileSync(new URL(name, fixtures), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.trim().split(/\s+/));

/** The graded list of one topic: "docno:grade …" in run order, then "unretrieved: g …". */
function gradedList(topic) {
  const grades = new Map(lines('compat.qrels').filter(([q]) => q === topic).map(([, , docno, grade]) => [docno, Number(grade)]));
  const run = lines('compat.run')
    .filter(([q]) => q === topic)
    .map(([, , docno, , score]) => ({ docno, score: Number(score) }))
    .sort((a, b) => b.score - a.score || (a.docno < b.docno ? -1 : a.docno > b.docno ? 1 : 0));
  const retrieved = new Set(run.map(({ docno }) => docno));
  const ranked = run.map(({ docno }) => `${docno}:${Math.max(0, grades.get(docno) ?? 0)}`);
  const unretrieved = [...grades].filter(([docno, grade]) => grade > 0 && !retrieved.has(docno)).map(([, grade]) => grade);
  return `${ranked.join(' ')}\nunretrieved: ${unretrieved.join(' ')}\n`;
}

// ir_measures' tests/test_compat.py, expected_results.
const EXPECTED = {
  '0.95': { '31_1': 0.51779512165509, '31_2': 0.018400100569017922 },
  '0.9': { '31_1': 0.3761334522946854, '31_2': 0.004344079941789211 },
  '0.8': { '31_1': 0.16723008845234535, '31_2': 0.00022806427320561776 },
};

test('Compat(p=0.95), (p=0.9) and (p=0.8) equal ir_measures’ values for both topics of its test files', () => {
  for (const [p, byTopic] of Object.entries(EXPECTED)) {
    for (const [topic, expected] of Object.entries(byTopic)) {
      const result = irm.compute(`Compat(p=${p})`, gradedList(topic), {});
      assert.ok(result.ok, JSON.stringify(result.error));
      // ir_measures checks its own values to 1e-9; the sums here run over about a thousand ranks.
      assert.ok(Math.abs(result.value.value.approx - expected) < 1e-12, `${topic} p=${p}: ${result.value.value.approx} vs ${expected}`);
    }
  }
});
