#!/usr/bin/env node
// @ts-check
// irmetrics on the command line (bin/lib/cli.mjs). `irmetrics trec` runs through the native
// build of the same C++ core when there is one (build/native/irmetrics-trec, made by
// `npm run build`; cli/irmetrics_trec.cpp): the same arguments, messages, output and exit status
// as the wasm module's path, without instantiating the module or running the evaluation in V8.
// This file stays small and imports nothing else first, so that Node's own start-up is that
// path's only cost. IRMETRICS_WASM=1 forces the wasm module (tests compare the two);
// IRMETRICS_TREC_NATIVE=PATH names the native executable to use.

import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The native executable to run `trec` with, or null for the wasm module: build/native's, unless
 * the wasm module was built after it (web/generated/irmetrics.wasm newer: a core changed and only
 * the wasm build was run, so the executable may be stale; scripts/build.sh touches it after a
 * whole build), or IRMETRICS_TREC_NATIVE's as it is.
 */
function nativeTrec() {
  if (process.env.IRMETRICS_WASM === '1') return null;
  if (process.env.IRMETRICS_TREC_NATIVE) {
    return existsSync(process.env.IRMETRICS_TREC_NATIVE) ? process.env.IRMETRICS_TREC_NATIVE : null;
  }
  const path = fileURLToPath(new URL('../build/native/irmetrics-trec', import.meta.url));
  const built = statSync(path, { throwIfNoEntry: false });
  if (built === undefined) return null;
  const wasm = statSync(new URL('../web/generated/irmetrics.wasm', import.meta.url),
    { throwIfNoEntry: false });
  return wasm === undefined || wasm.mtimeMs <= built.mtimeMs ? path : null;
}

/**
 * Runs the native executable with this process's standard input, output and error; resolves
 * with its exit status and signal, or null when it could not start (not executable, another
 * architecture). A SIGINT, SIGTERM or SIGHUP sent to this process alone (kill, timeout) is passed
 * on to it, so that it never runs on by itself.
 * @param {string} path
 * @returns {Promise<{status: number | null, signal: NodeJS.Signals | null} | null>}
 */
function runNative(path) {
  return new Promise((resolve) => {
    const child = spawn(path, process.argv.slice(3), { stdio: 'inherit' });
    /** @type {NodeJS.Signals[]} */
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    /** @type {Array<[NodeJS.Signals, () => void]>} */
    const forward = signals.map((signal) => [signal, () => { child.kill(signal); }]);
    for (const [signal, handler] of forward) process.on(signal, handler);
    const done = (result) => {
      for (const [signal, handler] of forward) process.off(signal, handler);
      resolve(result);
    };
    child.on('error', () => done(null));
    child.on('exit', (status, signal) => done({ status, signal }));
  });
}

const native = process.argv[2] === 'trec' ? nativeTrec() : null;
const ran = native === null ? null : await runNative(native);
if (ran !== null) {
  // Killed by a signal: the same signal here, so that the shell sees it.
  if (ran.signal !== null) process.kill(process.pid, ran.signal);
  process.exitCode = ran.status ?? 1;
} else {
  // No native build, or it could not start: the wasm module.
  await import('./lib/cli.mjs');
}
