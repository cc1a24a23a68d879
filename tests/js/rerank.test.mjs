// The text side of reordering a list by hand (web/js/rerank-text.js): which words of the input
// are the ranked documents and how each is judged, and the input rewritten for a new order in
// the notation typed (separators, line breaks, the header and the unretrieved part kept). Every
// expected text is worked out by hand from the input and the move. A last group checks the
// readings against the engine's own (the per-rank table of PR and DCG), so that the cards
// cannot drift from what the answers read. Needs web/generated/ for that group only.

import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { MAX_CARDS, moveInOrder, readList, reorderText } from '../../web/js/rerank-text.js';
import { loadEngine } from '../../bin/lib/engine.mjs';

/** The text after moving the document at rank `from` to rank `to` (1-based, as on the page). */
function move(text, kind, from, to) {
  const reading = readList(text, kind);
  assert.equal(reading.status, 'ok', `${JSON.stringify(text)} is read`);
  const order = moveInOrder(reading.items.map((_, index) => index), from - 1, to - 1);
  return reorderText(text, reading, order);
}

const judgements = (text, kind = 'ranked') => readList(text, kind).items.map((item) => item.judgement[0] === 'r' ? 'R' : item.judgement[0] === 'n' ? 'N' : 'U').join('');

describe('moveInOrder', () => {
  test('up, down, to the top and to the bottom; the others keep their order', () => {
    assert.deepEqual(moveInOrder([0, 1, 2, 3], 1, 0), [1, 0, 2, 3]);
    assert.deepEqual(moveInOrder([0, 1, 2, 3], 1, 2), [0, 2, 1, 3]);
    assert.deepEqual(moveInOrder([0, 1, 2, 3], 3, 0), [3, 0, 1, 2]);
    assert.deepEqual(moveInOrder([0, 1, 2, 3], 0, 3), [1, 2, 3, 0]);
    assert.deepEqual(moveInOrder([0, 1, 2, 3], 2, 2), [0, 1, 2, 3]);
  });
});

describe('readList: ranked lists', () => {
  test('marks of every kind: R r 1 + Y y ✓ relevant, N n 0 - ✗ not, U u ? unjudged', () => {
    assert.equal(judgements('R r 1 + Y y ✓ ✔'), 'RRRRRRRR');
    assert.equal(judgements('N n 0 - ✗ ✘'), 'NNNNNN');
    assert.equal(judgements('I i 0'), 'NNN');
    assert.equal(judgements('U u ?'), 'UUU');
  });

  test('labels: *D2* and D2+ relevant, D3 and D3- not, D4? unjudged, D1:2 graded', () => {
    const reading = readList('D1,*D2*,**D5**, D6+ D3- D4? G:2 H:0', 'ranked');
    assert.deepEqual(
      reading.items.map(({ label, judgement, grade }) => [label, judgement, grade]),
      [
        ['D1', 'not relevant', ''],
        ['D2', 'relevant', ''],
        ['D5', 'relevant', ''],
        ['D6', 'relevant', ''],
        ['D3', 'not relevant', ''],
        ['D4', 'unjudged', ''],
        ['G', 'relevant', '2'],
        ['H', 'not relevant', '0'],
      ],
    );
  });

  test('a run of marks is one document per letter; I and N together read N as unjudged', () => {
    // Bhattacharya's bpref example IRNNRI: I judged irrelevant, R relevant, N not judged.
    assert.equal(judgements('IRNNRI'), 'NRUURN');
    // Without an I, N is not relevant.
    assert.equal(judgements('RNNR'), 'RNNR');
  });

  test('the header relevant=15 (or R=15) is no document, wherever it stands', () => {
    assert.equal(judgements('relevant=15\n+ - +'), 'RNR');
    assert.equal(judgements('+ R=3 - +'), 'RNR');
  });

  test('the ranks notation: relevant at 1, 3 of 5, with or without the length', () => {
    assert.equal(judgements('relevant at 1, 3 of 5'), 'RNRNN');
    assert.equal(judgements('relevant at ranks 2 and 4'), 'NRNR'); // ends at rank 4
    assert.equal(judgements('R=4 relevant 1 2 out of 3 ranks'), 'RRN');
  });

  test('graded lists: grades and labelled grades; the unretrieved part has no rank', () => {
    const reading = readList('D1:4 D2:0 D3:2.50\nunretrieved: 3 1', 'graded');
    assert.deepEqual(
      reading.items.map(({ label, grade, judgement }) => [label, grade, judgement]),
      [
        ['D1', '4', 'relevant'],
        ['D2', '0', 'not relevant'],
        ['D3', '2.5', 'relevant'],
      ],
    );
    assert.equal(readList('4 3 4 2 0', 'graded').items.length, 5);
  });

  test('empty, unreadable and long inputs', () => {
    assert.equal(readList('', 'ranked').status, 'empty');
    assert.equal(readList(' ,\n relevant=3', 'ranked').status, 'empty');
    assert.equal(readList('R N X R', 'ranked').status, 'unreadable'); // a bare label among marks
    assert.equal(readList('D1 D2 D1', 'ranked').status, 'unreadable'); // D1 ranked twice
    assert.equal(readList('R 2 N', 'ranked').status, 'unreadable'); // 2 is no mark
    assert.equal(readList('relevant at 1, 12 of 10', 'ranked').status, 'unreadable');
    assert.equal(readList('4 R 2', 'graded').status, 'unreadable');
    assert.equal(readList('4 -1', 'graded').status, 'unreadable');
    assert.equal(readList('', 'graded').status, 'empty');
    const long = 'R N '.repeat(60_000); // 120,000 ranks: read no further than the limit
    assert.deepEqual(readList(long, 'ranked'), { status: 'long', count: MAX_CARDS + 1 });
    // A run of marks counts whole: 2,000 ranks in one word.
    assert.deepEqual(readList('RN'.repeat(1000), 'ranked'), { status: 'long', count: 2000 });
    assert.equal(readList('relevant at 1 of 5000', 'ranked').status, 'long');
    assert.equal(readList('1 '.repeat(200), 'graded').status, 'long');
    assert.equal(readList('R N R', 'ranked', { limit: 3 }).status, 'ok');
    assert.equal(readList('R N R N', 'ranked', { limit: 3 }).status, 'long');
  });
});

