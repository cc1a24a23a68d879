// @ts-check
// The TREC files page's "Two qrels compared" section: what the worker's `judges` part of an
// evaluation says (trec-worker.js; the report of irmetrics judges, common/judges-report.js) as
// tables, with links that open the same numbers, worked out, in the agreement calculator (the
// grade table: κ and weighted κ; the grades of each document: Krippendorff's α) and the
// correlation calculator (each measure's two leaderboards: τ_b, τ_AP, ρ, r, and RBO).

import {
  judgesNotes, judgesSummaryLines, judgesTables, leaderboardParts,
} from '../../../common/judges-report.js';
import { hashFor } from '../url-state.js';
import { el, scrollingTable } from './dom.js';

/** Above this many documents judged in both, no link carries their grades (it would be too long). */
const MAX_LINKED_DOCUMENTS = 1000;

/**
 * A table from rows of cells (the first row the header); the first cell of a row is its header.
 * @param {string[][]} rows
 * @param {string} caption
 * @param {string} [className]
 */
function rowsTable(rows, caption, className = 'trec-judges-table') {
  return scrollingTable({
    caption,
    className,
    columns: rows[0],
    rows: rows.slice(1).map(([head, ...cells]) => el('tr', {}, el('th', { scope: 'row', text: head }), ...cells.map((text) => el('td', { class: 'is-number', text })))),
  });
}

/** A link that opens in a new tab, with the sentence after it. */
const workingLink = (href, text, after, data) => el('p', { class: 'trec-judges-link' }, el('a', { href, target: '_blank', rel: 'noopener', [data]: true }, text), after);

/**
 * The agreement calculator's links: the grade table (Cohen's κ and weighted κ, the same table the
 * report's κ are worked out on), and each document's two grades as two coders' rows
 * (Krippendorff's α) when there are not too many.
 * @param {any} report
 */
export function agreementLinks(report) {
  const { table, grades } = report;
  const counts = table.map((row) => row.join(' ')).join('\n');
  const kappa = `./agreement.html#${hashFor({ calc: 'agreement', in: counts, m: 'kappa, kappa(weights=linear), kappa(weights=quadratic)' })}`;
  let alpha = null;
  if (report.documents.both <= MAX_LINKED_DOCUMENTS && grades.length > 1) {
    const a = [];
    const b = [];
    table.forEach((row, i) => row.forEach((count, j) => {
      for (let k = 0; k < count; k += 1) {
        a.push(grades[i]);
        b.push(grades[j]);
      }
    }));
    const input = `A: ${a.join(' ')}\nB: ${b.join(' ')}`;
    alpha = `./agreement.html#${hashFor({ calc: 'agreement', in: input, m: 'krippendorff(level=ordinal), krippendorff(level=nominal)' })}`;
  }
  return { kappa, alpha };
}

/**
 * The correlation calculator's links for one measure's two leaderboards: the runs' means under A
 * and under B, in the runs' order (τ_b, τ_AP with A as the truth, ρ, r), and the two orders of
 * the runs (RBO, equal means a tie group). A mean is written to 12 significant digits, as the
 * judges report hands them to the same calculators.
 * @param {any} board a leaderboard of the report (judgesLeaderboards')
 * @param {string} rboP
 */
export function correlationLinks(board, rboP) {
  const twelve = (value) => Number(value.toPrecision(12));
  const means = `A: ${board.mean_a.map(twelve).join(' ')}\nB: ${board.mean_b.map(twelve).join(' ')}`;
  // τ_AP as Yilmaz, Aslam and Robertson define it takes no tie; with tied means, τ_AP,b (the
  // report's own fallback).
  const tied = [board.mean_a, board.mean_b].some((list) => new Set(list.map(twelve)).size < list.length);
  const scores = `./correlation.html#${hashFor({ calc: 'correlation', in: means, m: `tau(variant=b), ${tied ? 'tau_ap(ties=b)' : 'tau_ap'}, spearman, pearson` })}`;
  // A run's name must be one item of a ranking: spaces and parentheses become '_' (when that
  // makes two names one, RBO's link stays out). Runs of equal means are a tie group, (R1 R2).
  const names = board.runs.map((name) => name.replace(/[\s()]/g, '_'));
  const ranking = (order, list) => {
    const groups = [];
    for (const r of order) {
      const last = groups.at(-1);
      if (last && twelve(list[last[0]]) === twelve(list[r])) last.push(r);
      else groups.push([r]);
    }
    return groups.map((group) => (group.length > 1 ? `(${group.map((r) => names[r]).join(' ')})` : names[group[0]])).join(' ');
  };
  const orders = `A: ${ranking(board.order_a, board.mean_a)}\nB: ${ranking(board.order_b, board.mean_b)}`;
  const rbo = new Set(names).size === names.length ? `./correlation.html#${hashFor({ calc: 'correlation', in: orders, m: `rbo(p=${rboP})` })}` : null;
  return { scores, rbo };
}

