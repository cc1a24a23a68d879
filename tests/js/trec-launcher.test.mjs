// @ts-check
// Which path `irmetrics trec` takes: bin/irmetrics.mjs and bin/irmetrics-trec (the shell
// launcher) run the native executable (build/native/irmetrics-trec) when it is there, not older
// than the wasm module (web/generated/irmetrics.wasm) and IRMETRICS_WASM is not 1; otherwise the
// wasm module, through bin/lib/cli.mjs. Checked on a copy of the two launchers in a scratch tree
// whose "native executable" and bin/lib/cli.mjs are stand-ins that print which one ran, with the
// files' times set by hand. Needs no build.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { smallFiles } from '../../bin/lib/engine.mjs';

const root = mkdtempSync(join(tmpdir(), 'irmetrics-launcher-'));
after(() => rmSync(root, { recursive: true, force: true }));
for (const dir of ['bin/lib', 'build/native', 'web/generated']) mkdirSync(join(root, dir), { recursive: true });
for (const file of ['irmetrics.mjs', 'irmetrics-trec']) {
  copyFileSync(fileURLToPath(new URL(`../../bin/${file}`, import.meta.url)), join(root, 'bin', file));
}
chmodSync(join(root, 'bin/irmetrics-trec'), 0o755);
// The stand-ins: the wasm path prints "wasm ARGS", the native one "native ARGS" and exits with
// status 3 when its first argument is "exit3", or kills itself with SIGTERM for "term".
writeFileSync(join(root, 'bin/lib/cli.mjs'),
  "process.stdout.write(`wasm ${process.argv.slice(2).join(' ')}\\n`);\n");
const native = join(root, 'build/native/irmetrics-trec');
writeFileSync(native, '#!/bin/sh\necho "native $*"\n[ "$1" = exit3 ] && exit 3\n' +
  '[ "$1" = term ] && kill -TERM $$\nexit 0\n');
chmodSync(native, 0o755);
const wasm = join(root, 'web/generated/irmetrics.wasm');
writeFileSync(wasm, '');

/** Sets the native executable's and the wasm module's modification times (seconds). */
function times(nativeSeconds, wasmSeconds) {
  utimesSync(native, nativeSeconds, nativeSeconds);
  utimesSync(wasm, wasmSeconds, wasmSeconds);
}

/** Runs `node bin/irmetrics.mjs ARGS` and `bin/irmetrics-trec ARGS[1..]` in the scratch tree. */
function both(args, env = {}) {
  const options = /** @type {const} */ ({
    encoding: 'utf8', env: { ...process.env, IRMETRICS_WASM: '', IRMETRICS_TREC_NATIVE: '', ...env },
  });
  const viaNode = spawnSync(process.execPath, [join(root, 'bin/irmetrics.mjs'), ...args], options);
  const viaShell = args[0] === 'trec'
    ? spawnSync(join(root, 'bin/irmetrics-trec'), args.slice(1), options) : null;
  return { viaNode, viaShell };
}

describe('which path irmetrics trec takes', () => {
  test('the native executable when it is newer than the wasm module, with the arguments', () => {
    times(2000, 1000);
    const { viaNode, viaShell } = both(['trec', '-q', 'qrels', 'run']);
    assert.equal(viaNode.stdout, 'native -q qrels run\n');
    assert.equal(viaNode.status, 0);
    assert.equal(viaShell?.stdout, 'native -q qrels run\n');
  });

  test('the wasm module when the native executable is older (only wasm was rebuilt)', () => {
    times(1000, 2000);
    const { viaNode, viaShell } = both(['trec', 'qrels', 'run']);
    // bin/lib/cli.mjs sees the whole command line, trec included.
    assert.equal(viaNode.stdout, 'wasm trec qrels run\n');
    assert.equal(viaShell?.stdout, 'wasm trec qrels run\n');
  });

  test('the wasm module with IRMETRICS_WASM=1, and for every other command', () => {
    times(2000, 1000);
    const forced = both(['trec', 'qrels', 'run'], { IRMETRICS_WASM: '1' });
    assert.equal(forced.viaNode.stdout, 'wasm trec qrels run\n');
    assert.equal(forced.viaShell?.stdout, 'wasm trec qrels run\n');
    assert.equal(both(['calc', 'AP']).viaNode.stdout, 'wasm calc AP\n');
  });

  test('IRMETRICS_TREC_NATIVE is used whatever its time; a missing one means wasm', () => {
    times(1000, 2000);
    const named = both(['trec', 'x'], { IRMETRICS_TREC_NATIVE: native });
    assert.equal(named.viaNode.stdout, 'native x\n');
    assert.equal(named.viaShell?.stdout, 'native x\n');
    const missing = both(['trec', 'x'], { IRMETRICS_TREC_NATIVE: join(root, 'no-such-file') });
    assert.equal(missing.viaNode.stdout, 'wasm trec x\n');
    assert.equal(missing.viaShell?.stdout, 'wasm trec x\n');
  });

  test('an executable that cannot start (not executable) falls back to the wasm module', () => {
    times(2000, 1000);
    chmodSync(native, 0o644);
    try {
      const { viaNode, viaShell } = both(['trec', 'x']);
      assert.equal(viaNode.stdout, 'wasm trec x\n');
      assert.equal(viaShell?.stdout, 'wasm trec x\n');
    } finally {
      chmodSync(native, 0o755);
    }
  });

  test('its exit status and its signal are the launcher\'s', () => {
    times(2000, 1000);
    const exit3 = both(['trec', 'exit3']);
    assert.equal(exit3.viaNode.status, 3);
    assert.equal(exit3.viaShell?.status, 3);
    const term = both(['trec', 'term']);
    assert.equal(term.viaNode.signal, 'SIGTERM');
    assert.equal(term.viaShell?.signal, 'SIGTERM');
  });
});

// On the wasm path, a small job's module is compiled by V8's baseline compiler alone
// (bin/lib/engine.mjs): smallFiles decides from the arguments, before they are read.
describe('which jobs are small: the files among the arguments, under the limit together', () => {
  const files = join(root, 'sizes');
  mkdirSync(files, { recursive: true });
  const qrels = join(files, 'qrels');
  const run = join(files, 'run');
  writeFileSync(qrels, 'x'.repeat(300));
  writeFileSync(run, 'y'.repeat(500));

  test('300 + 500 bytes are small under 1,000 and not under 800; flags and words are passed over', () => {
    assert.equal(smallFiles(['-q', '-m', 'map', qrels, run], 1000), true);
    assert.equal(smallFiles([qrels, run], 800), false);
    assert.equal(smallFiles([qrels, run, join(files, 'no-such-run')], 1000), true);
  });

  test('standard input is of unknown size, so never small; a folder counts nothing', () => {
    assert.equal(smallFiles([qrels, '-'], 1 << 30), false);
    assert.equal(smallFiles([files, qrels], 400), true);
    assert.equal(smallFiles([], 1), true);
  });
});
