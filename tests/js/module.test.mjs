// The wasm module through its JavaScript boundary (docs/js-api.md): golden examples from
// docs/examples.md (expected values hand-checked there, never copied from output),
// the shape of every result, bad input, and the registry.
//
// Loads web/generated/irmetrics.{js,wasm} exactly as the contract says a Node user does.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';

const generated = new URL('../../web/generated/', import.meta.url);
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url)));

let irm;  // the module, loaded once
before(async () => {
  const wasmBinary = readFileSync(new URL('irmetrics.wasm', generated));
  const { default: createIrMetrics } = await import(new URL('irmetrics.js', generated).href);
  irm = await createIrMetrics({ wasmBinary });
});

/** compute() that must succeed; returns the Outcome. */
function outcome(measure, input, options = {}) {
  const result = irm.compute(measure, input, options);
  assert.equal(result.ok, true, `${measure} on ${JSON.stringify(input)} failed: ` +
    JSON.stringify(result.error));
  return result.value;
}

/** compute() that must fail; returns the InputError. */
function inputError(measure, input, options = {}) {
  const result = irm.compute(measure, input, options);
  assert.equal(result.ok, false, `${measure} on ${JSON.stringify(input)} should have failed`);
  return result.error;
}

/** Checks a Num against a hand-checked fraction: exact text and approx. */
function assertExact(num, exact, message = '') {
  assert.equal(num.exact, exact, message);
  const [p, q = '1'] = exact.split('/');
  assert.ok(Math.abs(num.approx - Number(p) / Number(q)) < 1e-12,
    `${message} approx ${num.approx} is not ${exact}`);
}

