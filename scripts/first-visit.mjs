#!/usr/bin/env node
// What a first visit of each page of the built site downloads, worked out from the files of
// dist/ (no browser): scripts/build.sh prints it after the sizes. For each dist/*.html:
//
//   page     the HTML, its stylesheets, its scripts and module preloads, and every module they
//            import statically, each file once
//   workers  the module workers the page's scripts can start (new Worker(new URL(…))), their
//            static imports, and the .wasm files any of them names (new URL('….wasm', …)): the
//            calculators start theirs on arrival; the TREC page starts its own when files are
//            given, so its figure is what it can reach, not what an empty visit fetches. Of the
//            wasm modules the calculators' worker can load (with import(): engine-worker.js),
//            the one the page starts: its group's (web/js/calculators.js `engine`), or
//            irmetrics-lite on a page that is not a calculator (the practice page); the others
//            are `later`. The home page starts no engine (STARTS_NO_ENGINE): all `later`
//   share link  a calculator's first visit opened on an answer: with the formula typesetter
//            (KaTeX and render/math-mathml.js, imported when the first formula is shown, at
//            once for a share link); charts are drawn by the page's own script
//   later    what is loaded with import() only (KaTeX, when a formula is first shown, but on a
//            share link's calculator; the other wasm modules)
//
// Sizes are gzip -9 of each file, as the table above it in build.sh; the server sends brotli
// where the browser takes it, about 15% less (npm run bench -- web measures real transfers).
//
//   node scripts/first-visit.mjs [DIST]        # DIST defaults to dist/

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { calculators } from '../web/js/calculators.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** References in HTML: <script src>, <link href> of stylesheets and module preloads. */
function htmlReferences(html) {
  const found = [];
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) found.push(src);
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1] ?? '';
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\b(stylesheet|modulepreload)\b/.test(rel)) found.push(href);
  }
  return found;
}

/**
 * References in a bundled module: `static` imports (import … from "./x.js", import "./x.js",
 * export … from "./x.js"), `workers` (new Worker(new URL("./x.js", import.meta.url))), `assets`
 * (other new URL("./x", import.meta.url): the wasm) and `dynamic` (import("./x.js")).
 * @param {string} code
 */
export function moduleReferences(code) {
  const quoted = '["\'`]([^"\'`]+)["\'`]';
  const all = (pattern) => [...code.matchAll(new RegExp(pattern, 'g'))].map((match) => match[1]);
  // Vite writes new URL(new URL(`x.js`, import.meta.url).href, import.meta.url) for a worker,
  // and self.location.href for import.meta.url inside a worker (bundled as a classic script).
  const base = '\\s*,\\s*(?:import\\.meta\\.url|self\\.location\\.href)';
  const workers = all(`new Worker\\(\\s*new URL\\(\\s*(?:new URL\\(\\s*)?${quoted}${base}`);
  const urls = all(`new URL\\(\\s*${quoted}${base}`);
  const local = (list) => list.filter((path) => !/^[a-z][\w+.-]*:/i.test(path)).map((path) => (path.startsWith('.') ? path : `./${path}`));
  return {
    static: local(all(`\\b(?:import|export)\\s*(?:[\\w$*{}\\s,]+?\\s*from\\s*)?${quoted}`)),
    workers: local(workers),
    assets: local(urls.filter((url) => !workers.includes(url))),
    dynamic: local(all(`\\bimport\\(\\s*${quoted}\\s*\\)`)),
  };
}

const gzipSizes = new Map();
const gz = (file) => {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipSizes.get(file);
};

/** Pages that start no engine: the home page lists its measures from the build (virtual:measure-list). */
const STARTS_NO_ENGINE = new Set(['index.html']);

/**
 * The first-visit sets of one page (absolute paths): {page, workers, later}.
 * @param {string} dist
 * @param {string} htmlFile
 */
export function firstVisit(dist, htmlFile) {
  // The wasm module the page's engine starts with (engine.js, useModule), as Vite names its glue.
  const engine = calculators.find((calculator) => calculator.page === basename(htmlFile))?.engine ?? 'lite';
  const startsWith = new RegExp(`^irmetrics-${engine}-[\\w-]{8}\\.js$`);
  const page = new Set([htmlFile]);
  const workers = new Set();
  const later = new Set();
  const resolveFrom = (from, reference) => resolve(dirname(from), reference.split(/[?#]/)[0]);
  /** Adds `file` and its static imports to `set`; workers, assets and import()s where they go. */
  const follow = (file, set) => {
    if (!existsSync(file) || (set.has(file) && file !== htmlFile)) return;
    set.add(file);
    if (!/\.m?js$/.test(file)) return;
    const refs = moduleReferences(readFileSync(file, 'utf8'));
    for (const ref of refs.static) follow(resolveFrom(file, ref), set);
    for (const ref of refs.workers) follow(resolveFrom(file, ref), workers);
    for (const ref of refs.assets) {
      const asset = resolveFrom(file, ref);
      if (asset.endsWith('.wasm') && existsSync(asset)) (set === page ? workers : set).add(asset);
    }
    for (const ref of refs.dynamic) {
      const target = resolveFrom(file, ref);
      if (set === workers && startsWith.test(basename(target))) follow(target, workers);
      else laterFiles.push(target);
    }
  };
  const laterFiles = [];
  for (const ref of htmlReferences(readFileSync(htmlFile, 'utf8'))) {
    if (/^[a-z]+:/i.test(ref)) continue; // another origin
    follow(resolveFrom(htmlFile, ref), page);
  }
  while (laterFiles.length) {
    const file = laterFiles.pop();
    if (page.has(file) || workers.has(file) || later.has(file)) continue;
    follow(file, later);
  }
  for (const file of [...later]) if (page.has(file) || workers.has(file)) later.delete(file);
  if (STARTS_NO_ENGINE.has(basename(htmlFile))) {
    // Its scripts could start the engine's worker (site.js), but never do.
    for (const file of workers) if (!page.has(file)) later.add(file);
    workers.clear();
  }
  return { page, workers, later };
}

/** The formula typesetter (render/math-mathml.js and KaTeX), which a share link loads at once. */
const MATH = /^(?:katex|math-mathml)-[\w-]{8}\.js$/;

const total = (files) => [...files].reduce((sum, file) => sum + gz(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function main() {
  const dist = resolve(process.argv[2] ?? join(root, 'dist'));
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`first-visit: ${dist} has no index.html: build the site first`);
    return 2;
  }
  const row = (cells) =>
    console.log(`  ${cells.map((cell, index) => (index === 0 ? String(cell).padEnd(24) : String(cell).padStart(11))).join(' ')}`);
  row(['page (gzip -9)', 'page', 'workers', 'first visit', 'share link', 'later']);
  for (const name of readdirSync(dist).filter((file) => file.endsWith('.html')).sort()) {
    const { page, workers, later } = firstVisit(dist, join(dist, name));
    const names = [...workers].filter((file) => file.endsWith('.wasm')).map((file) => relative(dist, file).replace(/^assets\//, ''));
    const first = total(page) + total(workers);
    const calculator = calculators.some((one) => one.page === name && Object.keys(one.samples).length > 0); // not the TREC page
    const math = [...later].filter((file) => MATH.test(basename(file)));
    row([name, kb(total(page)), kb(total(workers)), kb(first), calculator ? kb(first + total(math)) : '–', kb(total(later) - (calculator ? total(math) : 0))]);
    if (names.length) console.log(`  ${''.padEnd(24)} wasm: ${names.join(', ')}`);
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main();
