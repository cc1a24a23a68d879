// render/math-lines.js: a long formula cut into lines, segments and pieces that a phone can wrap
// (render/typeset.js typesets each piece). The expected cuts are worked out by reading the
// LaTeX: a segment starts at each top-level relation after the first (and after \qquad), a
// piece ends after each top-level binary operator between two operands, a \left group with
// operators inside is opened up, an aligned environment keeps its left sides apart.
// Run: node --test tests/js/math-lines.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formulaLines } from '../../web/js/render/math-lines.js';

// The ranked page's AP of "+ - + - - + - - + +" with R = 5, as the core writes it.
const AP = String.raw`\text{AP} = \frac{1}{5}\left(\frac{1}{1} + \frac{2}{3} + \frac{3}{6} + \frac{4}{9} + \frac{5}{10}\right) = \frac{1}{5} \cdot \frac{28}{9} = \frac{28}{45} \approx 0.6222`;

test('AP: segments at =, = and ≈; the brackets opened up at \\bigg size (they hold display fractions)', () => {
  assert.deepEqual(formulaLines(AP), {
    aligned: false,
    lines: [
      {
        left: null,
        segments: [
          [String.raw`\text{AP} = \frac{1}{5}\biggl(\frac{1}{1} + \frac{2}{3} + \frac{3}{6} + \frac{4}{9} + \frac{5}{10}\biggr)`],
          // A segment that starts with its relation gets an empty operand before it ({}), so
          // that the = keeps its space on both sides when typeset alone.
          [String.raw`{}= \frac{1}{5} \cdot \frac{28}{9}`],
          [String.raw`{}= \frac{28}{45}`],
          [String.raw`{}\approx 0.6222`],
        ],
      },
    ],
  });
});

test('AP in pieces (MathML): a piece ends after each +, its brackets stretchy again, the open ones closed by \\right. and \\left.', () => {
  const [line] = formulaLines(AP, { pieces: true }).lines;
  assert.deepEqual(line.segments[0], [
    String.raw`\text{AP} = \frac{1}{5}\left(\frac{1}{1} +{}\right.`,
    String.raw`\frac{2}{3} +{}`,
    String.raw`\frac{3}{6} +{}`,
    String.raw`\frac{4}{9} +{}`,
    String.raw`\left.\frac{5}{10}\right)`,
  ]);
  // "= 1/5 · 28/9": the · between two operands ends a piece too.
  assert.deepEqual(line.segments[1], [String.raw`{}= \frac{1}{5} \cdot{}`, String.raw`\frac{28}{9}`]);
});

test('nDCG: three lines at \\\\, each cut at its ≈', () => {
  const latex = String.raw`\text{DCG} = 4 + \frac{3}{\log_2 2} \approx 11.1725 \\ \text{IDCG} = 4 + \frac{4}{\log_2 2} \approx 11.7103 \\ \text{nDCG} = \frac{11.1725}{11.7103} \approx 0.9541`;
  assert.deepEqual(
    formulaLines(latex).lines.map((line) => line.segments.map((segment) => segment.join(' | '))),
    [
      [String.raw`\text{DCG} = 4 + \frac{3}{\log_2 2}`, String.raw`{}\approx 11.1725`],
      [String.raw`\text{IDCG} = 4 + \frac{4}{\log_2 2}`, String.raw`{}\approx 11.7103`],
      [String.raw`\text{nDCG} = \frac{11.1725}{11.7103}`, String.raw`{}\approx 0.9541`],
    ],
  );
});

test('an aligned environment: a line per row, the left side of its & apart', () => {
  const latex = String.raw`\begin{aligned}P(A) &= \frac{3}{4} = 0.75\\ \kappa &= \frac{P(A) - P(E)}{1 - P(E)} = \frac{3}{7}\end{aligned}`;
  assert.deepEqual(formulaLines(latex), {
    aligned: true,
    lines: [
      { left: 'P(A)', segments: [[String.raw`{}= \frac{3}{4}`], ['{}= 0.75']] },
      // The − inside the fraction is in braces: not a place to cut.
      { left: String.raw`\kappa`, segments: [[String.raw`{}= \frac{P(A) - P(E)}{1 - P(E)}`], [String.raw`{}= \frac{3}{7}`]] },
    ],
  });
});

test('a gathered environment after other terms continues their line; \\qquad starts a segment', () => {
  const latex = String.raw`W_+ = 8,\qquad \begin{gathered}\mu = 5,\qquad \sigma^2 = 7\\ z = 1\end{gathered}`;
  assert.deepEqual(
    formulaLines(latex).lines.map((line) => line.segments.map((segment) => segment.join(' | '))),
    [[String.raw`W_+ = 8,\qquad`, String.raw`\mu = 5,\qquad`, String.raw`\sigma^2 = 7`], ['z = 1']],
  );
});

test('a minus after a relation or an opening bracket is a sign: no piece ends there', () => {
  const latex = String.raw`p = 2\,\Phi(-2.6337) = -0.5`;
  assert.deepEqual(formulaLines(latex, { pieces: true }).lines[0].segments, [[String.raw`p = 2\,\Phi(-2.6337)`], ['{}= -0.5']]);
});

test('a long \\text{…} may break between its words; a \\left group without operators stays whole', () => {
  const latex = String.raw`\text{EER} = \text{FNR} \text{ where it changes sign}`;
  assert.deepEqual(formulaLines(latex).lines[0].segments, [
    [String.raw`\text{EER} = \text{FNR} \text{ where }`],
    [String.raw`\text{it }`],
    [String.raw`\text{changes }`],
    [String.raw`\text{sign}`],
  ]);
  const whole = String.raw`P_{\text{interp}}\!\left(\tfrac{j}{10}\right)`;
  assert.deepEqual(formulaLines(whole).lines[0].segments, [[whole]]);
});

test('unbalanced source is not cut (KaTeX says what is wrong, or it is shown as typed)', () => {
  assert.equal(formulaLines(String.raw`a = \left( b`), null);
  assert.equal(formulaLines('a = {b'), null);
  assert.equal(formulaLines(String.raw`a = b \right)`), null);
});
