// @ts-check
// The rank correlation calculator: two rankings of the same items (x: and y: lines of ranks or
// scores, optionally items:) in; Kendall's τ (the pair table, n_c, n_d, the ties, τb or τa),
// τ_AP (x the truth, y walked down), Spearman's ρ and Pearson's r out. Its second input family,
// two ranked lists of any items (x: d3 d1 d2 d7), is rank-biased overlap's. Selectors from the
// registry (variant=b|a, ties=none|b, values=…). See calculator-page.js.

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
    // The top two swapped: C(i) = 0, 2, 3 over 1, 2, 3, so τ_AP = (2/3)·2 − 1 = 1/3, while
    // τ = (5 − 1)/6 = 2/3 (tests/web/correlation-more.test.mjs).
    { id: 'AP1', name: 'τ_AP: the top two swapped', input: 'x: a b c d\ny: b a c d', measures: 'tau_ap, tau' },
    // T2's scores: average ranks 5, 3.5, 3.5, 2, 1 and 4, 5, 2.5, 2.5, 1, ρ = 7.25/9.5 = 29/38.
    {
      id: 'SP1',
      name: 'Spearman’s ρ with ties',
      input: 'x: 0.9 0.7 0.7 0.4 0.2\ny: 0.8 0.9 0.5 0.5 0.1',
      measures: 'spearman, pearson',
    },
    // Two lists of different items and lengths: X_d = 0, 1, 2, 2, RBO_ext = 117/200 = 0.585.
    { id: 'RBO1', name: 'RBO of two uneven lists', input: 'x: d3 d1 d2 d7\ny: d1 d4 d3', measures: 'rbo' },
    // b and c tied at ranks 2–3 of x (Corsi and Urbano, SIGIR 2024): ties=a counts each 1/2 of
    // the top 2, A_2 = 3/4, RBO_ext = 391/400; ties=w takes both in, A_2 = 4/5, 491/500; ties=b
    // A_2 = (3/2)/√3, 0.9879 (tests/core/golden_correlation.cpp, RBO4).
    {
      id: 'RBO2',
      name: 'RBO with tied items',
      input: 'x: a (b c) d\ny: a b c d',
      measures: 'rbo, rbo(ties=w), rbo(ties=b)',
    },
  ],
});