/**
 * The section, or its message when the comparison could not be made (the error of the second
 * qrels is also shown under it, by the page).
 * @param {any} judged the evaluation's `judges`: {ok, report, warnings} or {ok: false, error}
 * @param {number} digits
 * @param {{rboP: string}} options
 */
export function renderJudges(judged, digits, { rboP }) {
  const section = el('section', { class: 'trec-judges', 'data-judges': true, 'aria-labelledby': 'trec-judges-title' });
  section.append(el('h2', { id: 'trec-judges-title', text: 'Two qrels compared' }));
  if (!judged.ok) {
    section.append(el('p', { class: 'error-message', role: 'alert', 'data-judges-error': true, text: judged.error.message }));
    return section;
  }
  const { report } = judged;
  const t = judgesTables(report, digits);
  const names = `A is ${report.files.a}, B is ${report.files.b}`;
  const links = agreementLinks(report);
  section.append(
    el('ul', { class: 'trec-judges-facts' }, ...judgesSummaryLines(report).map((line) => el('li', { text: line }))),
    el('p', { text: `The grades of each document both judge: a row for A’s grade, a column for B’s (${names}).` }),
    rowsTable(t.grid, `Grades of the ${report.documents.both} documents both judge`),
    rowsTable(t.stats, 'Agreement on the documents both judge'),
    workingLink(links.kappa, 'Work out κ and weighted κ', ' on this table in the agreement calculator, step by step.', 'data-judges-kappa'),
    links.alpha
      ? workingLink(links.alpha, 'Work out Krippendorff’s α', ' on the two grades of each document in the agreement calculator.', 'data-judges-alpha')
      : el('p', { class: 'hint', text: `Krippendorff’s α is not linked to the calculator above ${MAX_LINKED_DOCUMENTS} documents.` }),
  );
  if (report.agreement.binary.length > 0) {
    section.append(rowsTable(t.binary, 'κ on relevant or not: relevant when A’s grade ≥ a (rows) and B’s ≥ b (columns)'));
  }
  section.append(rowsTable(t.worst, 'Topics that disagree most (lowest percent agreement first)'));
  if (report.per_topic.length > report.disagree_most.length) {
    section.append(el('details', { class: 'trec-judges-topics' }, el('summary', { text: `Every topic (${report.per_topic.length})` }), rowsTable(t.perTopic, 'Agreement per topic')));
  }
  for (const { measure, board, rows, lines } of leaderboardParts(report, digits)) {
    const linksOf = correlationLinks(board, rboP);
    section.append(
      el('h3', { text: `Leaderboards of ${measure}` }),
      rowsTable(rows, `${measure}: each run’s mean under A and under B, in A’s order`),
      ...lines.map((line) => el('p', { class: 'trec-judges-line', text: line })),
      workingLink(linksOf.scores, 'Work out τ_b, τ_AP, ρ and r', ` on the runs’ means (${board.runs.join(', ')}, in this order) in the correlation calculator.`, 'data-judges-correlation'),
      linksOf.rbo ? workingLink(linksOf.rbo, 'Work out RBO', ' on the two orders of the runs in the correlation calculator.', 'data-judges-rbo') : null,
    );
  }
  const notes = [...judgesNotes(report), ...judged.warnings];
  if (notes.length > 0) {
    section.append(el('h3', { text: 'Notes' }), el('ul', { class: 'trec-judges-notes' }, ...notes.map((note) => el('li', { text: note }))));
  }
  return section;
}
