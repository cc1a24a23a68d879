// Pasted text on its way out: a label with a bidirectional override (U+202E) or a zero-width
// space (U+200B) is shown as ⟨U+202E⟩ in the step tables; a run tag with an escape sequence
// reaches the terminal as ⟨U+001B⟩ in `irmetrics trec`'s report, never as the sequence itself.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../../bin/lib/engine.mjs';

const engine = await loadEngine();
const cli = fileURLToPath(new URL('../../bin/irmetrics.mjs', import.meta.url));

test('labels with U+202E and U+200B show their codes in the working', () => {
  // *D⟨U+202E⟩1* relevant at rank 1, D⟨U+200B⟩2 not: P@2 = 1/2.
  const result = engine.compute('P@2', '*D\u202E1* D\u200B2', {});
  assert.equal(result.ok, true);
  assert.equal(result.value.value.exact, '1/2');
  const docs = result.value.steps[0].rows.map((row) => row[1].text);
  assert.deepEqual(docs, ['*D\u27E8U+202E\u27E91*', 'D\u27E8U+200B\u27E92']);
});

test('irmetrics trec prints a run tag with an escape sequence escaped', () => {
  const dir = mkdtempSync(join(tmpdir(), 'irm-visible-'));
  try {
    writeFileSync(join(dir, 'qrels'), '1 0 a 1\n');
    writeFileSync(join(dir, 'run'), '1 Q0 a 1 5 evil\x1b[2J\n');
    const { status, stdout } = spawnSync(process.execPath, [cli, 'trec', '-m', 'runid', join(dir, 'qrels'), join(dir, 'run')], { encoding: 'utf8' });
    assert.equal(status, 0);
    assert.equal(stdout, 'runid                 \tall\tevil\u27E8U+001B\u27E9[2J\n');
    assert.ok(!stdout.includes('\x1b'), 'no ESC reaches the terminal');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
