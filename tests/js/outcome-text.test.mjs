// The command line's text forms (bin/lib/outcome-text.mjs), on hand-made Outcome objects shaped
// as in docs/js-api.md. Needs no build.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  deLatex, errorToJson, formatEquation, formatNum, formatTable, measuresToText, outcomeToJson,
  outcomeToText,
} from '../../bin/lib/outcome-text.mjs';
import { formatAnswer, visible } from '../../common/format.js';

const num = (exact, approx, formula = '') => ({ exact, approx, formula });

describe('formatNum', () => {
  test('a fraction with a long decimal: 28/45 ≈ 0.6222', () => {
    assert.equal(formatNum(num('28/45', 28 / 45)), '28/45 ≈ 0.6222');
  });
  test('a fraction whose decimal is exact: 71/100 = 0.71 and 1/2 = 0.5', () => {
    assert.equal(formatNum(num('71/100', 0.71)), '71/100 = 0.71');
    assert.equal(formatNum(num('1/2', 0.5)), '1/2 = 0.5');
  });
  test('a whole number prints once: 3, 0', () => {
    assert.equal(formatNum(num('3', 3)), '3');
    assert.equal(formatNum(num('0', 0)), '0');
  });
  test('a negative fraction: -1/3 ≈ -0.3333', () => {
    assert.equal(formatNum(num('-1/3', -1 / 3)), '-1/3 ≈ -0.3333');
  });
  test('an irrational value is a rounded decimal, with the digits asked for', () => {
    assert.equal(formatNum(num(null, 0.918927)), '0.9189');
    assert.equal(formatNum(num(null, 0.918927), 2), '0.92');
  });
  test('a value below what a double holds is its bound, never 0: p < 1e-300', () => {
    assert.equal(formatNum(num(null, 0, '< 1e-300')), '< 1e-300');
    assert.equal(formatNum(num(null, 0, '4 + 3/log2(3)')), '0');
    assert.equal(formatAnswer('p', num(null, 0, '< 1e-300')), 'p < 1e-300');
    assert.equal(formatAnswer('AP', num('28/45', 28 / 45)), 'AP = 28/45 ≈ 0.6222');
    assert.equal(formatEquation('p', num(null, 0, '< 1e-300')), 'p < 1e-300');
  });
});

describe('formatEquation', () => {
  test('exact: AP@10 = 28/45 ≈ 0.6222', () => {
    assert.equal(formatEquation('AP@10', num('28/45', 28 / 45)), 'AP@10 = 28/45 ≈ 0.6222');
  });
  test('irrational without a formula: nDCG@5 ≈ 0.9189', () => {
    assert.equal(formatEquation('nDCG@5', num(null, 0.918927)), 'nDCG@5 ≈ 0.9189');
  });
  test('irrational with a formula shows how it was made', () => {
    assert.equal(formatEquation('DCG@3', num(null, 9.523719, '7 + 4/\\log_2(3)')),
      'DCG@3 = 7 + 4/log2(3) ≈ 9.5237');
  });
});

