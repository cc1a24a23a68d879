// The "TREC files" page: a qrels and run files (chosen, dropped or pasted; gzip or plain) are
// evaluated by trec_eval's rules in a Web Worker (js/trec-worker.js), with a progress bar; the
// page shows the summary of every run, the per-topic scores of one, the charts, trec_eval's own
// output, and links that open a topic in the ranked-list calculator or two runs' per-topic AP in
// the significance calculator. The page's HTML is web/trec.html.
//
// Where things go wrong: a bad line is shown under the file or field it is in (file, line,
// column and the line itself), a bad option under the options; the files stay loaded, the last
// results stay on the page (dimmed), and the worker keeps answering.

import { el } from '../render/dom.js';
import { loadPlot, showCharts } from '../render/chart.js';
import { clearInputError, showInputError } from '../render/input-error.js';
import { downloadText, tableToCsv, tableToLatex, tableToMarkdown } from '../render/export.js';
import {
  BAR_CHART_TOPICS,
  apBarChart,
  formatBytes,
  formatValue,
  pairedScores,
  precisionRecallChart,
  rankedMarks,
  renderFileError,
  sortableTable,
} from '../render/trec-report.js';
import { initSite, showVersion } from '../site.js';
import { renderRunComparison } from '../render/trec-compare.js';
import { hashFor } from '../url-state.js';
import { plural } from '../format.js';
import { workerClient } from '../worker-client.js';

/** Re-evaluate this long after the last keystroke in a field. */
const DEBOUNCE_MS = 400;
/** Above this many bytes of files, only the Evaluate button (or new files) starts an evaluation. */
const AUTO_EVALUATE_BYTES = 50 * 1024 * 1024;
/** trec_eval's output beyond this many characters is left to the download. */
const TEXT_LIMIT = 1_000_000;
/** Measures the significance calculator runs on two runs' per-topic AP. */
const PAIRED_TESTS = 'sign, wilcoxon, ttest, randomization';

// ------------------------------------------------------------------ the sample data
//
// Three topics with graded judgments. Run A ties d2 and d3 on topic 101 (d3 goes first: ties by
// docno, descending) and retrieves d6, which 101's judgments do not hold (unjudged). Run B has
// no topic 103 (a warning, or a 0 with -c).

const SAMPLE_QRELS = `# qid iter docno grade
101 0 d1 2
101 0 d2 0
101 0 d3 1
101 0 d4 0
101 0 d5 1
102 0 d6 1
102 0 d7 0
102 0 d8 2
103 0 d9 1
103 0 d10 0
103 0 d11 1`;

const SAMPLE_RUN_A = `# qid Q0 docno rank score tag
101 Q0 d1 1 9.5 runA
101 Q0 d2 2 8.1 runA
101 Q0 d3 3 8.1 runA
101 Q0 d6 4 5.0 runA
101 Q0 d5 5 4.2 runA
102 Q0 d7 1 3.3 runA
102 Q0 d8 2 2.9 runA
103 Q0 d9 1 7.0 runA
103 Q0 d10 2 6.0 runA`;

const SAMPLE_RUN_B = `101 Q0 d5 1 0.9 runB
101 Q0 d4 2 0.8 runB
101 Q0 d1 3 0.7 runB
102 Q0 d8 1 0.95 runB
102 Q0 d6 2 0.5 runB
102 Q0 d99 3 0.4 runB
`;

const $ = (selector) => document.querySelector(selector);

// ------------------------------------------------------------------ the worker

/**
 * The worker behind a request/answer interface (worker-client.js): started on the first request,
 * every request posted at once. A worker that dies answers every pending request with an error,
 * and the next request starts a new one.
 */
