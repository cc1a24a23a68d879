// @ts-check
// The repository stands alone: nothing in it points at files outside it, at issue numbers, or at
// worked examples by a code only an outside list explains. The worked examples the tests use are
// in docs/examples.md, each under a heading that is its name; the tests and the code cite those
// names, and the short tags the golden tests filter by ("[RL2]") are listed there too.
// Run: node --test tests/js/stands-alone.test.mjs

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const EXAMPLES = 'docs/examples.md';

/** Every tracked text file outside node_modules, with its text. */
function trackedTexts() {
  const names = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 })
    .split('\0')
    .filter((name) => name && !name.startsWith('node_modules/'));
  /** @type {{ name: string, text: string }[]} */
  const files = [];
  for (const name of names) {
    let bytes;
    try {
      bytes = readFileSync(join(ROOT, name));
    } catch {
      continue; // listed but deleted in the work tree
    }
    if (bytes.includes(0)) continue; // binary (fonts, images, fuzz inputs)
    files.push({ name, text: bytes.toString('utf8') });
  }
  return files;
}

const FILES = trackedTexts();
const CODE = /\.(?:c|cc|cpp|h|hpp|js|mjs|cjs|ts)$/;

/**
 * The comment text of a source file, line by line: whole lines of `//`, `/*` or ` * `, and what
 * follows ` // ` after code. Good enough for finding words, not a parser.
 * @param {string} text
 * @returns {{ line: number, text: string }[]}
 */
function comments(text) {
  /** @type {{ line: number, text: string }[]} */
  const out = [];
  text.split('\n').forEach((line, index) => {
    const trimmed = line.trimStart();
    if (trimmed.startsWith('//') || trimmed.startsWith('/*') || trimmed.startsWith('*')) {
      out.push({ line: index + 1, text: trimmed });
    } else {
      const at = line.search(/\s\/\/\s/);
      if (at >= 0) out.push({ line: index + 1, text: line.slice(at + 1) });
    }
  });
  return out;
}

/**
 * The names of the tests a file declares: the first string of test(), it(), describe(),
 * TEST_CASE() and SECTION().
 * @param {string} text
 */
function testNames(text) {
  /** @type {{ line: number, text: string }[]} */
  const out = [];
  const pattern = /\b(?:test|it|describe|TEST_CASE|SECTION)\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const match of text.matchAll(pattern)) {
    out.push({ line: text.slice(0, match.index).split('\n').length, text: match[2] });
  }
  return out;
}

// Pointers at things a reader of the repository cannot find. Written so that this file does not
// match them itself.
const OUTSIDE = [
  { what: 'a path into the shared folder beside the repository', pattern: /\.\.\/shared\b/ },
  { what: 'the outside list of worked examples', pattern: /WORKED_EXAMPLES(?:\.md|\s+[A-Z])/ },
  { what: 'a course note by its file number', pattern: /\bnotes? 00\d\b|\bnote-00\d\b/i },
  { what: 'an issue by its number', pattern: /\bissues? #?\d+\b/i },
];

test('no tracked file points outside the repository: the shared folder, the outside example list, note or issue numbers', () => {
  const found = [];
  for (const { name, text } of FILES) {
    text.split('\n').forEach((line, index) => {
      for (const { what, pattern } of OUTSIDE) {
        if (pattern.test(line)) found.push(`${name}:${index + 1}: ${what}: ${line.trim().slice(0, 120)}`);
      }
    });
  }
  assert.deepEqual(found, []);
});

// The short codes the golden tests tag the notes' examples with: RL and a number (with -ap or -i),
// or G, K, S or B and a digit.
const TAG = /(?<![\w[-])(?:RL\d+(?:-ap|-i)?|G\d|K\d|S\d|B\d)(?![\w\]-])/g;
const examplesText = readFileSync(join(ROOT, EXAMPLES), 'utf8');
const definedTags = new Set([...examplesText.matchAll(/^Tag `([^`]+)`/gm)].map((match) => match[1]));
const anchors = new Set([...examplesText.matchAll(/^### ([a-z0-9-]+)\s*$/gm)].map((match) => match[1]));

test(`${EXAMPLES} names each example by a heading and gives each its tag`, () => {
  // 9 ranked lists, 5 graded, 1 set, 5 agreement and 3 bpref examples.
  assert.equal(anchors.size, 23);
  assert.equal(definedTags.size, 23);
  for (const tag of ['RL1', 'RL1-i', 'RL1-ap', 'RL7', 'G5', 'S1', 'K4', 'B3']) assert.ok(definedTags.has(tag), tag);
});

test('comments, test names and Markdown cite examples by name, not by tag', () => {
  const found = [];
  for (const { name, text } of FILES) {
    if (name === EXAMPLES) continue; // where the tags are defined
    /** @type {{ line: number, text: string }[]} */
    let prose = [];
    if (name.endsWith('.md')) prose = text.split('\n').map((line, index) => ({ line: index + 1, text: line }));
    else if (CODE.test(name)) prose = [...comments(text), ...(name.startsWith('tests/') ? testNames(text) : [])];
    for (const { line, text: words } of prose) {
      const tags = words.match(TAG);
      if (tags) found.push(`${name}:${line}: ${tags.join(', ')}: ${words.slice(0, 120)}`);
    }
  }
  assert.deepEqual(found, []);
});

test(`every example tag in the code is one ${EXAMPLES} defines`, () => {
  const unknown = [];
  for (const { name, text } of FILES) {
    if (!CODE.test(name)) continue;
    for (const match of text.matchAll(TAG)) {
      if (!definedTags.has(match[0])) unknown.push(`${name}: ${match[0]}`);
    }
  }
  assert.deepEqual([...new Set(unknown)], []);
});

test(`every example a file cites is a heading of ${EXAMPLES}`, () => {
  // Cited as docs/examples.md#<name> anywhere, or by the bare name in the tests' comments and test
  // names: there a word of three or more hyphenated parts that starts like a name (method-…,
  // kappa-…, bpref-…) must be one.
  const starts = new Set([...anchors].map((anchor) => anchor.split('-')[0]));
  const missing = [];
  for (const { name, text } of FILES) {
    for (const match of text.matchAll(/examples\.md#([\w-]+)/g)) {
      if (!anchors.has(match[1])) missing.push(`${name}: ${match[0]}`);
    }
    if (!CODE.test(name) || !name.startsWith('tests/') || name === 'tests/js/stands-alone.test.mjs') continue;
    for (const { line, text: words } of [...comments(text), ...testNames(text)]) {
      for (const match of words.matchAll(/(?<![\w./#-])([a-z][a-z0-9]*(?:-[a-z0-9]+){2,})(?![\w-])/g)) {
        if (starts.has(match[1].split('-')[0]) && !anchors.has(match[1])) missing.push(`${name}:${line}: ${match[1]}`);
      }
    }
  }
  assert.deepEqual(missing, []);
});
