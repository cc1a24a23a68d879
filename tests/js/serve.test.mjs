// `npm start`'s server (scripts/serve.mjs) as a user starts it: on localhost unless HOST says
// otherwise, and every answer with the Content-Security-Policy (frame-ancestors when
// FRAME_ANCESTORS gives it), X-Content-Type-Options and Referrer-Policy, and under a folder with
// --base (as GitHub Pages serves a repository's site). Needs dist/ (npm run build), as the browser
// tests do. Then the build's compressed copies (scripts/compress.mjs)
// and how the server chooses among them, on a small site in a temporary folder.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressDirectory, writeCompressedCopies } from '../../scripts/compress.mjs';
import { acceptedEncodings, baseArgument, contentSecurityPolicy, normalizeBase, offlinePolicy, policyWith, startServer } from '../../scripts/serve.mjs';

const script = fileURLToPath(new URL('../../scripts/serve.mjs', import.meta.url));

/** Starts the server with `env` and `args`; resolves with its first line and a stop(). */
function start(env, args = []) {
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, PORT: '0', ...env } });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve({ line: out.split('\n')[0], stop: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`the server stopped (${code})`)));
  });
}

test('npm start serves this machine only, with the security headers', async () => {
  const { line, stop } = await start({ HOST: '', FRAME_ANCESTORS: '' });
  try {
    const match = /^irmetrics is serving the calculator at (http:\/\/localhost:(\d+)\/) \(this machine only; HOST=0\.0\.0\.0 opens it to the network\)$/.exec(line);
    assert.ok(match, line);
    const response = await fetch(match[1]);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-security-policy'), contentSecurityPolicy);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
  } finally {
    stop();
  }
});

test('the offline file gets the policy of its inline scripts: nothing fetched, inline code run', async () => {
  const { line, stop } = await start({ HOST: '', FRAME_ANCESTORS: '' });
  try {
    const url = /(http:\/\/localhost:\d+\/)/.exec(line)[1];
    const offline = await fetch(`${url}irmetrics-offline.html`);
    assert.equal(offline.status, 200);
    // Its scripts and styles are inline (it runs from disk), so 'self' would block them all;
    // default-src 'none' keeps it from fetching anything.
    assert.equal(offline.headers.get('content-security-policy'),
      "default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; style-src 'unsafe-inline'; img-src blob:; object-src 'none'");
    assert.equal(offlinePolicy, offline.headers.get('content-security-policy'));
    assert.equal((await fetch(`${url}index.html`)).headers.get('content-security-policy'), contentSecurityPolicy);
  } finally {
    stop();
  }
});

test('FRAME_ANCESTORS adds frame-ancestors to the policy', async () => {
  const { line, stop } = await start({ FRAME_ANCESTORS: "'self' https://moodle.example.edu" });
  try {
    const url = /(http:\/\/localhost:\d+\/)/.exec(line)[1];
    const response = await fetch(`${url}ranked.html`);
    assert.equal(response.headers.get('content-security-policy'),
      `${contentSecurityPolicy}; frame-ancestors 'self' https://moodle.example.edu`);
  } finally {
    stop();
  }
  assert.throws(() => policyWith("'self'; script-src *"), /FRAME_ANCESTORS holds a list of sources/);
  assert.equal(policyWith(undefined), contentSecurityPolicy);
});