describe('deLatex', () => {
  test('fractions become a/b, parenthesised when an argument has several terms', () => {
    assert.equal(deLatex('\\frac{28}{45}'), '28/45');
    assert.equal(deLatex('\\dfrac{1 + 2}{3}'), '(1 + 2)/3');
    assert.equal(deLatex('\\frac{\\frac{1}{2}}{5}'), '(1/2)/5');
  });
  test('AP working reads as a student would write it', () => {
    const working = '\\mathrm{AP@10} = \\frac{1}{5} \\cdot \\left( \\frac{1}{1} + \\frac{2}{3}'
      + ' \\right) = \\frac{28}{45} \\approx 0.6222';
    assert.equal(deLatex(working), 'AP@10 = 1/5 · ( 1/1 + 2/3 ) = 28/45 ≈ 0.6222');
  });
  test('a fraction written against its next factor gets a ·', () => {
    assert.equal(deLatex('\\frac{1}{R}\\sum_{k} x'), '1/R · Σ_k x');
    assert.equal(deLatex('\\frac{1}{5}\\left(1 + 2\\right)'), '1/5 · (1 + 2)');
    assert.equal(deLatex('\\frac{1}{5} = 0.2'), '1/5 = 0.2');
  });
  test('a binomial coefficient is C(n, k), not its arguments run together', () => {
    // The sign test's working: 2 Σ_{k=0}^{4800} C(10000, k) / 2^10000, as a calculator writes it.
    assert.equal(deLatex('2 \\sum_{k=0}^{4800} \\binom{10000}{k} \\frac{1}{2^{10000}}'),
      '2 Σ_{k=0}^{4800} C(10000, k) · 1/(2^{10000})');
    assert.equal(deLatex('\\tbinom{n}{k}'), 'C(n, k)');
  });
  test('|set| sizes need no parentheses as numerators', () => {
    assert.equal(deLatex('\\frac{\\left|\\{\\text{relevant}\\}\\right|}{k}'),
      '|{relevant}|/k');
  });
  test('\\text, \\operatorname, spacing commands and \\left. vanish', () => {
    assert.equal(deLatex('\\text{relevant retrieved}\\,=\\;3'), 'relevant retrieved = 3');
    assert.equal(deLatex('\\operatorname{P}@5 = \\left.\\frac{3}{5}\\right|'), 'P@5 = 3/5|');
  });
  test('proportional to is ∝, as INST and INSQ write their weights', () => {
    assert.equal(deLatex('W_i \\propto \\prod_{j<i} C_j'), 'W_i ∝ Π_{j<i} C_j');
  });

  test('sums, subscripts and logs', () => {
    assert.equal(deLatex('\\sum_{k=1}^{n} \\text{rel}_i / \\log_2(i+1)'),
      'Σ_{k=1}^n rel_i / log2(i+1)');
  });
  test('unknown commands lose the backslash; alignment marks and line breaks', () => {
    assert.equal(deLatex('\\max(a, b)'), 'max(a, b)');
    assert.equal(deLatex('\\begin{aligned} a &= 1 \\\\ b &= 2 \\end{aligned}'), 'a = 1\nb = 2');
  });
});

const step = {
  title: 'Precision at each relevant document',
  columns: ['rank', 'doc', 'P@k'],
  rows: [
    [{ text: '1', value: num('1', 1) }, { text: 'D1 +' }, { text: '1', value: num('1', 1) }],
    [{ text: '10', value: num('10', 10) }, { text: 'D10 +' },
      { text: '1/2', value: num('1/2', 0.5) }],
  ],
  highlight: [1],
};

describe('formatTable', () => {
  test('aligns columns: quantities right, text left; marks highlighted rows', () => {
    assert.deepEqual(formatTable(step), [
      'Precision at each relevant document',
      '    rank  doc    P@k',
      '    ────  ─────  ───',
      '       1  D1 +     1',
      '  >   10  D10 +  1/2',
    ]);
  });
  test('no highlight column when nothing is highlighted; ragged rows are padded', () => {
    const lines = formatTable({ title: 'T', columns: ['a', 'b'], rows: [[{ text: 'x' }]] });
    assert.deepEqual(lines, ['T', '  a  b', '  ─  ─', '  x']);
  });
});

const outcome = {
  measure: 'AP@10',
  title: 'Average precision',
  value: num('28/45', 28 / 45),
  values: { sum: num('28/9', 28 / 9), normaliser: num('5', 5) },
  formula: '\\frac{1}{R}\\sum_k P@k',
  working: '\\frac{28/9}{5} = \\frac{28}{45}',
  steps: [step],
  notes: ['R = 5, as given.'],
  alternatives: [{ measure: 'AP(norm=retrieved)@10', value: num('28/25', 1.12),
    why: 'divides by the relevant retrieved' }],
  charts: [],
};

describe('outcomeToText', () => {
  const text = outcomeToText(outcome);
  test('starts with the answer and the title', () => {
    assert.match(text, /^AP@10 = 28\/45 ≈ 0\.6222\nAverage precision\n/);
  });
  test('has the working, the table, the values, the notes and the alternatives', () => {
    assert.match(text, /\nWorking\n {2}\(28\/9\)\/5 = 28\/45\n/);
    assert.match(text, /\nPrecision at each relevant document\n/);
    assert.match(text, /\n {2}sum = 28\/9 ≈ 3\.1111\n/);
    assert.match(text, /\nNotes\n {2}- R = 5, as given\.\n/);
    assert.match(text, /\n {2}AP\(norm=retrieved\)@10 = 28\/25 = 1\.12\n {4}divides by/);
  });
});

