// Vite builds the static site: every web/*.html is a page, bundled into dist/. What the pages
// share is written once in web/partials/: a calculator page (web/ranked.html, web/ndcg.html, …)
// holds only its own title, intro and input fields, put into web/partials/calculator.html at
// build time (see `expandPage`); the footer is an include (see `expandIncludes`).
//
// The Content-Security-Policy is added to the built pages only: in `vite dev`, Vite injects CSS
// through <style> elements, which the policy forbids. scripts/serve.mjs sends the same policy as
// a header.

import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { contentSecurityPolicy } from './scripts/serve.mjs';

const webRoot = fileURLToPath(new URL('./web/', import.meta.url));

const pages = Object.fromEntries(
  readdirSync(webRoot)
    .filter((file) => file.endsWith('.html'))
    .map((file) => [file.replace(/\.html$/, ''), webRoot + file]),
);

const partialsDir = `${webRoot}partials/`;
const readPartial = (name) => readFileSync(`${partialsDir}${name}.html`, 'utf8');

const escapeHtml = (text) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]);

/** `key="value"` pairs as an object. */
const attributesOf = (text) => Object.fromEntries([...text.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));

/** `text` without its common indentation and blank edges, each line then indented by `indent`. */
function reindent(text, indent) {
  const lines = text.replace(/^\s*\n|\s+$/g, '').split('\n');
  const common = Math.min(...lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)[0].length));
  return lines.map((line) => (line.trim() ? indent + line.slice(common) : '')).join('\n');
}

/**
 * Fills a partial: `{{key}}` becomes values[key], HTML-escaped; a line `{{> name}}` becomes
 * slots[name], HTML as written, at that line's indentation. A value or slot the partial asks
 * for and is not given fails the build, so a typo cannot ship a page with a hole in it.
 */
function fill(name, values, slots = {}) {
  const missing = (kind, key) => new Error(`web/partials/${name}.html needs the ${kind} "${key}"`);
  return readPartial(name)
    .replace(/^([ \t]*)\{\{>\s*(\w+)\}\}[ \t]*$/gm, (_, indent, key) => {
      if (!(key in slots)) throw missing('slot', key);
      return reindent(slots[key], indent);
    })
    .replace(/\{\{(\w+)\}\}/g, (_, key) => {
      if (!(key in values)) throw missing('value', key);
      return escapeHtml(values[key]);
    });
}

/**
 * A page written as `<!-- page: NAME key="value" … -->` followed by `<template data-slot="…">`
 * elements (see web/ranked.html) becomes web/partials/NAME.html filled with those values and
 * slots. Any other page is left as it is.
 */
export function expandPage(html) {
  const page = /^\s*<!--\s*page:\s*([\w-]+)([\s\S]*?)-->/.exec(html);
  if (!page) return html;
  const slots = Object.fromEntries(
    [...html.matchAll(/<template data-slot="(\w+)">([\s\S]*?)<\/template>/g)].map(([, key, body]) => [key, body]),
  );
  return fill(page[1], attributesOf(page[2]), slots);
}

/** Replaces each line `<!-- include: NAME key="value" … -->` by the partial NAME, filled (see `fill`). */
export function expandIncludes(html) {
  return html.replace(/^([ \t]*)<!--\s*include:\s*([\w-]+)((?:\s+[\w-]+="[^"]*")*)\s*-->[ \t]*$/gm, (_, indent, name, attributes) =>
    reindent(fill(name, attributesOf(attributes)), indent),
  );
}

const partials = {
  name: 'irmetrics-partials',
  transformIndexHtml: { order: 'pre', handler: (html) => expandIncludes(expandPage(html)) },
};

/**
 * `virtual:measure-list`: every measure the calculators know (the lite module's listMeasures())
 * and the engine's version, worked out at build time by running web/generated/irmetrics-lite in
 * Node. The home page's reference and cards are built from it, so that the page loads no wasm
 * module (the lite module is 260 KB gzip; the list 7 KB).
 */
const MEASURE_LIST = 'virtual:measure-list';
const measureList = {
  name: 'irmetrics-measure-list',
  resolveId: (id) => (id === MEASURE_LIST ? `\0${MEASURE_LIST}` : null),
  async load(id) {
    if (id !== `\0${MEASURE_LIST}`) return null;
    const generated = new URL('./web/generated/', import.meta.url);
    const loader = new URL('irmetrics-lite.js', generated);
    const binary = new URL('irmetrics-lite.wasm', generated);
    this.addWatchFile(fileURLToPath(binary));
    const { default: create } = await import(`${loader.href}?${Date.now()}`);
    const engine = await create({ wasmBinary: readFileSync(binary) });
    return `export const measures = ${JSON.stringify(engine.listMeasures())};\nexport const version = ${JSON.stringify(engine.version())};\n`;
  },
};

/** Adds the CSP <meta> to every built page. */
const cspMeta = {
  name: 'irmetrics-csp-meta',
  apply: 'build',
  transformIndexHtml: () => [
    {
      tag: 'meta',
      attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy },
      injectTo: 'head-prepend',
    },
  ],
};

export default defineConfig({
  root: webRoot,
  base: './', // relative URLs: dist/ works from any folder of a course site
  plugins: [partials, cspMeta, measureList],
  // Workers as ES modules (every page starts them with {type: 'module'}), so that the engine's
  // worker loads with import() only the wasm module it uses (the page's group's, lite, the check
  // module when a check is asked): an IIFE worker has every import() inlined.
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./dist/', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0, // data: URLs (fonts, wasm) would break `default-src 'self'`
    modulePreload: { polyfill: false }, // every browser that runs the wasm build has it
    rolldownOptions: {
      input: pages,
      // Chunks named for what they hold; the libraries change rarely, so browsers keep them.
      output: {
        codeSplitting: {
          groups: [
            { name: 'katex', test: /node_modules[\\/]katex/ },
            // The calculators' modules (no TREC engine; without and with the answer checks) and
            // the TREC page's full one: never one chunk.
            { name: 'engine', test: /web[\\/]generated[\\/]irmetrics-lite\./ },
            { name: 'check-engine', test: /web[\\/]generated[\\/]irmetrics-check\./ },
            { name: 'trec-engine', test: /web[\\/]generated[\\/]irmetrics\./ },
            // What several pages use (web/css, web/js, and common/, the modules the pages share
            // with the command line), but the run comparison (only the TREC and significance
            // pages use it: in the shared chunk, every page would download it).
            {
              name: 'site',
              test: /(web[\\/](css|js)|[\\/]common)[\\/](?!render[\\/]trec-compare\.js|compare-report\.js|significance-many\.js)/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
