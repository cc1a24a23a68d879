// The browser tests that `npm run test:quick` runs (scripts/test.sh quick): those of the pages a
// change touches. Prints their paths, one a line, and on stderr why each was picked.
//
//   node scripts/test-pick.mjs [PATH...]
//
// Without paths, the changes are the files git sees changed and not committed (staged or not,
// new files included) or, when there are none, the files of the last commit. A change picks:
//   tests/web/X.test.mjs                      that file;
//   web/X.html, web/**/X.js, web/**/X.css,    the browser tests whose names begin with X, or
//   common/**/X.js                            when there are none, those whose text names
//                                             X.html, X.js or X.css;
//   tests/web/helpers.mjs, scripts/serve.mjs, every browser test (they all run through them);
//   tests/web/browser-server.mjs,
//   vite.config.js, scripts/build-embed.mjs
// Anything else (the core, the command line, the js tests) picks no browser test: the core and
// js stages cover it, and `npm test` runs everything.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webTests = readdirSync(path.join(root, 'tests/web')).filter((name) => name.endsWith('.test.mjs')).sort();
const EVERY_TEST = new Set(['tests/web/helpers.mjs', 'tests/web/browser-server.mjs', 'scripts/serve.mjs', 'vite.config.js', 'scripts/build-embed.mjs']);

/** Paths changed and not committed, or else those of the last commit (relative to the project). */
export function changedFiles() {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
  // -z: NUL-separated, no quoting; a rename gives the new path then the old one, both kept.
  const status = git('status', '--porcelain', '-z', '--untracked-files=all').split('\0').filter(Boolean);
  const paths = [];
  for (let i = 0; i < status.length; i += 1) {
    const entry = status[i];
    paths.push(entry.slice(3));
    if (entry[0] === 'R' || entry[0] === 'C') paths.push(status[(i += 1)]);
  }
  if (paths.length > 0) return paths;
  return git('diff', '--name-only', 'HEAD~1', 'HEAD').split('\n').filter(Boolean);
}

/**
 * @param {string[]} changed paths relative to the project root
 * @param {(name: string) => string} readTest the text of tests/web/NAME
 * @returns {Map<string, string>} test path → why it was picked
 */
export function pickWebTests(changed, readTest) {
  const picked = new Map();
  const pick = (name, why) => {
    const file = `tests/web/${name}`;
    if (!picked.has(file)) picked.set(file, why);
  };
  for (const file of changed) {
    if (EVERY_TEST.has(file)) {
      for (const name of webTests) pick(name, `${file} serves every browser test`);
      continue;
    }
    const base = path.basename(file);
    if (file.startsWith('tests/web/') && base.endsWith('.test.mjs')) {
      if (webTests.includes(base)) pick(base, 'changed');
      continue;
    }
    const match = /^(web|common)\/(?:.*\/)?([^/]+)\.(html|js|mjs|css)$/.exec(file);
    if (!match) continue;
    const stem = match[2];
    const named = new RegExp(`(^|[^\\w-])${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(html|js|mjs|css)\\b`);
    const own = webTests.filter((name) => name.startsWith(`${stem}.`) || name.startsWith(`${stem}-`));
    if (own.length > 0) {
      for (const name of own) pick(name, `named for ${file}`);
      continue;
    }
    for (const name of webTests) {
      if (named.test(readTest(name))) pick(name, `names ${stem}.${match[3]} (${file})`);
    }
  }
  return picked;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv.slice(2);
  const changed = given.length > 0 ? given : changedFiles();
  const picked = pickWebTests(changed, (name) => readFileSync(path.join(root, 'tests/web', name), 'utf8'));
  for (const [file, why] of picked) {
    console.error(`test-pick: ${file}: ${why}`);
    console.log(file);
  }
  if (picked.size === 0) console.error(`test-pick: none of the ${changed.length} changed files is a page's or a browser test's`);
}