describe('JSON forms', () => {
  test('outcomeToJson keeps {approx, exact} numbers and the cell texts', () => {
    const json = outcomeToJson(outcome);
    assert.deepEqual(Object.keys(json).sort(),
      ['alternatives', 'measure', 'notes', 'steps', 'title', 'value', 'values']);
    assert.deepEqual(json.value, { approx: 28 / 45, exact: '28/45' });
    assert.deepEqual(json.values.normaliser, { approx: 5, exact: '5' });
    assert.deepEqual(json.steps[0].rows[1], ['10', 'D10 +', '1/2']);
    assert.deepEqual(json.alternatives[0].value, { approx: 1.12, exact: '28/25' });
  });
  test('errorToJson', () => {
    const error = { code: 'bad_token', message: 'm', field: 'input', line: 1, column: 5,
      length: 1 };
    assert.deepEqual(errorToJson(error), { error });
  });
});

describe('measuresToText', () => {
  test('lists name, title, summary, cutoff, parameters with the default marked', () => {
    const text = measuresToText([{
      name: 'AP', title: 'Average precision', summary: 'Mean of P@k at relevant ranks.',
      input: 'ranked_list', cutoff: 'optional', cutoffKind: 'rank',
      params: [{ name: 'norm', choices: ['relevant', 'retrieved'], default: 'relevant',
        help: 'what the sum is divided by' }],
      aliases: [], formula: '', example: 'AP(norm=retrieved)@10',
    }]);
    assert.match(text, /^ {2}AP {2}Average precision\n {6}Mean of P@k/);
    assert.match(text, /cutoff: optional, a rank, as in @10/);
    assert.match(text, /norm=relevant \(default\) \| retrieved — what the sum is divided by/);
    assert.match(text, /try: AP\(norm=retrieved\)@10/);
    assert.doesNotMatch(text, /with a cutoff it reads/);
  });

  test('says which input a cutoff reads (cutoffInput): F@k reads a ranked list', () => {
    const text = measuresToText([{
      name: 'F', title: 'Weighted F-measure', summary: 'P and R.', input: 'confusion',
      cutoff: 'optional', cutoffKind: 'rank', cutoffInput: 'ranked_list', params: [],
      aliases: [], formula: '', example: 'F(beta=2)',
    }]);
    assert.match(text, /cutoff: optional, a rank, as in @10\n {5}with a cutoff it reads a ranked list \(F@k\)\n/);
  });
});

describe('the TREC page\'s --digits 17 (web/js/render/trec-report.js roundTrip)', () => {
  test('prints printf\'s %.17g, as the engine does: values from Python\'s \'%.17g\' % x', async () => {
    const { roundTrip } = await import('../../web/js/render/trec-report.js');
    assert.equal(roundTrip(0.1), '0.10000000000000001');
    assert.equal(roundTrip(0.5), '0.5');
    assert.equal(roundTrip(1), '1');
    assert.equal(roundTrip(0), '0');
    assert.equal(roundTrip(2 / 3), '0.66666666666666663');
    assert.equal(roundTrip(1e-5), '1.0000000000000001e-05'); // exponent below -4: e-notation
    assert.equal(roundTrip(0.00012345), '0.00012344999999999999');
    assert.equal(roundTrip(1.2345678901234568e17), '1.2345678901234568e+17');
  });
});

describe('visible: what would hide or reorder pasted text, as code points', () => {
  test('bidi controls and marks, zero-width characters, controls and a lone surrogate; not tab, newline, accents or emoji', () => {
    assert.equal(visible('D1\u202Eabc'), 'D1⟨U+202E⟩abc'); // right-to-left override
    assert.equal(visible('D\u200B2'), 'D⟨U+200B⟩2'); // zero-width space
    assert.equal(visible('a\u2066b\u2069'), 'a⟨U+2066⟩b⟨U+2069⟩'); // isolates
    assert.equal(visible('\u200E\u200F\u061C'), '⟨U+200E⟩⟨U+200F⟩⟨U+061C⟩'); // marks
    assert.equal(visible('\uFEFFx\u2060'), '⟨U+FEFF⟩x⟨U+2060⟩');
    assert.equal(visible('\u0000\u001B\u007F\u0085'), '⟨U+0000⟩⟨U+001B⟩⟨U+007F⟩⟨U+0085⟩');
    assert.equal(visible('\uD800x'), '⟨U+D800⟩x');
    assert.equal(visible('é\t😀\nΔ'), 'é\t😀\nΔ');
  });
});
