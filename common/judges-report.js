// @ts-check
// Two sets of judgments compared, the part the command line (bin/lib/judges.mjs) and the TREC
// files page (web/js/trec-worker.js, web/js/render/trec-judges.js) share: reading both qrels
// and the runs into two sessions (judgeInSessions), the leaderboards' input taken from the
// runs' two TREC reports, and what the report shows as rows of cells (the
// grade table, the statistics, binary κ, the topics that disagree most, each measure's two
// leaderboards) and as sentences. Pure functions: no DOM, no engine. The report itself is the
// core's (irm/judges.h: judgesSessions, judgesAgreement and judgesLeaderboards, docs/js-api.md).

import { scoresFromReport } from './compare-report.js';

/** The measures of the leaderboards when none is asked for (irmetrics judges' -m). */
export const JUDGES_DEFAULT_MEASURES = ['map', 'P.10', 'ndcg_cut.10'];

/**
 * trec_eval's arguments each run is scored with under each qrels: per topic (-q), every topic of
 * the qrels (-c: a run's missing topic scores 0, as irmetrics compare has it), the measures.
 * @param {string[]} measures
 */
export const leaderboardArgs = (measures) => ['-q', '-c', ...(measures.length ? measures : JUDGES_DEFAULT_MEASURES).flatMap((measure) => ['-m', measure])];

/**
 * trec's warning about a topic that one qrels judges and a run does not retrieve: under -c it is
 * scored over an empty ranking. The judges report counts such topics itself, so the warning is
 * not passed on.
 */
export const isEmptyTopicWarning = (warning) => /with -c each is evaluated over an empty ranking/.test(warning);

/**
 * The leaderboards' input (judgesLeaderboards' `measures`) from the runs' TREC reports under A
 * and under B (each made with leaderboardArgs): per measure, the runs and each run's scores on
 * the topics both reports hold.
 * @param {any} reportA
 * @param {any} reportB
 * @returns {{ok: true, boards: {measure: string, runs: string[], topics: string[], a: number[][], b: number[][]}[]}
 *   | {ok: false, message: string}}
 */
export function leaderboardInput(reportA, reportB) {
  const scored = [];
  for (const report of [reportA, reportB]) {
    const scores = scoresFromReport(report);
    if (scores.ok === false) return { ok: false, message: /** @type {{message: string}} */ (scores).message };
    scored.push(/** @type {any} */ (scores).input);
  }
  const [underA, underB] = scored;
  const inB = new Set(underB.topics);
  const shared = underA.topics.filter((topic) => inB.has(topic));
  const pick = (input, rows) => {
    const at = new Map(input.topics.map((topic, t) => [topic, t]));
    return rows.map((row) => shared.map((topic) => row[at.get(topic)]));
  };
  return {
    ok: true,
    boards: underA.scores.map((scoreA, m) => ({
      measure: scoreA.measure,
      runs: underA.runs,
      topics: shared,
      a: pick(underA, scoreA.byRun),
      b: pick(underB, underB.scores[m].byRun),
    })),
  };
}

/**
 * The judges' report of two qrels and the runs, the one flow of the command line and the TREC
 * page's worker: each qrels read by `feed` into a TrecSession of its own (in pieces, as the
 * caller reads its files), the two compared (judgesSessions); with runs, every run fed to both
 * sessions (leaderboardArgs: -q -c and the measures) and the leaderboards (judgesLeaderboards).
 * The sessions are always released.
 * @param {any} engine the wasm module
 * @param {{qrels: [any, any], runs: any[], measures: string[], confidence: string,
 *          options: object, feed: (session: any, kind: 'qrels' | 'run', source: any) => Promise<any>,
 *          nameOf: (source: any) => string}} request `qrels` and `runs` are the caller's sources;
 *   `feed` answers what endQrels/endRun answer (or a failed status, or {cancelled: true});
 *   `options` judgesLeaderboards' (rboP, bootstrap, seed)
 * @returns {Promise<{ok: true, report: any, warnings: string[], leaderboardsError: string | null}
 *   | {ok: false, error: any} | {ok: false, cancelled: true}>} an error about a file names it
 *   (error.file); `leaderboardsError` says why there are no leaderboards when the runs could
 *   not give them (the agreement stands); `warnings` are the runs' (a topic one qrels lacks is
 *   left out, not warned about: the report counts it)
 */