function trecWorker() {
  const client = workerClient({
    spawn: () => {
      try {
        return new Worker(new URL('../trec-worker.js', import.meta.url), { type: 'module' });
      } catch {
        return null; // answered as a worker that could not start
      }
    },
    onFailure: (message, reason) => ({
      ok: false,
      error: {
        code: 'internal',
        message: `The evaluator stopped (${reason || 'it could not start'}). Press Evaluate to try again.`,
        field: 'options',
        line: 0,
        column: 0,
        length: 0,
      },
    }),
    respawn: true,
  });
  return {
    /**
     * Sends a request; resolves with the worker's answer (never rejects).
     * @param {object} message
     * @param {(progress: {done: number, total: number}) => void} [onProgress]
     */
    request: (message, onProgress) => client.request(message, { onProgress }),
  };
}

// ------------------------------------------------------------------ the page

function main() {
  const worker = trecWorker();
  const form = $('form.trec-form');
  const qrelsField = $('#qrels-text');
  const runField = $('#run-text');
  const measuresField = $('#trec-measures');
  const digitsField = $('#trec-digits');
  const results = $('[data-results]');
  const resultsStatus = $('[data-results-status]');
  const progressBox = $('[data-progress]');
  const progressBar = $('#trec-progress-bar');
  const progressStatus = $('[data-progress-status]');
  const optionsError = $('#options-error');

  /** @type {{key: number, name: string, blob: Blob, role: 'qrels' | 'run', error: object | null}[]} */
  let files = [];
  let fileKey = 0;
  let evaluation = null; // the last evaluation that succeeded: {qrels, runs, report, text}
  let versionShown = false; // the footer names the worker's engine after the first evaluation
  let generation = 0; // answers to an older evaluation are dropped
  let timer;
  const checkedRuns = new Set(); // run indexes ticked in the summary table
  let perTopicRun = 0;
  const sortStates = new Map(); // table name → SortState

  // ---------------------------------------------------------------- files

  function renderFileList() {
    $('[data-file-list]').replaceChildren(
      ...files.map((file) => {
        const roleId = `file-role-${file.key}`;
        const errorId = `file-error-${file.key}`;
        const role = el(
          'select',
          { id: roleId, 'aria-describedby': file.error ? errorId : null },
          el('option', { value: 'qrels', text: 'qrels' }),
          el('option', { value: 'run', text: 'run' }),
        );
        role.value = file.role;
        role.addEventListener('change', () => {
          file.role = role.value;
          filesChanged();
        });
        const remove = el(
          'button',
          { type: 'button', class: 'link-button' },
          'Remove',
          el('span', { class: 'visually-hidden', text: ` ${file.name}` }),
        );
        remove.addEventListener('click', () => {
          files = files.filter((other) => other !== file);
          filesChanged();
          $('#qrels-file').focus();
        });
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
          file.error &&
            el('div', { class: 'field-error', id: errorId }, ...renderFileError(file.error.error, file.name, file.error.excerpt)),
        );
      }),
    );
  }

  /** Adds files; a new qrels replaces the one loaded before (there is one qrels per evaluation). */
  function addFiles(added) {
    const same = (a, b) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
    const isLoaded = (blob) => files.some((file) => same(file.blob, blob));
    const fresh = added.filter(({ blob }) => !isLoaded(blob));
    if (fresh.some(({ role }) => role === 'qrels')) files = files.filter((file) => file.role !== 'qrels');
    files.push(...fresh.map(({ blob, role }) => ({ key: ++fileKey, name: blob.name || 'file', blob, role, error: null })));
    filesChanged();
  }

  /**
   * Files of unknown use (dropped): named like a qrels or prefs, or with 4 or 5 fields a line,
   * are the judgments; a file of 5 fields a line is trec_eval's preferences (-R prefs).
   */
  async function addUnsortedFiles(list) {
    const sorted = await Promise.all(
      [...list].map(async (blob) => {
        const answer = await worker.request({ type: 'sniff', blob });
        const kind = answer.ok ? answer.kind : '';
        if (/qrel|pref/i.test(blob.name) || kind === 'qrels' || kind === 'prefs') return { blob, role: 'qrels', kind };
        return { blob, role: 'run', kind };
      }),
    );
    // A preference file (5 fields a line) sets the judgment format.
    const judgments = sorted.find(({ role }) => role === 'qrels');
    if (judgments?.kind === 'prefs' && judgmentFormat() !== 'prefs') {
      /** @type {HTMLSelectElement} */ ($('#trec-format')).value = 'prefs';
      formatChanged();
    }
    // Of several qrels-like files, the first is the qrels.
    const firstQrels = sorted.findIndex(({ role }) => role === 'qrels');
    addFiles(sorted.map((entry, index) => (entry.role === 'qrels' && index !== firstQrels ? { ...entry, role: 'run' } : entry)));
  }

  function filesChanged() {
    for (const file of files) file.error = null;
    renderFileList();
    evaluate();
  }

  // ---------------------------------------------------------------- options

  /** trec_eval's arguments from the option controls. */
  function trecArgs() {
    const args = [];
    // Names are separated by spaces, but an ir_measures name may hold spaces inside its
    // parentheses: P(rel=2, judged_only=True)@5 is one name.
    for (const measure of measuresField.value.match(/(?:[^\s(]+|\([^)]*\))+/g) ?? []) args.push('-m', measure);
    const level = $('#trec-level').value.trim();
    if (level) args.push('-l', level);
    if ($('#trec-complete').checked) args.push('-c');
    if ($('#trec-judged-only').checked) args.push('-J');
    const maxDocs = $('#trec-max-docs').value.trim();
    if (maxDocs) args.push('-M', maxDocs);
    if ($('#trec-per-query').checked) args.push('-q');
    if ($('#trec-compat').value === '9') args.push('--compat', '9');
    if ($('#trec-keep-first').checked) args.push('--keep-first');
    const format = judgmentFormat();
    if (format !== 'qrels') args.push('-R', format);
    const zscores = zscoresFile();
    if (zscores) args.push('-Z', zscores.name);
    return args;
  }

  /** The z-score file chosen for -Z, or null. */
  function zscoresFile() {
    return /** @type {HTMLInputElement} */ ($('#trec-zscores')).files?.[0] ?? null;
  }

  /** The judgment file's format (-R): qrels, prefs, qrels_prefs or qrels_jg. */
  function judgmentFormat() {
    return /** @type {HTMLSelectElement} */ ($('#trec-format')).value;
  }

  // Each judgment format has its own measures: changing the format changes a measure set to
  // that format's, and leaves measures the user typed alone.
  const FORMAT_SETS = { qrels: 'official', prefs: 'all_prefs', qrels_prefs: 'all_prefs', qrels_jg: 'qrels_jg' };
  const SET_NAMES = new Set(['official', 'all_trec', 'set', 'all_prefs', 'prefs', 'qrels_jg']);
  function formatChanged() {
    const format = judgmentFormat();
    if (SET_NAMES.has(measuresField.value.trim()) || measuresField.value.trim() === '') {
      measuresField.value = FORMAT_SETS[format];
      syncMeasureSets();
    }
    $('#trec-format-hint').hidden = format === 'qrels';
    evaluate({ debounce: true });
  }

  function syncMeasureSets() {
    for (const button of document.querySelectorAll('[data-measure-set]')) {
      button.setAttribute('aria-pressed', String(measuresField.value.trim() === button.dataset.measureSet));
    }
  }

  /**
   * Decimal places of the tables and of trec_eval's output: a whole number from 0 to 16, or 17
   * for 17 significant digits (each value as the double it is).
   */
  function digits() {
    const text = digitsField.value.trim();
    const valid = /^\d{1,2}$/.test(text) && Number(text) <= 17;
    if (valid) digitsField.removeAttribute('aria-invalid');
    else digitsField.setAttribute('aria-invalid', 'true');
    return valid ? Number(text) : 4;
  }

  // ---------------------------------------------------------------- evaluating

  /** What to evaluate: the qrels and runs, from the file list and the two fields. */
  function sources() {
    const pasted = (field, name) => (field.value.trim() ? [{ name, blob: new Blob([field.value]), field }] : []);
    const fromFiles = (role) => files.filter((file) => file.role === role).map((file) => ({ name: file.name, blob: file.blob, file }));
    return {
      qrels: [...fromFiles('qrels'), ...pasted(qrelsField, 'pasted qrels')],
      runs: [...fromFiles('run'), ...pasted(runField, 'pasted run')],
    };
  }

  function setStatus(text) {
    resultsStatus.textContent = text;
    resultsStatus.hidden = !text;
  }

  function clearErrors() {
    clearInputError(qrelsField, $('#qrels-text-error'));
    clearInputError(runField, $('#run-text-error'));
    optionsError.hidden = true;
    optionsError.replaceChildren();
    if (files.some((file) => file.error)) {
      for (const file of files) file.error = null;
      renderFileList();
    }
  }

  /** Shows an error where it belongs: under the field, the file or the options. */
  function showError(answer, source) {
    const { error, excerpt } = answer;
    if (!source) {
      optionsError.replaceChildren(el('p', { class: 'error-message', text: error.message }));
      optionsError.hidden = false;
    } else if (source.field) {
      showInputError(source.field, error, $(`#${source.field.id}-error`));
    } else {
      source.file.error = { error, excerpt };
      renderFileList();
    }
    // The engine's message names the file, line and column itself.
    const after = evaluation ? 'The results below are for the last files that could be read.' : 'Fix it to see the results.';
    setStatus(`${error.message} ${after}`);
  }

  function showProgress({ done, total }) {
    progressBar.max = Math.max(total, 1);
    progressBar.value = done;
    progressStatus.textContent = `${formatBytes(done)} of ${formatBytes(total)} read…`;
  }

  async function evaluateNow() {
    clearTimeout(timer);
    const current = ++generation;
    clearErrors();
    const { qrels, runs } = sources();
    const missing =
      qrels.length === 0
        ? 'Add a qrels (a file, or paste it) and at least one run, or load the sample data.'
        : qrels.length > 1
          ? `There are ${qrels.length} qrels (${qrels.map((source) => source.name).join(', ')}): keep one, or mark the others as runs.`
          : runs.length === 0
            ? 'Add at least one run (a file, or paste it).'
            : '';
    if (missing) {
      progressStatus.textContent = '';
      progressBox.hidden = true;
      results.classList.toggle('is-stale', evaluation !== null);
      setStatus(missing);
      return;
    }
    results.classList.add('is-stale');
    progressBox.hidden = false;
    showProgress({ done: 0, total: [...qrels, ...runs].reduce((sum, source) => sum + source.blob.size, 0) });
    const answer = await worker.request(
      {
        type: 'evaluate',
        args: trecArgs(),
        qrels: { name: qrels[0].name, blob: qrels[0].blob },
        runs: runs.map(({ name, blob }) => ({ name, blob })),
        zscores: zscoresFile() ? { name: zscoresFile()?.name, blob: zscoresFile() } : null,
        digits: digits(),
      },
      (progress) => current === generation && showProgress(progress),
    );
    if (current !== generation || answer.cancelled) return;
    progressBox.hidden = true;
    if (!answer.ok) {
      progressStatus.textContent = 'Stopped at an error.';
      const sourceList = [qrels[0], ...runs];
      showError(answer, answer.source === undefined || answer.source < 0 ? null : sourceList[answer.source]);
      return;
    }
    evaluation = answer.evaluation;
    const { report } = evaluation;
    const runCount = `${report.runs.length} run${report.runs.length === 1 ? '' : 's'}`;
    progressStatus.textContent = `Evaluated ${runCount} against ${report.qrels.topics} topics.`;
    for (const index of [...checkedRuns]) if (index >= report.runs.length) checkedRuns.delete(index);
    if (perTopicRun >= report.runs.length) perTopicRun = 0;
    setStatus('');
    renderResults();
  }

  /** Evaluates soon (as the reader types), unless the files are so large that it waits for Evaluate. */
  function evaluate({ debounce = false } = {}) {
    clearTimeout(timer);
    const bytes = files.reduce((sum, file) => sum + file.blob.size, 0);
    if (debounce && bytes > AUTO_EVALUATE_BYTES) {
      setStatus('Press Evaluate to apply the changes.');
      return;
    }
    timer = setTimeout(evaluateNow, debounce ? DEBOUNCE_MS : 0);
  }

  // ---------------------------------------------------------------- results

  /** Measures shown in the tables: the numbers (runid and relstring stay in trec_eval's text). */
  const numericMeasures = (report) =>
    report.measures.map((measure, index) => ({ ...measure, index })).filter((measure) => measure.kind !== 'string');

  function renderWarnings() {
    const { qrels, runs, report } = evaluation;
    // The report repeats the warnings of the qrels and of each run: each is shown once.
    const all = [qrels, ...runs, report, ...report.runs].flatMap((part) => part.warnings ?? []);
    const warnings = [...new Set(all)];
    if (warnings.length === 0) return null;
    return el(
      'div',
      { class: 'trec-warnings' },
      el('h3', { text: 'Warnings' }),
      el('ul', {}, ...warnings.map((warning) => el('li', { text: warning }))),
    );
  }

  const tableOptions = (name) => ({
    sort: sortStates.get(name) ?? null,
    onSort: (state) => sortStates.set(name, state),
  });

  function renderSummary(report, places) {
    const measures = numericMeasures(report);
    const rows = report.runs.map((run, runIndex) => {
      const text = measures.map((measure) => formatValue(run.summary[measure.index], measure.kind, places));
      return {
        values: [run.runId, ...measures.map((measure) => run.summary[measure.index])],
        text: [run.runId, ...text],
        render: () => {
          const id = `pick-run-${runIndex}`;
          const box = el('input', { type: 'checkbox', id, 'data-run': runIndex, checked: checkedRuns.has(runIndex) });
          box.addEventListener('change', () => {
            if (box.checked) checkedRuns.add(runIndex);
            else checkedRuns.delete(runIndex);
            renderComparison();
          });
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
      ...tableOptions('summary'),
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

  /** The link to the significance calculator for the two runs ticked, or why there is none. */
  function renderComparison() {
    const box = results.querySelector('[data-compare]');
    if (!box || !evaluation) return;
    const { report } = evaluation;
    const picked = [...checkedRuns].sort((a, b) => a - b);
    const ap = report.measures.findIndex((measure) => measure.name === 'map');
    if (picked.length !== 2) {
      const text =
        picked.length < 2
          ? 'Tick two runs to test whether their APs differ significantly.'
          : `${picked.length} runs are ticked; tick exactly two to compare them.`;
      box.replaceChildren(el('p', { class: 'hint', text }));
      return;
    }
    if (ap < 0) {
      box.replaceChildren(el('p', { class: 'hint', text: 'Add map to the measures to compare the runs’ per-topic AP.' }));
      return;
    }
    const [x, y] = picked.map((index) => report.runs[index]);
    const places = digits();
    const lines = pairedScores(x, y, ap, places);
    if (lines.length === 0) {
      box.replaceChildren(el('p', { class: 'hint', text: `${x.runId} and ${y.runId} have no topic in common.` }));
      return;
    }
    const href = `./significance.html#${hashFor({ calc: 'significance', in: lines.join('\n'), m: PAIRED_TESTS })}`;
    const topics = `${lines.length} topic${lines.length === 1 ? '' : 's'}`;
    box.replaceChildren(
      el(
        'p',
        {},
        el('a', { href, target: '_blank', rel: 'noopener', 'data-significance-link': true }, `Test ${x.runId} (x) against ${y.runId} (y)`),
        ` in the significance calculator: their AP on the ${topics} both were evaluated on, to ${places} decimals.`,
      ),
    );
  }

  /** The ranked-list calculator's link for a topic of a run: its documents' marks and R. */
  async function rankedHref(runIndex, topic) {
    const answer = await worker.request({ type: 'topic', run: runIndex, qid: topic });
    if (!answer.ok) return { error: answer.error.message };
    if (answer.grades.length === 0) return { error: `Topic ${topic} has no documents in this run.` };
    const state = { calc: 'ranked', in: rankedMarks(answer.grades, answer.level), relevant: String(answer.relevant), m: 'AP' };
    return { href: `./ranked.html#${hashFor(state)}` };
  }

  /** A topic's link: resolved when pointed at or focused, opened in a new tab when pressed. */
  function topicLink(runIndex, topic) {
    // Preferences and judgment groups have no one grade per document for the ranked calculator.
    if (judgmentFormat() !== 'qrels') return topic;
    const link = el('a', { href: './ranked.html', target: '_blank', rel: 'noopener', class: 'topic-link', 'data-topic': topic }, topic);
    let resolving = null;
    const resolve = () =>
      (resolving ??= rankedHref(runIndex, topic).then((result) => {
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
      else setStatus(result.error);
    });
    return link;
  }

  function renderPerTopic(report, places) {
    const measures = numericMeasures(report);
    const pickId = 'per-topic-run';
    const pick = el(
      'select',
      { id: pickId },
      ...report.runs.map((run, index) => el('option', { value: String(index), text: `${run.runId} (${run.file})` })),
    );
    pick.value = String(perTopicRun);
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
        const texts = () =>
          (text ??= [topic, ...measures.map((measure, index) => formatValue(numbers()[index + 1], measure.kind, places))]);
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
              el('th', { scope: 'row' }, topicLink(runIndex, topic)),
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
          ...tableOptions('per-topic'),
        }).element,
      );
    };
    pick.addEventListener('change', () => {
      perTopicRun = Number(pick.value);
      draw();
    });
    draw();
    return el(
      'section',
      { class: 'trec-section', 'aria-labelledby': 'per-topic-heading' },
      el('h3', { id: 'per-topic-heading', text: 'Per topic' }),
      el('div', { class: 'field' }, el('label', { for: pickId, text: 'Run' }), pick),
      judgmentFormat() === 'qrels' &&
        el('p', {
          class: 'hint',
          text: 'A topic’s name opens its ranked list in the ranked-list calculator (in a new tab), with the AP worked out step by step.',
        }),
      holder,
    );
  }

  function renderCharts(report, places) {
    // Preferences and judgment groups have neither a precision–recall curve nor AP per topic.
    if (judgmentFormat() !== 'qrels') return null;
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
    // The curve is drawn at the width it gets, once the section is on the page.
    return { section, draw: () => curve && showCharts(curveBox, [curve]) };
  }

  function renderText(text) {
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

  let rendering = 0; // a newer rendering (or evaluation) stops an older rendering between its parts

  /**
   * The results, a part per task (the summary, the per-topic table, the charts, the text), so
   * that with thousands of topics no task holds the page up for long; the results stay dimmed
   * until the last part is on the page.
   */
  async function renderResults() {
    const current = ++rendering;
    const evaluated = generation;
    const stopped = () => current !== rendering || evaluated !== generation;
    const { report, text } = evaluation;
    const places = digits();
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    results.replaceChildren(
      ...[
        el('p', {
          class: 'trec-facts',
          text:
            `${judgmentFormat() === 'qrels' ? 'Qrels' : 'Judgments'}: ${report.qrels.file}, ${plural(report.qrels.topics, 'topic')}, ` +
            `${plural(report.qrels.judgments, judgmentFormat() === 'prefs' ? 'judgment line' : 'judgment')}. ` +
            `Options: ${report.options.args.join(' ') || '(trec_eval’s defaults)'}.`,
        }),
        renderWarnings(),
        renderSummary(report, places),
      ].filter(Boolean),
    );
    renderComparison();
    await nextTask();
    if (stopped()) return;
    if (report.runs.length >= 2) {
      results.append(renderRunComparison({ report, digits: places, request: (message) => worker.request(message) }));
    }
    results.append(renderPerTopic(report, places));
    await nextTask();
    if (stopped()) return;
    // Observable Plot is loaded for the first charts (the AP bars draw with it directly).
    if (judgmentFormat() === 'qrels') await loadPlot().catch(() => null);
    if (stopped()) return;
    const charts = renderCharts(report, places);
    if (charts) {
      results.append(charts.section);
      await nextTask(); // the curve is drawn at the width it gets: in a task of its own
      if (stopped()) return;
      charts.draw();
    }
    results.append(renderText(text));
    results.classList.remove('is-stale');
    if (!versionShown) {
      versionShown = true;
      worker.request({ type: 'version' }).then((answer) => answer.ok && showVersion(answer.version));
    }
  }

  /** New decimal places: trec_eval's text again from the worker, and the tables redrawn. */
  async function digitsChanged() {
    if (!evaluation) return;
    const current = generation;
    const answer = await worker.request({ type: 'report', digits: digits() });
    if (current !== generation || !answer.ok) return;
    evaluation = { ...evaluation, text: answer.text };
    renderResults();
  }

  // ---------------------------------------------------------------- wiring

  function loadSample() {
    files = [];
    qrelsField.value = SAMPLE_QRELS;
    runField.value = SAMPLE_RUN_B;
    addFiles([{ blob: new File([SAMPLE_RUN_A], 'sample-runA.txt', { type: 'text/plain' }), role: 'run' }]);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    evaluateNow();
  });
  $('[data-sample]').addEventListener('click', loadSample);
  $('#qrels-file').addEventListener('change', (event) => {
    addFiles([...event.target.files].map((blob) => ({ blob, role: 'qrels' })));
    event.target.value = '';
  });
  $('#run-files').addEventListener('change', (event) => {
    addFiles([...event.target.files].map((blob) => ({ blob, role: 'run' })));
    event.target.value = '';
  });

  // Files dropped anywhere on the page are taken (a drop outside the zone would otherwise make the
  // browser open the file and lose the page).
  const zone = $('[data-drop-zone]');
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
    addUnsortedFiles(event.dataTransfer.files);
  });

  for (const field of [qrelsField, runField, measuresField, $('#trec-level'), $('#trec-max-docs')]) {
    field.addEventListener('input', () => evaluate({ debounce: true }));
  }
  for (const control of document.querySelectorAll('.trec-options input[type="checkbox"], #trec-compat')) {
    control.addEventListener('change', () => evaluate({ debounce: true }));
  }
  $('#trec-format').addEventListener('change', formatChanged);
  const zscoresInput = /** @type {HTMLInputElement} */ ($('#trec-zscores'));
  const zscoresRemove = $('#trec-zscores-remove');
  zscoresInput.addEventListener('change', () => {
    zscoresRemove.hidden = !zscoresFile();
    evaluate({ debounce: true });
  });
  zscoresRemove.addEventListener('click', () => {
    zscoresInput.value = '';
    zscoresRemove.hidden = true;
    zscoresInput.focus();
    evaluate({ debounce: true });
  });
  measuresField.addEventListener('input', syncMeasureSets);
  for (const button of document.querySelectorAll('[data-measure-set]')) {
    button.addEventListener('click', () => {
      measuresField.value = button.dataset.measureSet;
      syncMeasureSets();
      evaluate({ debounce: true });
    });
  }
  let digitsTimer;
  digitsField.addEventListener('input', () => {
    clearTimeout(digitsTimer);
    digitsTimer = setTimeout(digitsChanged, DEBOUNCE_MS);
  });

  syncMeasureSets();
  setStatus('Add a qrels and at least one run, or load the sample data.');
}

main();
// The page's engine is its worker's module, loaded when files are given: the calculators'
// module is not loaded for the footer (showVersion names it after the first evaluation).
initSite('trec', { engine: false }).then(() => {
  document.body.dataset.ready = 'true';
});
