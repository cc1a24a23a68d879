// Counts for scripts/test.sh, printed as "PASSED FAILED" on one line (and, for ctest, a third
// and fourth number: assertions and ctest entries).
//
//   node scripts/test-counts.mjs ctest JUNIT.xml     (ctest --output-junit)
//   node scripts/test-counts.mjs lint ESLINT.json TSC.log
//   node scripts/test-counts.mjs failures STAGE.tap… STAGE.xml…  (what failed, a line or two each)
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

/** A YAML scalar of node's TAP reporter: 'quoted' (with '' for '), or the text as it is. */
function yamlScalar(text) {
  const quoted = /^'(.*)'$/.exec(text);
  return quoted ? quoted[1].replace(/''/g, "'") : text;
}

/**
 * The failed tests of node's TAP report (node --test --test-reporter=tap), each with where it
 * is and the first lines of its error; a file whose process failed on its own (it crashed, was
 * killed, or exited non-zero with its tests passed) is one entry named by its path, with its
 * exit code or signal. A parent failed only because a subtest did ('subtestsFailed') is left
 * out: its subtest is there.
 * @param {string} tap
 * @returns {{name: string, location: string, error: string[], failureType: string, exit: string}[]}
 */
export function tapFailures(tap) {
  const failures = [];
  const lines = tap.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const head = /^(\s*)not ok \d+ - (.*)$/.exec(lines[index]);
    if (!head) continue;
    const indent = `${head[1]}  `;
    const failure = { name: head[2].replace(/ # (SKIP|TODO).*$/, ''), location: '', error: [], failureType: '', exit: '' };
    let cursor = index + 1;
    if (lines[cursor]?.trim() !== '---') continue;
    for (cursor += 1; cursor < lines.length && lines[cursor].trim() !== '...'; cursor += 1) {
      const field = new RegExp(`^${indent}(\\w+): ?(.*)$`).exec(lines[cursor]);
      if (!field) continue;
      const [, key, value] = field;
      if (key === 'location') failure.location = yamlScalar(value).replace(/^.*\/tests\//, 'tests/');
      else if (key === 'failureType') failure.failureType = yamlScalar(value);
      else if (key === 'exitCode' && value !== '~') failure.exit = `exit code ${value}`;
      else if (key === 'signal' && value !== '~') failure.exit = `signal ${yamlScalar(value)}`;
      else if (key === 'error') {
        if (value === '|-' || value === '|' || value === '>-') {
          while (lines[cursor + 1]?.startsWith(`${indent}  `)) {
            cursor += 1;
            failure.error.push(lines[cursor].slice(indent.length + 2));
          }
        } else {
          failure.error.push(yamlScalar(value));
        }
      }
    }
    failure.error = failure.error.map((line) => line.trim()).filter(Boolean);
    if (failure.failureType !== 'subtestsFailed') failures.push(failure);
  }
  return failures;
}

/**
 * The failed entries of ctest's JUnit report, in tapFailures' shape: the entry's name and the
 * first lines of its output that say what failed (Catch2's "FAILED:" and the expression after
 * it, a sanitizer's "ERROR:", clang-format's diff).
 * @param {string} xml
 */
export function ctestFailures(xml) {
  const failures = [];
  for (const [, attributes, body] of xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const status = /\bstatus="([^"]*)"/.exec(attributes)?.[1] ?? '';
    if (status === 'run' && !/<(failure|error)\b/.test(body ?? '')) continue;
    const out = xmlText(/<system-out>([\s\S]*?)<\/system-out>/.exec(body ?? '')?.[1] ?? '').split('\n');
    const first = out.findIndex((line) => /FAILED|ERROR|error:|^[-+]/.test(line));
    const error = first < 0 ? [status] : out.slice(first, first + 3).map((line) => line.trim()).filter(Boolean);
    failures.push({ name: `ctest ${xmlText(/\bname="([^"]*)"/.exec(attributes)?.[1] ?? '?')}`, location: '', error, failureType: status, exit: '' });
  }
  return failures;
}

/**
 * tapFailures as lines for a person: "✖ NAME (LOCATION)" and the error's first two lines, at most
 * `limit` failures (then how many more).
 */
export function failureDigest(failures, limit = 40) {
  const out = [];
  for (const failure of failures.slice(0, limit)) {
    const where = [failure.location, failure.exit].filter(Boolean).join(', ');
    out.push(`✖ ${failure.name}${where ? ` (${where})` : ''}`);
    for (const line of failure.error.slice(0, 2)) out.push(`    ${line.length > 200 ? `${line.slice(0, 199)}…` : line}`);
  }
  if (failures.length > limit) out.push(`… and ${failures.length - limit} more`);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [what, ...files] = process.argv.slice(2);
  if (what === 'ctest') {
    const { passed, failed, assertions, entries } = ctestCounts(readFileSync(files[0], 'utf8'));
    console.log(passed, failed, assertions, entries);
  } else if (what === 'lint') {
    const { passed, failed } = lintCounts(readFileSync(files[0], 'utf8'), readFileSync(files[1], 'utf8'));
    console.log(passed, failed);
  } else if (what === 'failures') {
    const failures = files.flatMap((file) => {
      try {
        const text = readFileSync(file, 'utf8');
        return file.endsWith('.xml') ? ctestFailures(text) : tapFailures(text);
      } catch {
        return [];
      }
    });
    for (const line of failureDigest(failures)) console.log(line);
  } else {
    console.error('usage: node scripts/test-counts.mjs ctest JUNIT.xml | lint ESLINT.json TSC.log | failures TAP…');
    process.exit(2);
  }
}
