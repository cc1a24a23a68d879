// The "Ranked list" calculator: a ranked list, R and some measures in; one worked answer per
// measure out, recomputed as the reader types. The state lives in the URL hash (url-state.js).

import { compute, listMeasures } from '../engine.js';
import { formatNum, roundingNote } from '../format.js';
import { calculatorFor } from '../calculators.js';
import { parseMeasureName, rewriteMeasureList, splitMeasureList, withParam } from '../measure-list.js';
import { chartsByOutcome } from '../render/chart.js';
import { el, scrollingTable } from '../render/dom.js';
import { clearInputError, showInputError } from '../render/input-error.js';
import { renderNum, renderOutcome, renderOutcomeError } from '../render/steps.js';
import { bindTableNumbers, initSite, keepStateInHash } from '../site.js';
import { readHash, writeHash } from '../url-state.js';

const CALC = 'ranked';
const FAMILY = 'ranked_list';
const DEBOUNCE_MS = 150;
const DEFAULT_MEASURES = 'AP, P@5';

/** The worked examples of the notes (WORKED_EXAMPLES.md), one click each. */
const PRESETS = [
  { id: 'RL1', note: '000', input: 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10', relevant: '15', measures: 'PR, 11pt, AP' },
  { id: 'RL2', note: '002', input: '+ - + - - + - - + +', relevant: '5', measures: 'AP@10' },
  { id: 'RL3', note: '002', input: '- + - - + + + - - -', relevant: '5', measures: 'AP@10' },
  { id: 'RL4', note: '002', input: '- + + + + + - - - -', relevant: '5', measures: 'AP@10' },
  { id: 'RL5', note: '004', input: '+ + - - + - - + - -', relevant: '10', measures: 'AP' },
  { id: 'RL6', note: '003', input: 'R R N N R N R R R R', relevant: '', measures: 'P@5, P@10' },
  { id: 'RL7', note: '004', input: 'N N R N', relevant: '1', measures: 'AP, RR' },
];

const $ = (selector) => document.querySelector(selector);
const form = $('#ranked-form');
const fields = {
  input: { control: $('#input'), message: $('#input-error') },
  relevant: { control: $('#relevant'), message: $('#relevant-error') },
  measure: { control: $('#measures'), message: $('#measures-error') },
};
const inputField = fields.input.control;
const relevantField = fields.relevant.control;
const measuresField = fields.measure.control;
const results = $('[data-results]');
const resultsStatus = $('[data-results-status]');
const announcer = $('[data-announce]');

/** @type {import('../engine.js').MeasureInfo[]} measures of this page's family */
let family = [];
/** @type {{param: string, choices: string[], fallback: string, select: HTMLSelectElement}[]} */
let conventions = [];

// ---------------------------------------------------------------- measure names

/** The registry entry a typed name refers to (by name or alias, any case), or undefined. */
function infoFor(name) {
  const base = parseMeasureName(name)?.base.toLowerCase();
  return family.find((info) => [info.name, ...info.aliases].some((known) => known.toLowerCase() === base));
}

/** A name to add for `info`: its cutoff from the example when one is required, plus the conventions chosen. */
function nameToAdd(info) {
  const at = info.example.lastIndexOf('@');
  const cutoff = at >= 0 ? info.example.slice(at) : info.cutoffKind === 'recall' ? '@0.5' : '@10';
  const name = info.cutoff === 'required' ? `${info.name}${cutoff}` : info.name;
  return applyConventions(name);
}

function takesParam(name, param) {
  return infoFor(name)?.params.some((known) => known.name === param) ?? false;
}

/** `name` with every convention selector's value that applies to it. */
function applyConventions(name) {
  return conventions.reduce(
    (current, { param, fallback, select }) =>
      takesParam(current, param) ? withParam(current, param, select.value, fallback) : current,
    name,
  );
}

function setMeasures(names) {
  measuresField.value = names.join(', ');
}

function toggleMeasure(info) {
  const names = splitMeasureList(measuresField.value).map(({ name }) => name);
  const kept = names.filter((name) => infoFor(name) !== info);
  setMeasures(kept.length < names.length ? kept : [...names, nameToAdd(info)]);
  update();
}

function addMeasure(name) {
  const names = splitMeasureList(measuresField.value).map((entry) => entry.name);
  if (!names.includes(name)) setMeasures([...names, name]);
  update();
}

// ---------------------------------------------------------------- controls built from the registry

function buildPresets() {
  $('[data-presets]').replaceChildren(
    ...PRESETS.map((preset) => {
      const button = el(
        'button',
        { type: 'button', class: 'preset' },
        el('span', { class: 'preset-id', text: preset.id }),
        el('span', { class: 'preset-detail', text: ` note ${preset.note} · ${preset.measures}` }),
      );
      button.addEventListener('click', () => {
        inputField.value = preset.input;
        relevantField.value = preset.relevant;
        measuresField.value = preset.measures;
        update();
      });
      return button;
    }),
  );
}

function buildQuickAdd() {
  $('[data-quick-add]').replaceChildren(
    ...family.map((info) => {
      const button = el(
        'button',
        { type: 'button', class: 'toggle', 'aria-pressed': 'false', 'data-measure': info.name },
        info.name,
        el('span', { class: 'visually-hidden', text: `: ${info.title}` }),
      );
      button.addEventListener('click', () => toggleMeasure(info));
      return button;
    }),
  );
}

/** One selector per parameter with choices, shared by the measures that take it (rule: IPrec, 11pt). */
function buildConventions() {
  const byParam = new Map();
  for (const info of family) {
    for (const param of info.params.filter((candidate) => candidate.choices.length > 1)) {
      const key = `${param.name}=${param.choices.join('|')}`;
      if (!byParam.has(key)) byParam.set(key, { param, users: [] });
      byParam.get(key).users.push(info.name);
    }
  }
  conventions = [...byParam.values()].map(({ param, users }, index) => {
    const id = `convention-${index}`;
    const select = el(
      'select',
      { id, 'data-param': param.name },
      ...param.choices.map((choice) =>
        el('option', { value: choice, text: choice === param.default ? `${choice} (default)` : choice }),
      ),
    );
    select.value = param.default;
    select.addEventListener('change', () => {
      measuresField.value = rewriteMeasureList(measuresField.value, (name) =>
        takesParam(name, param.name) ? withParam(name, param.name, select.value, param.default) : name,
      );
      update();
    });
    const label = el(
      'label',
      { for: id },
      el('code', { text: param.name }),
      ` (${users.join(', ')})`,
      el('span', { class: 'hint', text: param.help }),
    );
    $('[data-conventions]').append(el('div', { class: 'convention' }, label, select));
    return { param: param.name, choices: param.choices, fallback: param.default, select };
  });
  $('[data-conventions]').hidden = conventions.length === 0;
}

/** Toggles and selectors follow what the measures field says. */
function syncControls(names) {
  for (const button of document.querySelectorAll('[data-quick-add] [data-measure]')) {
    const pressed = names.some((name) => infoFor(name)?.name === button.dataset.measure);
    button.setAttribute('aria-pressed', String(pressed));
  }
  for (const { param, choices, fallback, select } of conventions) {
    const used = names
      .filter((name) => takesParam(name, param))
      .map((name) => new Map(parseMeasureName(name)?.params).get(param) ?? fallback);
    if (used.length && used.every((value) => value === used[0]) && choices.includes(used[0])) select.value = used[0];
  }
}

// ---------------------------------------------------------------- state and URL

function restoreFromHash() {
  const params = readHash();
  const calc = params.get('calc');
  const other = calc && calc !== CALC && calculatorFor(calc);
  if (other) {
    window.location.replace(`./${other.page}${window.location.hash}`);
    return;
  }
  inputField.value = params.get('in') ?? '';
  relevantField.value = params.get('relevant') ?? '';
  measuresField.value = params.get('m') ?? DEFAULT_MEASURES;
}

// ---------------------------------------------------------------- computing and showing

/** An error about one measure name, moved to where that name sits in the measures field. */
function inMeasuresField(error, entry) {
  const shift = [...measuresField.value.slice(0, entry.start)].length;
  return error.line > 0
    ? { ...error, line: 1, column: shift + error.column }
    : { ...error, line: 1, column: shift + 1, length: [...entry.name].length };
}

function showFieldErrors(entries, outcomes) {
  for (const [field, { control, message }] of Object.entries(fields)) {
    const index = outcomes.findIndex((result) => !result.ok && result.error.field === field);
    if (index < 0) {
      clearInputError(control, message);
      continue;
    }
    const { error } = outcomes[index];
    showInputError(control, field === 'measure' ? inMeasuresField(error, entries[index]) : error, message);
  }
}

function setStatus(text) {
  resultsStatus.textContent = text;
  resultsStatus.hidden = !text;
}

function renderSummary(outcomes) {
  const rows = outcomes.flatMap((result, index) =>
    result.ok
      ? [
          el(
            'tr',
            {},
            el('th', { scope: 'row' }, el('a', { href: `#outcome-${index}` }, el('code', { text: result.value.measure }))),
            el('td', {}, renderNum(result.value.value)),
          ),
        ]
      : [],
  );
  return rows.length < 2 ? null : scrollingTable({ caption: 'All answers', columns: ['Measure', 'Value'], rows, className: 'summary-table' });
}

function showOutcomes(entries, outcomes) {
  const good = outcomes.filter((result) => result.ok).map((result) => result.value);
  const charts = new Map(chartsByOutcome(good).map((list, index) => [good[index], list]));
  const seenTables = new Map();
  results.classList.remove('is-stale');
  results.replaceChildren(
    ...[renderSummary(outcomes)].filter(Boolean),
    ...outcomes.map((result, index) =>
      result.ok
        ? renderOutcome(result.value, {
            id: `outcome-${index}`,
            onAlternative: addMeasure,
            seenTables,
            charts: charts.get(result.value),
          })
        : renderOutcomeError(entries[index].name, result.error, { id: `outcome-${index}` }),
    ),
  );
  announcer.textContent = good.map((outcome) => `${outcome.label || outcome.measure} = ${formatNum(outcome.value)}`).join('; ');
}

let generation = 0; // answers to an older update are dropped
let timer; // the pending update while the reader types

async function update() {
  clearTimeout(timer);
  const current = ++generation;
  const input = inputField.value;
  const relevant = relevantField.value;
  const entries = splitMeasureList(measuresField.value);
  writeHash({ calc: CALC, in: input, relevant, m: measuresField.value });
  $('[data-copy-status]').replaceChildren(); // a copied link no longer matches
  syncControls(entries.map((entry) => entry.name));

  if (!input.trim() || !entries.length) {
    showFieldErrors([], []);
    results.classList.remove('is-stale');
    results.replaceChildren();
    setStatus(input.trim() ? 'Add a measure to see its answer.' : 'Paste a ranked list, or pick an example from the notes.');
    announcer.textContent = '';
    return;
  }
  const outcomes = await Promise.all(entries.map(({ name }) => compute(name, input, { relevant })));
  if (current !== generation) return;

  showFieldErrors(entries, outcomes);
  const blocking = outcomes.find((result) => !result.ok && result.error.field !== 'measure');
  if (blocking) {
    // The list or R cannot be read (the message is under that field): keep the last answers,
    // dimmed, until it is fixed.
    results.classList.add('is-stale');
    const { field, message } = blocking.error;
    const hasAnswers = results.querySelector('.outcome') !== null;
    setStatus(
      field === 'options'
        ? message
        : hasAnswers
          ? 'The answers below are for the last list that could be read. Fix the marked mistake to update them.'
          : 'Fix the marked mistake to see the answers.',
    );
    announcer.textContent = message;
    return;
  }
  setStatus('');
  showOutcomes(entries, outcomes);
}

function scheduleUpdate() {
  clearTimeout(timer);
  timer = setTimeout(update, DEBOUNCE_MS);
}

// ---------------------------------------------------------------- wiring

async function copyLink() {
  const status = $('[data-copy-status]');
  try {
    await navigator.clipboard.writeText(window.location.href);
    status.textContent = 'Link copied.';
  } catch {
    const link = el('input', { type: 'text', readonly: true, value: window.location.href, 'aria-label': 'Link to these answers' });
    status.replaceChildren('Copy this link: ', link);
    link.select();
  }
}

async function main() {
  $('[data-rounding]').textContent = roundingNote();
  bindTableNumbers($('[data-table-numbers]'), results);
  restoreFromHash();
  buildPresets();
  for (const control of [inputField, relevantField, measuresField]) control.addEventListener('input', scheduleUpdate);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update();
  });
  $('[data-copy-link]').addEventListener('click', copyLink);
  keepStateInHash();
  window.addEventListener('hashchange', () => {
    // A link pasted into the address bar of this open page; any other hash is not state.
    if (!readHash().has('calc')) return;
    restoreFromHash();
    update();
  });

  if (!(await initSite(CALC))) return;
  family = (await listMeasures()).filter((info) => info.input === FAMILY);
  buildQuickAdd();
  buildConventions();
  await update();
  document.body.dataset.ready = 'true';
}

main();
