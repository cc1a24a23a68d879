// @ts-check
// The TREC files page's view: the elements of the file list and of the results (warnings, the
// summary with its downloads, the runs' comparison link, the per-topic table, the charts,
// trec_eval's text). Each function makes elements from what it is given and tells the page of
// the reader's actions through callbacks; the page (pages/trec.js) keeps the state
// (trec-state.js) and puts the parts on the page.

import { el } from './render/dom.js';
import { showCharts } from './render/chart.js';
import { tableToCsv, tableToLatex, tableToMarkdown } from '../../common/table-text.js';
import { downloadText } from './render/export.js';
import {
  BAR_CHART_TOPICS,
  apBarChart,
  formatBytes,
  formatValue,
  precisionRecallChart,
  renderFileError,
  sortableTable,
} from './render/trec-report.js';
import { TIES_POLICIES, comparisonLink, numericMeasures, runTies, warningsOf } from './trec-state.js';

/** trec_eval's output beyond this many characters is left to the download. */
const TEXT_LIMIT = 1_000_000;

/**
 * The file list's items: each file's name, size, use (qrels, run or second qrels) and Remove
 * button, and its error under it.
 * @param {import('./trec-state.js').TrecFile[]} files
 * @param {{onRole: (file: import('./trec-state.js').TrecFile, role: import('./trec-state.js').FileRole) => void,
 *          onRemove: (file: import('./trec-state.js').TrecFile) => void}} actions
 */
export function renderFileItems(files, { onRole, onRemove }) {
  return files.map((file) => {
    const roleId = `file-role-${file.key}`;
    const errorId = `file-error-${file.key}`;
    const role = el(
      'select',
      { id: roleId, 'aria-describedby': file.error ? errorId : null },
      el('option', { value: 'qrels', text: 'qrels' }),
      el('option', { value: 'run', text: 'run' }),
      el('option', { value: 'second', text: 'second qrels' }),
    );
    role.value = file.role;
    role.addEventListener('change', () => onRole(file, role.value === 'qrels' || role.value === 'second' ? role.value : 'run'));
    const remove = el(
      'button',
      { type: 'button', class: 'link-button' },
      'Remove',
      el('span', { class: 'visually-hidden', text: ` ${file.name}` }),
    );
    remove.addEventListener('click', () => onRemove(file));
    return el(
      'li',
      { class: file.error ? 'file-item has-error' : 'file-item' },
      el(
        'div',
        { class: 'file-line' },
        el('span', { class: 'file-name', text: file.name }),
        el('span', { class: 'file-size', text: formatBytes(file.blob.size) }),
        el('label', { class: 'visually-hidden', for: roleId, text: `Use of ${file.name}` }),
        role,
        remove,
      ),
      file.error && el('div', { class: 'field-error', id: errorId }, ...renderFileError(file.error.error, file.name, file.error.excerpt)),
    );
  });
}

/**
 * Files dropped anywhere on the page are taken (a drop outside the zone would otherwise make the
 * browser open the file and lose the page); the zone is marked while files are dragged over.
 * @param {Element} zone
 * @param {(files: FileList) => void} onDrop
 */
export function takeDroppedFiles(zone, onDrop) {
  const hasFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes('Files');
  document.addEventListener('dragover', (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    zone.classList.add('is-dragging');
  });
  document.addEventListener('dragleave', (event) => {
    if (event.relatedTarget === null) zone.classList.remove('is-dragging');
  });
  document.addEventListener('drop', (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    zone.classList.remove('is-dragging');
    onDrop(event.dataTransfer.files);
  });
}

/** The warnings of an evaluation, each once; null when there are none. */
export function renderWarnings(evaluation) {
  const warnings = warningsOf(evaluation);
  if (warnings.length === 0) return null;
  return el(
    'div',
    { class: 'trec-warnings' },
    el('h3', { text: 'Warnings' }),
    el('ul', {}, ...warnings.map((warning) => el('li', { text: warning }))),
  );
}

