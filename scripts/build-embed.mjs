#!/usr/bin/env node
// Builds what a course page embeds, after the site's Vite build (scripts/build.sh):
//
//   OUT/irmetrics-embed.js     ONE classic script defining <ir-calculator>: Emscripten's
//                              SINGLE_FILE module (web/generated/irmetrics-embed.js, the wasm
//                              inside as base64) and the widget (web/js/embed/entry.js, bundled
//                              here by Vite in library mode as an IIFE), in one function scope
//   OUT/irmetrics-resize.js    the parent page's half of the iframe form (snippets.js)
//   OUT/irmetrics-offline.html the whole calculator in one file that works opened from disk,
//                              offline: the widget, a page controller and the CSS inline
//
//   node scripts/build-embed.mjs                   # OUT = dist/
//   node scripts/build-embed.mjs --out-dir /tmp/site
//
// Why a classic script with the wasm inside: Chromium refuses module scripts and fetch() of
// .wasm files from file://, and a course page may load nothing but one script. The wrapper's
// parameters shadow `define`, `module` and `exports`, so Emscripten's UMD tail never registers
// with a host page's RequireJS (Moodle) or CommonJS shim; nothing becomes a global but the
// custom element.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { RESIZE_SCRIPT } from '../web/js/embed/snippets.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = resolve(root, 'web');
const generated = resolve(web, 'generated/irmetrics-embed.js');

const { values } = parseArgs({ options: { 'out-dir': { type: 'string', default: resolve(root, 'dist') } } });
const outDir = resolve(values['out-dir']);

if (!existsSync(generated)) {
  console.error(
    'build-embed: web/generated/irmetrics-embed.js is missing; build the wasm target irmetrics_embed first:\n' +
      '  NODE_PATH=/usr/share/nodejs emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release\n' +
      '  NODE_PATH=/usr/share/nodejs cmake --build build/wasm --target irmetrics_embed',
  );
  process.exit(2);
}

// The embed build's two substitutions (see factory.js and math-mathml.js for why).
const aliases = new Map([
  [resolve(web, 'generated/irmetrics-lite.js'), resolve(web, 'js/embed/factory.js')],
  [resolve(web, 'js/render/math.js'), resolve(web, 'js/embed/math-mathml.js')],
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
const embedAliases = {
  name: 'irmetrics-embed-aliases',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer || !source.startsWith('.')) return null;
    return aliases.get(resolve(dirname(importer), source)) ?? null;
  },
  transform(code, id) {
    const [file, from, to] = id === ENGINE ? ['engine.js', START_WORKER, 'embedWorker()'] : id === ENGINE_WORKER ? ['engine-worker.js', CHECK_MODULE, 'null'] : [];
    if (!file) return null;
    if (code.split(from).length !== 2) throw new Error(`build-embed: web/js/${file} no longer contains ${from} once; update the patch`);
    return code.replace(from, to);
  },
};

/** One entry bundled as an IIFE; returns its code. */
async function bundle(entry) {
  const result = await build({
    configFile: false,
    root: web,
    logLevel: 'warn',
    plugins: [embedAliases],
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

// Emscripten 3.1.6's getBinaryPromise() tries fetch() on the wasm even when it is a data: URL,
// and falls back to decoding it only after the fetch fails; on a page with `default-src 'self'`
// that failed fetch is a CSP violation (connect-src) in the console. Decoding it at once is
// what the fallback does anyway. The build stops if Emscripten's text ever changes.
const FETCH_DATA_URI = 'if(typeof fetch=="function"){return fetch(wasmBinaryFile,';
const generatedText = readFileSync(generated, 'utf8');
if (generatedText.split(FETCH_DATA_URI).length !== 2) {
  throw new Error(`build-embed: web/generated/irmetrics-embed.js no longer contains ${FETCH_DATA_URI} once; update the patch`);
}
const wasmScript = generatedText.replace(
  FETCH_DATA_URI,
  'if(typeof fetch=="function"&&!isDataURI(wasmBinaryFile)){return fetch(wasmBinaryFile,',
);
const widget = await bundle('js/embed/entry.js');
// `embedWorker()` starts this script again as the widget's engine worker: only from an http(s)
// URL of the page's own origin (a Worker must be same-origin; a blob: copy would need
// `worker-src blob:`, which a strict CSP refuses), and null anywhere else. The script's URL is
// read while it first runs, the only time document.currentScript names it.
const WORKER_STARTER = `var embedWorker = (function () {
  var src = typeof document !== 'undefined' && document.currentScript ? document.currentScript.src : '';
  return function () {
    if (!src || typeof Worker !== 'function') return null;
    try {
      var url = new URL(src, location.href);
      if (url.origin !== location.origin || !/^https?:$/.test(url.protocol)) return null;
      return new Worker(url.href, { name: 'irmetrics-embed' });
    } catch (e) {
      return null;
    }
  };
})();`;
const embedScript = `${banner}\n(function (define, module, exports) {\n${WORKER_STARTER}\n${wasmScript}\n${widget}\n})();\n`;

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
offline = fillSlot(offline, 'scripts', `<script>\n${inlineScript(embedScript)}</script>\n<script>\n${inlineScript(offlineScript)}</script>`);

mkdirSync(outDir, { recursive: true });
const written = [
  ['irmetrics-embed.js', embedScript],
  ['irmetrics-resize.js', `${RESIZE_SCRIPT}\n`],
  ['irmetrics-offline.html', offline],
];
for (const [name, text] of written) {
  // An unchanged file is not rewritten, so its compressed copies (scripts/compress.mjs) stay.
  const path = resolve(outDir, name);
  const same = existsSync(path) && readFileSync(path, 'utf8') === text;
  if (!same) writeFileSync(path, text);
  console.log(`build-embed: ${path} (${Buffer.byteLength(text)} bytes${same ? ', unchanged' : ''})`);
}