test('--base /irmetrics/ serves the site under that folder only, as GitHub Pages serves a repository', async () => {
  const { line, stop } = await start({ HOST: '', FRAME_ANCESTORS: '' }, ['--base', '/irmetrics/']);
  try {
    const match = /^irmetrics is serving the calculator at (http:\/\/localhost:\d+)\/irmetrics\/ \(this machine only/.exec(line);
    assert.ok(match, line);
    const origin = match[1];
    const page = await fetch(`${origin}/irmetrics/ranked.html`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(page.headers.get('content-security-policy'), contentSecurityPolicy);
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
    const home = await fetch(`${origin}/irmetrics/`);
    assert.equal(home.status, 200);
    assert.match(await home.text(), /<title>[^<]*irmetrics/i);
    // The folder without its slash moves to the folder (query kept), as GitHub Pages does.
    const bare = await fetch(`${origin}/irmetrics?x=1`, { redirect: 'manual' });
    assert.equal(bare.status, 301);
    assert.equal(bare.headers.get('location'), '/irmetrics/?x=1');
    assert.equal(bare.headers.get('content-security-policy'), contentSecurityPolicy);
    // Outside the folder nothing is served, so a page asking for '/assets/…' would be caught.
    for (const path of ['/', '/ranked.html', '/irmetricsx/ranked.html', '/irmetrics/../ranked.html', '/irmetrics/%2e%2e/%2e%2e/etc/passwd']) {
      assert.equal((await fetch(`${origin}${path}`)).status, 404, path);
    }
  } finally {
    stop();
  }
});

test('the base is a folder: normalised to /name/, anything else refused with a message', async () => {
  assert.deepEqual(['/', '', 'irmetrics', '/irmetrics', '/irmetrics/', 'courses/ir2025'].map(normalizeBase),
    ['/', '/', '/irmetrics/', '/irmetrics/', '/irmetrics/', '/courses/ir2025/']);
  for (const bad of ['..', '/a/../', 'a b', 'a//b', '/<x>/', '/x?y/']) {
    assert.throws(() => normalizeBase(bad), /--base takes a folder such as \/irmetrics\/, not/, bad);
  }
  assert.equal(baseArgument([]), '/');
  assert.equal(baseArgument(['--base', '/irmetrics/']), '/irmetrics/');
  assert.equal(baseArgument(['--base=irmetrics']), 'irmetrics');
  assert.throws(() => baseArgument(['--base']), /usage: node scripts\/serve\.mjs \[--base \/FOLDER\/\]; found '--base'/);
  assert.throws(() => baseArgument(['--port', '3000']), /found '--port'/);
  // From the command line: a message and status 2, before anything listens.
  const child = spawn(process.execPath, [script, '--base', '../x'], { env: { ...process.env, PORT: '0' } });
  let err = '';
  child.stderr.on('data', (chunk) => (err += chunk));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  assert.equal(code, 2);
  assert.match(err, /--base takes a folder such as \/irmetrics\/, not '\.\.\/x'/);
  // startServer's url ends with the folder.
  const server = await startServer({ root: fileURLToPath(new URL('../../dist/', import.meta.url)), port: 0, host: '127.0.0.1', base: 'irmetrics' });
  try {
    assert.match(server.url, /^http:\/\/localhost:\d+\/irmetrics\/$/);
    assert.equal((await fetch(`http://127.0.0.1:${server.port}/irmetrics/index.html`)).status, 200);
  } finally {
    await server.close();
  }
});

// ------------------------------------------------------------------ compressed copies

/** A site in a temporary folder: a large page, a hashed asset, a small file, a font. */
function tinySite() {
  const root = mkdtempSync(join(tmpdir(), 'irm-serve-'));
  mkdirSync(join(root, 'assets'));
  // 40 KB of repetitive HTML: any compressor shrinks it well below its size.
  writeFileSync(join(root, 'index.html'), `<!doctype html><title>t</title>${'<p>AP = 1/3 ≈ 0.3333</p>\n'.repeat(1600)}`);
  writeFileSync(join(root, 'assets', 'page-AbC123.js'), `export const rows = [${'"R N R N", '.repeat(3000)}];\n`);
  writeFileSync(join(root, 'small.css'), 'body { margin: 0 }\n'); // under MIN_BYTES: no copies
  writeFileSync(join(root, 'assets', 'font.woff2'), randomBytes(4096)); // compressed already
  return root;
}

test('the build writes a gzip and a brotli copy of each compressible file, and only those', async () => {
  const root = tinySite();
  try {
    const first = await compressDirectory(root);
    assert.equal(first.written, 4); // index.html and the asset, two encodings each
    for (const file of ['index.html', 'assets/page-AbC123.js']) {
      const original = readFileSync(join(root, file));
      assert.deepEqual(gunzipSync(readFileSync(join(root, `${file}.gz`))), original);
      assert.deepEqual(brotliDecompressSync(readFileSync(join(root, `${file}.br`))), original);
      assert.ok(statSync(join(root, `${file}.br`)).size < original.length / 4, `${file}.br is small`);
    }
    assert.ok(!existsSync(join(root, 'small.css.gz')) && !existsSync(join(root, 'assets/font.woff2.gz')));
    // A second run keeps what is up to date; a copy whose file is gone is removed.
    assert.deepEqual([(await compressDirectory(root)).written, (await compressDirectory(root)).kept], [0, 4]);
    unlinkSync(join(root, 'assets', 'page-AbC123.js'));
    assert.equal((await compressDirectory(root)).removed, 2);
    assert.ok(!existsSync(join(root, 'assets/page-AbC123.js.br')));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a file written with its copies (as build-embed.mjs writes) is found up to date', async () => {
  const root = tinySite();
  try {
    await compressDirectory(root);
    const text = `var widget = ${JSON.stringify('<ir-calculator>'.repeat(200))};\n`; // 3.4 KB
    const file = join(root, 'widget.js');
    writeFileSync(file, text);
    const sizes = await writeCompressedCopies(file, Buffer.from(text));
    assert.deepEqual(gunzipSync(readFileSync(`${file}.gz`)).toString(), text);
    assert.deepEqual(brotliDecompressSync(readFileSync(`${file}.br`)).toString(), text);
    assert.deepEqual(sizes, { br: statSync(`${file}.br`).size, gzip: statSync(`${file}.gz`).size });
    // compress.mjs then writes nothing for it.
    assert.equal((await compressDirectory(root)).written, 0);
    // Under MIN_BYTES, or with write: false, only the sizes.
    const small = join(root, 'small.js');
    writeFileSync(small, 'var x = 1;\n');
    assert.ok((await writeCompressedCopies(small, Buffer.from('var x = 1;\n'))).gzip > 0);
    assert.ok(!existsSync(`${small}.gz`) && !existsSync(`${small}.br`));
    const unwritten = join(root, 'unwritten.js');
    writeFileSync(unwritten, text);
    await writeCompressedCopies(unwritten, Buffer.from(text), { write: false });
    assert.ok(!existsSync(`${unwritten}.gz`));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the server sends the brotli or gzip copy the browser accepts, with the right headers', async () => {
  const root = tinySite();
  await compressDirectory(root);
  const server = await startServer({ root, port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${server.port}`;
  // node's fetch decodes bodies itself, so the raw answer is read with http.request (rawGet).
  const get = (path, acceptEncoding, method = 'GET') =>
    rawGet(base, path, acceptEncoding === null ? {} : { 'Accept-Encoding': acceptEncoding }, method);
  try {
    const html = readFileSync(join(root, 'index.html'));
    const br = await get('/', 'gzip, deflate, br, zstd');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.equal(br.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(Number(br.headers['content-length']), br.body.length);
    assert.deepEqual(brotliDecompressSync(br.body), html);
    assert.equal(br.headers['cache-control'], 'no-cache');

    const gzip = await get('/index.html', 'gzip, br;q=0');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gzip.body), html);

    const plain = await get('/index.html', null);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers.vary, 'Accept-Encoding');
    assert.deepEqual(plain.body, html);

    const asset = await get('/assets/page-AbC123.js', 'br');
    assert.equal(asset.headers['content-encoding'], 'br');
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(asset.headers['content-type'], 'text/javascript; charset=utf-8');

    const head = await get('/index.html', 'br', 'HEAD');
    assert.equal(head.headers['content-encoding'], 'br');
    assert.equal(Number(head.headers['content-length']), br.body.length);
    assert.equal(head.body.length, 0);

    const font = await get('/assets/font.woff2', 'br, gzip');
    assert.equal(font.headers['content-encoding'], undefined);
    assert.equal(font.headers.vary, undefined);

    // A file changed after its copies were written is sent as it is, never the stale copy.
    const later = new Date(Date.now() + 5000);
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>changed</title>');
    utimesSync(join(root, 'index.html'), later, later);
    const changed = await get('/index.html', 'br, gzip');
    assert.equal(changed.headers['content-encoding'], undefined);
    assert.equal(changed.body.toString(), '<!doctype html><title>changed</title>');
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('Accept-Encoding is read with its q-values', () => {
  assert.deepEqual([...acceptedEncodings('gzip, deflate, br')].sort(), ['br', 'deflate', 'gzip']);
  assert.deepEqual([...acceptedEncodings('br;q=0, gzip;q=0.5')], ['gzip']);
  assert.deepEqual([...acceptedEncodings('*')].sort(), ['*', 'br', 'gzip']);
  assert.deepEqual([...acceptedEncodings(undefined)], []);
  // A refusal by name stands against '*' (RFC 9110, 12.5.3: '*' matches any encoding not listed).
  assert.deepEqual([...acceptedEncodings('br;q=0, *')].sort(), ['*', 'gzip']);
  assert.deepEqual([...acceptedEncodings('*, gzip; q=0.0')].sort(), ['*', 'br']);
});

/** GET (or `method`) `path` with `headers`; resolves with the status, headers and raw body. */
function rawGet(base, path, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Runs body(base URL, root) against a server over tinySite() and its copies; cleans up after. */
async function withTinyServer(body) {
  const root = tinySite();
  await compressDirectory(root);
  const server = await startServer({ root, port: 0, host: '127.0.0.1' });
  try {
    await body(`http://127.0.0.1:${server.port}`, root);
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
}

test('"br;q=0, *" gets the gzip copy: a refused encoding is never sent', () =>
  withTinyServer(async (base, root) => {
    const answer = await rawGet(base, '/index.html', { 'Accept-Encoding': 'br;q=0, *' });
    assert.equal(answer.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(answer.body), readFileSync(join(root, 'index.html')));
  }));

test('a browser whose copy is current gets 304 with no body (ETag, Last-Modified), per encoding', () =>
  withTinyServer(async (base, root) => {
    const first = await rawGet(base, '/index.html', { 'Accept-Encoding': 'br' });
    assert.equal(first.status, 200);
    const etag = first.headers.etag;
    assert.match(etag, /^W\/"[0-9a-f]+-[0-9a-f]+-br"$/);
    // The brotli copy's own size, in hexadecimal, opens the tag.
    assert.equal(etag.split('"')[1].split('-')[0], statSync(join(root, 'index.html.br')).size.toString(16));
    assert.equal(first.headers['last-modified'], new Date(statSync(join(root, 'index.html.br')).mtimeMs).toUTCString());

    const again = await rawGet(base, '/index.html', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers.etag, etag);
    assert.equal(again.headers['cache-control'], 'no-cache');
    assert.equal(again.headers['content-security-policy'], contentSecurityPolicy);
    // Weak comparison: the same tag without W/ matches; '*' matches any; a list is read whole.
    assert.equal((await rawGet(base, '/index.html', { 'Accept-Encoding': 'br', 'If-None-Match': etag.slice(2) })).status, 304);
    assert.equal((await rawGet(base, '/index.html', { 'Accept-Encoding': 'br', 'If-None-Match': '*' })).status, 304);
    assert.equal((await rawGet(base, '/index.html', { 'Accept-Encoding': 'br', 'If-None-Match': `"other", ${etag}` })).status, 304);
    assert.equal((await rawGet(base, '/index.html', { 'Accept-Encoding': 'br', 'If-None-Match': etag }, 'HEAD')).status, 304);
    // The gzip copy is another representation, with a tag of its own: sent in full.
    const gzip = await rawGet(base, '/index.html', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    assert.equal(gzip.status, 200);
    assert.match(gzip.headers.etag, /-gzip"$/);
    assert.deepEqual(gunzipSync(gzip.body), readFileSync(join(root, 'index.html')));

    // If-Modified-Since, when no If-None-Match is given: the file's own date (whole seconds).
    const plain = await rawGet(base, '/index.html');
    assert.equal(plain.status, 200);
    assert.equal((await rawGet(base, '/index.html', { 'If-Modified-Since': plain.headers['last-modified'] })).status, 304);
    const hourBefore = new Date(Date.parse(plain.headers['last-modified']) - 3600e3).toUTCString();
    assert.equal((await rawGet(base, '/index.html', { 'If-Modified-Since': hourBefore })).status, 200);
    assert.equal((await rawGet(base, '/index.html', { 'If-Modified-Since': 'yesterday' })).status, 200);

    // Changed since: the old tag no longer matches, and the new content comes.
    const later = new Date(Date.now() + 5000);
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>changed</title>');
    utimesSync(join(root, 'index.html'), later, later);
    const changed = await rawGet(base, '/index.html', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.toString(), '<!doctype html><title>changed</title>');
    assert.notEqual(changed.headers.etag, etag);
  }));

test('downloads the browser drops close their files: 300 under a limit of 64 descriptors, and it still serves', async () => {
  const root = tinySite();
  // 8 MB that no copy is made of (a font): each download is cut off long before its end.
  writeFileSync(join(root, 'assets', 'big.woff2'), randomBytes(8 << 20));
  const serve = fileURLToPath(new URL('../../scripts/serve.mjs', import.meta.url));
  const program = `const { startServer } = await import(${JSON.stringify(serve)});
    const server = await startServer({ root: ${JSON.stringify(root)}, port: 0, host: '127.0.0.1' });
    console.log(server.port);`;
  // Before, each dropped download kept its file open: the 50-odd descriptors left under this
  // limit were spent, and the next open threw an uncaught EMFILE that stopped the server.
  const child = spawn('prlimit', ['--nofile=64:64', process.execPath, '--input-type=module', '-e', program],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    const port = await new Promise((resolve, reject) => {
      child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
      child.once('exit', (code) => reject(new Error(`the server stopped (${code}): ${stderr}`)));
    });
    const drop = () => new Promise((resolve, reject) => {
      const request = httpRequest(`http://127.0.0.1:${port}/assets/big.woff2`, (response) => {
        assert.equal(response.statusCode, 200);
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => (error.code === 'ECONNRESET' ? resolve() : reject(error)));
      request.end();
    });
    for (let i = 0; i < 300; i += 1) await drop();
    // Its open descriptors go back to what an idle server holds (a few), not 300 more.
    const openFiles = () => readdirSync(`/proc/${child.pid}/fd`).length;
    const deadline = Date.now() + 10000;
    while (openFiles() > 40 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(openFiles() <= 40, `${openFiles()} descriptors open after the drops`);
    const after = await rawGet(`http://127.0.0.1:${port}`, '/small.css');
    assert.equal(after.status, 200);
    assert.equal(after.body.toString(), 'body { margin: 0 }\n');
    assert.equal(child.exitCode, null, stderr);
  } finally {
    child.kill();
    await exited;
    rmSync(root, { recursive: true, force: true });
  }
});
