// @ts-check
// The "ROC, AUC, EER" calculator: labelled scores in, the ROC curve (with the chance diagonal
// and the EER point), its area, the equal error rate and the PR area out. See
// calculator-page.js.

import { startCalculator } from './calculator-page.js';

startCalculator({
  calc: 'roc',
  defaultMeasures: 'ROC, AUC',
  emptyMessage: 'Paste a label and a score per line, or pick an example.',
  presets: [
    // 3 positives, 3 negatives: 8 of the 9 positive–negative pairs are ordered right, AUC = 8/9.
    { id: 'C1', name: 'Six scored items', input: '1 0.9\n1 0.8\n0 0.7\n1 0.6\n0 0.55\n0 0.4', measures: 'ROC, AUC, EER' },
    // The same items as two lines, and a tie between a positive and a negative at 0.7.
    {
      id: 'C2',
      name: 'A tie, as labels: and scores: lines',
      input: 'labels: 1 1 0 1 0 0\nscores: 0.9 0.7 0.7 0.6 0.55 0.4',
      measures: 'ROC, AUC',
    },
    {
      id: 'C3',
      name: 'Ten scored items',
      input: '1 0.95\n0 0.9\n1 0.85\n1 0.8\n0 0.7\n1 0.65\n0 0.5\n0 0.4\n1 0.3\n0 0.1',
      measures: 'AUC-PR, EER',
    },
  ],
});
