// @ts-check
// The calculator pages, in menu order. `calc` is a page's key in share links (#calc=ranked&…);
// `samples` names the MeasureInfo.input families a page computes (most pages one; the agreement
// page two: two judges' grid and Fleiss' table), each with an input to try. `engine` names the
// wasm module the page's engine starts with (engine-modules.js; core/include/irm/module_group.h):
// the one holding the page's measures and input readers only.

import { KRIPPENDORFF_2011, NOTE_002_RATINGS, TEN_QUERIES, THREE_RUNS } from './examples.js';
import { parseMeasureName } from '../../common/measure-list.js';

/**
 * @type {{calc: string, subject: string, page: string, engine?: string, title: string, short: string,
 *          summary: string, samples: Object<string, Object<string, string>>}[]}
 *   subject: what the input is, in a problem's question ("Work out AP for this ranked list");
 *   short: the menu's name; samples: for each input family the page computes, share-link state
 *   for the reference's "try it" links (an example of the notes where there is one)
 */
export const calculators = [
  {
    calc: 'ranked',
    subject: 'this ranked list',
    page: 'ranked.html',
    engine: 'lists',
    title: 'Ranked list',
    short: 'Ranked list',
    summary:
      'One ranked list with binary judgements: precision and recall at each rank, average precision, ' +
      'interpolated precision and the precision–recall curve, worked step by step.',
    samples: { ranked_list: { in: '+ - + - - + - - + +', relevant: '5' } },
  },
  {
    calc: 'ndcg',
    subject: 'this graded ranking',
    page: 'ndcg.html',
    engine: 'lists',
    title: 'Graded relevance (DCG, nDCG, ERR, RBP)',
    short: 'DCG, nDCG',
    summary:
      'A ranking judged on a scale (0, 1, 2, …): discounted cumulative gain, the ideal ranking and ' +
      'normalised DCG at every rank, under the notes’, trec_eval’s or Burges’ discount; expected ' +
      'reciprocal rank with its cascade, rank-biased precision with its residual, and compatibility ' +
      'with the ideal ranking.',
    samples: { graded_list: { in: '4 3 4 2 0 0 0 1 1 0' } },
  },
  {
    calc: 'diversity',
    subject: 'this ranking of documents and their subtopics',
    page: 'diversity.html',
    engine: 'diversity',
    title: 'Diversity (alpha-nDCG, ERR-IA, …)',
    short: 'Diversity',
    summary:
      'A ranking whose documents cover subtopics of a query: alpha-nDCG and alpha-DCG, ERR-IA and ' +
      'nERR-IA, NRBP and nNRBP, AP-IA, P-IA and S-recall, as TREC’s ndeval computes them, with the ' +
      'novelty weights (1 − α)^c and the greedy ideal ranking rank by rank.',
    samples: { subtopic_list: { in: 'd1: 1\nd2: 1 2\nd3: -\nunretrieved: d4: 2' } },
  },
  {
    calc: 'queries',
    subject: 'these queries',
    page: 'queries.html',
    engine: 'lists',
    title: 'Several queries (MAP, MRR, …)',
    short: 'Several queries',
    summary:
      'One ranked list per query: mean average precision, geometric MAP, mean reciprocal rank, the ' +
      'averaged 11-point curve and the mean of any measure, with a row per query.',
    samples: {
      queries: {
        in: 'q1 relevant=5\n+ - + - - + - - + +\n\nq2 relevant=5\n- + - - + + + - - -\n\nq3 relevant=5\n- + + + + + - - - -',
      },
    },
  },
  {
    calc: 'roc',
    subject: 'these scores and labels',
    page: 'roc.html',
    engine: 'roc',
    title: 'ROC, AUC, EER',
    short: 'ROC, AUC',
    summary:
      'Scores with true labels: the ROC curve, the area under it, the equal error rate and the ' +
      'precision–recall area, with ties handled as ties.',
    samples: { scored_labels: { in: '1 0.9\n1 0.8\n0 0.7\n1 0.6\n0 0.55\n0 0.4' } },
  },
  {
    calc: 'sets',
    subject: 'this search result',
    page: 'sets.html',
    engine: 'sets',
    title: 'Sets and confusion matrices',
    short: 'Sets, F',
    summary:
      'Relevant and returned sets, or the four counts of a 2×2 confusion matrix: precision, recall, ' +
      'specificity, accuracy, F1 and weighted F, Jaccard and Dice.',
    samples: { confusion: { in: 'relevant: d1 d5 d7\nreturned: d1 d3 d5 d6\nall: d1 d2 d3 d4 d5 d6 d7 d8' } },
  },
  {
    calc: 'multiclass',
    subject: 'this confusion matrix',
    page: 'multiclass.html',
    engine: 'sets',
    title: 'Multiclass confusion matrix',
    short: 'Multiclass',
    summary:
      'A k×k confusion matrix (or true and predicted labels): precision, recall and F1 of each class, ' +
      'their micro and macro averages, and accuracy, with the matrix as a heat map.',
    samples: { multiclass: { in: 'true: cat cat cat dog dog bird bird bird\npredicted: cat cat dog dog bird bird bird cat' } },
  },
  {
    calc: 'agreement',
    subject: 'these judgments',
    page: 'agreement.html',
    engine: 'agreement',
    title: 'Judges’ agreement (kappa, Fleiss, Krippendorff)',
    short: 'Agreement',
    summary:
      'How far judges agree beyond chance: Cohen’s κ for two judges (a grid of counts or their labels), ' +
      'with Cohen’s or pooled chance agreement and the band on each scale, Fleiss’ κ for many raters, and ' +
      'Krippendorff’s α for any number of coders with missing judgments, at the nominal, ordinal, interval or ratio level.',
    samples: {
      judges: { in: '75 25\n75 225' },
      ratings: { in: NOTE_002_RATINGS },
      reliability: { in: KRIPPENDORFF_2011 },
    },
  },
  {
    calc: 'correlation',
    subject: 'these two rankings',
    page: 'correlation.html',
    engine: 'correlation',
    title: 'Rank correlation (τ, τ_AP, ρ, r, RBO)',
    short: 'Correlation',
    summary:
      'How alike two rankings of the same items are: Kendall’s τa and τb from every pair, AP correlation ' +
      'τ_AP walking down the ranking, Spearman’s ρ and Pearson’s r with their p-values; and the ' +
      'rank-biased overlap of two ranked lists of any items, depth by depth.',
    samples: {
      rankings: { in: 'x: 1 2 3 4 5\ny: 2 1 4 3 5' },
      two_lists: { in: 'x: d3 d1 d2 d7\ny: d1 d4 d3' },
    },
  },
  {
    calc: 'significance',
    subject: 'these paired scores',
    page: 'significance.html',
    engine: 'significance',
    title: 'Significance tests',
    short: 'Significance',
    summary:
      'Per-query scores of two systems: the sign test, the Wilcoxon signed-rank test, the paired t-test ' +
      'and the randomization test, each with its null hypothesis, its p-value worked out and a reading.',
    samples: { paired: { in: TEN_QUERIES } },
  },
  {
    calc: 'pooling',
    subject: 'these runs',
    page: 'pooling.html',
    engine: 'pooling',
    title: 'Pooling',
    short: 'Pooling',
    summary:
      'Several runs over the same topics: the depth-k pool of each topic, its size, what each run adds ' +
      'on its own, and, with judgments, each run’s scores with unjudged documents counted or ignored.',
    samples: { runs: { in: THREE_RUNS } },
  },
  {
    // Not a calculator of pasted text (web/trec.html has its own controller): no share-link
    // state and no measure of the registry, so no samples.
    calc: 'trec',
    subject: 'these TREC files',
    page: 'trec.html',
    title: 'TREC files (trec_eval)',
    short: 'TREC files',
    summary:
      'A qrels file and run files, as large as they come: every trec_eval measure for each run and ' +
      'each topic, precision–recall curves, exports, and trec_eval’s own output.',
    samples: {},
  },
];

/** The calculator for a share-link key, or undefined. */
export const calculatorFor = (calc) => calculators.find((calculator) => calculator.calc === calc);

/** The calculator that computes an input family (MeasureInfo.input), or undefined. */
export const calculatorForInput = (input) => calculators.find((calculator) => input in calculator.samples);

/**
 * The input family a measure name reads: its MeasureInfo.input, or, given a cutoff, its
 * cutoffInput when it has one (F reads a confusion matrix, F@5 a ranked list).
 * @param {{input: string, cutoffInput?: string | null}} info the name's registry entry
 * @param {string} name as typed
 */
export const inputOf = (info, name) => (info.cutoffInput && parseMeasureName(name)?.cutoff ? info.cutoffInput : info.input);
