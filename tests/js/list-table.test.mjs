// common/list-table.js: a ranked or graded list as a table, read from an answer's step table.
// The outcomes here are written by hand in the shape the engine gives (columns, rows of {text}).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listTable, MAX_LIST_ROWS } from '../../common/list-table.js';

const cells = (rows) => rows.map((row) => row.map((text) => ({ text })));
const outcome = (columns, rows, extra = {}) => ({ steps: [{ title: 't', columns, rows: cells(rows), ...extra }] });
const AP_COLUMNS = ['rank', 'document', 'relevant?', 'relevant so far', 'P@k'];

test('the input columns only: the computed ones (relevant so far, P@k) are left out', () => {
  const list = listTable(outcome(AP_COLUMNS, [['1', 'd3', 'yes', '1', '1/1'], ['2', 'd1', 'no', '1', '1/2']]));
  assert.deepEqual(list, { columns: ['rank', 'document', 'relevant'], rows: [['1', 'd3', 'yes'], ['2', 'd1', 'no']] });
});

test('documents that are only their marks (R, N, +, -, ?, —) lose their column', () => {
  const list = listTable(outcome(AP_COLUMNS, [['1', 'R', 'yes', '1', '1/1'], ['2', '?', 'not judged (counts as no)', '1', '1/2'], ['3', '-', 'no', '1', '1/3']]));
  assert.deepEqual(list, { columns: ['rank', 'relevant'], rows: [['1', 'yes'], ['2', 'not judged (counts as no)'], ['3', 'no']] });
  const graded = listTable(outcome(['rank', 'document', 'grade', 'gain'], [['1', '—', '3', '7'], ['2', '—', '0', '0']]));
  assert.deepEqual(graded, { columns: ['rank', 'grade'], rows: [['1', '3'], ['2', '0']] });
});

test('a document starred as relevant is shown without its stars', () => {
  const list = listTable(outcome(AP_COLUMNS, [['1', 'D1', 'no', '0', '0/1'], ['2', '*D2*', 'yes', '1', '1/2']]));
  assert.deepEqual(list.rows, [['1', 'D1', 'no'], ['2', 'D2', 'yes']]);
});

test('no table: no such step table, ranks that skip, a table cut short, or a long list', () => {
  assert.equal(listTable(undefined), null);
  assert.equal(listTable(outcome(['rank', 'document', 'P@k'], [['1', 'R', '1/1']])), null, 'the relevant documents only');
  assert.equal(listTable(outcome(AP_COLUMNS, [['1', 'R', 'yes', '1', '1/1'], ['3', 'R', 'yes', '2', '2/3']])), null);
  assert.equal(listTable(outcome(AP_COLUMNS, [['1', 'R', 'yes', '1', '1/1']], { rowCount: 500 })), null);
  const long = Array.from({ length: MAX_LIST_ROWS + 1 }, (_, i) => [String(i + 1), 'N', 'no', '0', '0']);
  assert.equal(listTable(outcome(AP_COLUMNS, long)), null);
  assert.equal(listTable(outcome(AP_COLUMNS, long.slice(0, MAX_LIST_ROWS))).rows.length, MAX_LIST_ROWS);
});
