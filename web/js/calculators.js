// The calculator pages, in menu order. `input` is the MeasureInfo.input family a page computes;
// `calc` is its key in share links (#calc=ranked&…).

/**
 * @type {{calc: string, page: string, title: string, short: string, input: string,
 *          summary: string, sample: Object<string, string>}[]}
 *   short: the menu's name; sample: share-link state for the reference's "try it" links (an
 *   example of the notes where there is one)
 */
export const calculators = [
  {
    calc: 'ranked',
    page: 'ranked.html',
    title: 'Ranked list',
    short: 'Ranked list',
    input: 'ranked_list',
    summary:
      'One ranked list with binary judgements: precision and recall at each rank, average precision, ' +
      'interpolated precision and the precision–recall curve, worked step by step.',
    sample: { in: '+ - + - - + - - + +', relevant: '5' },
  },
  {
    calc: 'ndcg',
    page: 'ndcg.html',
    title: 'Graded relevance (DCG, nDCG)',
    short: 'DCG, nDCG',
    input: 'graded_list',
    summary:
      'A ranking judged on a scale (0, 1, 2, …): discounted cumulative gain, the ideal ranking and ' +
      'normalised DCG at every rank, under the notes’, trec_eval’s or Burges’ discount.',
    sample: { in: '4 3 4 2 0 0 0 1 1 0' },
  },
  {
    calc: 'queries',
    page: 'queries.html',
    title: 'Several queries (MAP, MRR, …)',
    short: 'Several queries',
    input: 'queries',
    summary:
      'One ranked list per query: mean average precision, geometric MAP, mean reciprocal rank, the ' +
      'averaged 11-point curve and the mean of any measure, with a row per query.',
    sample: {
      in: 'q1 relevant=5\n+ - + - - + - - + +\n\nq2 relevant=5\n- + - - + + + - - -\n\nq3 relevant=5\n- + + + + + - - - -',
    },
  },
  {
    calc: 'roc',
    page: 'roc.html',
    title: 'ROC, AUC, EER',
    short: 'ROC, AUC',
    input: 'scored_labels',
    summary:
      'Scores with true labels: the ROC curve, the area under it, the equal error rate and the ' +
      'precision–recall area, with ties handled as ties.',
    sample: { in: '1 0.9\n1 0.8\n0 0.7\n1 0.6\n0 0.55\n0 0.4' },
  },
  {
    calc: 'sets',
    page: 'sets.html',
    title: 'Sets and confusion matrices',
    short: 'Sets, F',
    input: 'confusion',
    summary:
      'Relevant and returned sets, or the four counts of a 2×2 confusion matrix: precision, recall, ' +
      'specificity, accuracy, F1 and weighted F, Jaccard and Dice.',
    sample: { in: 'relevant: d1 d5 d7\nreturned: d1 d3 d5 d6\nall: d1 d2 d3 d4 d5 d6 d7 d8' },
  },
  {
    calc: 'multiclass',
    page: 'multiclass.html',
    title: 'Multiclass confusion matrix',
    short: 'Multiclass',
    input: 'multiclass',
    summary:
      'A k×k confusion matrix (or true and predicted labels): precision, recall and F1 of each class, ' +
      'their micro and macro averages, and accuracy, with the matrix as a heat map.',
    sample: { in: 'true: cat cat cat dog dog bird bird bird\npredicted: cat cat dog dog bird bird bird cat' },
  },
];

/** The calculator for a share-link key, or undefined. */
export const calculatorFor = (calc) => calculators.find((calculator) => calculator.calc === calc);
