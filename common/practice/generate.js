// @ts-check
// Practice exercises, drawn from a seed: an input of one calculator's family and the values asked
// about it. Pure JavaScript with its own random numbers (no Math.random), so that the page, the
// command line (`irmetrics practice`) and the tests draw the very same exercise from the same
// family, difficulty and seed. The answers are not made here: the engine computes each asked value
// on the exercise's input, exactly as `irmetrics calc` would (common/practice/answers.js).

/** The families, in the menu's order: each names the calculator page that works it out. */
export const FAMILIES = [
  { id: 'ranked', page: 'ranked.html', title: 'Ranked list (P@k, R@k, AP, …)' },
  { id: 'graded', page: 'ndcg.html', title: 'Graded relevance (DCG, nDCG)' },
  { id: 'queries', page: 'queries.html', title: 'Several queries (MAP, MRR)' },
  { id: 'roc', page: 'roc.html', title: 'ROC and AUC' },
  { id: 'sets', page: 'sets.html', title: 'Sets and confusion matrices (precision, recall, F)' },
  { id: 'multiclass', page: 'multiclass.html', title: 'Multiclass confusion matrix' },
  { id: 'agreement', page: 'agreement.html', title: 'Judges’ agreement (κ)' },
  { id: 'correlation', page: 'correlation.html', title: 'Kendall’s τ' },
  { id: 'significance', page: 'significance.html', title: 'Significance tests' },
];

export const DIFFICULTIES = ['easy', 'medium', 'hard'];

/** Decimals a question asks for. The page also accepts a fraction; a quiz file asks for a decimal (quiz.js). */
export const DECIMALS = 4;

/** The largest seed: seeds are 32-bit unsigned whole numbers. */
export const MAX_SEED = 0xffffffff;

/**
 * A seed's random numbers in [0, 1): mulberry32, small and the same on every JavaScript engine
 * (only 32-bit integer arithmetic).
 * @param {number} seed a whole number from 0 to MAX_SEED
 */
export function randomFrom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Helpers over one stream of random numbers. */
function drawer(seed) {
  const next = randomFrom(seed);
  const int = (low, high) => low + Math.floor(next() * (high - low + 1));
  const pick = (items) => items[int(0, items.length - 1)];
  const chance = (p) => next() < p;
  /** `count` distinct items of `items`, in the order of `items`. */
  const some = (items, count) => {
    const chosen = new Set();
    while (chosen.size < Math.min(count, items.length)) chosen.add(int(0, items.length - 1));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i]);
  };
  const shuffle = (items) => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  return { next, int, pick, chance, some, shuffle };
}

/** An asked value: a measure's own value, or one named quantity (key) of its answer. */
const ask = (measure, key = null, label = key ?? measure) => ({ name: key ? `${measure}:${key}` : measure, measure, key, label });

/** Binary judgements with `relevant` relevant ones among `length`, at random places. */
function marks(draw, length, relevant) {
  const places = new Set(draw.some([...Array(length).keys()], relevant));
  return [...Array(length).keys()].map((i) => places.has(i));
}

// ---------------------------------------------------------------------------------------------
// One drawer per family: (draw, difficulty) → {input, relevant, asked, question}.

function ranked(draw, difficulty) {
  if (difficulty === 'hard') {
    // Unjudged documents (?) and bpref: AP counts them as not relevant, bpref leaves them out.
    const length = draw.int(10, 14);
    const judged = marks(draw, length, draw.int(3, 5));
    const unjudged = new Set(draw.some([...Array(length).keys()].filter((i) => !judged[i]), draw.int(2, 3)));
    const found = judged.filter(Boolean).length;
    const relevant = found + draw.int(1, 3);
    const k = draw.int(4, 8);
    return {
      input: judged.map((isRelevant, i) => (isRelevant ? '+' : unjudged.has(i) ? '?' : '-')).join(' '),
      relevant,
      asked: [ask('bpref'), ask('AP'), ask(`P@${k}`), ask(draw.pick(['Rprec', 'IPrec@0.5']))],
      question: `A ranked list of ${length} results: + relevant, - judged not relevant, ? not judged. ` +
        `The collection holds R = ${relevant} relevant documents.`,
    };
  }
  const length = difficulty === 'easy' ? draw.int(5, 10) : draw.int(10, 15);
  const found = difficulty === 'easy' ? draw.int(2, Math.min(4, length - 2)) : draw.int(3, 6);
  const judged = marks(draw, length, found);
  const relevant = found + draw.int(0, difficulty === 'easy' ? 2 : 4);
  const k = draw.int(3, Math.min(length, 10));
  const labels = difficulty === 'medium';
  const input = labels
    ? judged.map((isRelevant, i) => (isRelevant ? `*D${i + 1}*` : `D${i + 1}`)).join(', ')
    : judged.map((isRelevant) => (isRelevant ? 'R' : 'N')).join(' ');
  const asked = difficulty === 'easy'
    ? [ask(`P@${k}`), ask(`R@${k}`), ask(draw.pick(['AP', 'RR']))]
    : [ask('AP'), ask(`P@${k}`), ask(`F@${k}`), ask(draw.pick(['Rprec', 'IPrec@0.3', 'AP@5']))];
  return {
    input,
    relevant,
    asked,
    question: labels
      ? `A ranked list of ${length} documents; the relevant ones are starred. The collection holds R = ${relevant} relevant documents.`
      : `A ranked list of ${length} results: R relevant, N not relevant. The collection holds R = ${relevant} relevant documents.`,
  };
}

