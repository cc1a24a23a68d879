// @ts-check
// The "Sets and confusion matrices" calculator: relevant/returned sets, tp/fp/fn/tn counts, a
// 2×2 grid or true/predicted lines in; every set measure, and weighted F, out. The β field sets
// F(beta=…) in the measures (so a share link keeps it in `m`). See calculator-page.js. A bare
// 2×2 grid's reading is shown beside the headline with a one-click swap (grid-reading.js).

import { setUpGridSwap } from '../grid-reading.js';
import { startCalculator } from './calculator-page.js';

/** The eight-document example of Bhattacharya's CS657A notes, written in each of the input forms. */
const S1_SETS = 'relevant: d1 d5 d7\nreturned: d1 d3 d5 d6\nall: d1 d2 d3 d4 d5 d6 d7 d8';

startCalculator({
  calc: 'sets',
  defaultMeasures: 'confusion',
  paramFields: [{ param: 'beta', measure: 'F' }],
  emptyMessage: 'Give the relevant and returned sets or the four counts, or pick an example.',
  presets: [
    { id: 'S1', name: '8 documents: relevant and returned sets', source: 'bhattacharya', input: S1_SETS, measures: 'confusion' },
    { id: 'S1 counts', name: 'The same as four counts', source: 'bhattacharya', input: 'tp=2 fp=2 fn=1 tn=3', measures: 'confusion, F(beta=2)' },
    { id: 'S1 grid', name: 'The same as a 2×2 grid', source: 'bhattacharya', input: '2 1\n2 3', measures: 'F(alpha=0.5)' },
  ],
});

const input = /** @type {HTMLTextAreaElement | null} */ (document.querySelector('#input'));
const results = document.querySelector('[data-results]');
if (input && results) setUpGridSwap({ input, results });
