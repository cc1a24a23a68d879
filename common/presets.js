// @ts-check
// Convention presets: one switch that sets every convention of a page as a textbook or a tool
// does. A convention is a parameter with choices in the core's registry (listMeasures():
// AP(norm=…), IPrec(rule=…), nDCG(dcg=…), kappa(chance=…), …); a preset is one value per
// convention, each with the source that says so. This module is the one table of them, and pure
// (no DOM, no engine): the page (web/js/pages/calculator-page.js, with web/js/preset-view.js for
// the switch and the statement) and the CLI (bin/irmetrics.mjs, calc --preset) both apply it to
// measure names.
//
// Where a preset has no opinion on a convention (scikit-learn has no interpolated precision,
// trec_eval no κ), it keeps the notes' default, and `why` says so.
//
// Not parameters of the registry, so not switched here (every preset agrees with the notes):
// - F: (β² + 1)PR/(β²P + R), β > 1 weighting recall (IIR §8.3, eq. 8.5; scikit-learn fbeta_score;
//   trec_eval's set_F.x takes x as β², a different way to write the same measure). The notes'
//   swapped form is explained by the answer checker, not chosen.
// - AUC: the trapezoid under the ROC curve, ties as a diagonal step (scikit-learn roc_auc_score).
// - EER: no preset defines a rule of its own.
// - The `alternative` of the significance tests is the question asked, not a convention.

import { measureBase, parseMeasureName, withParam } from './measure-list.js';

/**
 * The engine's types, for the comments only (this module imports nothing from web/js/):
 * @typedef {import('../web/js/irmetrics.js').MeasureInfo} MeasureInfo
 * @typedef {import('../web/js/irmetrics.js').Outcome} Outcome
 * @typedef {import('../web/js/irmetrics.js').Num} Num
 *
 * @typedef {{id: string, label: string, summary: string}} Preset
 * @typedef {{value: string | null, why: string}} Opinion
 *   `value` null: the preset has no opinion and keeps the notes' default; `why` names the source.
 * @typedef {{id: string, param: string, choices: string[], name: string, measures?: string[],
 *            meaning: Object<string, string>, presets: Object<string, Opinion>}} Convention
 *   `choices` identify the registry parameter (bpref's variant=notes|trec is not tau's
 *   variant=b|a), and `measures`, when given, the measures it belongs to (the sign test's
 *   method=exact|normal is not Wilcoxon's); `meaning` says what each choice uses, written to
 *   follow "trec_eval 10 uses …".
 */

/**
 * @type {Preset[]} in the switch's order; the first is the default. `label` names the source as a
 * stranger would find it (the switch, the statement, "was … under …"); `summary` cites it.
 */
export const PRESETS = [
  {
    id: 'notes',
    label: 'Calculator defaults: Bhattacharya’s CS657A course notes (IIT Kanpur)',
    summary:
      'the calculator’s own defaults, as Arnab Bhattacharya’s CS657A notes “Information retrieval evaluation measures” (IIT Kanpur) and the lecture notes “Week 3: Metrics” compute',
  },
  { id: 'iir', label: 'Manning et al. (IIR)', summary: 'Manning, Raghavan and Schütze, Introduction to Information Retrieval (2008), chapter 8' },
  {
    id: 'croft',
    label: 'Croft et al. (Search Engines)',
    summary: 'Croft, Metzler and Strohman, Search Engines: Information Retrieval in Practice (2009), chapter 8',
  },
  { id: 'trec10', label: 'trec_eval 10', summary: 'trec_eval 10.0, as the TREC files page evaluates' },
  { id: 'trec9', label: 'trec_eval 9', summary: 'trec_eval 9.0, as the TREC files page evaluates with --compat 9' },
  { id: 'sklearn', label: 'scikit-learn', summary: 'scikit-learn’s sklearn.metrics' },
];

export const DEFAULT_PRESET = PRESETS[0].id;

const TREC_BOTH = 'the same in trec_eval 9 and 10';

