// @ts-check
// What the widget and the offline page use when an attribute is left out: each calculator's
// default measures (the same as its page's, web/js/pages/*.js) and whether it reads R.

/** calc → the measures shown when `measures` is not given. */
export const DEFAULT_MEASURES = {
  ranked: 'AP, P@5',
  ndcg: 'DCG, nDCG',
  queries: 'MAP, MRR',
  roc: 'ROC, AUC',
  sets: 'confusion',
  multiclass: 'multiclass',
  agreement: 'kappa',
  correlation: 'tau',
  significance: 'sign, wilcoxon, ttest',
  pooling: 'pool@10',
};

/** The calculators that have an R field (the engine's `relevant` option). */
export const TAKES_RELEVANT = new Set(['ranked', 'queries']);
