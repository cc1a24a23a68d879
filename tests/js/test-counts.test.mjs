// scripts/test-counts.mjs (how scripts/test.sh counts ctest's and ESLint's results) and
// scripts/test-pick.mjs (which browser tests `npm run test:quick` runs), on hand-written inputs.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { ctestCounts, ctestFailures, failureDigest, lintCounts, tapFailures } from '../../scripts/test-counts.mjs';
import { pickWebTests } from '../../scripts/test-pick.mjs';
import fileTimes from '../../scripts/test-times.mjs';

/** One <testcase> of ctest's JUnit report (the shape CMake 3.25's ctest writes). */
const entry = (name, status, out, failure = false) =>
  `<testcase name="${name}" classname="${name}" time="0.01" status="${status}">${failure ? '<failure message=""/>' : ''}<system-out>${out}</system-out></testcase>`;

test('ctest: the test cases and assertions of each Catch2 summary line are added up', () => {
  const xml = `<testsuite>
    ${entry('number_test', 'run', 'Filters: [#number_test]~[.]\n===\nAll tests passed (54 assertions in 7 test cases)\n')}
    ${entry('golden_tau', 'run', 'All tests passed (1 assertion in 1 test case)\n')}
  </testsuite>`;
  // 7 + 1 test cases, 54 + 1 assertions, 2 entries
  assert.deepEqual(ctestCounts(xml), { passed: 8, failed: 0, assertions: 55, entries: 2 });
});

test('ctest: a file with failed test cases counts them, and its passed ones', () => {
  const xml = entry('golden_ranked', 'fail', 'test cases:  5 |  4 passed | 1 failed\nassertions: 40 | 39 passed | 1 failed\n', true)
    + entry('golden_sets', 'fail', 'test cases: 1 | 1 failed\nassertions: 2 | 1 passed | 1 failed\n', true);
  assert.deepEqual(ctestCounts(xml), { passed: 4, failed: 2, assertions: 42, entries: 2 });
});

test('ctest: an entry with no Catch2 summary is one test, as ctest saw it', () => {
  // clang_format_check passes or fails as a whole; a process that crashed (a sanitizer's abort)
  // before its summary is one failure; a process that failed after an all-passed summary too.
  const xml = entry('clang_format_check', 'run', '')
    + entry('bad_inputs_test', 'fail', '==123==ERROR: AddressSanitizer: heap-use-after-free', true)
    + entry('compute_test', 'fail', 'All tests passed (3 assertions in 2 test cases)\n==1==ERROR: LeakSanitizer', true)
    + entry('parse_words_test', 'notrun', '');
  assert.deepEqual(ctestCounts(xml), { passed: 1, failed: 3, assertions: 0, entries: 4 });
});

test('ctest: entities in the output are read as text', () => {
  const xml = entry('x', 'run', 'a &lt;b&gt; &amp; &#34;c&#x22;\nAll tests passed (2 assertions in 2 test cases)');
  assert.deepEqual(ctestCounts(xml), { passed: 2, failed: 0, assertions: 2, entries: 1 });
});

test('lint: a file fails with an ESLint problem or a type error, once however many', () => {
  const files = [
    { filePath: path.resolve('web/js/a.js'), errorCount: 0, warningCount: 0 },
    { filePath: path.resolve('web/js/b.js'), errorCount: 2, warningCount: 0 },
    { filePath: path.resolve('web/js/c.js'), errorCount: 0, warningCount: 0 },
    { filePath: path.resolve('web/js/d.js'), errorCount: 0, warningCount: 0 },
  ];
  const tsc = 'web/js/c.js(12,5): error TS2339: Property x does not exist.\nweb/js/c.js(13,1): error TS2304: y\n';
  assert.deepEqual(lintCounts(JSON.stringify(files), tsc), { passed: 2, failed: 2 });
});

test('test:quick picks the browser tests of the pages a change touches', () => {
  const texts = { 'modules.test.mjs': "import '../../common/format.js'", 'ranked.test.mjs': "goto('ndcg.html')" };
  const read = (name) => texts[name] ?? '';
  const pick = (...changed) => [...pickWebTests(changed, read).keys()];
  // A page: the tests named for it, not every test that opens it.
  assert.deepEqual(pick('web/ranked.html'), ['tests/web/ranked.test.mjs']);
  assert.deepEqual(pick('web/js/significance.js'), ['tests/web/significance-many.test.mjs', 'tests/web/significance.test.mjs']);
  // A module no test is named for: the tests that name it.
  assert.deepEqual(pick('common/format.js'), ['tests/web/modules.test.mjs']);
  // A browser test itself; the harness, every one; the core or the command line, none.
  assert.deepEqual(pick('tests/web/xss.test.mjs'), ['tests/web/xss.test.mjs']);
  assert.ok(pick('tests/web/helpers.mjs').length > 40);
  assert.deepEqual(pick('core/src/number.cpp', 'bin/irmetrics.mjs', 'tests/js/cli.test.mjs'), []);
});

