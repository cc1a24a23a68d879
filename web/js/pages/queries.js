// @ts-check
// The "Several queries" calculator: one ranked list per query (blocks separated by blank lines,
// each optionally headed `q1 relevant=5`), means over the queries out (MAP, gMAP, MRR, 11pt-avg,
// mean(M)), with the per-query table the engine sends. R from the page's field counts for the
// queries whose header gives none. See calculator-page.js.

import { startCalculator } from './calculator-page.js';

/** The three methods of Bhattacharya's CS657A notes, 5 relevant each, as three queries. */
const NOTE_002_METHODS = ['+ - + - - + - - + +', '- + - - + + + - - -', '- + + + + + - - - -']
  .map((list, index) => `q${index + 1} relevant=5\n${list}`)
  .join('\n\n');

startCalculator({
  calc: 'queries',
  defaultMeasures: 'MAP, MRR',
  options: ['relevant'],
  emptyMessage: 'Paste one ranked list per query, separated by blank lines, or pick an example.',
  presets: [
    { id: 'Q1', name: 'Three queries, 5 relevant each', source: 'bhattacharya', input: NOTE_002_METHODS, measures: 'MAP, MRR' },
    { id: 'Q2', name: 'The averaged 11-point curve', source: 'bhattacharya', input: NOTE_002_METHODS, measures: '11pt-avg' },
    { id: 'Q3', name: 'Geometric MAP and mean P@5', source: 'bhattacharya', input: NOTE_002_METHODS, measures: 'gMAP, mean(P@5)' },
  ],
});