describe('reorderText: the notation typed is kept', () => {
  test('marks separated by spaces: rank 2 up to rank 1', () => {
    // + - + - - + - - + +: the - at rank 2 goes first, the + of rank 1 becomes rank 2.
    assert.deepEqual(move('+ - + - - + - - + +', 'ranked', 2, 1), { text: '- + + - - + - - + +', respaced: false });
  });

  test('R N marks, commas, double spaces and line breaks stay where they were', () => {
    // R N | R,N: rank 4 (N) to the top gives N R N R, written into the same places.
    assert.equal(move('R  N\nR,N', 'ranked', 4, 1).text, 'N  R\nN,R');
  });

  test('a run of marks stays a run: RNNRI with rank 5 to rank 1 is IRNNR', () => {
    assert.equal(move('RNNRI', 'ranked', 5, 1).text, 'IRNNR');
    assert.equal(move('+--+', 'ranked', 1, 4).text, '--++');
  });

  test('labels keep their own marks: D1,*D2*,D3 with D3 to the top', () => {
    assert.equal(move('D1,*D2*,D3', 'ranked', 3, 1).text, 'D3,D1,*D2*');
    assert.equal(move('D1+ D2- D3? D4:2', 'ranked', 1, 4).text, 'D2- D3? D4:2 D1+');
  });

  test('the header line stays first, and a header among the marks stays in its place', () => {
    assert.equal(move('relevant=15\n+ - +', 'ranked', 3, 2).text, 'relevant=15\n+ + -');
    assert.equal(move('R=3, + -', 'ranked', 2, 1).text, 'R=3, - +');
    assert.equal(move('+ R=3 - +', 'ranked', 3, 1).text, '+ R=3 + -');
  });

  test('compact graded grades and labelled grades; the unretrieved line is kept', () => {
    // 4 3 4 2 0 with the 0 of rank 5 moved to the top: 0 4 3 4 2.
    assert.equal(move('4 3 4 2 0', 'graded', 5, 1).text, '0 4 3 4 2');
    assert.equal(move('D1:2, D2:0, D3:1', 'graded', 1, 3).text, 'D2:0, D3:1, D1:2');
    assert.equal(move('5 4 0 3 2\nunretrieved: 1', 'graded', 3, 5).text, '5 4 3 2 0\nunretrieved: 1');
  });

  test('the ranks notation gets the new relevant ranks', () => {
    // R N R N N N N N N N: the relevant document of rank 3 moved to rank 2 → relevant at 1, 2.
    assert.equal(move('relevant at 1, 3 of 10', 'ranked', 3, 2).text, 'relevant at 1, 2 of 10');
    // Rank 1 to the bottom: N R N N N N N N N R → relevant at 2, 10; "and", R= kept.
    assert.equal(move('R=5 relevant at ranks 1 and 3 out of 10', 'ranked', 1, 10).text, 'R=5 relevant at ranks 2 and 10 out of 10');
    // Typed in another order, the ranks come out ascending: 3, 1 of 4 is R N R N; rank 4 to the
    // top: N R N R → 2, 4.
    assert.equal(move('relevant at 3, 1 of 4', 'ranked', 4, 1).text, 'relevant at 2, 4 of 4');
  });

  test('without "of N" the list ends at its last relevant rank: moving that up says the length', () => {
    // relevant at 1, 3 is R N R (3 ranks). Rank 3 to rank 2: R R N, which "relevant at 1, 2"
    // would cut to two ranks, so the length is added.
    assert.equal(move('relevant at 1, 3', 'ranked', 3, 2).text, 'relevant at 1, 2 of 3');
    // Rank 2 (N) to the top: N R R still ends with a relevant rank.
    assert.equal(move('relevant at 1, 3', 'ranked', 2, 1).text, 'relevant at 2, 3');
  });

  test('a mark that a run cannot hold: the marks are written one word each, the header kept', () => {
    // RN ✓: ✓ moved to the top would make the run "✓R", which is not a run of marks.
    assert.deepEqual(move('relevant=2\nRN ✓', 'ranked', 3, 1), { text: 'relevant=2\n✓ R N', respaced: true });
    // 1 into IRNN: one word each, and the bpref reading (I and N) stays, as the marks do.
    const moved = move('IRNN 1', 'ranked', 5, 2);
    assert.deepEqual(moved, { text: 'I 1 R N N', respaced: true });
    assert.equal(judgements(moved.text), 'NRRUU');
    // A header among the documents goes before them.
    assert.equal(move('RN R=3 ✓', 'ranked', 3, 1).text, 'R=3\n✓ R N');
  });

  test('what is rewritten reads as the same documents in the new order', () => {
    const text = 'relevant=4\nD1:1, *D2*; D3?\tD4- D5';
    const reading = readList(text, 'ranked');
    const order = [4, 2, 0, 3, 1];
    const rewritten = readList(reorderText(text, reading, order).text, 'ranked');
    assert.deepEqual(rewritten.items, order.map((index) => reading.items[index]));
  });
});

