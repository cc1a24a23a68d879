// docs/measures.md is the measure reference generated from the engine's registry
// (scripts/measures-doc.mjs): it must be what the current build would write, so that the
// reference never drifts from the code. When this fails, run `npm run docs` and commit the file.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DOC_PATH, currentReference, measuresMarkdown } from '../../scripts/measures-doc.mjs';

test('docs/measures.md is what npm run docs writes from the registry', async () => {
  const expected = await currentReference();
  const committed = readFileSync(DOC_PATH, 'utf8');
  assert.ok(committed === expected, 'docs/measures.md is out of date: run npm run docs and commit it');
});

test('the reference lists every measure once, under its calculator, with its parameters', () => {
  const measures = [
    {
      name: 'AP', title: 'Average precision', summary: 'The mean of the precisions.', input: 'ranked_list',
      cutoff: 'optional', cutoffKind: 'rank', cutoffInput: null, takesMeasure: false, aliases: ['AveP'],
      formula: '\\frac{1}{R}', example: 'AP@10',
      params: [{ name: 'norm', choices: ['relevant', 'retrieved'], default: 'relevant', help: 'R | or retrieved', numeric: false, maximum: null }],
    },
    {
      name: 'kappa', title: 'Cohen’s κ', summary: 'Agreement <beyond> chance.', input: 'judges',
      cutoff: 'none', cutoffKind: '', cutoffInput: null, takesMeasure: false, aliases: [], formula: '', example: '', params: [],
    },
  ];
  const text = measuresMarkdown(measures, '9.9.9');
  assert.match(text, /^# Measure reference\n/);
  assert.match(text, /\| a ranked list with binary judgements \| \[Ranked list\]\(\.\.\/web\/ranked\.html\) \| \[AP\]\(#ap\) \|/);
  assert.match(text, /\n## Ranked list\n\nInput: a ranked list with binary judgements\.\n\n### AP\n\n\*\*Average precision\.\*\* The mean of the precisions\.\n/);
  assert.match(text, /```math\n\\frac\{1\}\{R\}\n```/);
  assert.match(text, /- Cutoff: an optional rank cutoff, as in `@10`\.\n- Also written: `AveP`\.\n- Example: `AP@10`\./);
  // A pipe in the help would end the table cell: escaped.
  assert.match(text, /\| `norm` \| `relevant`, `retrieved` \| `relevant` \| R \\\| or retrieved \|/);
  // Text from the registry never becomes HTML.
  assert.match(text, /Agreement &lt;beyond&gt; chance\./);
  assert.equal(text.match(/^### /gm).length, 2);
});