// Node 20's TAP reporter (node --test --test-reporter=tap) on three files: a.test.mjs with a
// passing test, a failed assertion of two lines and a group whose subtest threw; b.test.mjs whose
// before hook threw; c.test.mjs, whose process exited with 3 and reported no test. The shape was
// written by node v20.20.2 (the stack lines shortened here).
const TAP = `TAP version 13
# Subtest: passes
ok 1 - passes
  ---
  duration_ms: 2.069472
  ...
# Subtest: fails with a message
not ok 2 - fails with a message
  ---
  duration_ms: 2.026912
  location: '/work/main/tests/web/a.test.mjs:4:1'
  failureType: 'testCodeFailure'
  error: |-
    one is not two
    second line
    
    1 !== 2
    
  code: 'ERR_ASSERTION'
  stack: |-
    TestContext.<anonymous> (file:///work/main/tests/web/a.test.mjs:4:45)
  ...
# Subtest: group
    # Subtest: inner fails
    not ok 1 - inner fails
      ---
      duration_ms: 0.384842
      location: '/work/main/tests/web/a.test.mjs:5:38'
      failureType: 'testCodeFailure'
      error: 'it''s broken'
      code: 'ERR_TEST_FAILURE'
      ...
    1..1
not ok 3 - group
  ---
  duration_ms: 0.933931
  location: '/work/main/tests/web/a.test.mjs:5:1'
  failureType: 'subtestsFailed'
  error: '1 subtest failed'
  code: 'ERR_TEST_FAILURE'
  ...
# Subtest: never runs
not ok 4 - never runs
  ---
  duration_ms: 1.093621
  location: '/work/main/tests/web/b.test.mjs:3:1'
  failureType: 'hookFailed'
  error: 'before hook died'
  ...
# Subtest: /work/main/tests/web/c.test.mjs
not ok 3 - /work/main/tests/web/c.test.mjs
  ---
  duration_ms: 148.591176
  location: '/work/main/tests/web/c.test.mjs:1:1'
  failureType: 'testCodeFailure'
  exitCode: 3
  signal: ~
  error: 'test failed'
  code: 'ERR_TEST_FAILURE'
  ...
1..5
# pass 1
# fail 5
`;

test('failures: each failed test of a TAP report with where it is and its error; parents left out', () => {
  const failures = tapFailures(TAP);
  assert.deepEqual(failures.map(({ name, location, error, exit }) => ({ name, location, error, exit })), [
    { name: 'fails with a message', location: 'tests/web/a.test.mjs:4:1', error: ['one is not two', 'second line', '1 !== 2'], exit: '' },
    // A quoted scalar's '' is one quote.
    { name: 'inner fails', location: 'tests/web/a.test.mjs:5:38', error: ["it's broken"], exit: '' },
    { name: 'never runs', location: 'tests/web/b.test.mjs:3:1', error: ['before hook died'], exit: '' },
    { name: '/work/main/tests/web/c.test.mjs', location: 'tests/web/c.test.mjs:1:1', error: ['test failed'], exit: 'exit code 3' },
  ]);
  // A process killed by a signal says which.
  const killed = TAP.replace('exitCode: 3\n  signal: ~', "exitCode: ~\n  signal: 'SIGKILL'");
  assert.equal(tapFailures(killed).at(-1).exit, 'signal SIGKILL');
});

test('failures: the digest gives two lines of each error and says how many it left out', () => {
  assert.deepEqual(failureDigest(tapFailures(TAP), 2), [
    '✖ fails with a message (tests/web/a.test.mjs:4:1)',
    '    one is not two',
    '    second line',
    '✖ inner fails (tests/web/a.test.mjs:5:38)',
    "    it's broken",
    '… and 2 more',
  ]);
});

test('failures: a failed ctest entry by name, with the first lines that say what failed', () => {
  const xml = entry('golden_ranked', 'fail', 'Filters: [#golden_ranked]\n/w/tests/core/golden_ranked.cpp:12: FAILED:\n  CHECK( a == b )\nwith expansion:\n  1 == 2\n', true)
    + entry('golden_sets', 'run', 'All tests passed (2 assertions in 1 test case)\n');
  assert.deepEqual(ctestFailures(xml).map(({ name, error }) => ({ name, error })), [
    { name: 'ctest golden_ranked', error: ['/w/tests/core/golden_ranked.cpp:12: FAILED:', 'CHECK( a == b )', 'with expansion:'] },
  ]);
});

test('times: each file’s process time, slowest first, from node:test’s events', async () => {
  const root = process.cwd();
  // node --test reports a file as a test named by its path, with the process's duration; its
  // tests (and their subtests) have other names and do not count.
  const events = [
    { type: 'test:complete', data: { name: 'a test', file: `${root}/tests/web/a.test.mjs`, nesting: 0, details: { duration_ms: 900 } } },
    { type: 'test:complete', data: { name: `${root}/tests/web/a.test.mjs`, file: `${root}/tests/web/a.test.mjs`, nesting: 0, details: { duration_ms: 1250 } } },
    { type: 'test:start', data: { name: `${root}/tests/web/b.test.mjs`, file: `${root}/tests/web/b.test.mjs`, nesting: 0 } },
    { type: 'test:complete', data: { name: `${root}/tests/web/b.test.mjs`, file: `${root}/tests/web/b.test.mjs`, nesting: 0, details: { duration_ms: 61049 } } },
    { type: 'test:fail', data: { name: `${root}/tests/web/b.test.mjs`, file: `${root}/tests/web/b.test.mjs`, nesting: 0, details: { duration_ms: 61049 } } },
  ];
  async function* source() {
    yield* events;
  }
  const lines = [];
  for await (const line of fileTimes(source())) lines.push(line);
  assert.deepEqual(lines, ['61.0 tests/web/b.test.mjs\n', '1.3 tests/web/a.test.mjs\n']);
});