/**
 * The summary: a row per run, with a box to tick it for the comparison, and the downloads.
 * @param {any} report trec_eval's report (TrecSession's JSON)
 * @param {number} places
 * @param {{checked: Set<number>, onPick: (runIndex: number, checked: boolean) => void,
 *          tableOptions: object}} view `tableOptions`: the table's sort state (sortableTable)
 */
export function renderSummary(report, places, { checked, onPick, tableOptions }) {
  const measures = numericMeasures(report);
  const rows = report.runs.map((run, runIndex) => {
    const text = measures.map((measure) => formatValue(run.summary[measure.index], measure.kind, places));
    return {
      values: [run.runId, ...measures.map((measure) => run.summary[measure.index])],
      text: [run.runId, ...text],
      render: () => {
        const id = `pick-run-${runIndex}`;
        const box = el('input', { type: 'checkbox', id, 'data-run': runIndex, checked: checked.has(runIndex) });
        box.addEventListener('change', () => onPick(runIndex, box.checked));
        return el(
          'tr',
          {},
          el(
            'th',
            { scope: 'row' },
            el('span', { class: 'run-pick' }, box, el('label', { for: id, text: run.runId })),
            el('span', { class: 'run-file', text: run.file }),
          ),
          ...text.map((value) => el('td', { class: 'is-number', text: value })),
        );
      },
    };
  });
  const caption = 'Summary: every run, trec_eval’s measures';
  const table = sortableTable({
    caption,
    columns: [{ label: 'run' }, ...measures.map((measure) => ({ label: measure.name, numeric: true }))],
    rows,
    className: 'trec-table trec-summary',
    ...tableOptions,
  });
  const { plain } = table;
  return el(
    'section',
    { class: 'trec-section', 'aria-labelledby': 'summary-heading' },
    el('h3', { id: 'summary-heading', text: 'Summary' }),
    el('p', { class: 'hint', text: 'Press a column’s name to sort by it.' }),
    table.element,
    el('div', { class: 'trec-compare', 'aria-live': 'polite', 'data-compare': true }),
    renderExports(plain),
  );
}

function renderExports(plain) {
  const preview = el('textarea', { id: 'export-text', rows: 6, readonly: true, spellcheck: 'false', class: 'export-text' });
  const previewLabel = el('label', { for: 'export-text', class: 'hint', text: 'The table as downloaded, to copy:' });
  const previewBox = el('div', { hidden: true }, previewLabel, preview);
  /** @type {[string, string, string, (table: any) => string][]} */
  const formats = [
    ['CSV', 'csv', 'text/csv', tableToCsv],
    ['LaTeX', 'tex', 'application/x-tex', tableToLatex],
    ['Markdown', 'md', 'text/markdown', tableToMarkdown],
  ];
  const buttons = formats.map(([label, extension, type, write]) => {
    const button = el('button', { type: 'button', 'data-export': extension }, `${label}`);
    button.addEventListener('click', () => {
      const text = write(plain());
      preview.value = text;
      previewBox.hidden = false;
      downloadText(`trec-summary.${extension}`, text, type);
    });
    return button;
  });
  return el(
    'div',
    { class: 'trec-exports' },
    el('h4', { class: 'label-heading', id: 'export-heading', text: 'Download the summary table' }),
    el('div', { class: 'preset-list', role: 'group', 'aria-labelledby': 'export-heading' }, ...buttons),
    previewBox,
  );
}

/**
 * The summary's comparison box: the link to the significance calculator for the two runs
 * ticked, or why there is none.
 */
export function renderComparison(box, report, picked, places) {
  const link = comparisonLink(report, picked, places);
  if (link.hint) {
    box.replaceChildren(el('p', { class: 'hint', text: link.hint }));
    return;
  }
  box.replaceChildren(
    el(
      'p',
      {},
      el('a', { href: link.href, target: '_blank', rel: 'noopener', 'data-significance-link': true }, `Test ${link.x} (x) against ${link.y} (y)`),
      ` in the significance calculator: their AP on the ${link.topics} both were evaluated on, to ${places} decimals.`,
    ),
  );
}