function graded(draw, difficulty) {
  const length = { easy: draw.int(5, 7), medium: draw.int(6, 10), hard: draw.int(8, 12) }[difficulty];
  const top = difficulty === 'hard' ? 4 : 3;
  const grades = Array.from({ length }, () => draw.int(0, top));
  if (grades.every((grade) => grade === 0)) grades[draw.int(0, length - 1)] = top;
  const k = draw.int(3, length);
  const asked = {
    easy: [ask(`DCG@${k}`), ask(`nDCG@${k}`)],
    medium: [ask(`DCG@${k}`), ask(`IDCG@${k}`), ask(`nDCG@${k}`)],
    hard: [ask(`nDCG@${k}`), ask(`nDCG(dcg=trec)@${k}`), ask(`nDCG(dcg=burges)@${k}`)],
  }[difficulty];
  return {
    input: grades.join(' '),
    relevant: null,
    asked,
    question: `A ranking of ${length} documents judged on a scale from 0 (not relevant) to ${top}, ` +
      'in rank order. The ideal ranking sorts these same grades.',
  };
}

function queries(draw, difficulty) {
  const count = { easy: 2, medium: 3, hard: 4 }[difficulty];
  const blocks = [];
  for (let q = 1; q <= count; q += 1) {
    const length = difficulty === 'easy' ? draw.int(5, 6) : draw.int(6, 10);
    // Hard: one query finds nothing relevant (its AP and RR are 0, gMAP floors it).
    const found = difficulty === 'hard' && q === count ? 0 : draw.int(1, Math.min(4, length - 1));
    const judged = marks(draw, length, found);
    const relevant = Math.max(1, found + draw.int(0, 2));
    blocks.push(`q${q} relevant=${relevant}\n${judged.map((isRelevant) => (isRelevant ? '+' : '-')).join(' ')}`);
  }
  const asked = {
    easy: [ask('MAP'), ask('MRR')],
    medium: [ask('MAP'), ask('MRR'), ask('mean(P@5)', null, 'mean P@5')],
    hard: [ask('MAP'), ask('gMAP'), ask('mean(Rprec)', null, 'mean R-precision')],
  }[difficulty];
  return {
    input: blocks.join('\n\n'),
    relevant: null,
    asked,
    question: `${count} queries, each a ranked list (+ relevant, - not relevant) with its number of relevant documents R.`,
  };
}

function roc(draw, difficulty) {
  const length = { easy: 6, medium: draw.int(8, 10), hard: draw.int(8, 10) }[difficulty];
  const positives = draw.int(2, length - 2);
  const labels = marks(draw, length, positives);
  // Distinct scores from high to low; hard: some equal scores (ties count one half in AUC).
  const scores = [];
  let value = draw.int(90, 99);
  for (let i = 0; i < length; i += 1) {
    scores.push((value / 100).toFixed(2));
    const tie = difficulty === 'hard' && i > 0 && draw.chance(0.3);
    value -= tie ? 0 : draw.int(3, 9);
  }
  if (difficulty === 'hard' && new Set(scores).size === length) scores[2] = scores[1];
  const asked = {
    easy: [ask('AUC')],
    medium: [ask('AUC'), ask('EER')],
    hard: [ask('AUC'), ask('AUC-PR')],
  }[difficulty];
  return {
    input: labels.map((positive, i) => `${positive ? 1 : 0} ${scores[i]}`).join('\n'),
    relevant: null,
    asked,
    question: `${length} items, one per line: the true label (1 positive, 0 negative) and the classifier's score.`,
  };
}

