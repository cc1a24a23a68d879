#!/usr/bin/env node
// Builds what a course page embeds, after the site's Vite build (scripts/build.sh):
//
//   OUT/irmetrics-embed.js        ONE classic script defining <ir-calculator>: Emscripten's glue
//                                 of the check module (web/generated/irmetrics-check.js, made a
//                                 classic script here) and the widget (web/js/embed/entry.js,
//                                 bundled here by Vite in library mode as an IIFE), in one
//                                 function scope. The page includes this one script; it finds the
//                                 engine's wasm beside itself:
//   OUT/irmetrics-embed.wasm      the wasm (irmetrics-check.wasm), fetched when the script came
//                                 over http(s) from the page's own origin (and by its worker)
//   OUT/irmetrics-embed-inline.js the same wasm as base64 in a classic script, which the widget
//                                 loads with a <script> element from file:// (Chromium fetches
//                                 nothing there) and from another origin (a fetch would need CORS
//                                 headers and the page's connect-src; a script needs neither)
//   OUT/irmetrics-embed-single.js the widget as ONE file that needs nothing beside it (the wasm
//                                 as base64 inside): for a page that can hold one file only
//   OUT/irmetrics-resize.js       the parent page's half of the iframe form (snippets.js)
//   OUT/irmetrics-offline.html    the whole calculator in one file that works opened from disk,
//                                 offline: the widget with the wasm inside, a page controller and
//                                 the CSS inline
//
//   node scripts/build-embed.mjs                   # OUT = dist/
//   node scripts/build-embed.mjs --out-dir /tmp/site
//
// and prints each file's size, gzip -9 and brotli (quality 11), and what a page with the widget
// downloads each way.
//
// Why classic scripts: Chromium refuses module scripts and fetch() from file://, and a course
// page may load nothing but one script. The wrapper's parameters shadow `define`, `module` and
// `exports`, so Emscripten's UMD tail never registers with a host page's RequireJS (Moodle) or
// CommonJS shim; nothing becomes a global but the custom element.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { WASM_EVENT } from '../web/js/embed/factory.js';
import { writeCompressedCopies } from './compress.mjs';
import { RESIZE_SCRIPT } from '../web/js/embed/snippets.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = resolve(root, 'web');
// The widget's engine is the check module (every measure and the answer checks, no TREC engine):
// its wasm as the site's worker loads it, and its ES6 glue, made a classic script below.
const generatedGlue = resolve(web, 'generated/irmetrics-check.js');
const generatedWasm = resolve(web, 'generated/irmetrics-check.wasm');

const { values } = parseArgs({ options: { 'out-dir': { type: 'string', default: resolve(root, 'dist') } } });
const outDir = resolve(values['out-dir']);

if (!existsSync(generatedGlue) || !existsSync(generatedWasm)) {
  console.error(
    'build-embed: web/generated/irmetrics-check.{js,wasm} are missing; build the wasm target irmetrics_check first:\n' +
      '  NODE_PATH=/usr/share/nodejs emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release\n' +
      '  NODE_PATH=/usr/share/nodejs cmake --build build/wasm --target irmetrics_check',
  );
  process.exit(2);
}

// The embed build's substitutions (see factory.js and math-mathml.js for why).
const aliases = new Map([
  [resolve(web, 'generated/irmetrics-lite.js'), resolve(web, 'js/embed/factory.js')],
  [resolve(web, 'js/render/math.js'), resolve(web, 'js/render/math-mathml.js')],
  // The widget's one module has every measure: no calculator group's module.
  [resolve(web, 'js/engine-modules.js'), resolve(web, 'js/embed/engine-modules.js')],
]);
// The one script has no module worker file beside it: engine.js's worker is this same script,
// started as a classic Worker by `embedWorker` (defined in the wrapper below) when the page
// loaded it from its own origin; elsewhere (another origin, file://, a CSP that refuses it) the
// widget computes in the page's thread.
const ENGINE = resolve(web, 'js/engine.js');
const START_WORKER = "new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' })";
// The widget's one module has the answer checks: engine-worker.js loads no second module.
const ENGINE_WORKER = resolve(web, 'js/engine-worker.js');
const CHECK_MODULE = "() => import('../generated/irmetrics-check.js')";
/** The aliases and patches. */
const embedAliases = () => ({
  name: 'irmetrics-embed-aliases',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer || !source.startsWith('.')) return null;
    return aliases.get(resolve(dirname(importer), source)) ?? null;
  },
  transform(code, id) {
    const [file, from, to] =
      id === ENGINE
        ? ['engine.js', START_WORKER, 'embedWorker()']
        : id === ENGINE_WORKER
          ? ['engine-worker.js', CHECK_MODULE, 'null']
          : [];
    if (!file) return null;
    if (code.split(from).length !== 2) throw new Error(`build-embed: web/js/${file} no longer contains ${from} once; update the patch`);
    return code.replace(from, to);
  },
});

