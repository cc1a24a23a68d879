// The "Judges' agreement" calculator: two judges' labels (a k×k grid of counts or two label
// lines) in, Cohen's κ out, with the chance agreement and the scale chosen by the convention
// selectors (chance=cohen|pooled, scale=…, from the registry); or an items × categories table
// in, Fleiss' κ out. The page reads one of the two at a time: toggling kappa or fleiss on
// switches (see calculator-page.js).

import { NOTE_002_RATINGS } from '../examples.js';
import { startCalculator } from './calculator-page.js';

/** Note 002's two judges (WORKED_EXAMPLES.md K2, K3): R relevant, I irrelevant. */
const NOTE_002_JUDGES = '    R   I\nR  20  12\nI   4   4';

startCalculator({
  calc: 'agreement',
  defaultMeasures: 'kappa',
  emptyMessage: 'Paste two judges’ counts or labels, or a table of ratings, or pick an example from the notes.',
  presets: [
    { id: 'K1', detail: 'note 001 · two judges · kappa', input: '    R   N\nR  75  25\nN  75 225', measures: 'kappa' },
    { id: 'K2', detail: 'note 002 · Cohen’s chance · kappa', input: NOTE_002_JUDGES, measures: 'kappa(scale=notes002)' },
    { id: 'K3', detail: 'note 002 · pooled chance · kappa', input: NOTE_002_JUDGES, measures: 'kappa(chance=pooled,scale=notes002)' },
    { id: 'K4', detail: 'note 002 · 14 raters · fleiss', input: NOTE_002_RATINGS, measures: 'fleiss' },
    {
      id: 'Labels',
      detail: 'two judges, label by label · kappa',
      input: 'A: R R N R N N R R\nB: R N N R N R R R',
      measures: 'kappa',
    },
  ],
});
