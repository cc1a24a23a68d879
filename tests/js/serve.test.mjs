// `npm start`'s server (scripts/serve.mjs) as a user starts it: on localhost unless HOST says
// otherwise, and every answer with the Content-Security-Policy (frame-ancestors when
// FRAME_ANCESTORS gives it), X-Content-Type-Options and Referrer-Policy. Needs dist/ (npm run
// build), as the browser tests do.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { contentSecurityPolicy, policyWith } from '../../scripts/serve.mjs';

const script = fileURLToPath(new URL('../../scripts/serve.mjs', import.meta.url));

/** Starts the server with `env`; resolves with its first line and a stop(). */
function start(env) {
  const child = spawn(process.execPath, [script], { env: { ...process.env, PORT: '0', ...env } });
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
