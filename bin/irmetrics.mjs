#!/usr/bin/env node
// @ts-check
// irmetrics on the command line (bin/lib/cli.mjs). `irmetrics trec` runs through the native
// build of the same C++ core when there is one (build/native/irmetrics-trec, made by
// `npm run build`; cli/irmetrics_trec.cpp): the same arguments, messages, output and exit status
// as the wasm module's path, without instantiating the module or running the evaluation in V8.
// This file stays small and imports nothing else first, so that Node's own start-up is that
// path's only cost. IRMETRICS_WASM=1 forces the wasm module (tests compare the two);
// IRMETRICS_TREC_NATIVE=PATH names the native executable to use.

import { spawnSync } from 'node:child_process';
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

const native = process.argv[2] === 'trec' ? nativeTrec() : null;
const child = native === null ? null
  : spawnSync(native, process.argv.slice(3), { stdio: 'inherit' });
if (child !== null && child.error === undefined) {
  // Killed by a signal: the same signal here (SIGINT, SIGTERM), so that the shell sees it.
  if (child.signal !== null) process.kill(process.pid, child.signal);
  process.exitCode = child.status ?? 1;
} else {
  // No native build, or it could not start (not executable, another architecture): wasm.
  await import('./lib/cli.mjs');
}
