// @ts-check
// The "Multiclass confusion matrix" calculator: a k×k grid (or true/predicted labels) in;
// per-class precision, recall and F1, micro and macro averages, accuracy and the heat map out.
// See calculator-page.js.

import { startCalculator } from './calculator-page.js';

startCalculator({
  calc: 'multiclass',
  defaultMeasures: 'multiclass',
  emptyMessage: 'Paste a confusion matrix or true and predicted labels, or pick an example.',
  presets: [
    {
      id: 'M1',
      name: 'Three classes, as a grid',
      input: '      cat dog bird\ncat     5   1    0\ndog     2   3    1\nbird    0   2    4',
      measures: 'multiclass',
    },
    {
      id: 'M2',
      name: 'True and predicted labels',
      input: 'true: cat cat cat dog dog bird bird bird\npredicted: cat cat dog dog bird bird bird cat',
      measures: 'multiclass',
    },
  ],
});