/**
 * A topic's link to the ranked-list calculator: resolved (`resolveHref`, a Promise of {href} or
 * {error}) when pointed at or focused, opened in a new tab when pressed; `onError` is told why
 * it cannot be.
 */
export function topicLink(topic, resolveHref, onError) {
  const link = el('a', { href: './ranked.html', target: '_blank', rel: 'noopener', class: 'topic-link', 'data-topic': topic }, topic);
  let resolving = null;
  const resolve = () =>
    (resolving ??= resolveHref().then((result) => {
      if (result.href) {
        link.href = result.href;
        link.dataset.resolved = 'true'; // from now on the browser follows it (middle-click, menu)
      } else {
        resolving = null;
      }
      return result;
    }));
  link.addEventListener('pointerenter', resolve);
  link.addEventListener('focus', resolve);
  link.addEventListener('click', async (event) => {
    if (link.dataset.resolved) return;
    event.preventDefault();
    const result = await resolve();
    if (result.href) window.open(result.href, '_blank', 'noopener');
    else onError(result.error);
  });
  return link;
}

/**
 * The per-topic table of one run, with the run's selector.
 * @param {any} report trec_eval's report (TrecSession's JSON)
 * @param {number} places
 * @param {{run: number, onRun: (runIndex: number) => void, topicCell: (runIndex: number, topic: string) => any,
 *          linked: boolean, tableOptions: object}} view `topicCell`: what the topic's cell holds
 *   (its link); `linked`: say that a topic's name opens it in the ranked-list calculator
 */
export function renderPerTopic(report, places, { run: shownRun, onRun, topicCell, linked, tableOptions }) {
  const measures = numericMeasures(report);
  const pickId = 'per-topic-run';
  const pick = el(
    'select',
    { id: pickId },
    ...report.runs.map((run, index) => el('option', { value: String(index), text: `${run.runId} (${run.file})` })),
  );
  pick.value = String(shownRun);
  const holder = el('div');
  const draw = () => {
    const runIndex = Number(pick.value);
    const run = report.runs[runIndex];
    // A row's values and text are made when the row is sorted, shown or exported: 7,000
    // topics × 30 measures formatted at once would hold the page up.
    const rows = run.topics.map((topic, topicIndex) => {
      let values = null;
      let text = null;
      const numbers = () => (values ??= [topic, ...measures.map((measure) => run.perQuery[topicIndex][measure.index])]);
      const texts = () => (text ??= [topic, ...measures.map((measure, index) => formatValue(numbers()[index + 1], measure.kind, places))]);
      return {
        get values() {
          return numbers();
        },
        get text() {
          return texts();
        },
        render: () =>
          el(
            'tr',
            {},
            el('th', { scope: 'row' }, topicCell(runIndex, topic)),
            ...texts()
              .slice(1)
              .map((value) => el('td', { class: 'is-number', text: value })),
          ),
      };
    });
    holder.replaceChildren(
      sortableTable({
        caption: `Each topic of ${run.runId}`,
        columns: [{ label: 'topic' }, ...measures.map((measure) => ({ label: measure.name, numeric: true }))],
        rows,
        className: 'trec-table trec-per-topic',
        // A row has a cell per measure (31 for official): 50 rows are laid out quickly.
        rowLimit: 50,
        ...tableOptions,
      }).element,
    );
  };
  pick.addEventListener('change', () => {
    onRun(Number(pick.value));
    draw();
  });
  draw();
  return el(
    'section',
    { class: 'trec-section', 'aria-labelledby': 'per-topic-heading' },
    el('h3', { id: 'per-topic-heading', text: 'Per topic' }),
    el('div', { class: 'field' }, el('label', { for: pickId, text: 'Run' }), pick),
    linked &&
      el('p', {
        class: 'hint',
        text: 'A topic’s name opens its ranked list in the ranked-list calculator (in a new tab), with the AP worked out step by step.',
      }),
    holder,
  );
}

