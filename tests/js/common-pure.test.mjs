// @ts-check
// common/ holds the modules the pages (web/) and the command line (bin/) share, so each must run
// in both: no DOM, no engine, nothing only Vite can load. This test reads every module there and
// fails when one
//   - imports anything outside common/ (web/js, bin/, the generated engine in web/generated/), a
//     package, a Node built-in (node:fs has no browser) or a Vite-only form ("?url", "?worker");
//   - touches document, window or another page global while it is imported;
//   - does not start with `// @ts-check` (tsconfig.json checks common/);
// and it checks that bin/ takes what it shares with the pages from common/, never from web/.
// Imports are read from the syntax tree that ESLint's own parser (espree, installed with ESLint)
// builds: static imports, re-exports, import() with a literal and new URL(…, import.meta.url).
// Comments are not code: a JSDoc type such as import('../web/js/engine.js').Num is allowed.
// Run: node --test tests/js/common-pure.test.mjs (needs no build)

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as espree from 'espree';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const COMMON = join(ROOT, 'common');

/** The .js and .mjs files under a folder, as absolute paths, sorted. */
function modulesUnder(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.m?js$/.test(name))
    .map((name) => join(dir, name))
    .sort();
}

/**
 * What a module's code asks to load: each specifier with its line, or `null` for an import()
 * whose argument is not a literal (what it loads cannot be checked).
 * @param {string} source
 * @returns {{specifier: string | null, line: number, how: string}[]}
 */
export function importsOf(source) {
  const ast = espree.parse(source, { ecmaVersion: 2024, sourceType: 'module', loc: true });
  /** @type {{specifier: string | null, line: number, how: string}[]} */
  const found = [];
  const literal = (node) => (node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null);
  const isImportMetaUrl = (node) =>
    node?.type === 'MemberExpression' && node.object.type === 'MetaProperty' && node.property.name === 'url';
  (function walk(node) {
    if (!node || typeof node.type !== 'string') return;
    const line = node.loc.start.line;
    if (node.type === 'ImportDeclaration') found.push({ specifier: literal(node.source), line, how: 'import' });
    if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) {
      found.push({ specifier: literal(node.source), line, how: 'export … from' });
    }
    if (node.type === 'ImportExpression') found.push({ specifier: literal(node.source), line, how: 'import()' });
    if (node.type === 'NewExpression' && node.callee.name === 'URL' && isImportMetaUrl(node.arguments[1])) {
      found.push({ specifier: literal(node.arguments[0]), line, how: 'new URL(…, import.meta.url)' });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent' || key === 'loc' || key === 'range') continue;
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') walk(value);
    }
  })(ast);
  return found;
}

/**
 * Why a module at `file` (a path inside common/) may not load what it asks, one line each.
 * @param {string} file
 * @param {string} source
 * @returns {string[]}
 */
export function problemsOf(file, source) {
  const name = relative(ROOT, file).split(sep).join('/');
  return importsOf(source).flatMap(({ specifier, line, how }) => {
    const at = `${name}:${line}: ${how}`;
    if (specifier === null) return [`${at} with an argument that is not a string literal`];
    if (specifier.includes('?')) return [`${at} '${specifier}': a Vite-only import`];
    if (specifier.startsWith('node:')) return [`${at} '${specifier}': a Node built-in, which the browser has not`];
    if (!specifier.startsWith('./') && !specifier.startsWith('../')) return [`${at} '${specifier}': a package`];
    const target = relative(ROOT, resolve(dirname(file), specifier)).split(sep).join('/');
    if (target.startsWith('common/')) return [];
    if (target.startsWith('web/generated/')) return [`${at} '${specifier}': the generated engine (${target})`];
    if (target.startsWith('web/')) return [`${at} '${specifier}': a page module (${target})`];
    if (target.startsWith('bin/')) return [`${at} '${specifier}': the command line (${target})`];
    return [`${at} '${specifier}': outside common/ (${target})`];
  });
}

/** The page globals a shared module must not read while it is imported. */
const PAGE_GLOBALS = ['document', 'window', 'self', 'navigator', 'location', 'localStorage', 'customElements', 'HTMLElement'];

/**
 * Imports the files with every page global replaced by a getter that records its name (Node 21
 * and later have a navigator of their own: it is put back afterwards).
 * @param {string[]} files
 * @returns {Promise<string[]>} "file: global" for each global read
 */
async function pageGlobalsReadImporting(files) {
  /** @type {string[]} */
  const read = [];
  let importing = '';
  const saved = PAGE_GLOBALS.map((key) => [key, Object.getOwnPropertyDescriptor(globalThis, key)]);
  for (const key of PAGE_GLOBALS) {
    Object.defineProperty(globalThis, key, {
      configurable: true,
      get() {
        read.push(`${importing}: ${key}`);
        return undefined;
      },
    });
  }
  try {
    for (const file of files) {
      importing = relative(ROOT, file).split(sep).join('/');
      await import(pathToFileURL(file).href);
    }
  } finally {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, key, descriptor);
      else delete globalThis[key];
    }
  }
  return read;
}

