// @ts-check
// Inputs of worked examples that several places show: a page's presets, the home page's "try
// it" links (calculators.js) and the browser tests, which work the answers out by hand. Plain
// data, no imports, so node tests can import it too.

/** The Fleiss table of Bhattacharya's CS657A notes: 10 documents, 5 categories, 14 raters each. */
export const NOTE_002_RATINGS = [
  '0 0 0 0 14',
  '0 2 6 4 2',
  '0 0 3 5 6',
  '0 3 9 2 0',
  '2 2 8 1 1',
  '7 7 0 0 0',
  '3 2 6 3 0',
  '2 5 3 2 2',
  '6 5 2 1 0',
  '0 2 2 3 7',
].join('\n');

/**
 * Krippendorff's own example ("Computing Krippendorff's Alpha-Reliability", 2011): 4 observers,
 * 12 units, values 1–5, * for a missing judgment. α = 0.743 nominal, 0.815 ordinal, 0.849
 * interval, 0.797 ratio.
 */
export const KRIPPENDORFF_2011 = [
  'A: 1 2 3 3 2 1 4 1 2 * * *',
  'B: 1 2 3 3 2 2 4 1 2 5 * 3',
  'C: * 3 3 3 2 3 4 2 2 5 1 *',
  'D: 1 2 3 3 2 4 4 1 2 5 1 *',
].join('\n');

/**
 * The APs of two systems x and y over ten queries, a query per line: x ahead on 8, behind on 1
 * (q6), level on q4.
 */
export const TEN_QUERIES = [
  'q1 0.62 0.48',
  'q2 0.39 0.30',
  'q3 0.71 0.52',
  'q4 0.45 0.45',
  'q5 0.58 0.41',
  'q6 0.22 0.31',
  'q7 0.80 0.66',
  'q8 0.53 0.40',
  'q9 0.35 0.28',
  'q10 0.67 0.49',
].join('\n');

/** Three runs A, B, C over two topics, and judgments of their depth-3 pool. */
export const THREE_RUNS = [
  '# three runs, two topics',
  'A q1: d1 d2 d3 d4 d5',
  'B q1: d2 d6 d1 d7 d3',
  'C q1: d8 d2 d9 d1 d4',
  'A q2: d10 d11 d12 d13',
  'B q2: d11 d14 d10 d15',
  'C q2: d16 d10 d11 d17',
  '',
  '# judgments of the depth-3 pool: + relevant',
  'qrels q1: d1+ d2 d3 d6+ d8 d9',
  'qrels q2: d10+ d11 d12+ d14 d16',
].join('\n');