/** @type {Convention[]} */
export const CONVENTIONS = [
  {
    id: 'ap-norm',
    param: 'norm',
    choices: ['relevant', 'retrieved', 'min_rk'],
    name: 'AP normaliser',
    meaning: {
      relevant: 'R, every relevant document, as AP’s denominator',
      retrieved: 'the relevant documents retrieved as AP’s denominator',
      min_rk: 'min(R, k) as AP@k’s denominator (the R package Metrics’ and Kaggle’s apk)',
    },
    presets: {
      // The notes “Evaluation Metrics” are the exception: their example divides by the relevant
      // documents retrieved (norm=retrieved).
      notes: { value: 'relevant', why: 'Bhattacharya’s CS657A notes and “Week 3: Metrics” divide by R' },
      // IIR §8.4, eq. 8.8: MAP(Q) = 1/|Q| Σ_j 1/m_j Σ_k Precision(R_jk), m_j the relevant
      // documents of query j; "when a relevant document is not retrieved at all, the precision
      // value in the above equation is taken to be 0".
      iir: { value: 'relevant', why: 'IIR eq. 8.8 divides by m_j, every relevant document of the query' },
      // Croft et al. §8.4.2 average the precision at the ranks where relevant documents were
      // retrieved; their worked rankings retrieve every relevant document, so they do not decide
      // between R and the relevant retrieved.
      croft: { value: null, why: 'Croft et al.’s worked rankings (§8.4.2) retrieve every relevant document, so they do not decide between R and the relevant retrieved' },
      // core/src/trec/measures.cpp: map = average_precision(t), the sum over num_rel.
      trec10: { value: 'relevant', why: `trec_eval's map divides by num_rel (${TREC_BOTH})` },
      trec9: { value: 'relevant', why: `trec_eval's map divides by num_rel (${TREC_BOTH})` },
      // average_precision_score: AP = Σ_n (R_n − R_{n−1}) P_n, recall over the positives in
      // y_true; a ranked list holds the retrieved documents only, so those are the relevant
      // retrieved, and a relevant document never retrieved cannot count.
      sklearn: {
        value: 'retrieved',
        why: 'average_precision_score takes recall over the positives it is given: the relevant documents in the list',
      },
    },
  },
  {
    id: 'ap-area',
    param: 'area',
    choices: ['steps', 'trapezoid'],
    name: 'AP area',
    meaning: {
      steps: 'the precision at each relevant rank, summed',
      trapezoid: 'the trapezoids under the precision-recall curve (scikit-learn before 0.19)',
    },
    presets: {
      notes: { value: 'steps', why: 'Bhattacharya’s CS657A notes sum the precision at each relevant rank' },
      iir: { value: 'steps', why: 'IIR eq. 8.8 sums Precision(R_jk) at each relevant document' },
      croft: { value: 'steps', why: 'Croft et al. §8.4.2 average the precision at the ranks of the relevant documents' },
      trec10: { value: 'steps', why: `trec_eval's map sums the precision at each relevant document (${TREC_BOTH})` },
      trec9: { value: 'steps', why: `trec_eval's map sums the precision at each relevant document (${TREC_BOTH})` },
      // The 0.19 release notes: average_precision_score now weights each precision by the change
      // in recall instead of interpolating linearly (auc over the curve, before).
      sklearn: { value: 'steps', why: 'average_precision_score weights each precision by the rise in recall since release 0.19 (before it, trapezoids)' },
    },
  },
  {
    id: 'interpolation',
    param: 'rule',
    choices: ['textbook', 'trec9', 'trec10', 'none'],
    name: 'interpolation rule',
    meaning: {
      textbook: 'the highest precision at any recall ≥ r',
      trec9: '(long)(r·R + 0.9) relevant documents for recall level r',
      trec10: 'lround(r·R) relevant documents for recall level r',
      none: 'the precision at the first rank whose recall reaches r, not interpolated',
    },
    presets: {
      // All the course notes agree.
      notes: { value: 'textbook', why: 'all the notes take the maximum precision at any recall r′ ≥ r' },
      // IIR §8.4, eq. 8.7: p_interp(r) = max_{r′ ≥ r} p(r′).
      iir: { value: 'textbook', why: 'IIR eq. 8.7: p_interp(r) = max over r′ ≥ r of p(r′)' },
      // Croft et al. §8.4.2: P(R) = max{P′ : R′ ≥ R ∧ (R′, P′) ∈ S}.
      croft: { value: 'textbook', why: 'Croft et al. §8.4.2 interpolate as P(R) = max{P′ : R′ ≥ R}, the highest precision at any recall R′ ≥ R' },
      // core/include/irm/trec_eval.h: iprec_at_recall and 11pt_avg map r to lround(r R).
      trec10: { value: 'trec10', why: 'trec_eval 10’s iprec_at_recall maps level r to lround(r·R) relevant documents' },
      // The same header: (long)(r R + 0.9) with --compat 9.
      trec9: { value: 'trec9', why: 'trec_eval 9’s iprec_at_recall maps level r to (long)(r·R + 0.9) relevant documents' },
      sklearn: { value: null, why: 'scikit-learn has no interpolated precision (precision_recall_curve is not interpolated)' },
    },
  },
  {
    id: 'bpref',
    param: 'variant',
    choices: ['notes', 'trec'],
    name: 'bpref form',
    meaning: {
      notes: '1 − n_r/R for each relevant document',
      trec: '1 − min(n_r, R)/min(R, N) for each relevant document, N the judged non-relevant',
    },
    presets: {
      // The bpref examples of Bhattacharya’s CS657A notes (tests/core/golden_bpref.cpp).
      notes: { value: 'notes', why: 'Bhattacharya’s CS657A notes write 1 − n_r/R' },
      iir: { value: null, why: 'IIR does not define bpref' },
      // Croft et al. §8.4.4 give Buckley and Voorhees' bpref; which of the two forms here it is
      // depends on how many non-relevant documents are judged, so no form is taken from it.
      croft: { value: null, why: 'this table takes no bpref form from Croft et al. (§8.4.4)' },
      // core/src/trec/measures.cpp bpref_value: 1 − min(nonrel_so_far, R)/min(R, N).
      trec10: { value: 'trec', why: `trec_eval's bpref caps n_r and the denominator at min(R, N) (${TREC_BOTH})` },
      trec9: { value: 'trec', why: `trec_eval's bpref caps n_r and the denominator at min(R, N) (${TREC_BOTH})` },
      sklearn: { value: null, why: 'scikit-learn has no bpref' },
    },
  },
  {
    id: 'dcg',
    param: 'dcg',
    choices: ['notes', 'trec', 'burges'],
    name: 'DCG form',
    meaning: {
      notes: 'rel_1 + Σ_{i≥2} rel_i/log2 i',
      trec: 'Σ rel_i/log2(i + 1)',
      burges: 'Σ (2^rel_i − 1)/log2(i + 1)',
    },
    presets: {
      // The DCG examples of the notes (tests/core/golden_graded.cpp).
      notes: { value: 'notes', why: 'Bhattacharya’s CS657A notes and “Week 3: Metrics” write rel_1 + Σ rel_i/log2 i' },
      // IIR §8.4, eq. 8.9: NDCG(Q, k) = 1/|Q| Σ_j Z_kj Σ_{m=1}^{k} (2^R(j,m) − 1)/log2(1 + m).
      iir: { value: 'burges', why: 'IIR eq. 8.9 sums (2^R(j,m) − 1)/log2(1 + m)' },
      // Croft et al. §8.4.3: DCG_p = rel_1 + Σ_{i=2}^{p} rel_i/log2 i, Järvelin and Kekäläinen's
      // form, the notes' (the form (2^rel − 1)/log(1 + i) is mentioned as used by web search
      // companies, not worked).
      croft: { value: 'notes', why: 'Croft et al. §8.4.3 write DCG_p = rel_1 + Σ_{i≥2} rel_i/log2 i, as Järvelin and Kekäläinen do' },
      // core/include/irm/trec_eval.h: the grades as gains, discount log2(rank + 1).
      trec10: { value: 'trec', why: `trec_eval's ndcg takes the grades as gains and log2(rank + 1) as discount (${TREC_BOTH})` },
      trec9: { value: 'trec', why: `trec_eval's ndcg takes the grades as gains and log2(rank + 1) as discount (${TREC_BOTH})` },
      // dcg_score / ndcg_score: "sum the true scores ranked in the order induced by the
      // predicted scores, after applying a logarithmic discount", log_base=2, 1/log2(i + 1).
      sklearn: { value: 'trec', why: 'ndcg_score takes the true scores as gains and log2(i + 1) as discount' },
    },
  },
  {
    id: 'dcg-ideal',
    param: 'ideal',
    choices: ['judged', 'retrieved', 'min_rk'],
    name: 'ideal ranking of nDCG',
    meaning: {
      judged: 'every judged grade, retrieved or not (an unretrieved: line), sorted',
      retrieved: 'only the grades of the list, sorted',
      min_rk: 'only min(k, relevant) ideal ranks',
    },
    presets: {
      // The notes' nDCG examples give no judged grade outside the list, where the three agree.
      // The calculator's default: every judged grade given (an unretrieved: line included).
      notes: { value: 'judged', why: 'every judged grade given, retrieved or not, as the notes’ ideal ranking sorts the judgments' },
      iir: { value: null, why: 'IIR’s Z_kj normalises by the ideal ranking of query j’s judgments without working a case outside the list' },
      croft: { value: null, why: 'Croft et al.’s worked example (§8.4.3) judges no document outside the list' },
      // core/src/trec/measures.cpp: the ideal gains come from every judged document of the qrels.
      trec10: { value: 'judged', why: `trec_eval's ndcg sorts every judged grade of the qrels, retrieved or not (${TREC_BOTH})` },
      trec9: { value: 'judged', why: `trec_eval's ndcg sorts every judged grade of the qrels, retrieved or not (${TREC_BOTH})` },
      // ndcg_score sorts y_true, the grades of the documents it is given.
      sklearn: { value: 'retrieved', why: 'ndcg_score’s ideal sorts y_true, the grades of the documents it scores' },
    },
  },
  {
    id: 'dcg-ties',
    param: 'ties',
    choices: ['order', 'average'],
    name: 'tied scores in DCG',
    meaning: {
      order: 'tied scores in the order typed, each at its own rank',
      average: 'tied scores sharing their ranks, each with its group’s mean gain',
    },
    presets: {
      notes: { value: 'order', why: 'the notes’ graded lists carry no scores: each document has a rank of its own' },
      iir: { value: null, why: 'IIR’s NDCG ranks documents without tied scores' },
      croft: { value: null, why: 'Croft et al.’s worked rankings (§8.4.3) carry no scores' },
      trec10: { value: 'order', why: `trec_eval ranks tied scores by docno, each at a rank of its own (${TREC_BOTH})` },
      trec9: { value: 'order', why: `trec_eval ranks tied scores by docno, each at a rank of its own (${TREC_BOTH})` },
      // ndcg_score(…, ignore_ties=False) by default: _tie_averaged_dcg.
      sklearn: { value: 'average', why: 'ndcg_score and dcg_score average the gains of tied scores by default (ignore_ties=False)' },
    },
  },
  {
    id: 'kappa-chance',
    param: 'chance',
    choices: ['cohen', 'pooled'],
    name: 'κ chance model',
    meaning: {
      cohen: 'each judge’s own marginals for P(E), Σ P_A(c)·P_B(c)',
      pooled: 'pooled marginals for P(E), Σ P(c)² with P(c) = (A’s count + B’s count)/2n',
    },
    presets: {
      // The kappa examples of the notes (tests/core/golden_agreement.cpp).
      notes: { value: 'cohen', why: 'the notes “What to evaluate” and the first estimate of Bhattacharya’s CS657A notes use each judge’s marginals' },
      // IIR §8.5, Table 8.2: "pooled marginals P(nonrelevant) = (80 + 90)/(400 + 400)".
      iir: { value: 'pooled', why: 'IIR Table 8.2 pools the marginals: P(nonrelevant) = (80 + 90)/(400 + 400)' },
      croft: { value: null, why: 'this table takes no κ chance model from Croft et al.' },
      trec10: { value: null, why: 'trec_eval has no κ' },
      trec9: { value: null, why: 'trec_eval has no κ' },
      // cohen_kappa_score: "p_e is estimated using a per-annotator empirical prior".
      sklearn: { value: 'cohen', why: 'cohen_kappa_score estimates P(E) from a per-annotator prior' },
    },
  },
  {
    id: 'kappa-weights',
    param: 'weights',
    choices: ['none', 'linear', 'quadratic'],
    name: 'κ weights',
    meaning: {
      none: 'unweighted κ: any two different categories disagree fully',
      linear: 'linear disagreement weights |i − j|/(k − 1) between ordered categories',
      quadratic: 'quadratic disagreement weights ((i − j)/(k − 1))² between ordered categories',
    },
    presets: {
      // The kappa examples of the notes are unweighted (tests/core/golden_agreement.cpp).
      notes: { value: 'none', why: 'the notes’ κ examples weigh every disagreement alike' },
      iir: { value: 'none', why: 'IIR §8.5 computes unweighted κ' },
      croft: { value: null, why: 'this table takes no κ weights from Croft et al.' },
      trec10: { value: null, why: 'trec_eval has no κ' },
      trec9: { value: null, why: 'trec_eval has no κ' },
      // cohen_kappa_score(y1, y2, weights=None): "None means no weighted".
      sklearn: { value: 'none', why: 'cohen_kappa_score weighs nothing unless weights= is given' },
    },
  },
  {
    id: 'kappa-scale',
    param: 'scale',
    choices: ['iir', 'cs657a', 'landis-koch'],
    name: 'κ interpretation stated first',
    meaning: {
      iir: 'the bands of IIR §8.5 and the notes “What to evaluate” (> 0.8 good, 0.67–0.8 fair)',
      cs657a: 'the bands of Bhattacharya’s CS657A notes (> 0.8 excellent, > 0.6 good, > 0.4 fair, > 0.2 slight)',
      'landis-koch': 'Landis and Koch’s bands',
    },
    presets: {
      notes: { value: 'iir', why: 'the bands of the notes “What to evaluate” come first (those of Bhattacharya’s CS657A notes are shown too)' },
      // IIR §8.5: above 0.8 good agreement, 0.67–0.8 fair, below 0.67 a dubious basis.
      iir: { value: 'iir', why: 'IIR §8.5 reads κ > 0.8 as good and 0.67–0.8 as fair, as the notes “What to evaluate” do' },
      croft: { value: null, why: 'this table takes no reading of κ from Croft et al.' },
      trec10: { value: null, why: 'trec_eval has no κ' },
      trec9: { value: null, why: 'trec_eval has no κ' },
      sklearn: { value: null, why: 'cohen_kappa_score gives no reading of κ' },
    },
  },
  {
    id: 'tau',
    param: 'variant',
    choices: ['b', 'a'],
    name: 'Kendall’s τ with ties',
    meaning: {
      b: 'τb, which leaves tied pairs out of the denominator',
      a: 'τa = (n_c − n_d)/n_0, tied pairs counted in the denominator',
    },
    presets: {
      // The CS657A notes: τ = (n_c − n_d)/n_0, then with n_1 and n_2 tied pairs (n_c − n_d)/√((n_0
      // − n_1)(n_0 − n_2)).
      notes: { value: 'b', why: 'Bhattacharya’s CS657A notes leave tied pairs out (τb) when there are ties' },
      iir: { value: null, why: 'IIR does not define Kendall’s τ' },
      croft: { value: null, why: 'this table takes no rule for ties in Kendall’s τ from Croft et al.' },
      trec10: { value: null, why: 'trec_eval has no Kendall’s τ' },
      trec9: { value: null, why: 'trec_eval has no Kendall’s τ' },
      sklearn: { value: null, why: 'scikit-learn has no Kendall’s τ (SciPy’s kendalltau computes τb by default)' },
    },
  },
  {
    id: 'wilcoxon-zero',
    param: 'zero',
    choices: ['wilcox', 'pratt'],
    name: 'Wilcoxon’s zero differences',
    meaning: {
      wilcox: 'differences of 0 dropped before ranking',
      pratt: 'differences of 0 ranked, then their ranks dropped',
    },
    presets: {
      // The Week 3 notes name the Wilcoxon test without a rule for differences of 0.
      notes: { value: 'wilcox', why: 'the calculator’s default, Wilcoxon’s own rule (“Week 3: Metrics” names the test without one)' },
      iir: { value: null, why: 'IIR does not work the Wilcoxon test' },
      // Croft et al. §8.6.1: w = Σ R_i over the signed ranks, "N is the number of differences ≠ 0".
      croft: { value: 'wilcox', why: 'Croft et al. §8.6.1 rank only the differences that are not 0' },
      trec10: { value: null, why: 'trec_eval has no significance tests' },
      trec9: { value: null, why: 'trec_eval has no significance tests' },
      sklearn: { value: null, why: 'scikit-learn has no significance tests' },
    },
  },
  {
    id: 'wilcoxon-method',
    param: 'method',
    choices: ['exact', 'normal'],
    measures: ['wilcoxon'],
    name: 'Wilcoxon’s p-value',
    meaning: {
      exact: 'the exact distribution of W+',
      normal: 'the normal approximation',
    },
    presets: {
      notes: { value: 'exact', why: 'the calculator’s default, exact when there are no ties (“Week 3: Metrics” names the test without one)' },
      iir: { value: null, why: 'IIR does not work the Wilcoxon test' },
      croft: { value: null, why: 'this table takes no way of finding Wilcoxon’s p-value from Croft et al.' },
      trec10: { value: null, why: 'trec_eval has no significance tests' },
      trec9: { value: null, why: 'trec_eval has no significance tests' },
      sklearn: { value: null, why: 'scikit-learn has no significance tests' },
    },
  },
  {
    id: 'wilcoxon-correction',
    param: 'correction',
    choices: ['yes', 'no'],
    measures: ['wilcoxon'],
    name: 'Wilcoxon’s continuity correction',
    meaning: {
      yes: 'the normal approximation with W moved 1/2 toward its mean',
      no: 'the normal approximation without a continuity correction',
    },
    presets: {
      notes: { value: 'yes', why: 'the calculator’s default, as SciPy’s wilcoxon (correction=True) and R’s wilcox.test' },
      iir: { value: null, why: 'IIR does not work the Wilcoxon test' },
      croft: { value: null, why: 'this table takes no continuity correction from Croft et al.' },
      trec10: { value: null, why: 'trec_eval has no significance tests' },
      trec9: { value: null, why: 'trec_eval has no significance tests' },
      sklearn: { value: null, why: 'scikit-learn has no significance tests' },
    },
  },
  {
    id: 'sign-method',
    param: 'method',
    choices: ['exact', 'normal'],
    measures: ['sign'],
    name: 'The sign test’s p-value',
    meaning: {
      exact: 'the exact binomial tail',
      normal: 'the normal approximation with a continuity correction',
    },
    presets: {
      notes: { value: 'exact', why: 'the calculator’s default, the binomial probability the lecture notes “Week 3: Metrics” describe' },
      iir: { value: null, why: 'IIR does not work the sign test' },
      croft: { value: null, why: 'this table takes no way of finding the sign test’s p-value from Croft et al.' },
      trec10: { value: null, why: 'trec_eval has no significance tests' },
      trec9: { value: null, why: 'trec_eval has no significance tests' },
      sklearn: { value: null, why: 'scikit-learn has no significance tests' },
    },
  },
  {
    id: 'compat-normalize',
    param: 'normalize',
    choices: ['yes', 'no'],
    measures: ['Compat'],
    name: 'Compat’s normalisation',
    meaning: {
      yes: 'the overlap divided by the ideal ranking’s overlap with itself',
      no: 'the rank-biased overlap itself',
    },
    presets: {
      // ir_measures' compat provider: normalize=True by default (Clarke, Vtyurina and Smucker).
      notes: { value: 'yes', why: 'the calculator’s default, as ir_measures’ Compat (the notes do not define Compat)' },
      iir: { value: null, why: 'IIR does not define Compat' },
      croft: { value: null, why: 'Croft et al. do not define Compat, which is younger than the book' },
      trec10: { value: null, why: 'trec_eval has no Compat (the TREC files page computes it as ir_measures does)' },
      trec9: { value: null, why: 'trec_eval has no Compat' },
      sklearn: { value: null, why: 'scikit-learn has no Compat' },
    },
  },
];