/** One entry bundled as an IIFE; returns its code. */
async function bundle(entry) {
  const result = await build({
    configFile: false,
    root: web,
    logLevel: 'warn',
    plugins: [embedAliases()],
    build: {
      write: false,
      emptyOutDir: false,
      minify: true,
      assetsInlineLimit: 0,
      lib: { entry: resolve(web, entry), formats: ['iife'], name: 'irmetricsEmbed' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((part) => part.output);
  const chunks = outputs.filter((output) => output.type === 'chunk');
  const assets = outputs.filter((output) => output.type === 'asset');
  if (chunks.length !== 1 || assets.length !== 0) {
    throw new Error(`build-embed: ${entry} must bundle to one script and no other file; got ${outputs.map((o) => o.fileName).join(', ')}`);
  }
  return chunks[0].code;
}

const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
const banner = `/*! irmetrics-embed ${version}: <ir-calculator>, the irmetrics calculator for any page (MIT). */`;

// The check module's glue is an ES module (import.meta.url, export default); the widget needs a
// classic script. Three patches make it one, each applied exactly once (the build stops if
// Emscripten's text ever changes): the script's own URL for import.meta.url; no wasm URL, since
// factory.js always hands the glue the compiled wasm (Emscripten's instantiateWasm hook) and the
// glue never reads it; and the factory as a name in the wrapper's scope instead of an export.
// The wasm is the check module's own file, byte for byte, so the widget and the site's worker
// run one build of the engine (and Emscripten links it once).
const GLUE_PATCHES = [
  ['var _scriptDir = import.meta.url;', 'var _scriptDir = embedScriptUrl || undefined;'],
  ['new URL("irmetrics-check.wasm",import.meta.url).toString()', '""'],
  ['export default createIrMetrics;', 'var createIrMetricsEmbed = createIrMetrics;'],
];
let glue = readFileSync(generatedGlue, 'utf8');
for (const [from, to] of GLUE_PATCHES) {
  if (glue.split(from).length !== 2) {
    throw new Error(`build-embed: web/generated/irmetrics-check.js no longer contains ${from} once; update the patch`);
  }
  glue = glue.replace(from, () => to);
}
if (/\bimport\.meta\b|^\s*(import|export)\b/m.test(glue)) {
  throw new Error('build-embed: web/generated/irmetrics-check.js is still an ES module after the patches; update them');
}
const wasmBytes = readFileSync(generatedWasm);
if (wasmBytes.subarray(0, 4).toString('latin1') !== '\0asm') throw new Error('build-embed: irmetrics-check.wasm is not a wasm module');
const wasmBase64 = wasmBytes.toString('base64');
const widget = await bundle('js/embed/entry.js');

// The script's own URL, read while it first runs (the only time document.currentScript names
// it); in the widget's worker, the worker's URL, which is the same script.
const SCRIPT_URL = `var embedScriptUrl = (function () {
  if (typeof document !== 'undefined') return document.currentScript ? document.currentScript.src : '';
  return typeof location !== 'undefined' ? location.href : '';
})();`;
// `embedWorker()` starts this script again as the widget's engine worker: only from an http(s)
// URL of the page's own origin (a Worker must be same-origin; a blob: copy would need
// \`worker-src blob:\`, which a strict CSP refuses), and null anywhere else.
const WORKER_STARTER = `var embedWorker = function () {
  if (!embedScriptUrl || typeof Worker !== 'function') return null;
  try {
    var url = new URL(embedScriptUrl, location.href);
    if (url.origin !== location.origin || !/^https?:$/.test(url.protocol)) return null;
    return new Worker(url.href, { name: 'irmetrics-embed' });
  } catch (e) {
    return null;
  }
};`;
// Where factory.js finds the wasm (web/js/embed/wrapper.d.ts): fetched over http(s) from the
// page's own origin (or in the worker), else from irmetrics-embed-inline.js.
// Each file beside the script is named with a hash of its content in the query (?v=…), so a
// cache never pairs this script with another build's wasm (the glue's import names change from
// build to build).
const hashOf = (content) => createHash('sha256').update(content).digest('hex').slice(0, 12);
const WASM_QUERY = `?v=${hashOf(wasmBytes)}`;
const WASM_BESIDE = `var embedWasm = (function () {
  var here = typeof location !== 'undefined' ? location.href : undefined;
  var url;
  try {
    url = new URL(embedScriptUrl || 'irmetrics-embed.js', here);
  } catch (e) {
    return { base64: null, fetchUrl: null, scriptUrl: 'irmetrics-embed-inline.js' };
  }
  var inWorker = typeof document === 'undefined';
  var fetchable = /^https?:$/.test(url.protocol) && (inWorker || url.origin === location.origin);
  return {
    base64: null,
    fetchUrl: fetchable ? new URL('irmetrics-embed.wasm${WASM_QUERY}', url).href : null,
    scriptUrl: new URL('irmetrics-embed-inline.js${WASM_QUERY}', url).href,
  };
})();`;
const WASM_INSIDE = `var embedWasm = { base64: "${wasmBase64}", fetchUrl: null, scriptUrl: "" };`;
/** The widget's script: where its wasm is, the glue and the widget, in one scope. */
const wrap = (parts) => `${banner}\n(function (define, module, exports) {\n${parts.join('\n')}\n})();\n`;
const embedScript = wrap([SCRIPT_URL, WORKER_STARTER, WASM_BESIDE, glue, widget]);
// The self-contained form (irmetrics-embed-single.js, and in the offline page): the wasm inside.
const selfContainedScript = wrap([SCRIPT_URL, WORKER_STARTER, WASM_INSIDE, glue, widget]);
// The wasm as base64 for file:// and other origins: handed to the <script> element that loaded
// it (an event: no global in the page), or, in the widget's worker (importScripts), put on the
// worker's own scope.
const inlineWasmScript = `/*! irmetrics-embed ${version}: the engine of irmetrics-embed.js, its wasm as base64 (MIT). */
(function (wasm) {
  var script = typeof document !== 'undefined' ? document.currentScript : null;
  if (script) script.dispatchEvent(new CustomEvent(${JSON.stringify(WASM_EVENT)}, { detail: wasm }));
  else if (typeof WorkerGlobalScope !== 'undefined') self.irmetricsEmbedWasm = wasm;
})("${wasmBase64}");
`;

// The offline page: its controller and CSS, then the same widget, all inline.
const offlineScript = await bundle('js/embed/offline.js');
/** Script text made safe inside an inline <script> element. */
const inlineScript = (code) => code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
const siteCss = readFileSync(resolve(web, 'css/site.css'), 'utf8');
const offlineCss = readFileSync(resolve(web, 'js/embed/offline.css'), 'utf8');
const template = readFileSync(resolve(web, 'js/embed/offline-template.html'), 'utf8');
const fillSlot = (html, slot, text) => {
  const marker = `<!-- irmetrics:${slot} -->`;
  if (!html.includes(marker)) throw new Error(`build-embed: offline-template.html has no ${marker}`);
  return html.replace(marker, () => text);
};
let offline = fillSlot(template, 'version', version);
offline = fillSlot(offline, 'style', `<style>\n${siteCss.replace(/<\/style/gi, '<\\/style')}\n${offlineCss}\n</style>`);
offline = fillSlot(offline, 'scripts', `<script>\n${inlineScript(selfContainedScript)}</script>\n<script>\n${inlineScript(offlineScript)}</script>`);

mkdirSync(outDir, { recursive: true });
const written = [
  ['irmetrics-embed.js', embedScript],
  ['irmetrics-embed.wasm', wasmBytes],
  ['irmetrics-embed-inline.js', inlineWasmScript],
  ['irmetrics-embed-single.js', selfContainedScript],
  ['irmetrics-resize.js', `${RESIZE_SCRIPT}\n`],
  ['irmetrics-offline.html', offline],
];
const sizes = new Map();
const row = (name, size, note = '') =>
  console.log(`  ${name.padEnd(46)} ${String(size.raw).padStart(9)} ${String(size.gz).padStart(9)} ${String(size.br).padStart(9)}${note}`);
console.log(`build-embed: ${outDir}\n  ${'file'.padEnd(46)} ${'bytes'.padStart(9)} ${'gzip -9'.padStart(9)} ${'br -q 11'.padStart(9)}`);
// Each file with its gzip and brotli copies (scripts/compress.mjs's, written here at once, all
// files in parallel, so that compress.mjs finds them up to date), and their sizes. An unchanged
// file is not rewritten, and neither are its copies.
const results = await Promise.all(
  written.map(async ([name, content]) => {
    const path = resolve(outDir, name);
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    const same = existsSync(path) && readFileSync(path).equals(bytes);
    if (!same) writeFileSync(path, bytes);
    const copies = await writeCompressedCopies(path, bytes, { write: !same });
    return { name, same, size: { raw: bytes.length, gz: copies.gzip, br: copies.br } };
  }),
);
for (const { name, same, size } of results) {
  sizes.set(name, size);
  row(name, size, same ? '  (unchanged)' : '');
}
// What a page with any number of widgets downloads, each way (the wasm once: factory.js).
const sum = (...names) => ['raw', 'gz', 'br'].reduce((total, key) => ({ ...total, [key]: names.reduce((n, name) => n + sizes.get(name)[key], 0) }), {});
console.log('build-embed: a page with the widget downloads');
row('over http(s), same origin: .js + .wasm', sum('irmetrics-embed.js', 'irmetrics-embed.wasm'));
row('file:// or another origin: .js + -inline.js', sum('irmetrics-embed.js', 'irmetrics-embed-inline.js'));
row('irmetrics-embed-single.js alone (all inside)', sizes.get('irmetrics-embed-single.js'));