function sets(draw, difficulty) {
  if (difficulty === 'easy' || difficulty === 'hard') {
    const scale = difficulty === 'easy' ? 10 : 60;
    const tp = draw.int(1, scale);
    const fp = draw.int(1, scale);
    const fn = draw.int(1, scale);
    const tn = draw.int(1, scale * 3);
    const asked = difficulty === 'easy'
      ? [ask('confusion', 'precision'), ask('confusion', 'recall'), ask('F', null, 'F1')]
      : [ask('confusion', 'specificity'), ask('F(beta=2)', null, 'F2 (β = 2)'), ask('F(beta=0.5)', null, 'F0.5 (β = 0.5)'), ask('confusion', 'jaccard', 'the Jaccard coefficient')];
    return {
      input: `tp=${tp} fp=${fp} fn=${fn} tn=${tn}`,
      relevant: null,
      asked,
      question: 'The four counts of a search result against the judgements: true and false positives, false and true negatives.',
    };
  }
  const size = draw.int(8, 12);
  const docs = Array.from({ length: size }, (_, i) => `d${i + 1}`);
  let relevant = draw.some(docs, draw.int(2, 5));
  let returned = draw.some(docs, draw.int(2, 6));
  // At least one hit, so precision and recall are not both 0.
  if (!returned.some((doc) => relevant.includes(doc))) returned = [...new Set([...returned, relevant[0]])].sort((a, b) => docs.indexOf(a) - docs.indexOf(b));
  relevant = relevant.slice();
  return {
    input: `relevant: ${relevant.join(' ')}\nreturned: ${returned.join(' ')}\nall: ${docs.join(' ')}`,
    relevant: null,
    asked: [ask('confusion', 'precision'), ask('confusion', 'recall'), ask('confusion', 'accuracy'), ask('F', null, 'F1')],
    question: `A collection of ${size} documents: the relevant ones and the ones the system returned.`,
  };
}

function multiclass(draw, difficulty) {
  const names = { easy: ['cat', 'dog'], medium: ['cat', 'dog', 'bird'], hard: ['cat', 'dog', 'bird', 'fish'] }[difficulty];
  const high = { easy: 9, medium: 8, hard: 12 }[difficulty];
  const rows = names.map((_, i) => names.map((__, j) => (i === j ? draw.int(3, high) : draw.int(0, Math.ceil(high / 3)))));
  // At least one mistake, so accuracy is not simply 1.
  if (rows.every((row, i) => row.every((count, j) => i === j || count === 0))) rows[1][0] = draw.int(1, 3);
  const width = Math.max(...names.map((name) => name.length), ...rows.flat().map((count) => String(count).length)) + 1;
  const pad = (text) => String(text).padStart(width);
  const input = [' '.repeat(4) + names.map(pad).join(''), ...rows.map((row, i) => names[i].padEnd(4) + row.map(pad).join(''))].join('\n');
  const asked = {
    easy: [ask('multiclass', 'accuracy'), ask('multiclass', 'macro_F1', 'macro-averaged F1')],
    medium: [ask('multiclass', 'accuracy'), ask('multiclass', 'macro_F1', 'macro-averaged F1'), ask('multiclass', 'micro_F1', 'micro-averaged F1')],
    hard: [ask('multiclass', 'macro_precision', 'macro-averaged precision'), ask('multiclass', 'macro_recall', 'macro-averaged recall'),
      ask('multiclass', 'macro_F1', 'macro-averaged F1')],
  }[difficulty];
  return {
    input,
    relevant: null,
    asked,
    question: `A confusion matrix of ${names.length} classes: a row per true class, a column per predicted class.`,
  };
}

function agreement(draw, difficulty) {
  if (difficulty === 'hard') {
    // Fleiss' κ: a row per document, a column per grade, each row summing to the raters.
    const raters = draw.int(3, 5);
    const grades = 3;
    const documents = draw.int(4, 6);
    const rows = Array.from({ length: documents }, () => {
      const row = Array(grades).fill(0);
      for (let r = 0; r < raters; r += 1) row[draw.int(0, grades - 1)] += 1;
      return row;
    });
    return {
      input: rows.map((row) => row.join(' ')).join('\n'),
      relevant: null,
      asked: [ask('fleiss', 'PA', 'P̄ (mean agreement)'), ask('fleiss', 'PE', 'P̄e (chance agreement)'), ask('fleiss', null, 'Fleiss’ κ')],
      question: `${documents} documents, each graded by ${raters} raters on ${grades} grades: a row per document, ` +
        'the number of raters who gave each grade.',
    };
  }
  const labels = difficulty === 'easy' ? ['R', 'N'] : ['0', '1', '2'];
  const rows = labels.map((_, i) => labels.map((__, j) => (i === j ? draw.int(8, 30) : draw.int(1, 10))));
  const width = Math.max(...rows.flat().map((count) => String(count).length)) + 1;
  const pad = (text) => String(text).padStart(width);
  const input = ['  ' + labels.map(pad).join(''), ...rows.map((row, i) => labels[i].padEnd(2) + row.map(pad).join(''))].join('\n');
  return {
    input,
    relevant: null,
    asked: [ask('kappa', 'PA', 'P(A)'), ask('kappa', 'PE', 'P(E)'), ask('kappa', null, 'κ')],
    question: `Two judges labelled the same documents ${labels.join(', ')}: a row per label of judge A, a column per label of judge B, the count of documents in each cell.`,
  };
}