/** The preset with this id, or undefined. */
export const presetById = (id) => PRESETS.find((preset) => preset.id === id);

const sameChoices = (a, b) => a.length === b.length && a.every((choice) => b.includes(choice));

/**
 * The convention of the table that a registry parameter is, or undefined (a parameter without
 * choices, the tests' alternative, or one the table does not know yet).
 * @param {{name: string, choices: string[], measure?: string}} param a MeasureParam of
 *   listMeasures(), with the name of its measure when known (conventionParams adds it): the
 *   sign test's method is then told from Wilcoxon's
 */
export const conventionFor = (param) =>
  CONVENTIONS.find(
    (convention) =>
      convention.param === param.name &&
      sameChoices(convention.choices, param.choices) &&
      (!convention.measures || !param.measure || convention.measures.includes(param.measure)),
  );

/**
 * What `presetId` does with a registry parameter: its value (the registry's default where the
 * preset has no opinion, or the parameter is not in the table) and why.
 * @param {string} presetId
 * @param {{name: string, choices: string[], default: string}} param
 * @returns {{value: string, opinion: boolean, why: string, convention: Convention | undefined}}
 */
export function presetChoice(presetId, param) {
  const convention = conventionFor(param);
  const preset = presetById(presetId);
  const opinion = convention?.presets[presetId];
  if (opinion?.value && param.choices.includes(opinion.value)) {
    return { value: opinion.value, opinion: true, why: opinion.why, convention };
  }
  const label = preset?.label ?? presetId;
  const why = opinion?.why ? `${opinion.why}; the calculator’s default is kept` : `${label} has no opinion; the calculator’s default is kept`;
  return { value: param.default, opinion: false, why, convention };
}