/**
 * Equal scores: for each run, the topics whose ranked documents include equal scores, and under
 * --ties bounds how far each bounded measure could move (its lowest and highest value over the
 * orders of the tied documents, per topic and in the mean).
 * @param {any} report trec_eval's report (TrecSession's JSON)
 * @param {number} places
 * @param {{tableOptions: (name: string) => object}} view
 */
export function renderTies(report, places, { tableOptions }) {
  const policy = report.options.ties ?? 'docno';
  // In the rank column's order, tied documents are those given the same rank.
  const tied = policy === 'rank' ? 'the same rank' : 'equal scores';
  const runs = report.runs.map((_, runIndex) => runTies(report, runIndex));
  const any = runs.some((run) => run.tiedTopics > 0);
  const intro = el(
    'p',
    { class: 'hint' },
    `${policy === 'rank' ? 'Order of the documents' : 'Order of equal scores'}: ${TIES_POLICIES[policy] ?? policy} (`,
    el('code', { class: 'flag', text: `--ties ${policy}` }),
    '). ' +
      (any
        ? policy === 'bounds'
          ? 'Each measure’s lowest and highest value over the orders of the tied documents is below.'
          : policy === 'rank'
            ? 'Where a topic gives documents the same rank, its values depend on the order of their lines in the run file.'
            : 'Where a topic has tied documents, its values depend on that order: choose “the lowest and highest” under Equal scores to see how far each measure could move, or “the average” to take the order out.'
        : policy === 'rank'
          ? 'No run gives two documents of a topic the same rank.'
          : 'No run gives two documents of a topic the same score, so every order gives the same values.'),
  );
  const blocks = runs.map((run, runIndex) => {
    const facts = el('p', {
      text:
        `${run.runId}: ${run.tiedTopics} of ${run.topicCount} topics have documents with ${tied}` +
        (run.tiedTopics > 0 ? ` (${run.tiedDocuments} documents in all; the largest group holds ${run.largest}).` : '.'),
    });
    if (run.tiedTopics === 0) return facts;
    /** @type {HTMLElement[]} */
    const parts = [facts];
    if (run.means.length > 0) {
      const rows = run.means.map((m) => {
        const text = [m.name, formatValue(m.low, 'float', places), formatValue(m.value, 'float', places), formatValue(m.high, 'float', places)];
        return { values: [m.name, m.low, m.value, m.high], text, render: () => el('tr', {}, el('th', { scope: 'row', text: m.name }), ...text.slice(1).map((v) => el('td', { class: 'is-number', text: v }))) };
      });
      parts.push(
        sortableTable({
          caption: `How far the mean of ${run.runId} could move`,
          columns: [{ label: 'measure' }, { label: 'lowest', numeric: true }, { label: 'trec_eval’s', numeric: true }, { label: 'highest', numeric: true }],
          rows,
          className: 'trec-table trec-tie-means',
          ...tableOptions(`tie-means-${runIndex}`),
        }).element,
      );
    }
    const rangeText = (r) =>
      r.low === r.high ? formatValue(r.value, 'float', places) : `${formatValue(r.low, 'float', places)}–${formatValue(r.high, 'float', places)}`;
    const topicRows = run.topics.map((entry) => {
      const text = [entry.topic, String(entry.tiedDocuments), String(entry.groups), String(entry.largest), ...entry.ranges.map(rangeText)];
      return {
        values: [entry.topic, entry.tiedDocuments, entry.groups, entry.largest, ...entry.ranges.map((r) => r.high - r.low)],
        text,
        render: () => el('tr', {}, el('th', { scope: 'row', text: entry.topic }), ...text.slice(1).map((v) => el('td', { class: 'is-number', text: v }))),
      };
    });
    const table = sortableTable({
      caption: `Topics of ${run.runId} with ${tied}`,
      columns: [
        { label: 'topic' },
        { label: 'tied documents', numeric: true },
        { label: 'groups', numeric: true },
        { label: 'largest', numeric: true },
        ...(run.topics[0]?.ranges ?? []).map((r) => ({ label: `${r.name} (lowest–highest)`, numeric: true })),
      ],
      rows: topicRows,
      className: 'trec-table trec-tie-topics',
      rowLimit: 50,
      ...tableOptions(`tie-topics-${runIndex}`),
    });
    const details = el('details', { class: 'trec-tie-details' }, el('summary', { text: `${run.tiedTopics === 1 ? 'The topic' : `The ${run.tiedTopics} topics`} of ${run.runId} with ${tied}` }), table.element);
    if (runs.length === 1) details.open = true;
    parts.push(details);
    return el('div', { class: 'trec-tie-run' }, ...parts);
  });
  return el(
    'section',
    { class: 'trec-section', 'aria-labelledby': 'ties-heading' },
    el('h3', { id: 'ties-heading', text: 'Equal scores' }),
    intro,
    ...blocks,
  );
}

