#!/usr/bin/env node
// Serves the built site (dist/) with the Content-Security-Policy the pages are written for.
//
//   node scripts/serve.mjs            # PORT=8080, on this machine only (localhost)
//   PORT=3000 node scripts/serve.mjs
//   HOST=0.0.0.0 node scripts/serve.mjs                      # open to the network
//   FRAME_ANCESTORS="'self' https://moodle.example.edu" node scripts/serve.mjs
//                                     # which sites may show the pages in a frame (a course site
//                                     # embedding the iframe); without it, any site may
//   node scripts/serve.mjs --base /irmetrics/
//                                     # the site under a folder, as GitHub Pages serves a
//                                     # repository's site (https://NAME.github.io/irmetrics/):
//                                     # /irmetrics redirects to /irmetrics/, any other path is 404
//
// Every answer carries Content-Security-Policy, X-Content-Type-Options: nosniff and
// Referrer-Policy: no-referrer. A file with a brotli or gzip copy beside it (FILE.br, FILE.gz:
// scripts/compress.mjs, run by the build) is sent compressed to a browser that accepts it
// (Content-Encoding, Vary: Accept-Encoding); Vite's content-hashed files (assets/) are cached
// for a year, every other file is revalidated (no-cache): each answer has an ETag and a
// Last-Modified, and a browser whose copy is current gets 304 Not Modified with no body.
//
// Tests import startServer({root, port: 0}) to get a server on a free port (and base: '/irmetrics/'
// to serve it under a folder).

import { open, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { basename, extname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COMPRESSIBLE, ENCODINGS } from './compress.mjs';

/**
 * The policy every page must work under; vite.config.js puts the same one in a <meta>.
 * img-src adds blob: to 'self' for one use: a chart's PNG is drawn by loading its SVG into an
 * <img> from a blob: URL (render/export.js). Without it, default-src 'self' refuses that image.
 */
export const contentSecurityPolicy =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' blob:; object-src 'none'";

/**
 * The policy of irmetrics-offline.html, the one file whose scripts and styles are inline (it must
 * run from disk): nothing is fetched at all ('none'), inline scripts and styles and the wasm they
 * hold run, and charts' PNGs come from blob: URLs. The site's policy would block the whole page.
 */
export const offlinePolicy =
  "default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; style-src 'unsafe-inline'; img-src blob:; object-src 'none'";
const OFFLINE_FILE = 'irmetrics-offline.html';

const defaultRoot = fileURLToPath(new URL('../dist/', import.meta.url));

const mimeTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

/** The file a URL path names inside root, or null when it would leave root. */
function filePath(root, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  const file = resolve(join(root, path));
  return file === root || file.startsWith(root + sep) ? file : null;
}

async function findFile(root, urlPath) {
  const file = filePath(root, urlPath);
  if (!file) return null;
  const info = await stat(file).catch(() => null);
  if (info?.isFile()) return { file, modified: info.mtimeMs };
  if (info?.isDirectory()) return findFile(root, `${urlPath.replace(/\/?$/, '/')}index.html`);
  return null;
}

/**
 * The encodings an Accept-Encoding header accepts (q > 0), e.g. "gzip, deflate, br;q=0.5". A '*'
 * accepts every encoding the header does not refuse by name ("br;q=0, *": not brotli).
 * @param {string | undefined} header
 * @returns {Set<string>}
 */
export function acceptedEncodings(header) {
  const accepted = new Set();
  const refused = new Set();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)).find(Boolean);
    if (!name) continue;
    if (q && Number(q[1]) === 0) refused.add(name);
    else accepted.add(name);
  }
  for (const name of refused) accepted.delete(name);
  if (accepted.has('*')) for (const { name } of ENCODINGS) if (!refused.has(name)) accepted.add(name);
  return accepted;
}

/**
 * Whether the request's validators (If-None-Match, else If-Modified-Since) match the file about
 * to be sent, so that 304 Not Modified answers it: the browser's copy is current.
 * @param {import('node:http').IncomingMessage} request
 * @param {string} etag @param {number} modifiedMs
 */