const COMMON_MODULES = modulesUnder(COMMON);

test('common/ holds the modules bin/ shares with the pages', () => {
  const names = COMMON_MODULES.map((file) => relative(COMMON, file).split(sep).join('/'));
  for (const name of ['format.js', 'presets.js', 'measure-list.js', 'compare-report.js', 'trec-feed.js', 'table-text.js', 'practice/generate.js', 'practice/answers.js', 'practice/export.js']) {
    assert.ok(names.includes(name), `common/${name}`);
  }
});

test('the import reader finds each kind of import, and only in code', () => {
  const source = [
    "import { a } from './a.js';", // line 1
    "export { b } from '../web/js/b.js';", // 2
    "export * from 'vite';", // 3
    '/** @param {import("../web/js/engine.js").Num} num */', // 4: a comment, not an import
    'const later = () => import(`./${"c"}.js`);', // 5: not a literal
    "const wasm = new URL('../web/generated/irmetrics.wasm', import.meta.url);", // 6
    "const worker = () => import('./w.js?worker');", // 7
  ].join('\n');
  assert.deepEqual(
    importsOf(source).map(({ specifier, line }) => [line, specifier]),
    [
      [1, './a.js'],
      [2, '../web/js/b.js'],
      [3, 'vite'],
      [5, null],
      [6, '../web/generated/irmetrics.wasm'],
      [7, './w.js?worker'],
    ],
  );
  assert.deepEqual(problemsOf(join(COMMON, 'x.js'), source), [
    "common/x.js:2: export … from '../web/js/b.js': a page module (web/js/b.js)",
    "common/x.js:3: export … from 'vite': a package",
    'common/x.js:5: import() with an argument that is not a string literal',
    "common/x.js:6: new URL(…, import.meta.url) '../web/generated/irmetrics.wasm': the generated engine (web/generated/irmetrics.wasm)",
    "common/x.js:7: import() './w.js?worker': a Vite-only import",
  ]);
  assert.deepEqual(problemsOf(join(COMMON, 'practice', 'y.js'), "import '../../bin/lib/cli.mjs';\nimport 'node:fs';"), [
    "common/practice/y.js:1: import '../../bin/lib/cli.mjs': the command line (bin/lib/cli.mjs)",
    "common/practice/y.js:2: import 'node:fs': a Node built-in, which the browser has not",
  ]);
});

test('every module in common/ imports only from common/', () => {
  const problems = COMMON_MODULES.flatMap((file) => problemsOf(file, readFileSync(file, 'utf8')));
  assert.deepEqual(problems, []);
  // The reader saw the imports that are there: practice/export.js uses format.js, generate.js,
  // the quiz questions (quiz.js) and the QTI writer (qti.js).
  const exportJs = importsOf(readFileSync(join(COMMON, 'practice', 'export.js'), 'utf8')).map(({ specifier }) => specifier);
  assert.deepEqual(exportJs.sort(), ['../format.js', './generate.js', './qti.js', './quiz.js']);
});

test('every module in common/ starts with // @ts-check', () => {
  const unchecked = COMMON_MODULES.filter((file) => !readFileSync(file, 'utf8').startsWith('// @ts-check\n'));
  assert.deepEqual(unchecked.map((file) => relative(ROOT, file)), []);
});

test('importing a module that reads document is caught', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'irm-common-'));
  try {
    const probe = join(dir, 'probe.mjs');
    writeFileSync(probe, "export const title = typeof document === 'undefined' ? '' : document.title;\n");
    const read = await pageGlobalsReadImporting([probe]);
    assert.equal(read.length, 1);
    assert.match(read[0], /probe\.mjs: document$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('importing every module in common/ reads no page global', async () => {
  assert.deepEqual(await pageGlobalsReadImporting(COMMON_MODULES), []);
});

test('bin/ takes no page module from web/ (the engine it loads from web/generated/ is not one)', () => {
  const target = (file, specifier) => relative(ROOT, resolve(dirname(file), specifier)).split(sep).join('/');
  const fromWeb = modulesUnder(join(ROOT, 'bin')).flatMap((file) =>
    importsOf(readFileSync(file, 'utf8'))
      .filter(({ specifier }) => specifier?.startsWith('.') && /^web\/(?!generated(\/|$))/.test(target(file, specifier)))
      .map(({ specifier, line }) => `${relative(ROOT, file)}:${line}: ${specifier}`),
  );
  assert.deepEqual(fromWeb, []);
});
