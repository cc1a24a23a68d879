// @ts-check
// The "Diversity" calculator: the subtopics each document covers, top rank first (and the
// relevant documents not retrieved), in; alpha-nDCG, alpha-DCG, ERR-IA, nERR-IA, NRBP, nNRBP,
// AP-IA, P-IA and S-recall out, as TREC's ndeval computes them, with the novelty weights
// (1 − α)^c and the greedy ideal ranking rank by rank. See calculator-page.js for how a
// calculator page works.

import { startCalculator } from './calculator-page.js';

startCalculator({
  calc: 'diversity',
  defaultMeasures: 'alpha-nDCG@3, ERR-IA@3',
  emptyMessage: 'Paste the subtopics each document covers, top rank first, or pick a worked example.',
  // The worked examples of tests/core/golden_diversity.cpp, worked by hand there (α = β = 1/2):
  // DIV1 gains 1, 3/2, 0 against the ideal d2, d1 (2, 1/2): ERR-IA@3 = 21/32, nERR-IA@3 = 7/9,
  // alpha-nDCG@3 ≈ 0.8406, AP-IA = 3/4, S-recall@1 = 1/2. DIV2 adds d4 (subtopic 2), not
  // retrieved: the ideal is d2, d4, d1 and nERR-IA@3 = 21/29.
  presets: [
    {
      id: 'DIV1',
      name: 'Three documents, two subtopics',
      input: 'd1: 1\nd2: 1 2\nd3: -',
      measures: 'alpha-nDCG@3, ERR-IA@3, nERR-IA@3, AP-IA, S-recall@1',
    },
    {
      id: 'DIV2',
      name: 'The same, with a relevant document missed',
      input: 'd1: 1\nd2: 1 2\nd3: -\nunretrieved: d4: 2',
      measures: 'alpha-nDCG@3, nERR-IA@3, nNRBP, AP-IA, P-IA@3',
    },
  ],
});