export async function judgeInSessions(engine, { qrels, runs, measures, confidence, options, feed, nameOf }) {
  const sessions = [];
  try {
    for (const source of qrels) {
      const session = new engine.TrecSession();
      sessions.push(session);
      session.keepTopicLists(false);
      // The measures matter only with runs: without, an -m the engine does not know is no error.
      const configured = session.configure(leaderboardArgs(runs.length > 0 ? measures : []));
      if (!configured.ok) return configured;
      const read = await feed(session, 'qrels', source);
      if (read.cancelled) return read;
      if (!read.ok) return { ok: false, error: { ...read.error, file: read.error.file || nameOf(source) } };
    }
    const agreement = engine.judgesSessions(sessions[0], sessions[1], confidence);
    if (!agreement.ok) return agreement;
    const report = JSON.parse(agreement.json);
    const warnings = new Set();
    if (runs.length === 0) return { ok: true, report, warnings: [], leaderboardsError: null };
    const scored = [];
    for (const session of sessions) {
      for (const run of runs) {
        const ended = await feed(session, 'run', run);
        if (ended.cancelled) return ended;
        if (!ended.ok) return { ok: false, error: { ...ended.error, file: ended.error.file || nameOf(run) } };
        for (const warning of ended.warnings ?? []) if (!isEmptyTopicWarning(warning)) warnings.add(warning);
      }
      scored.push(JSON.parse(session.report('json', 17)));
    }
    const input = leaderboardInput(scored[0], scored[1]);
    if (input.ok === false) {
      return { ok: true, report, warnings: [...warnings], leaderboardsError: /** @type {{message: string}} */ (input).message };
    }
    const boards = engine.judgesLeaderboards(/** @type {any} */ (input).boards, { ...options, confidence });
    if (!boards.ok) return { ok: true, report, warnings: [...warnings], leaderboardsError: boards.error.message };
    report.leaderboards = JSON.parse(boards.json);
    return { ok: true, report, warnings: [...warnings], leaderboardsError: null };
  } finally {
    for (const session of sessions) session.delete();
  }
}

/** A value to `digits` decimals, or "undefined (0/0)" for null. */
export const fixedOrUndefined = (value, digits) => (value === null || value === undefined ? 'undefined (0/0)' : value.toFixed(digits));
/** An interval [low, high] to `digits` decimals, or '' when there is none. */
export const intervalText = (range, digits) => (range ? `[${range[0].toFixed(digits)}, ${range[1].toFixed(digits)}]` : '');
/** A p-value: 0 as 0, below 10⁻⁴ in scientific notation, else to 4 decimals. */
export const pValueText = (value) => (value === 0 ? '0' : value < 1e-4 ? value.toExponential(2) : value.toFixed(4));
/** The confidence level as a percentage: 0.95 → "95%". */
export const levelText = (confidence) => `${Math.round(confidence * 1000) / 10}%`;

/**
 * The agreement statistics: label, key in `agreement`, key of its interval (or null), and the
 * agreement calculator's measure that works it out on the grade table (or null).
 */
export const STATISTICS = [
  ['percent agreement', 'percent', null],
  ["Cohen's κ", 'kappa', 'kappa_ci'],
  ['weighted κ, linear', 'kappa_linear', 'kappa_linear_ci'],
  ['weighted κ, quadratic', 'kappa_quadratic', 'kappa_quadratic_ci'],
  ["Krippendorff's α, ordinal", 'krippendorff_ordinal', null],
  ["Krippendorff's α, nominal", 'krippendorff_nominal', null],
];

/**
 * The report's tables as rows of cells (the first row the header): the grade table with its
 * totals, the statistics, binary κ at each pair of thresholds, the topics that disagree most.
 * @param {any} report judgesAgreement's report
 * @param {number} digits
 */