/**
 * The registry entry a measure name refers to (by name or alias, any case), or undefined.
 * @param {string} name e.g. "IPrec(rule=trec10)@0.4"
 * @param {MeasureInfo[]} registry
 */
export function measureInfoFor(name, registry) {
  // A word exercises use names a quantity of one measure when typed as the whole name, as the
  // core reads it ("precision" alone is confusion's, "precision@5" is P@5; any case, spaces,
  // hyphens and underscores ignored: "Balanced accuracy").
  const folded = (text) => text.toLowerCase().replace(/[\s_-]+/g, '');
  const whole = folded(name);
  const byWord = registry.find((info) => (info.words ?? []).some((word) => folded(word.word) === whole));
  if (byWord) return byWord;
  const base = measureBase(name).toLowerCase();
  return registry.find((info) => [info.name, ...info.aliases].some((known) => known.toLowerCase() === base));
}

/** The parameters of `info` that are conventions (two choices or more), each with `measure`. */
export const conventionParams = (info) =>
  (info?.params ?? []).map((param) => ({ ...param, measure: info.name })).filter((param) => param.choices.length > 1 && conventionFor(param));

/**
 * `name` under `presetId`: every convention the measure takes set to the preset's value (the
 * default is left out, as canonical names do). With `keepTyped`, a convention written in the
 * name is kept (the CLI: --preset fills in what the name leaves out); without it, the preset
 * wins (the page's switch rewrites the whole list). A name the registry does not know, or that
 * cannot be read, is returned unchanged.
 * @param {string} name
 * @param {string} presetId
 * @param {MeasureInfo[]} registry
 * @param {{keepTyped?: boolean}} [options]
 */
