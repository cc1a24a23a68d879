// @ts-check
// The "Graded relevance" calculator: grades in rank order (and the judged grades not
// retrieved), DCG / IDCG / nDCG out, under the convention chosen (dcg=notes|trec|burges, a
// selector built from the registry). See calculator-page.js for how a calculator page works.

import { startCalculator } from './calculator-page.js';

startCalculator({
  calc: 'ndcg',
  defaultMeasures: 'DCG, nDCG',
  // The list also as cards, one per rank, to reorder by hand (render/rerank.js).
  rerank: 'graded',
  emptyMessage: 'Paste the grades of a ranking, or pick a worked example.',
  // The worked examples of the notes (tests/core/golden_graded.cpp), one click each.
  // capitals-method-1-dcg to capitals-method-3-dcg are the capitals example: five documents judged
  // 5…1, all retrieved, so the ideal is 5 4 3 2 1.
  presets: [
    { id: 'G1', name: '10 graded results', source: 'bhattacharya', input: '4 3 4 2 0 0 0 1 1 0', measures: 'DCG, nDCG' },
    { id: 'G2', name: 'Capitals, method 1', source: 'bhattacharya', input: '5 2 3 4 1\nunretrieved:', measures: 'nDCG@5' },
    { id: 'G3', name: 'Capitals, method 2', source: 'bhattacharya', input: '5 4 1 2 3', measures: 'nDCG@5' },
    { id: 'G4', name: 'Capitals, method 3 (one grade unretrieved)', source: 'bhattacharya', input: '5 4 0 3 2\nunretrieved: 1', measures: 'nDCG@5' },
    { id: 'G5', name: 'Grades 3, 2, 1', source: 'week3', input: '3 2 1', measures: 'DCG' },
  ],
});