export function judgesTables(report, digits) {
  const { grades, table, agreement } = report;
  const columnTotals = grades.map((_, j) => table.reduce((sum, row) => sum + row[j], 0));
  const grid = [
    ['A \\ B', ...grades.map(String), 'total'],
    ...table.map((row, i) => [String(grades[i]), ...row.map(String), String(row.reduce((s, c) => s + c, 0))]),
    ['total', ...columnTotals.map(String), String(report.documents.both)],
  ];
  const stats = [
    ['statistic', 'value', 'exact', `${levelText(agreement.confidence)} interval`],
    ...STATISTICS.map(([label, key, ci]) => [
      label, fixedOrUndefined(agreement[key], digits), agreement.exact[key] ?? '', ci ? intervalText(agreement[ci], digits) : '',
    ]),
  ];
  const aThresholds = [...new Set(agreement.binary.map((entry) => entry.a))];
  const bThresholds = [...new Set(agreement.binary.map((entry) => entry.b))];
  const binary = [
    ['A \\ B', ...bThresholds.map((t) => `≥${t}`)],
    ...aThresholds.map((ta) => [`≥${ta}`, ...bThresholds.map((tb) => {
      const entry = agreement.binary.find((e) => e.a === ta && e.b === tb);
      return fixedOrUndefined(entry.kappa, digits);
    })]),
  ];
  const byTopic = new Map(report.per_topic.map((row) => [row.topic, row]));
  const topicRow = (row) => [row.topic, String(row.both), String(row.agree), fixedOrUndefined(row.percent, digits), fixedOrUndefined(row.kappa, digits)];
  const header = ['topic', 'both', 'agree', 'percent', 'κ'];
  const worst = [header, ...report.disagree_most.map((topic) => topicRow(byTopic.get(topic)))];
  const perTopic = [header, ...report.per_topic.map(topicRow)];
  return { grid, stats, binary, worst, perTopic };
}

/** The two lines that count the topics and documents of each file. */
export function judgesSummaryLines(report) {
  const { topics, documents, files } = report;
  const list = (ids) => (ids.length ? ids.join(' ') : 'none');
  return [
    `Topics: ${topics.a} in ${files.a} (A), ${topics.b} in ${files.b} (B), ${topics.both} in both; only in A: ${list(topics.only_a)}; only in B: ${list(topics.only_b)}`,
    `Documents: ${documents.a} judged in A, ${documents.b} in B, ${documents.both} in both; ${documents.only_a} only in A and ${documents.only_b} only in B (left out)`,
  ];
}

/**
 * Each measure's two leaderboards side by side (rows, in A's order), the sentence of their
 * agreement and the sentence of the pairs that swap.
 * @param {any} report judgesAgreement's report with `leaderboards` (judgesLeaderboards')
 * @param {number} digits
 */
export function leaderboardParts(report, digits) {
  return Object.entries(report.leaderboards ?? {}).map(([measure, board]) => {
    const rankOf = (order) => new Map(order.map((run, rank) => [run, rank + 1]));
    const [rankA, rankB] = [rankOf(board.order_a), rankOf(board.order_b)];
    const rows = [
      ['run', `${measure} A`, 'rank A', `${measure} B`, 'rank B'],
      ...board.order_a.map((r) => [board.runs[r], board.mean_a[r].toFixed(digits), String(rankA.get(r)),
        board.mean_b[r].toFixed(digits), String(rankB.get(r))]),
    ];
    const p = (value) => (value === null ? '' : `, p = ${pValueText(value)}`);
    const lines = [
      `Kendall's τ_b ${fixedOrUndefined(board.kendall_tau_b, digits)}${board.kendall_tau_b_ci ? ` (${levelText(report.agreement.confidence)} bootstrap interval ${intervalText(board.kendall_tau_b_ci, digits)})` : ''}; ` +
        `τ_AP ${fixedOrUndefined(board.tau_ap, digits)}; Spearman's ρ ${fixedOrUndefined(board.spearman, digits)}${p(board.spearman_p)}; ` +
        `Pearson's r ${fixedOrUndefined(board.pearson, digits)}${p(board.pearson_p)}; RBO ${fixedOrUndefined(board.rbo, digits)}`,
      board.swaps.length === 0
        ? 'No pair of runs swaps.'
        : `${board.swaps.length} ${board.swaps.length === 1 ? 'pair swaps' : 'pairs swap'}: ` +
          board.swaps.map((swap) => `${swap.a} > ${swap.b} under A (${swap.diff_a.toFixed(digits)}) but not under B (${swap.diff_b.toFixed(digits)})`).join('; '),
    ];
    return { measure, board, rows, lines };
  });
}

/** The agreement's notes, then the leaderboards' (each said once). */
export const judgesNotes = (report) => [...new Set([...report.notes, ...Object.values(report.leaderboards ?? {}).flatMap((board) => board.notes)])];
