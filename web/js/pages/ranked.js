// The "Ranked list" calculator: a ranked list, R and some measures in; one worked answer per
// measure out (see calculator-page.js for how a calculator page works).

import { startCalculator } from './calculator-page.js';

startCalculator({
  calc: 'ranked',
  defaultMeasures: 'AP, P@5',
  options: ['relevant'],
  emptyMessage: 'Paste a ranked list, or pick an example from the notes.',
  // The worked examples of the notes (WORKED_EXAMPLES.md), one click each.
  presets: [
    { id: 'RL1', note: '000', input: 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10', options: { relevant: '15' }, measures: 'PR, 11pt, AP' },
    { id: 'RL2', note: '002', input: '+ - + - - + - - + +', options: { relevant: '5' }, measures: 'AP@10' },
    { id: 'RL3', note: '002', input: '- + - - + + + - - -', options: { relevant: '5' }, measures: 'AP@10' },
    { id: 'RL4', note: '002', input: '- + + + + + - - - -', options: { relevant: '5' }, measures: 'AP@10' },
    { id: 'RL5', note: '004', input: '+ + - - + - - + - -', options: { relevant: '10' }, measures: 'AP' },
    { id: 'RL6', note: '003', input: 'R R N N R N R R R R', measures: 'P@5, P@10' },
    { id: 'RL7', note: '004', input: 'N N R N', options: { relevant: '1' }, measures: 'AP, RR' },
    // bpref, written as the notes write it: I judged irrelevant, N not judged.
    { id: 'B1', note: '002', input: 'IRII', options: { relevant: '2' }, measures: 'bpref' },
    { id: 'B2', note: '002', input: 'IRNNRI', options: { relevant: '2' }, measures: 'bpref' },
    { id: 'B3', note: '002', input: 'IRNNRIRI', options: { relevant: '3' }, measures: 'bpref' },
  ],
});