describe('golden ranked-list examples through the JS boundary', () => {
  test('method-1-ap: AP@10, R = 5, relevant at ranks 1,3,6,9,10 is 28/45 ≈ 0.6222 (notes: 0.62)', () => {
    const ap = outcome('AP@10', '+ - + - - + - - + +', { relevant: 5 });
    assert.equal(ap.measure, 'AP@10');
    assertExact(ap.value, '28/45');
    assert.equal(ap.value.approx.toFixed(4), '0.6222');
  });

  test('relevant-at-2-4-6-ap: AP with R = 15 on D1,*D2*,…,D10 is 1/10; AP(norm=retrieved) is the notes\' 1/2',
    () => {
      const ap = outcome('AP', 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10', { relevant: 15 });
      assertExact(ap.value, '1/10');
      const retrieved = ap.alternatives.find((a) => a.measure === 'AP(norm=retrieved)');
      assert.ok(retrieved, `no AP(norm=retrieved) among ${ap.alternatives.map((a) => a.measure)}`);
      assertExact(retrieved.value, '1/2');
      assert.ok(retrieved.why.length > 0, 'the alternative says why it differs');
    });

  test('relevant-at-2-4-6-ap: asking for AP(norm=retrieved) directly gives 1/2', () => {
    const ap = outcome('AP(norm=retrieved)', 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10',
      { relevant: 15 });
    assert.equal(ap.measure, 'AP(norm=retrieved)');
    assertExact(ap.value, '1/2');
  });

  test('relevant-at-2-4-6-interpolated: interpolated precision on relevant-at-2-4-6 is 1/2 at recall 0.2 and 0 at recall 0.3', () => {
    const input = 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10';
    assertExact(outcome('IPrec@0.2', input, { relevant: 15 }).value, '1/2');
    assertExact(outcome('IPrec@0.3', input, { relevant: 15 }).value, '0');
  });

  test('method-2-ap: AP@10 with R = 5, relevant at ranks 2,5,6,7 is 69/175 ≈ 0.3943', () => {
    assertExact(outcome('AP@10', '- + - - + + + - - -', { relevant: 5 }).value, '69/175');
  });

  test('method-3-ap: AP@10 with R = 5, relevant at ranks 2 to 6 is 71/100', () => {
    assertExact(outcome('AP@10', '- + + + + + - - - -', { relevant: 5 }).value, '71/100');
  });

  test('four-of-ten-ap: AP with R = 10 on + + - - + - - + - - is 31/100 = 0.31', () => {
    assertExact(outcome('AP', '+ + - - + - - + - -', { relevant: 10 }).value, '31/100');
  });

  test('precision-at-5-and-10: on R R N N R N R R R R, P@5 = 3/5 and P@10 = 7/10', () => {
    assertExact(outcome('P@5', 'R R N N R N R R R R').value, '3/5');
    assertExact(outcome('P@10', 'R R N N R N R R R R').value, '7/10');
  });

  test('one-relevant-ap-rr: one relevant document at rank 3 gives AP = RR = 1/3', () => {
    assertExact(outcome('AP', 'N N R N', { relevant: 1 }).value, '1/3');
    assertExact(outcome('RR', 'N N R N').value, '1/3');
  });

  test('R can be given as a number, as a string, or as a first line relevant=N', () => {
    const list = '+ - + - - + - - + +';
    assertExact(outcome('AP@10', list, { relevant: '5' }).value, '28/45');
    assertExact(outcome('AP@10', `relevant=5\n${list}`).value, '28/45');
  });
});

describe('the inputs students bring from other textbooks', () => {
  test('"relevant at 1, 3, 4, 5, 6, 10 of 10" with R = 8: AP = 93/160', () => {
    // R N R R R R N N N R: (1/1 + 2/3 + 3/4 + 4/5 + 5/6 + 6/10)/8 = (279/60)/8 = 93/160.
    const ap = outcome('AP', 'relevant at 1, 3, 4, 5, 6, 10 of 10', { relevant: 8 });
    assertExact(ap.value, '93/160');
    assert.ok(ap.notes.includes('Read as 10 ranks with relevant documents at ranks 1, 3, 4, 5, 6, 10; the other ranks are not relevant.'));
    const e = inputError('AP', 'relevant at 0, 3 of 10');
    assert.deepEqual([e.code, e.field, e.line, e.column, e.length], ['out_of_range', 'input', 1, 13, 1]);
    assert.equal(e.message, "found '0' at line 1, column 13; ranks count from 1, the top of the list");
  });

  test('F@5 on + - + - - + - - + + with R = 5 is the F of P@5 = R@5 = 2/5', () => {
    const f = outcome('F@5', '+ - + - - + - - + +', { relevant: 5 });
    assertExact(f.value, '2/5');
    assertExact(f.values.precision, '2/5');
    assertExact(f.values.recall, '2/5');
    assertExact(f.values.beta2, '1');
    assert.equal(f.title, 'F1 of P@5 and R@5');
  });

  test('IPrec(rule=none)@0.8 is P@9 = 4/9 where the interpolated value is 1/2', () => {
    // + - + - - + - - + +, R = 5: recall 0.8 needs 4 relevant, first at rank 9 (4/9); rank 10
    // has 5/10 = 1/2, so interpolated precision is 1/2.
    assertExact(outcome('IPrec(rule=none)@0.8', '+ - + - - + - - + +', { relevant: 5 }).value, '4/9');
    assertExact(outcome('IPrec@0.8', '+ - + - - + - - + +', { relevant: 5 }).value, '1/2');
  });

  test('a 2 × 2 grid on one line: 300 20 10 70 is TP FN FP TN, 75 25 75 225 the judges\' rows', () => {
    // F1 = 2·300 / (2·300 + 10 + 20) = 600/630 = 20/21; κ of kappa-400-documents' table = 3/7.
    assertExact(outcome('confusion', '300 20 10 70').value, '20/21');
    const kappa = outcome('kappa(chance=pooled)', '75 25 75 225');
    // Pooled: P(E) = (250/800)² + (550/800)² = 73/128, κ = (3/4 − 73/128)/(55/128) = 23/55.
    assertExact(kappa.value, '23/55');
    assert.equal(kappa.title, 'Kappa with pooled marginals (Scott\'s π)');
    assert.equal(outcome('kappa', '75 25 75 225').title, 'Cohen\'s kappa');
  });
});

describe('the shape of an Outcome', () => {
  const isNum = (num, where) => {
    assert.equal(typeof num.approx, 'number', `${where}.approx`);
    assert.ok(Number.isFinite(num.approx), `${where}.approx is finite`);
    assert.ok(num.exact === null || /^-?\d+(\/\d+)?$/.test(num.exact),
      `${where}.exact is null or p/q, found ${num.exact}`);
    assert.equal(typeof num.formula, 'string', `${where}.formula`);
  };

  test('method-1-ap has every field of docs/js-api.md with the documented types', () => {
    const ap = outcome('AP@10', '+ - + - - + - - + +', { relevant: 5 });
    assert.equal(typeof ap.title, 'string');
    assert.ok(ap.title.length > 0);
    isNum(ap.value, 'value');
    for (const [key, num] of Object.entries(ap.values)) isNum(num, `values.${key}`);
    assert.equal(typeof ap.formula, 'string');
    assert.equal(typeof ap.working, 'string');
    assert.ok(Array.isArray(ap.notes) && ap.notes.every((n) => typeof n === 'string'));
    assert.ok(ap.steps.length > 0, 'at least one step table');
    for (const step of ap.steps) {
      assert.equal(typeof step.title, 'string');
      assert.ok(step.columns.every((c) => typeof c === 'string'));
      assert.ok(Array.isArray(step.highlight));
      for (const row of step.rows) {
        for (const cell of row) {
          assert.equal(typeof cell.text, 'string');
          if (cell.value !== undefined) isNum(cell.value, `cell ${cell.text}`);
        }
      }
    }
    for (const alternative of ap.alternatives) {
      assert.equal(typeof alternative.measure, 'string');
      isNum(alternative.value, `alternative ${alternative.measure}`);
      assert.equal(typeof alternative.why, 'string');
    }
    assert.ok(Array.isArray(ap.charts));
  });

  test('method-1-ap: the AP table lists P@k at the five relevant ranks 1, 2/3, 1/2, 4/9, 1/2', () => {
    const ap = outcome('AP@10', '+ - + - - + - - + +', { relevant: 5 });
    const cells = ap.steps.flatMap((step) => step.rows.flat()).map((cell) => cell.value?.exact);
    for (const precision of ['2/3', '1/2', '4/9']) {
      assert.ok(cells.includes(precision), `no cell with P@k = ${precision}`);
    }
  });
});

describe('a lean answer (options.lean), for readers of text', () => {
  test('method-1-ap: the same value, notes and tables; cells as text with a quantity mark; no charts', () => {
    // method-1-ap: relevant at ranks 1, 3, 6, 9, 10 with R = 5: AP@10 = (1 + 2/3 + 1/2 + 4/9 +
    // 1/2)/5 = 28/45.
    const full = irm.compute('AP@10', '+ - + - - + - - + +', { relevant: 5 });
    const lean = irm.compute('AP@10', '+ - + - - + - - + +', { relevant: 5, lean: true });
    assert.equal(lean.ok, true);
    assert.equal(lean.value.value.exact, '28/45');
    assert.deepEqual(lean.value.notes, full.value.notes);
    assert.deepEqual(lean.value.values, full.value.values);
    assert.deepEqual(lean.value.alternatives, full.value.alternatives);
    assert.ok(full.value.charts.length > 0);
    assert.deepEqual(lean.value.charts, []);
    assert.equal(lean.value.steps.length, full.value.steps.length);
    lean.value.steps.forEach((table, t) => {
      assert.deepEqual(table.columns, full.value.steps[t].columns);
      table.rows.forEach((row, r) =>
        row.forEach((cell, c) => {
          const whole = full.value.steps[t].rows[r][c];
          assert.equal(cell.text, whole.text);
          assert.equal(cell.value, undefined);
          assert.equal(cell.quantity === true, whole.value !== undefined);
        }),
      );
    });
  });

  test('lean is not a core option: false or absent gives the full answer, other keys stay errors', () => {
    const plain = irm.compute('P@2', 'R N', { lean: false });
    assert.equal(plain.ok, true);
    assert.ok(plain.value.steps[0].rows[0].some((cell) => cell.value !== undefined));
    const unknown = irm.compute('P@2', 'R N', { lean: true, colour: 'red' });
    assert.equal(unknown.ok, false);
    assert.match(unknown.error.message, /unknown option 'colour'/);
  });
});

describe('bad input answers with an error, and the module keeps working', () => {
  test('"R N X R" is bad_token at line 1, column 5, in the input field', () => {
    const error = inputError('P@4', 'R N X R');
    assert.equal(error.code, 'bad_token');
    assert.equal(error.field, 'input');
    assert.equal(error.line, 1);
    assert.equal(error.column, 5);
    assert.ok(error.length >= 1);
    assert.ok(error.message.length > 0);
    // … and the next call still answers correctly.
    assertExact(outcome('AP@10', '+ - + - - + - - + +', { relevant: 5 }).value, '28/45');
  });

  test('an internal failure is {ok:false, code:"internal"}, and the module keeps answering', () => {
    // internalErrorForTest throws inside the glue on purpose: the second line of defence
    // (guarded) must turn it into an answer, and the next call must still work.
    for (let i = 0; i < 3; i += 1) {
      const result = irm.internalErrorForTest();
      assert.equal(result.ok, false);
      assert.equal(result.error.code, 'internal');
      assert.match(result.error.message, /internal error/);
    }
    // precision-at-5-and-10 (the Q&A notes “Evaluation”): R R N N R | N R R R R has 3 relevant in
    // the top 5.
    assertExact(outcome('P@5', 'R R N N R N R R R R').value, '3/5');
  });

  test('text with quotes, backslashes and control characters crosses the boundary intact', () => {
    const error = inputError('AP', 'R "x\\y');
    assert.equal(error.code, 'bad_token');
    assert.ok(error.message.includes('"x\\y'), error.message);
    // A control character arrives as itself: the core names it by code point at its column.
    const control = inputError('AP', 'R "x\\y\u0001');
    assert.match(control.message, /control character \(U\+0001\) at line 1, column 7/);
  });

  test('the column counts code points: "✓ ✗ X" has X at column 5', () => {
    const error = inputError('P@3', '✓ ✗ X');
    assert.equal(error.code, 'bad_token');
    assert.equal(error.column, 5);
  });

  test('an unknown measure is unknown_measure, in the measure field', () => {
    const error = inputError('NoSuchMeasure', 'R N R');
    assert.equal(error.code, 'unknown_measure');
    assert.equal(error.field, 'measure');
    assertExact(outcome('P@5', 'R R N N R N R R R R').value, '3/5');
  });

  test('empty input is empty_input', () => {
    assert.equal(inputError('P@5', '').code, 'empty_input');
  });

  test('an unknown option key is an error about the options', () => {
    const error = inputError('P@5', 'R N R', { nonsense: 1 });
    assert.equal(error.field, 'options');
  });

  test('a relevant count that is not a whole number is an error about relevant', () => {
    const error = inputError('AP', 'R N R', { relevant: 'five' });
    assert.equal(error.field, 'relevant');
  });
});

describe('listMeasures() and version()', () => {
  test('the registry is non-empty, with unique names and aliases, and contains AP', () => {
    const measures = irm.listMeasures();
    assert.ok(measures.length > 0);
    const names = measures.flatMap((m) => [m.name, ...m.aliases]);
    assert.equal(new Set(names).size, names.length, `duplicate names in ${names}`);
    assert.ok(names.includes('AP'));
  });

  test('every entry has the documented fields, and every default is one of its choices', () => {
    for (const m of irm.listMeasures()) {
      for (const key of ['name', 'title', 'summary', 'input', 'formula', 'example']) {
        assert.equal(typeof m[key], 'string', `${m.name}.${key}`);
      }
      assert.ok(['none', 'optional', 'required'].includes(m.cutoff), `${m.name}.cutoff`);
      assert.ok(['rank', 'recall', ''].includes(m.cutoffKind), `${m.name}.cutoffKind`);
      assert.ok(m.cutoffInput === null || typeof m.cutoffInput === 'string', `${m.name}.cutoffInput`);
      for (const p of m.params) {
        if (p.choices.length > 0) {
          assert.ok(p.choices.includes(p.default), `${m.name}: ${p.name}=${p.default}`);
        }
      }
    }
  });

  test('every ranked-list measure\'s example name computes on a small list', () => {
    for (const m of irm.listMeasures().filter((m) => m.input === 'ranked_list')) {
      const result = irm.compute(m.example, 'R N R N N R N N N R', { relevant: 5 });
      assert.equal(result.ok, true, `${m.example}: ${JSON.stringify(result.error)}`);
    }
  });

  test('cutoffInput: F reads a confusion matrix, F@k a ranked list; no other measure switches', () => {
    const measures = irm.listMeasures();
    const f = measures.find((m) => m.name === 'F');
    assert.equal(f.input, 'confusion');
    assert.equal(f.cutoff, 'optional');
    assert.equal(f.cutoffKind, 'rank');
    assert.equal(f.cutoffInput, 'ranked_list');
    assert.deepEqual(measures.filter((m) => m.cutoffInput !== null).map((m) => m.name), ['F']);
    assert.equal(measures.find((m) => m.name === 'AP').cutoffInput, null);
    // The rule of IPrec and 11pt has the uninterpolated choice.
    assert.deepEqual(measures.find((m) => m.name === 'IPrec').params[0].choices, ['textbook', 'trec9', 'trec10', 'none']);
  });

  test('version() is the package version', () => {
    assert.equal(typeof irm.version(), 'string');
    assert.equal(irm.version(), packageJson.version);
  });
});
