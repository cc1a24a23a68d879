// Tests of web/js/score-table.js: the table of three or more systems the significance page reads
// (a header row of names, a row per query, an optional query-id column), and what it leaves to
// the two-system calculator. Every expected value is read off the table in the test by hand.
// Run: node --test tests/js/score-table.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FOUR_SYSTEMS, pairColumns, readScoreTable } from '../../web/js/score-table.js';

test('two-system inputs are the calculator’s: columns, a header of two, x:/y: lines, a d: line', () => {
  for (const text of ['', 'q1 0.62 0.48\nq2 0.39 0.30', 'x y\n0.62 0.48', 'query x y\nq1 0.62 0.48', 'x: 0.62 0.39 0.71\ny: 0.48 0.30 0.52', 'd: 0.14 0.09']) {
    assert.deepEqual(readScoreTable(text), { kind: 'none' }, JSON.stringify(text));
  }
});

test('the example: four systems after a query column, ten queries', () => {
  const read = readScoreTable(FOUR_SYSTEMS);
  assert.equal(read.kind, 'table');
  assert.equal(read.ok, true);
  assert.equal(read.ids, true);
  assert.deepEqual(read.input.runs, ['A', 'B', 'C', 'D']);
  assert.deepEqual(read.input.topics, ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9', 'q10']);
  assert.deepEqual(read.input.scores[0].byRun[3], [0.3, 0.28, 0.41, 0.33, 0.39, 0.2, 0.52, 0.36, 0.25, 0.4]);
});

test('tabs, commas or spaces; query ids named, unnamed, numeric or left out', () => {
  const cases = [
    ['topic\tA\tB\tC\n301\t0.5\t0.4\t0.3\n302\t1\t2\t3', ['301', '302'], [0.5, 1]], // numeric ids under "topic"
    ['A,B,C\nq1,0.5,0.4,0.3\nq2,1,2,3', ['q1', 'q2'], [0.5, 1]], // an unnamed id column: one cell more
    ['name A B C\nq1 0.5 0.4 0.3\nq2 1 2 3', ['q1', 'q2'], [0.5, 1]], // ids that are not numbers
    ['A B C\n0.5 0.4 0.3\n1 2 3', ['q1', 'q2'], [0.5, 1]], // no ids: q1, q2 in row order
    ['BM25 + RM3\tLM\tDPR\n.5\t4e-1\t-0.3\n1.\t2\t3', ['q1', 'q2'], [0.5, 1]], // a name with spaces, between tabs
  ];
  for (const [text, topics, first] of cases) {
    const read = readScoreTable(text);
    assert.equal(read.ok, true, `${JSON.stringify(text)}: ${read.error?.message}`);
    assert.deepEqual(read.input.topics, topics);
    assert.equal(read.input.runs.length, 3);
    assert.deepEqual(read.input.scores[0].byRun[0], first);
  }
  assert.deepEqual(readScoreTable('BM25 + RM3\tLM\tDPR\n.5\t4e-1\t-0.3\n1.\t2\t3').input.scores[0].byRun[1], [0.4, 2]);
});

test('bad tables: line, column (in code points) and span of the mistake', () => {
  const cases = [
    // line 3 "q2 0.39 0.30" ends at column 12: the missing cell is at 13
    ['query A B C\nq1 0.62 0.48 0.55\nq2 0.39 0.30', 'inconsistent_counts', 3, 13, 1, /Line 3 has 3 cells where the header asks for 4/],
    // "1 2 3 4 5": three systems, no ids (the first cell is a number); the first extra cell is "4"
    ['A B C\n1 2 3 4 5\n1 2 3', 'inconsistent_counts', 2, 7, 1, /5 cells where the header asks for 3 \(3 systems\): “4” has no system/],
    ['query A B C\nq1 0.62 – 0.55\nq2 1 2 3', 'bad_number', 2, 9, 1, /“–” in B’s column is not a number/],
    ['A\tB\tC\n1\t\t3\n1\t2\t3', 'bad_number', 2, 3, 1, /An empty cell in B’s column/],
    ['A B C\n1 2 3', 'empty_input', 2, 1, 5, /only 1/],
    ['A B C', 'empty_input', 1, 1, 5, /none yet/],
    ['é A B A\nq1 1 2 3\nq2 1 2 3', 'bad_token', 1, 7, 1, /names “A” twice \(columns 3 and 7\)/],
    ['query A B C\nq1 1 2 3\nq1 1 2 3', 'bad_token', 3, 1, 2, /“q1” is on line 2 and again on line 3/],
  ];
  for (const [text, code, line, column, length, message] of cases) {
    const read = readScoreTable(text);
    assert.equal(read.ok, false, JSON.stringify(text));
    const { error } = read;
    assert.deepEqual([error.code, error.field, error.line, error.column, error.length], [code, 'input', line, column, length], error.message);
    assert.match(error.message, message);
  }
});

test('a pair’s columns for the calculator: "id x y" lines, spaces in an id made underscores', () => {
  const read = readScoreTable('query\tA\tB\tC\ntopic one\t0.5\t0.25\t1\ntopic two\t0.75\t0\t2');
  assert.equal(pairColumns(read.input, 2, 0), 'topic_one 1 0.5\ntopic_two 2 0.75');
});
