// @ts-check
// The "TREC files" page: a qrels and run files (chosen, dropped or pasted; gzip or plain) are
// evaluated by trec_eval's rules in a Web Worker (js/trec-worker.js), with a progress bar; the
// page shows the summary of every run, the per-topic scores of one, the charts, trec_eval's own
// output, and links that open a topic in the ranked-list calculator or two runs' per-topic AP in
// the significance calculator. The page's HTML is web/trec.html.
//
// Where things go wrong: a bad line is shown under the file or field it is in (file, line,
// column and the line itself), a bad option under the options; the files stay loaded, the last
// results stay on the page (dimmed), and the worker keeps answering.
//
// This module is the controller: it reads the controls, keeps the page's state (the files, the
// last evaluation, the runs ticked) and puts the parts on the page. What the state means, without
// the DOM (the files' uses, the options → trec_eval's arguments, the texts and links of an
// evaluation), is trec-state.js; the elements of the file list and of the results are
// trec-view.js.

import { el } from '../render/dom.js';
import { clearInputError, showInputError } from '../render/input-error.js';
import { formatBytes } from '../render/trec-report.js';
import { initSite, showVersion } from '../site.js';
import { renderRunComparison } from '../render/trec-compare.js';
import { renderJudges } from '../render/trec-judges.js';
import { workerClient } from '../worker-client.js';
import {
  SAMPLE_QRELS,
  SAMPLE_RUN_A,
  SAMPLE_RUN_B,
  TREC_OPTIONS,
  evaluateRequest,
  evaluatedText,
  factsText,
  measuresForFormat,
  missingMessage,
  rankedLink,
  readDigits,
  sortDropped,
  sourcesOf,
  withAddedFiles,
} from '../trec-state.js';
import {
  renderCharts,
  renderComparison,
  renderFileItems,
  renderPerTopic,
  renderTies,
  renderSummary,
  renderText,
  renderWarnings,
  takeDroppedFiles,
  topicLink,
} from '../trec-view.js';