function notModified(request, etag, modifiedMs) {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    // Weak comparison (RFC 9110, 13.1.2): W/ prefixes aside, the tags are equal.
    const opaque = (tag) => tag.trim().replace(/^W\//, '');
    return noneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(modifiedMs / 1000) * 1000 <= since;
}

/**
 * The precompressed copy of `found` to send: the first of ENCODINGS the request accepts whose
 * copy exists and is not older than the file (a stale copy is never sent), or null.
 */
async function compressedCopy(found, request) {
  if (!COMPRESSIBLE.has(extname(found.file).toLowerCase())) return null;
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  for (const { name, suffix } of ENCODINGS) {
    if (!accepted.has(name)) continue;
    const info = await stat(`${found.file}${suffix}`).catch(() => null);
    if (info?.isFile() && info.mtimeMs >= found.modified) return { encoding: name, file: `${found.file}${suffix}` };
  }
  return null;
}

/**
 * A folder to serve the site under, as '/name/…/': given as 'irmetrics', '/irmetrics' or
 * '/irmetrics/'. Only unreserved URL characters are allowed in a folder's name, and no '.' or '..'.
 * @param {string} base
 * @returns {string}
 */
export function normalizeBase(base) {
  const trimmed = base.trim();
  const path = `/${trimmed.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  const folders = path.split('/').slice(1, -1);
  if (!folders.every((folder) => /^[A-Za-z0-9_~.-]+$/.test(folder) && folder !== '.' && folder !== '..')) {
    throw new Error(`--base takes a folder such as /irmetrics/, not '${base}'`);
  }
  return path;
}

async function handle(root, request, response, policy = contentSecurityPolicy, base = '/') {
  const headers = {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
    return;
  }
  const { pathname, search } = new URL(request.url, 'http://localhost');
  // Under a folder, the folder without its slash is redirected (relative URLs need the slash, and
  // GitHub Pages does the same); nothing outside the folder is served.
  if (base !== '/' && `${pathname}/` === base) {
    response.writeHead(301, { ...headers, Location: `${base}${search}` }).end();
    return;
  }
  const found = pathname.startsWith(base) ? await findFile(root, pathname.slice(base.length - 1)) : null;
  if (!found) {
    response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
    return;
  }
  if (basename(found.file) === OFFLINE_FILE) headers['Content-Security-Policy'] = offlinePolicy;
  const hashed = found.file.includes(`${sep}assets${sep}`); // Vite's content-hashed output
  const copy = await compressedCopy(found, request);
  const type = extname(found.file).toLowerCase();
  // The file is opened before anything is answered, and its size and date read from the open
  // file: one removed or rewritten since it was found (a rebuild) is answered 404 or 500, never a
  // length that the body does not have. HEAD and 304 answers send no body, but open it too (and
  // close it at once), so that they answer as GET would.
  const unread = (gone) =>
    response.writeHead(gone ? 404 : 500, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' })
      .end(gone ? 'Not found\n' : 'The server could not read this file; try again\n');
  let file;
  try {
    file = await open(copy?.file ?? found.file, 'r');
  } catch (error) {
    unread(error.code === 'ENOENT' || error.code === 'ENOTDIR');
    return;
  }
  let info;
  try {
    info = await file.stat();
  } catch {
    await file.close();
    unread(false);
    return;
  }
  // A validator of what is sent: its size and date, and the encoding (each copy is its own).
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${copy ? `-${copy.encoding}` : ''}"`;
  Object.assign(headers, {
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    ETag: etag,
    'Last-Modified': new Date(info.mtimeMs).toUTCString(),
    ...(COMPRESSIBLE.has(type) ? { Vary: 'Accept-Encoding' } : {}),
  });
  if (notModified(request, etag, info.mtimeMs)) {
    await file.close();
    response.writeHead(304, headers).end();
    return;
  }
  response.writeHead(200, {
    ...headers,
    'Content-Type': mimeTypes[type] ?? 'application/octet-stream',
    'Content-Length': info.size,
    ...(copy ? { 'Content-Encoding': copy.encoding } : {}),
  });
  if (request.method === 'HEAD') {
    await file.close();
    response.end();
    return;
  }
  // pipeline closes the file whatever happens: the body sent, the client gone mid-download (each
  // dropped download used to keep its file open, and with the descriptors spent the server
  // stopped), or a read error (the answer is then cut short, as its length was already sent).
  pipeline(file.createReadStream(), response, () => {});
}

/**
 * Starts serving `root`.
 * @param {{root?: string, port?: number, host?: string, policy?: string, base?: string}} [options]
 *   port 0 picks a free port; policy: the Content-Security-Policy header to send instead of the
 *   site's (the tests serve a stricter one); base: the folder the site is served under
 *   ('/irmetrics/'; see normalizeBase), '/' by default
 * @returns {Promise<{url: string, port: number, close: () => Promise<void>}>} url ends with the base
 */
export function startServer({ root = defaultRoot, port = 8080, host, policy = contentSecurityPolicy, base = '/' } = {}) {
  const absoluteRoot = resolve(root);
  const folder = normalizeBase(base);
  const server = createServer((request, response) => {
    handle(absoluteRoot, request, response, policy, folder).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actualPort = server.address().port;
      resolvePromise({
        url: `http://localhost:${actualPort}${folder}`,
        port: actualPort,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/**
 * The policy with FRAME_ANCESTORS added as its frame-ancestors directive, when given: the
 * sources (e.g. 'self' https://moodle.example.edu) that may show the pages in a frame.
 * @param {string | undefined} frameAncestors
 */
export function policyWith(frameAncestors) {
  const sources = frameAncestors?.trim();
  if (!sources) return contentSecurityPolicy;
  if (/[;,\r\n]/.test(sources)) throw new Error(`FRAME_ANCESTORS holds a list of sources, not '${sources}'`);
  return `${contentSecurityPolicy}; frame-ancestors ${sources}`;
}

/**
 * The value of --base in the command's arguments ('--base /irmetrics/' or '--base=/irmetrics/'),
 * '/' without it; any other argument is an error.
 * @param {string[]} args
 * @returns {string}
 */
export function baseArgument(args) {
  let base = '/';
  for (let i = 0; i < args.length; i += 1) {
    const given = /^--base=(.*)$/s.exec(args[i]);
    if (given) base = given[1];
    else if (args[i] === '--base' && i + 1 < args.length) base = args[(i += 1)];
    else throw new Error(`usage: node scripts/serve.mjs [--base /FOLDER/]; found '${args[i]}'`);
  }
  return base;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = defaultRoot;
  const found = await stat(join(root, 'index.html')).catch(() => null);
  if (!found) {
    console.error('dist/ has no index.html: run `npm run build` first.');
    process.exit(1);
  }
  let policy;
  let base = '/';
  try {
    policy = policyWith(process.env.FRAME_ANCESTORS);
    base = normalizeBase(baseArgument(process.argv.slice(2)));
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  // This machine only, unless HOST opens it: a calculator on a laptop is not a public server.
  const host = process.env.HOST || 'localhost';
  const { port } = await startServer({ root, port: Number(process.env.PORT ?? 8080), host, policy, base });
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`irmetrics is serving the calculator at http://${shown.includes(':') ? `[${shown}]` : shown}:${port}${base}` +
    (host === 'localhost' ? ' (this machine only; HOST=0.0.0.0 opens it to the network)' : ''));
}
