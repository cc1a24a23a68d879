// @ts-check
// The "Significance tests" calculator: per-query scores of two systems (two columns, x:/y:
// lines or a d: line) in; the sign test, Wilcoxon, the paired t-test and the randomization test
// out, each with the per-query differences chart the engine sends. The alternative, Wilcoxon's
// zero rule and method are selectors built from the registry. See calculator-page.js.
//
// A table whose header names three or more systems is compared pair by pair instead, with a
// correction for the number of pairs (significance-many.js, set up before the calculator so that
// it hears the field first).

import { TEN_QUERIES } from '../examples.js';
import { setUpManySystems } from '../significance-many.js';
import { startCalculator } from './calculator-page.js';

const manySystems = setUpManySystems();

startCalculator({
  calc: 'significance',
  defaultMeasures: 'sign, wilcoxon, ttest',
  emptyMessage: 'Paste the per-query scores of two systems (or a table of three or more), or pick an example.',
  presets: [
    {
      id: 'AP×10',
      name: 'Two systems, ten queries',
      input: TEN_QUERIES,
      measures: 'sign, wilcoxon, ttest, randomization',
    },
    {
      id: 'x: y:',
      name: 'The same as two lines, one-sided',
      input: 'x: 0.62 0.39 0.71 0.45 0.58 0.22 0.80 0.53 0.35 0.67\ny: 0.48 0.30 0.52 0.45 0.41 0.31 0.66 0.40 0.28 0.49',
      measures: 'sign(alternative=greater)',
    },
    {
      id: 'd:',
      name: 'Differences only',
      input: 'd: 0.14 0.09 0.19 0 0.17 -0.09 0.14 0.13 0.07 0.18',
      measures: 'wilcoxon(zero=pratt)',
    },
  ],
});

manySystems.afterCalculator();
