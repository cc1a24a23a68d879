// Vite builds the static site: every web/*.html is a page, bundled into dist/.
//
// The Content-Security-Policy is added to the built pages only: in `vite dev`, Vite injects CSS
// through <style> elements, which the policy forbids. scripts/serve.mjs sends the same policy as
// a header.

import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { contentSecurityPolicy } from './scripts/serve.mjs';

const webRoot = fileURLToPath(new URL('./web/', import.meta.url));

const pages = Object.fromEntries(
  readdirSync(webRoot)
    .filter((file) => file.endsWith('.html'))
    .map((file) => [file.replace(/\.html$/, ''), webRoot + file]),
);

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
  plugins: [cspMeta],
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
            { name: 'plot', test: /node_modules[\\/]/ },
            { name: 'engine', test: /web[\\/]generated[\\/]/ },
            { name: 'site', test: /web[\\/](css|js)[\\/]/, minShareCount: 2 }, // what several pages use
          ],
        },
      },
    },
  },
});
