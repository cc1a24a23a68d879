// Counts for scripts/test.sh, printed as "PASSED FAILED" on one line (and, for ctest, a third
// and fourth number: assertions and ctest entries).
//
//   node scripts/test-counts.mjs ctest JUNIT.xml     (ctest --output-junit)
//   node scripts/test-counts.mjs lint ESLINT.json TSC.log
//
// ctest runs one entry per test file (tests/CMakeLists.txt); each is a Catch2 process whose
// summary line gives its test cases:
//   "All tests passed (54 assertions in 7 test cases)"
//   "test cases: 5 | 4 passed | 1 failed" (or "test cases: 1 | 1 failed") then "assertions: …"
// An entry without such a line (clang_format_check, or a test process that crashed before its
// summary) counts as one test, passed or failed as ctest saw it.

import { readFileSync } from 'node:fs';
import path from 'node:path';

/** XML text content: the five predefined entities and numeric references. */
function xmlText(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (_, name) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[name.toLowerCase()];
  });
}

/**
 * @param {string} xml ctest's JUnit report
 * @returns {{passed: number, failed: number, assertions: number, entries: number}}
 */
export function ctestCounts(xml) {
  const counts = { passed: 0, failed: 0, assertions: 0, entries: 0 };
  for (const [, attributes, body] of xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    counts.entries += 1;
    const status = /\bstatus="([^"]*)"/.exec(attributes)?.[1] ?? '';
    const failedEntry = status !== 'run' || /<(failure|error)\b/.test(body ?? '');
    const out = xmlText(/<system-out>([\s\S]*?)<\/system-out>/.exec(body ?? '')?.[1] ?? '');
    const allPassed = /All tests passed \((\d+) assertions? in (\d+) test cases?\)/.exec(out);
    const mixed = /test cases: *(\d+)(?: *\| *(\d+) passed)?(?: *\| *(\d+) failed)?/.exec(out);
    const assertions = /assertions: *(\d+)/.exec(out);
    if (allPassed && !failedEntry) {
      counts.passed += Number(allPassed[2]);
      counts.assertions += Number(allPassed[1]);
    } else if (mixed) {
      const failed = Number(mixed[3] ?? 0);
      const passed = Number(mixed[2] ?? Number(mixed[1]) - failed);
      counts.passed += passed;
      // A process that failed (a sanitizer's report, say) with every Catch2 case passed still fails.
      counts.failed += failed > 0 ? failed : Number(failedEntry);
      counts.assertions += Number(assertions?.[1] ?? 0);
    } else if (failedEntry) {
      counts.failed += 1;
    } else {
      counts.passed += 1;
    }
  }
  return counts;
}

/**
 * Each file ESLint read counts as a test: passed with no ESLint problem and no type error
 * (tsc --pretty false: "web/js/x.js(12,5): error TS2339: …", paths relative to the project).
 */
export function lintCounts(eslintJson, tscLog) {
  const files = JSON.parse(eslintJson);
  const typed = new Set(tscLog.split('\n')
    .map((line) => /^(.+?)\(\d+,\d+\): error /.exec(line)?.[1])
    .filter(Boolean).map((file) => path.resolve(file)));
  const failed = files.filter((file) => file.errorCount + file.warningCount > 0 || typed.has(file.filePath)).length;
  return { passed: files.length - failed, failed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [what, ...files] = process.argv.slice(2);
  if (what === 'ctest') {
    const { passed, failed, assertions, entries } = ctestCounts(readFileSync(files[0], 'utf8'));
    console.log(passed, failed, assertions, entries);
  } else if (what === 'lint') {
    const { passed, failed } = lintCounts(readFileSync(files[0], 'utf8'), readFileSync(files[1], 'utf8'));
    console.log(passed, failed);
  } else {
    console.error('usage: node scripts/test-counts.mjs ctest JUNIT.xml | lint ESLINT.json TSC.log');
    process.exit(2);
  }
}