// ---------------------------------------------------------------- the engine reads the same

let irm;
before(async () => {
  irm = await loadEngine();
});

/** A column of the first step table of `measure` on `input` that has `column`. */
function engineColumn(measure, input, column) {
  const result = irm.compute(measure, input, {});
  assert.equal(result.ok, true, JSON.stringify(result.error));
  const table = result.value.steps.find((step) => step.columns.includes(column));
  const at = table.columns.indexOf(column);
  return table.rows.map((row) => row[at].text);
}

describe('the readings agree with the engine', () => {
  const ranked = [
    '+ - + - - + - - + +',
    'R r 1 Y y ✓ N n 0 - ✗ U u ?',
    'IRNNRI',
    'IRII',
    'RNNR N',
    'relevant=15 D1,*D2*,D3,*D4*,D5,D6+,D7-,D8?,D9:2,D10:0',
    'relevant at 1, 3, 4 of 8',
    'relevant ranks 2 and 5',
  ];
  for (const input of ranked) {
    test(`ranked: ${input}`, () => {
      const shown = engineColumn('PR', input, 'relevant?');
      const reading = readList(input, 'ranked');
      assert.equal(reading.items.length, shown.length);
      const word = { relevant: 'yes', 'not relevant': 'no', unjudged: 'unjudged' };
      assert.deepEqual(
        reading.items.map((item) => word[item.judgement]),
        shown.map((cell) => (cell === 'yes' || cell === 'no' ? cell : 'unjudged')),
      );
    });
  }
  for (const input of ['4 3 4 2 0 0 0 1 1 0', 'D1:3 D2:0 D3:2.5\nunretrieved: 2', '5 4 0 3 2\nunretrieved: 1']) {
    test(`graded: ${JSON.stringify(input)}`, () => {
      // The engine writes 2.5 as 5/2, and lists the unretrieved grades after the ranks (as —).
      const value = (grade) => grade.split('/').map(Number).reduce((num, den) => num / den);
      const items = readList(input, 'graded').items;
      const shown = engineColumn('DCG', input, 'grade').filter((cell) => cell !== '—');
      assert.deepEqual(items.map((item) => Number(item.grade)), shown.map(value));
    });
  }
});