/**
 * The charts: the runs' precision–recall curves and each run's AP per topic as bars.
 * @returns {{section: HTMLElement, draw: () => void}} `draw` draws the curve, once the section
 *   is on the page (at the width it gets)
 */
export function renderCharts(report, places) {
  const curve = precisionRecallChart(report, places);
  const ap = report.measures.findIndex((measure) => measure.name === 'map');
  const runs = ap < 0 ? [] : report.runs;
  const charted = runs.filter((run) => run.topics.length > 0 && run.topics.length <= BAR_CHART_TOPICS);
  const uncharted = runs.filter((run) => run.topics.length > BAR_CHART_TOPICS);
  const curveBox = el('div', { class: 'charts' });
  const section = el(
    'section',
    { class: 'trec-section', 'aria-labelledby': 'charts-heading' },
    el('h3', { id: 'charts-heading', text: 'Charts' }),
    curve
      ? curveBox
      : el('p', { class: 'hint', text: 'Add iprec_at_recall (it is in official) to the measures to see the precision–recall curves.' }),
    ap < 0
      ? el('p', { class: 'hint', text: 'Add map to the measures to see each topic’s AP as a bar.' })
      : el('div', { class: 'charts' }, ...charted.map((run) => apBarChart(run, ap, places))),
    uncharted.length > 0 &&
      el('p', {
        class: 'hint',
        text:
          `No bar chart for ${uncharted.map((run) => run.runId).join(', ')}: more than ${BAR_CHART_TOPICS} topics. ` +
          'The per-topic table has every value.',
      }),
  );
  return { section, draw: () => curve && showCharts(curveBox, [curve]) };
}

/** trec_eval's own output, cut at TEXT_LIMIT characters, with its download. */
export function renderText(text) {
  const cut = text.length > TEXT_LIMIT;
  const download = el('button', { type: 'button', 'data-download-trec': true, text: 'Download trec_eval’s output' });
  download.addEventListener('click', () => downloadText('trec_eval.txt', text));
  const label = 'trec_eval’s output';
  return el(
    'section',
    { class: 'trec-section', 'aria-labelledby': 'trec-text-heading' },
    el('h3', { id: 'trec-text-heading', text: label }),
    el('p', {
      class: 'hint',
      text: cut ? `The first ${TEXT_LIMIT} characters; the download has it all.` : 'As trec_eval prints it, to the decimal places set above.',
    }),
    el(
      'div',
      { class: 'table-scroll trec-text-box', tabindex: 0, role: 'group', 'aria-label': label },
      el('pre', { class: 'trec-text', 'data-trec-text': true, text: cut ? `${text.slice(0, TEXT_LIMIT)}\n…` : text }),
    ),
    download,
  );
}
