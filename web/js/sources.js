// @ts-check
// The course notes the calculator's worked examples and default conventions come from, cited so
// that a reader who has never seen them can find them: author, course and title where the notes
// give them, the title otherwise. The pages' example buttons (pages/*.js) and the convention
// presets (common/presets.js) name their source through this table, never by an internal number.
// Plain data, no imports, so node tests can import it too.

/** @type {Object<string, {short: string, full: string}>} */
export const SOURCES = {
  evaluationMetrics: {
    short: 'the notes “Evaluation Metrics”',
    full: 'the study notes “Evaluation Metrics” (2023)',
  },
  whatToEvaluate: {
    short: 'the notes “What to evaluate”',
    full: 'the study notes “What to evaluate” (metrics, pooling and agreement between judges)',
  },
  bhattacharya: {
    short: 'Bhattacharya’s CS657A notes',
    full: 'Arnab Bhattacharya, “Information retrieval evaluation measures”, CS657A, IIT Kanpur (2021–22)',
  },
  evaluationQA: {
    short: 'the notes “Evaluation”',
    full: 'the question-and-answer notes “Evaluation” (“What is… precision, recall, interpolated precision?”)',
  },
  krippendorff2011: {
    short: 'Krippendorff (2011)',
    full: 'Klaus Krippendorff, “Computing Krippendorff’s Alpha-Reliability”, University of Pennsylvania (2011)',
  },
  week3: {
    short: 'the lecture notes “Week 3: Metrics”',
    full: 'the lecture notes “Week 3: Metrics”',
  },
};

/**
 * A source's short citation, or '' when there is none.
 * @param {string | undefined} key a key of SOURCES
 */
export const citation = (key) => SOURCES[key]?.short ?? '';
