// @ts-check
// The "Ranked list" calculator: a ranked list, R and some measures in; one worked answer per
// measure out (see calculator-page.js for how a calculator page works).

import { startCalculator } from './calculator-page.js';

startCalculator({
  calc: 'ranked',
  defaultMeasures: 'AP, P@5',
  options: ['relevant'],
  // The list also as cards, one per rank, to reorder by hand (render/rerank.js).
  rerank: 'ranked',
  emptyMessage: 'Paste a ranked list, or pick a worked example.',
  // The worked examples of the course notes, one click each: `name` says what the example
  // shows, `source` which notes it comes from (sources.js).
  presets: [
    { id: 'RL1', name: 'Relevant at 2, 4, 6 of 10; R = 15', source: 'evaluationMetrics', input: 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10', options: { relevant: '15' }, measures: 'PR, 11pt, AP' },
    { id: 'RL2', name: 'Method 1: 5 relevant, all found', source: 'bhattacharya', input: '+ - + - - + - - + +', options: { relevant: '5' }, measures: 'AP@10' },
    { id: 'RL3', name: 'Method 2: one relevant never found', source: 'bhattacharya', input: '- + - - + + + - - -', options: { relevant: '5' }, measures: 'AP@10' },
    { id: 'RL4', name: 'Method 3: relevant at ranks 2–6', source: 'bhattacharya', input: '- + + + + + - - - -', options: { relevant: '5' }, measures: 'AP@10' },
    { id: 'RL5', name: '4 of 10 relevant found', source: 'week3', input: '+ + - - + - - + - -', options: { relevant: '10' }, measures: 'AP' },
    { id: 'RL6', name: '7 relevant in 10 results', source: 'evaluationQA', input: 'R R N N R N R R R R', measures: 'P@5, P@10' },
    { id: 'RL7', name: 'One relevant document, at rank 3', source: 'week3', input: 'N N R N', options: { relevant: '1' }, measures: 'AP, RR' },
    // bpref, written as the notes write it: I judged irrelevant, N not judged.
    { id: 'B1', name: 'bpref: IRII', source: 'bhattacharya', input: 'IRII', options: { relevant: '2' }, measures: 'bpref' },
    { id: 'B2', name: 'bpref with unjudged: IRNNRI', source: 'bhattacharya', input: 'IRNNRI', options: { relevant: '2' }, measures: 'bpref' },
    { id: 'B3', name: 'bpref: IRNNRIRI, R = 3', source: 'bhattacharya', input: 'IRNNRIRI', options: { relevant: '3' }, measures: 'bpref' },
  ],
});
