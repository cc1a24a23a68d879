// @ts-check
// The "Pooling" calculator: several runs (RUN TOPIC: lines or TREC run lines) and, optionally,
// judgments (qrels TOPIC: lines or TREC qrels) in; each topic's depth-k pool, its size, each
// run's unique contribution and, with judgments, each run's scores under the two assumptions
// about unjudged documents out. The depth field sets the cutoff of pool@k. See
// calculator-page.js.

import { THREE_RUNS } from '../examples.js';
import { startCalculator } from './calculator-page.js';

/** Topic q1 of the same runs and judgments as TREC files: run lines `topic Q0 doc rank score run`, qrels `topic 0 doc rel`. */
const TREC = `q1 Q0 d1 1 0.9 A
q1 Q0 d2 2 0.8 A
q1 Q0 d3 3 0.7 A
q1 Q0 d4 4 0.6 A
q1 Q0 d2 1 0.9 B
q1 Q0 d6 2 0.8 B
q1 Q0 d1 3 0.7 B
q1 Q0 d7 4 0.6 B
q1 Q0 d8 1 0.9 C
q1 Q0 d2 2 0.8 C
q1 Q0 d9 3 0.7 C
q1 Q0 d1 4 0.6 C
q1 0 d1 1
q1 0 d2 0
q1 0 d3 0
q1 0 d6 1
q1 0 d8 0
q1 0 d9 0`;

startCalculator({
  calc: 'pooling',
  defaultMeasures: 'pool@10',
  paramFields: [{ measure: 'pool', cutoff: 'depth' }],
  emptyMessage: 'Paste the runs (and the judgments, if you have them), or pick an example.',
  presets: [
    { id: 'Pool@3', name: 'Three runs, two topics', input: THREE_RUNS, measures: 'pool@3' },
    { id: 'Pool@5', name: 'The same runs, deeper', input: THREE_RUNS, measures: 'pool@5' },
    { id: 'TREC', name: 'One topic as TREC run and qrels lines', input: TREC, measures: 'pool@3' },
  ],
});
