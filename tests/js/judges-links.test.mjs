// The TREC page's links from two qrels compared to the calculators that work the numbers out
// (web/js/render/trec-judges.js): what each link carries, on hand-made reports; and the
// module's two ways to compare qrels (judgesAgreement on texts, judgesSessions on sessions).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agreementLinks, correlationLinks } from '../../web/js/render/trec-judges.js';

/** The state a link carries (url-state.js writes it as a query string after '#'). */
const stateOf = (href) => Object.fromEntries(new URLSearchParams(href.split('#')[1]));

// docs/examples/judges: the grades of the 8 documents both judge (rows A, columns B).
const report = { grades: [0, 1, 2], table: [[2, 1, 0], [1, 1, 1], [0, 0, 2]], documents: { both: 8 } };

test('the agreement links: the grade table for κ, each document’s two grades for α', () => {
  const { kappa, alpha } = agreementLinks(report);
  assert.deepEqual(stateOf(kappa), {
    calc: 'agreement', in: '2 1 0\n1 1 1\n0 0 2', m: 'kappa, kappa(weights=linear), kappa(weights=quadratic)',
  });
  // Row by row, a document per count: (0,0) twice, (0,1), (1,0), (1,1), (1,2), (2,2) twice.
  assert.deepEqual(stateOf(alpha), {
    calc: 'agreement', in: 'A: 0 0 0 1 1 1 2 2\nB: 0 0 1 0 1 2 2 2', m: 'krippendorff(level=ordinal), krippendorff(level=nominal)',
  });
  // Past 1,000 documents the grades are not written into a link.
  assert.equal(agreementLinks({ ...report, table: [[600, 1], [1, 400]], grades: [0, 1], documents: { both: 1002 } }).alpha, null);
});

test('the correlation links: the means to 12 digits, the orders of the runs, ties as groups', () => {
  const board = { runs: ['R1', 'R2', 'R3'], mean_a: [1, 0.5, 0.25], mean_b: [0.75, 1, 0], order_a: [0, 1, 2], order_b: [1, 0, 2] };
  const plain = correlationLinks(board, '0.9');
  assert.deepEqual(stateOf(plain.scores), { calc: 'correlation', in: 'A: 1 0.5 0.25\nB: 0.75 1 0', m: 'tau(variant=b), tau_ap, spearman, pearson' });
  assert.deepEqual(stateOf(plain.rbo), { calc: 'correlation', in: 'A: R1 R2 R3\nB: R2 R1 R3', m: 'rbo(p=0.9)' });
  // 1/3 and 0.333333333333 agree to 12 significant digits: a tie, so τ_AP,b and a group for RBO.
  const tied = correlationLinks({ ...board, mean_a: [1 / 3, 0.333333333333, 0.25], order_a: [0, 1, 2] }, '0.8');
  assert.equal(stateOf(tied.scores).in, 'A: 0.333333333333 0.333333333333 0.25\nB: 0.75 1 0');
  assert.match(stateOf(tied.scores).m, /tau_ap\(ties=b\)/);
  assert.deepEqual(stateOf(tied.rbo), { calc: 'correlation', in: 'A: (R1 R2) R3\nB: R2 R1 R3', m: 'rbo(p=0.8)' });
  // A name with a space or parentheses is written with '_'; two names made one leave RBO out.
  assert.equal(stateOf(correlationLinks({ ...board, runs: ['run one', 'R(2)', 'R3'] }, '0.9').rbo).in, 'A: run_one R_2_ R3\nB: R_2_ run_one R3');
  assert.equal(correlationLinks({ ...board, runs: ['a b', 'a_b', 'R3'] }, '0.9').rbo, null);
});

test('judgesAgreement on two texts and judgesSessions on two sessions fed in pieces give one report', async () => {
  // The module's two ways in (docs/js-api.md): the texts whole, or the qrels read by sessions.
  const { loadEngine } = await import('../../bin/lib/engine.mjs');
  const { readFileSync } = await import('node:fs');
  const engine = await loadEngine();
  const text = (name) => readFileSync(new URL(`../../docs/examples/judges/${name}`, import.meta.url), 'utf8');
  const whole = engine.judgesAgreement(text('a.qrels'), 'a.qrels', text('b.qrels'), 'b.qrels', '0.95');
  const sessions = ['a.qrels', 'b.qrels'].map((name) => {
    const session = new engine.TrecSession();
    session.beginQrels(name);
    const bytes = new TextEncoder().encode(text(name));
    for (let at = 0; at < bytes.length; at += 5) {
      const piece = bytes.subarray(at, at + 5);
      session.buffer(piece.length).set(piece);
      session.feedQrels(piece.length);
    }
    assert.equal(session.endQrels().ok, true);
    return session;
  });
  try {
    const read = engine.judgesSessions(sessions[0], sessions[1], '0.95');
    assert.equal(read.ok, true);
    assert.equal(read.json, whole.json);
    // 19/43 worked by hand in tests/web/trec-judges.test.mjs's comments.
    assert.equal(JSON.parse(read.json).agreement.exact.kappa, '19/43');
    // A session without qrels, and a confidence out of range, are errors that say so.
    const empty = new engine.TrecSession();
    assert.match(engine.judgesSessions(sessions[0], empty, '').error.message, /two sessions that have read a qrels/);
    empty.delete();
    assert.match(engine.judgesSessions(sessions[0], sessions[1], '2').error.message, /confidence must be above 0 and below 1, such as 0\.95; found '2'/);
  } finally {
    for (const session of sessions) session.delete();
  }
});
