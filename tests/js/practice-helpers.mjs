// What the practice test files share: running the command line as a user does, the JSON of
// `irmetrics practice`, and a check that a quiz file is well-formed XML. The tests are split
// into files (practice, practice-answers, practice-exports) so that node --test runs them side
// by side: each spawns the command line about a hundred times.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../bin/irmetrics.mjs', import.meta.url));

/** Runs bin/irmetrics.mjs with `args`, as a user runs it. */
export function run(args) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The JSON of `irmetrics practice FAMILY --difficulty D --seed S --count N --format json`. */
export function practiceJson(family, difficulty, seed, count) {
  const { status, stdout, stderr } = run(['practice', family, '--difficulty', difficulty, '--seed', String(seed),
    '--count', String(count), '--format', 'json']);
  assert.equal(status, 0, stderr);
  return JSON.parse(stdout);
}

/**
 * Checks that `text` is well-formed XML as far as a quiz file uses it: one root, every tag
 * closed in order, attributes quoted, only the five named entities and numeric ones, no '<' or
 * '&' loose in text. Returns the elements' names in document order.
 */
export function wellFormed(text) {
  const body = text.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  assert.notEqual(body, text, 'starts with the XML declaration');
  const stack = [];
  const names = [];
  let roots = 0;
  const checkText = (chunk) => {
    assert.doesNotMatch(chunk, /&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/, `a loose & in ${chunk.slice(0, 60)}`);
    assert.doesNotMatch(chunk, />/, `a loose > in ${chunk.slice(0, 60)}`);
  };
  let at = 0;
  while (at < body.length) {
    const open = body.indexOf('<', at);
    if (open < 0) {
      assert.match(body.slice(at), /^\s*$/, 'nothing after the root');
      break;
    }
    checkText(body.slice(at, open));
    if (stack.length === 0) assert.match(body.slice(at, open), /^\s*$/, 'no text outside the root');
    const close = body.indexOf('>', open);
    assert.ok(close > open, 'every tag ends');
    const tag = body.slice(open + 1, close);
    const closing = /^\/([A-Za-z_][\w.-]*)$/.exec(tag);
    if (closing) {
      assert.equal(stack.pop(), closing[1], `</${closing[1]}> closes the open element`);
    } else {
      const match = /^([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)$/.exec(tag);
      assert.ok(match, `a well-formed tag: <${tag.slice(0, 60)}>`);
      checkText(match[2]);
      if (stack.length === 0) roots += 1;
      names.push(match[1] + (match[2].includes('type="numerical"') ? '[numerical]' : ''));
      if (!match[3]) stack.push(match[1]);
    }
    at = close + 1;
  }
  assert.equal(stack.length, 0, `unclosed: ${stack.join(' ')}`);
  assert.equal(roots, 1, 'one root element');
  return names;
}