export function nameUnderPreset(name, presetId, registry, { keepTyped = false } = {}) {
  const info = measureInfoFor(name, registry);
  const parts = parseMeasureName(name);
  if (!info || !parts) return name;
  const typed = new Map(parts.params);
  return conventionParams(info).reduce((current, param) => {
    if (keepTyped && typed.has(param.name)) return current;
    return withParam(current, param.name, presetChoice(presetId, param).value, param.default);
  }, name);
}

/**
 * The conventions in force for a list of measure names: one row per convention the names take,
 * with the value each name uses (as typed, or the default) and whether that is the preset's.
 * @param {string[]} names
 * @param {string} presetId
 * @param {MeasureInfo[]} registry
 * @returns {{convention: Convention, param: string, value: string, meaning: string,
 *            measures: string[], expected: string, matches: boolean, opinion: boolean,
 *            why: string}[]}
 *   one row per (convention, value): two names using different values give two rows;
 *   `expected` is the preset's value, `matches` whether the names use it
 */
export function conventionsInForce(names, presetId, registry) {
  const rows = new Map();
  for (const name of names) {
    const info = measureInfoFor(name, registry);
    const typed = new Map(parseMeasureName(name)?.params ?? []);
    for (const param of conventionParams(info)) {
      const value = typed.get(param.name) ?? param.default;
      const choice = presetChoice(presetId, param);
      const key = `${choice.convention.id}=${value}`;
      if (!rows.has(key)) {
        rows.set(key, {
          convention: choice.convention,
          param: param.name,
          value,
          meaning: choice.convention.meaning[value] ?? value,
          measures: [],
          expected: choice.value,
          matches: value === choice.value,
          opinion: choice.opinion,
          why: choice.why,
        });
      }
      const row = rows.get(key);
      if (!row.measures.includes(info.name)) row.measures.push(info.name);
    }
  }
  return [...rows.values()];
}