function correlation(draw, difficulty) {
  const length = { easy: 5, medium: draw.int(6, 8), hard: draw.int(6, 8) }[difficulty];
  const first = [...Array(length).keys()].map((i) => i + 1);
  let x = first;
  let y = draw.shuffle(first);
  if (difficulty === 'hard') {
    // Tied ranks: two items share a rank in each ranking (written as the same number).
    const tieX = draw.int(0, length - 2);
    x = first.map((rank, i) => (i === tieX + 1 ? first[tieX] : rank));
    const tieY = draw.int(0, length - 2);
    y = y.map((rank) => (rank === tieY + 2 ? tieY + 1 : rank));
  }
  return {
    input: `x: ${x.join(' ')}\ny: ${y.join(' ')}`,
    relevant: null,
    asked: difficulty === 'hard' ? [ask('tau', 'tau_a', 'τa'), ask('tau', 'tau_b', 'τb')] : [ask('tau', null, 'Kendall’s τ')],
    question: difficulty === 'hard'
      ? `Two rankings x and y of the same ${length} items (item i in column i), with tied ranks.`
      : `Two rankings x and y of the same ${length} items (item i in column i).`,
  };
}

function significance(draw, difficulty) {
  const count = { easy: 6, medium: 8, hard: 10 }[difficulty];
  const lines = [];
  for (let q = 1; q <= count; q += 1) {
    const x = draw.int(20, 90);
    // Mostly x ahead; hard adds a level query (a zero difference the sign test drops).
    const gap = difficulty === 'hard' && q === 3 ? 0 : draw.chance(0.75) ? draw.int(1, 18) : -draw.int(1, 12);
    const y = Math.min(99, Math.max(1, x - gap));
    lines.push(`q${q} ${(x / 100).toFixed(2)} ${(y / 100).toFixed(2)}`);
  }
  const asked = {
    easy: [ask('sign', null, 'the sign test’s p-value (two-sided)')],
    medium: [ask('sign', null, 'the sign test’s p-value (two-sided)'), ask('ttest', 't', 'the paired t statistic')],
    hard: [ask('ttest', 't', 'the paired t statistic'), ask('wilcoxon', 'W_plus', 'W+ of the Wilcoxon test'), ask('sign', null, 'the sign test’s p-value (two-sided)')],
  }[difficulty];
  return {
    input: lines.join('\n'),
    relevant: null,
    asked,
    question: `The scores of two systems x and y on ${count} queries, a query per line: query, x, y.`,
  };
}

const DRAWERS = { ranked, graded, queries, roc, sets, multiclass, agreement, correlation, significance };

/**
 * @typedef {{id: string, family: string, difficulty: string, seed: number, input: string,
 *   relevant: number | null, asked: {name: string, measure: string, key: string | null,
 *   label: string}[], question: string}} Exercise
 *   asked: the values to work out; name is the measure, or MEASURE:KEY for one named quantity
 *   of its answer (`irmetrics calc MEASURE --json` → values.KEY)
 */

/**
 * The exercise of a family, difficulty and seed. Every exercise of a seed is the same wherever
 * it is drawn; `irmetrics practice --seed S --count N` draws the seeds S, S+1, …, S+N−1.
 * @param {string} family one of FAMILIES' ids
 * @param {string} difficulty easy, medium or hard
 * @param {number} seed a whole number from 0 to MAX_SEED
 * @returns {Exercise}
 */
export function drawExercise(family, difficulty, seed) {
  const make = DRAWERS[family];
  if (!make) throw new RangeError(`unknown family '${family}'`);
  if (!DIFFICULTIES.includes(difficulty)) throw new RangeError(`unknown difficulty '${difficulty}'`);
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) throw new RangeError(`a seed is a whole number from 0 to ${MAX_SEED}`);
  const drawn = make(drawer(seed), difficulty);
  return { id: `${family}-${difficulty}-${seed}`, family, difficulty, seed, ...drawn };
}

/** `count` exercises from `seed` on (seeds wrap past MAX_SEED to 0). */
export const drawExercises = (family, difficulty, seed, count) =>
  Array.from({ length: count }, (_, i) => drawExercise(family, difficulty, (seed + i) % (MAX_SEED + 1)));

/** A fresh seed for when none is given (the only place chance enters). */
export const freshSeed = () => Math.floor(Math.random() * 1000000);

/**
 * Reads a seed as typed ("42"); null when it is not a whole number from 0 to MAX_SEED.
 * @param {string} text
 */
export function parseSeed(text) {
  if (!/^\s*\d{1,10}\s*$/.test(String(text))) return null;
  const seed = Number(text);
  return seed <= MAX_SEED ? seed : null;
}
