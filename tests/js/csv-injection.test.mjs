// CSV exports of the pages' tables (common/table-text.js, tableToCsv): a cell a spreadsheet
// would run as a formula (= + - @, tab, carriage return at its start, e.g. a pasted docno
// "=HYPERLINK(…)") is written with a leading ' (OWASP's advice against CSV injection); numbers,
// fractions included, keep their sign. The TREC report's CSV does the same in the core
// (tests/core/trec_eval_test.cpp).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { neutralised, tableToCsv } from '../../common/table-text.js';

test('formula starts get a leading quote', () => {
  assert.equal(neutralised('=HYPERLINK("http://x","y")'), '\'=HYPERLINK("http://x","y")');
  assert.equal(neutralised('+cmd'), "'+cmd");
  assert.equal(neutralised('-x'), "'-x");
  assert.equal(neutralised('@SUM(A1)'), "'@SUM(A1)");
  assert.equal(neutralised('\tx'), "'\tx");
  assert.equal(neutralised('\rx'), "'\rx");
});

test('numbers and everything else stay as they are', () => {
  for (const text of ['-0.5', '+3', '-1e-5', '.5', '-2/5', '28/45 ≈ 0.6222', 'D1', '', 'a=b', '−0.4', '+', '-', '+-']) {
    assert.equal(neutralised(text), text);
  }
});

test('tableToCsv neutralises, then quotes as RFC 4180 says', () => {
  const csv = tableToCsv({ caption: '', columns: ['doc', 'tau'], numeric: [false, true],
    rows: [['=1+1', '-2/5'], ['@x, y', '-0.4']] });
  assert.equal(csv, "doc,tau\r\n'=1+1,-2/5\r\n\"'@x, y\",-0.4\r\n");
});