/**
 * Why a name's value changed between two presets: one clause per convention that differs
 * between the two names, e.g. "trec_eval 10 uses lround(r·R) relevant documents for recall
 * level r (interpolation rule, rule=trec10)".
 * @param {string} before the name under the earlier preset
 * @param {string} after the name under `presetId`
 * @param {string} presetId
 * @param {MeasureInfo[]} registry
 * @returns {string[]}
 */
export function changedConventions(before, after, presetId, registry) {
  const info = measureInfoFor(after, registry);
  const was = new Map(parseMeasureName(before)?.params ?? []);
  const now = new Map(parseMeasureName(after)?.params ?? []);
  const label = presetById(presetId)?.label ?? presetId;
  return conventionParams(info).flatMap((param) => {
    const from = was.get(param.name) ?? param.default;
    const to = now.get(param.name) ?? param.default;
    if (from === to) return [];
    const convention = conventionFor(param);
    return [`${label} uses ${convention.meaning[to] ?? to} (${convention.name}, ${param.name}=${to})`];
  });
}

/** Two answers differ: exactly when both are exact, else beyond rounding noise. */
function valuesDiffer(a, b) {
  if (a.exact && b.exact) return a.exact !== b.exact;
  return Math.abs(a.approx - b.approx) > 1e-12 * Math.max(1, Math.abs(a.approx));
}