/** Re-evaluate this long after the last keystroke in a field. */
const DEBOUNCE_MS = 400;
/** Above this many bytes of files, only the Evaluate button (or new files) starts an evaluation. */
const AUTO_EVALUATE_BYTES = 50 * 1024 * 1024;

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
     * @returns {Promise<any>} the answer of the message's type (trec-worker.js)
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
  const secondField = $('#second-text');
  const judgesBox = /** @type {HTMLDetailsElement} */ ($('[data-judges-input]'));
  const measuresField = $('#trec-measures');
  const digitsField = $('#trec-digits');
  const formatField = /** @type {HTMLSelectElement} */ ($('#trec-format'));
  const zscoresInput = /** @type {HTMLInputElement} */ ($('#trec-zscores'));
  const results = $('[data-results]');
  const resultsStatus = $('[data-results-status]');
  const progressBox = $('[data-progress]');
  const progressBar = $('#trec-progress-bar');
  const progressStatus = $('[data-progress-status]');
  const optionsError = $('#options-error');

  /** @type {import('../trec-state.js').TrecFile[]} */
  let files = [];
  let fileKey = 0;
  let evaluation = null; // the last evaluation that succeeded: {qrels, runs, report, text}
  let versionShown = false; // the footer names the worker's engine after the first evaluation
  let generation = 0; // answers to an older evaluation are dropped
  let timer;
  const checkedRuns = new Set(); // run indexes ticked in the summary table
  let perTopicRun = 0;
  const sortStates = new Map(); // table name → SortState

  // ---------------------------------------------------------------- reading the controls

  /** The judgment file's format (-R): qrels, prefs, qrels_prefs or qrels_jg. */
  const judgmentFormat = () => formatField.value;
  /** The z-score file chosen for -Z, or null. */
  const zscoresFile = () => zscoresInput.files?.[0] ?? null;

  /** The option controls' values (trec-state.js, TREC_OPTIONS), as trec-state.js takes them. */
  function options() {
    const values = {};
    for (const { id, kind } of TREC_OPTIONS) {
      const control = /** @type {HTMLInputElement} */ ($(`#${id}`));
      values[id] = kind === 'check' ? control.checked : control.value;
    }
    return { measures: measuresField.value, values };
  }

  /** The second qrels' options (trec-state.js, JudgesOptions). */
  const judgesOptions = () => ({
    measures: $('#judges-measures').value,
    confidence: $('#judges-confidence').value,
    rboP: $('#judges-rbo-p').value,
  });

  /** The decimal places (trec-state.js, readDigits); the field is marked when it is not valid. */
  function digits() {
    const { valid, digits: places } = readDigits(digitsField.value);
    if (valid) digitsField.removeAttribute('aria-invalid');
    else digitsField.setAttribute('aria-invalid', 'true');
    return places;
  }

  // ---------------------------------------------------------------- files

  function renderFileList() {
    $('[data-file-list]').replaceChildren(
      ...renderFileItems(files, {
        onRole: (file, role) => {
          file.role = role;
          filesChanged();
        },
        onRemove: (file) => {
          files = files.filter((other) => other !== file);
          filesChanged();
          $('#qrels-file').focus();
        },
      }),
    );
  }

  /** Adds files; a new qrels replaces the one loaded before (there is one qrels per evaluation). */
  function addFiles(added) {
    ({ files, lastKey: fileKey } = withAddedFiles(files, added, fileKey));
    filesChanged();
  }

  /** Files of unknown use (dropped): the worker sniffs each, trec-state.js sorts them. */
  async function addUnsortedFiles(list) {
    const sniffed = await Promise.all(
      [...list].map(async (blob) => {
        const answer = await worker.request({ type: 'sniff', blob });
        return { blob, kind: answer.ok ? answer.kind : '' };
      }),
    );
    const { added, prefs } = sortDropped(sniffed);
    // A preference file (5 fields a line) sets the judgment format.
    if (prefs && judgmentFormat() !== 'prefs') {
      formatField.value = 'prefs';
      formatChanged();
    }
    addFiles(added);
  }

  function filesChanged() {
    for (const file of files) file.error = null;
    // A second qrels among the files opens its part of the form, where its options are.
    if (files.some((file) => file.role === 'second')) judgesBox.open = true;
    renderFileList();
    evaluate();
  }

  // ---------------------------------------------------------------- options

  function formatChanged() {
    const format = judgmentFormat();
    const measures = measuresForFormat(measuresField.value, format);
    if (measures !== null) {
      measuresField.value = measures;
      syncMeasureSets();
    }
    $('#trec-format-hint').hidden = format === 'qrels';
    evaluate({ debounce: true });
  }

  function syncMeasureSets() {
    for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-measure-set]'))) {
      button.setAttribute('aria-pressed', String(measuresField.value.trim() === button.dataset.measureSet));
    }
  }

  // ---------------------------------------------------------------- evaluating

  function setStatus(text) {
    resultsStatus.textContent = text;
    resultsStatus.hidden = !text;
  }

  function clearErrors() {
    clearInputError(qrelsField, $('#qrels-text-error'));
    clearInputError(runField, $('#run-text-error'));
    clearInputError(secondField, $('#second-text-error'));
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
      const field = { qrels: qrelsField, run: runField, second: secondField }[source.field];
      showInputError(field, error, $(`#${field.id}-error`));
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
    const { qrels, runs, second } = sourcesOf(files, { qrels: qrelsField.value, run: runField.value, second: secondField.value });
    const missing = missingMessage(qrels, runs, second);
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
    const request = evaluateRequest({
      qrels: qrels[0], runs, options: options(), zscores: zscoresFile(), digits: digits(), second: second[0] ?? null, judges: judgesOptions(),
    });
    const answer = await worker.request(
      request,
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
    setStatus('');
    // The second qrels' own error is shown where it is, as the others are; the evaluation stands.
    const judged = evaluation.judges;
    if (judged && !judged.ok && judged.second) {
      showError({ error: judged.error, excerpt: judged.excerpt }, second[0]);
      setStatus('');
    }
    if (second.length > 0 && !judged) {
      setStatus(`${second[0].name} is not compared: two sets of judgments are compared as qrels (-R qrels), not as ${judgmentFormat()}.`);
    }
    progressStatus.textContent = evaluatedText(report);
    for (const index of [...checkedRuns]) if (index >= report.runs.length) checkedRuns.delete(index);
    if (perTopicRun >= report.runs.length) perTopicRun = 0;
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

  const tableOptions = (name) => ({
    sort: sortStates.get(name) ?? null,
    onSort: (state) => sortStates.set(name, state),
  });

  /** The link to the significance calculator for the two runs ticked, or why there is none. */
  function showComparison() {
    const box = results.querySelector('[data-compare]');
    if (!box || !evaluation) return;
    renderComparison(box, evaluation.report, [...checkedRuns], digits());
  }

  /** A topic's cell: its link to the ranked-list calculator, or its name alone. */
  function topicCell(runIndex, topic) {
    // Preferences and judgment groups have no one grade per document for the ranked calculator.
    if (judgmentFormat() !== 'qrels') return topic;
    const resolveHref = async () => rankedLink(await worker.request({ type: 'topic', run: runIndex, qid: topic }), topic);
    return topicLink(topic, resolveHref, setStatus);
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
    const qrelsFormat = judgmentFormat() === 'qrels';
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    const onPick = (runIndex, checked) => {
      if (checked) checkedRuns.add(runIndex);
      else checkedRuns.delete(runIndex);
      showComparison();
    };
    results.replaceChildren(
      ...[
        el('p', { class: 'trec-facts', text: factsText(report, judgmentFormat()) }),
        renderWarnings(evaluation),
        renderSummary(report, places, { checked: checkedRuns, onPick, tableOptions: tableOptions('summary') }),
      ].filter(Boolean),
    );
    showComparison();
    await nextTask();
    if (stopped()) return;
    if (report.runs.length >= 2) {
      results.append(renderRunComparison({ report, digits: places, request: (message) => worker.request(message) }));
    }
    if (evaluation.judges) results.append(renderJudges(evaluation.judges, places, { rboP: $('#judges-rbo-p').value.trim() || '0.9' }));
    // Equal scores are a question of the ranked qrels measures (preferences rank their own way).
    if (qrelsFormat) results.append(renderTies(report, places, { tableOptions }));
    results.append(
      renderPerTopic(report, places, {
        run: perTopicRun,
        onRun: (runIndex) => (perTopicRun = runIndex),
        topicCell,
        linked: qrelsFormat,
        tableOptions: tableOptions('per-topic'),
      }),
    );
    await nextTask();
    if (stopped()) return;
    // Preferences and judgment groups have neither a precision–recall curve nor AP per topic.
    const charts = qrelsFormat ? renderCharts(report, places) : null;
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
  $('#second-file').addEventListener('change', (event) => {
    addFiles([...event.target.files].map((blob) => ({ blob, role: 'second' })));
    event.target.value = '';
  });

  takeDroppedFiles($('[data-drop-zone]'), addUnsortedFiles);

  for (const field of [qrelsField, runField, secondField, measuresField, $('#judges-measures'), $('#judges-confidence'), $('#judges-rbo-p')]) {
    field.addEventListener('input', () => evaluate({ debounce: true }));
  }
  // Every option of TREC_OPTIONS: a text field re-evaluates as the reader types, a checkbox or a
  // choice when it changes; the judgment format also changes the measure set.
  for (const { id, kind } of TREC_OPTIONS) {
    if (id === 'trec-format') continue;
    $(`#${id}`).addEventListener(kind === 'text' ? 'input' : 'change', () => evaluate({ debounce: true }));
  }
  formatField.addEventListener('change', formatChanged);
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
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-measure-set]'))) {
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
