// @ts-check
// The "Judges' agreement" calculator: two judges' labels (a k×k grid of counts or two label
// lines) in, Cohen's κ out, with the chance agreement and the scale chosen by the convention
// selectors (chance=cohen|pooled, scale=…, from the registry); or an items × categories table
// in, Fleiss' κ out; or coders × units of judgments with some missing in, Krippendorff's α out.
// The page reads one input family at a time: toggling kappa, fleiss or krippendorff on switches
// (see calculator-page.js).

import { KRIPPENDORFF_2011, NOTE_002_RATINGS } from '../examples.js';
import { startCalculator } from './calculator-page.js';

/** Two judges of Bhattacharya's CS657A notes: R relevant, I irrelevant. */
const NOTE_002_JUDGES = '    R   I\nR  20  12\nI   4   4';

startCalculator({
  calc: 'agreement',
  defaultMeasures: 'kappa',
  paramFields: [{ param: 'confidence', measure: 'kappa' }],
  emptyMessage: 'Paste two judges’ counts or labels, a table of ratings, or coders’ judgments of units, or pick an example.',
  presets: [
    { id: 'K1', name: 'Two judges, 400 documents', source: 'whatToEvaluate', input: '    R   N\nR  75  25\nN  75 225', measures: 'kappa' },
    { id: 'K2', name: 'Two judges, 40 documents', source: 'bhattacharya', input: NOTE_002_JUDGES, measures: 'kappa(scale=cs657a)' },
    { id: 'K3', name: 'The same, pooled chance agreement', source: 'bhattacharya', input: NOTE_002_JUDGES, measures: 'kappa(chance=pooled,scale=cs657a)' },
    { id: 'K4', name: '14 raters, 10 documents, 5 grades', source: 'bhattacharya', input: NOTE_002_RATINGS, measures: 'fleiss' },
    {
      id: 'K5',
      name: '4 coders, 12 units, missing judgments',
      source: 'krippendorff2011',
      input: KRIPPENDORFF_2011,
      measures: 'krippendorff(level=interval)',
    },
    {
      id: 'Labels',
      name: 'Two judges, label by label',
      input: 'A: R R N R N N R R\nB: R N N R N R R R',
      measures: 'kappa',
    },
  ],
});