/**
 * The answers a switch of preset changed, each with its sentence: "Was 1/2 = 0.5 under Course
 * notes; trec_eval 10 uses lround(r·R) relevant documents for recall level r (interpolation
 * rule, rule=trec10)." Answers are matched by their place in the list (the switch rewrites
 * each name where it stands); an answer that did not change, or could not be computed, has none.
 * @param {{names: string[], outcomes: {ok: boolean, value?: Outcome}[],
 *          from: string}} before the outcomes: ComputeResults (or a page's other failures)
 * @param {{names: string[], outcomes: {ok: boolean, value?: Outcome}[],
 *          to: string}} after
 * @param {MeasureInfo[]} registry
 * @param {(num: Num) => string} format e.g. format.js formatNum
 * @returns {{index: number, text: string}[]}
 */
export function changedAnswers(before, after, registry, format) {
  const fromLabel = presetById(before.from)?.label ?? before.from;
  return after.outcomes.flatMap((result, index) => {
    const old = before.outcomes[index];
    if (!result?.ok || !old?.ok || before.names[index] === undefined) return [];
    if (!valuesDiffer(old.value.value, result.value.value)) return [];
    const why = changedConventions(before.names[index], after.names[index], after.to, registry);
    const reason = why.length ? why.join('; ') : `${presetById(after.to)?.label ?? after.to} computes it differently`;
    return [{ index, text: `Was ${format(old.value.value)} under ${fromLabel}; ${reason}.` }];
  });
}
