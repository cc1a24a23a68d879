// @ts-check
// The "Kendall's τ" calculator: two rankings of the same items (x: and y: lines of ranks or
// scores, optionally items:) in; the pair table, n_c, n_d, the ties, τb or τa (variant=b|a, a
// selector built from the registry) out. See calculator-page.js.

import { startCalculator } from './calculator-page.js';

startCalculator({
  calc: 'correlation',
  defaultMeasures: 'tau',
  emptyMessage: 'Paste two rankings as x: and y: lines, or pick an example.',
  presets: [
    // Two swaps of neighbours: 8 of the 10 pairs concordant, 2 discordant, τ = 6/10 = 3/5.
    { id: 'T1', name: 'Five items, as ranks', input: 'x: 1 2 3 4 5\ny: 2 1 4 3 5', measures: 'tau' },
    // Scores with a tie on each side: τa and τb differ (see tests/web/correlation.test.mjs).
    {
      id: 'T2',
      name: 'Scores with ties',
      input: 'items: d1 d2 d3 d4 d5\nx: 0.9 0.7 0.7 0.4 0.2\ny: 0.8 0.9 0.5 0.5 0.1',
      measures: 'tau, tau(variant=a)',
    },
  ],
});
