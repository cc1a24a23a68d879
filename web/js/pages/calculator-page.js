// @ts-check
// The controller every calculator page shares. A page gives its configuration (its presets, its
// extra fields; the input families it computes are its entry in calculators.js); this module
// does the rest:
//
//   - presets one click away, a measure toggle per measure of the family and one selector per
//     convention (a parameter with choices, read from the registry, e.g. dcg=notes|trec|burges);
//   - number fields tied to a parameter (β → F(beta=2)) or to the cutoff (pool depth → pool@3);
//   - on a page of several input families (two judges' grid, Fleiss' table), one family at a
//     time: a measure toggled on puts away the measures that read another family, and the
//     input hints marked data-input-kind="FAMILY" show only for the family in use;
//   - recompute as the reader types (debounced; answers to an older state are dropped);
//   - errors under the field the engine names, positioned at line and column;
//   - the state in the URL hash (url-state.js), a Copy link button, and share links pasted into
//     the open page;
//   - on the pages that turn it on (`rerank`), the input's list as cards to reorder by hand
//     (render/rerank.js): a move rewrites the input and recomputes, as typing does.
//
// The page's HTML provides: form.calculator-form, #input and #input-error, #measures and
// #measures-error, [data-presets], [data-quick-add], [data-conventions], [data-copy-link],
// [data-copy-status], and the answers panel (web/partials/calculator.html). Every option
// field (see `options` below) provides #NAME and #NAME-error; every parameter field its #ID.
//
// Share-link keys (public and stable, see url-state.js): calc, in, m, and one key per option
// field, named as the engine's option (relevant). Parameter fields add no key: their value is in
// the measure names of `m`. The convention preset (common/presets.js), "My course uses", adds
// `preset` when it is not the notes' (preset=trec10); the conventions it sets are in the names of
// `m` too. The preset picked is remembered in the browser (preset-view.js): a link that names
// none (not a problem) opens under it, its names rewritten where they state no convention.
//
// A measure of another page is handed off (calculator-state.js, handOffAnswer): a link there
// with the input carried over in that page's form (hand-off.js).
//
// Check my answer: every answer has a field for the student's own (render/check.js, judged by
// the core's check()). Problem mode (problem.js): a link with problem=1 locks the question,
// asks for the measures in `ask` and shows the working only on request (reveal=never: never).
//
// This module is the controller: it reads the fields, keeps the page's state and wires the
// controls. What the state means, without the DOM (the link's keys, the measures computed, the
// names the controls write, the status sentences), is calculator-state.js; the elements of the
// controls and of the answers are calculator-view.js.

import { check, compute, listMeasures, useModule } from '../engine.js';
import { formatNum, roundingNote } from '../../../common/format.js';
import { calculatorFor } from '../calculators.js';
import { setUpEmbedButton } from '../embed/embed-button.js';
import { rewriteMeasureList, splitMeasureList, withParam } from '../../../common/measure-list.js';
import { DEFAULT_PRESET, changedAnswers, measureInfoFor, nameUnderPreset, presetById, presetChoice } from '../../../common/presets.js';
import { fillPresetSelect, rememberPreset, rememberedPreset, renderPresetStatement } from '../preset-view.js';
import { chartsByOutcome } from '../render/chart.js';
import { el } from '../render/dom.js';
import { downloadText } from '../render/export.js';
import { setUpRerank } from '../render/rerank.js';
import { clearInputError, showInputError } from '../render/input-error.js';
import { loadMath, mathSettled } from '../render/math.js';
import { renderOutcome } from '../render/steps.js';
import { askedNames, questionText, renderProblem, setUpProblemMaker } from '../problem.js';
import { bindTableNumbers, initSite, keepStateInHash } from '../site.js';
import { hashProblems, readHash, writeHash } from '../url-state.js';
import {
  askedAs,
  blockedStatus,
  controlsFor,
  conventionGroups,
  givenOf,
  handOffAnswer,
  homeElsewhere,
  idleStatus,
  inMeasuresField,
  rememberedPresetFor,
  requestedMeasures,
  shareKeys,
  stateFromLink,
  takesParam,
  toggledNames,
  withParamField,
} from '../calculator-state.js';
import {
  conventionRow,
  distinctAnswerLines,
  copyLink,
  linkLimitNote,
  presetButtons,
  quickAddButtons,
  renderAnswers,
  showAnswerBar,
  showControls,
  showProblemLayout,
} from '../calculator-view.js';

const DEBOUNCE_MS = 150;

/**
 * @typedef {{id: string, name: string, source?: string, input: string, measures: string,
 *            options?: Object<string, string>}} Preset
 *   One worked example: `name` says what it shows ("Method 1: 5 relevant, all found"), `source`
 *   is a key of sources.js (the notes it comes from), `options` the values of the option fields
 *   (missing ones are emptied). `id` is not shown: it is the button's data-preset, for tests.
 * @typedef {{measure: string, param: string, cutoff?: undefined} |
 *           {measure: string, cutoff: string, param?: undefined}} ParamField
 *   A text field that sets `param` (field #param), or the cutoff (field #cutoff, e.g. #depth),
 *   in every name of `measure` in the measures field, and adds `measure(param=value)` or
 *   `measure@value` when there is none.
 * @typedef {{calc: string, defaultMeasures: string, presets: Preset[], options?: string[],
 *            paramFields?: ParamField[], emptyMessage: string, rerank?: 'ranked' | 'graded'}} CalculatorConfig
 *   calc: the page's share-link key (its entry in calculators.js says which input families it
 *   computes); options: the engine options that have a field on the page (['relevant']);
 *   emptyMessage: what the answers panel says while the input is empty; rerank: show the input,
 *   read as a ranked or a graded list, as cards to reorder by hand (render/rerank.js).
 * @typedef {import('../calculator-state.js').HandOff} HandOff
 *   The answer for a measure another calculator computes (calculator-state.js, handOffAnswer).
 * @typedef {(import('../engine.js').ComputeResult & {handOff?: undefined}) | HandOff} Answer
 *   A measure's answer on this page: computed here, or handed off to another page.
 */

const $ = (selector) => document.querySelector(selector);

/**
 * Runs a calculator page.
 * @param {CalculatorConfig} config
 */
export function startCalculator(config) {
  const { calc, defaultMeasures, presets, options = [], paramFields = [], emptyMessage } = config;
  // The engine starts the wasm module of the page's group (calculators.js `engine`).
  useModule(calculatorFor(calc).engine);
  const inputKinds = Object.keys(calculatorFor(calc).samples);
  const form = $('form.calculator-form');
  const field = (name) => ({ control: $(`#${name}`), message: $(`#${name}-error`) });
  /** Where each InputError.field is shown. */
  const fields = {
    input: field('input'),
    measure: { control: $('#measures'), message: $('#measures-error') },
    ...Object.fromEntries(options.map((name) => [name, field(name)])),
  };
  const inputField = fields.input.control;
  const measuresField = fields.measure.control;
  const optionControls = options.map((name) => [name, fields[name].control]);
  /** The option fields' values, as the engine takes them: {relevant: '5'}. */
  const optionValues = () => Object.fromEntries(optionControls.map(([name, control]) => [name, control.value]));
  const params = paramFields.map((spec) => ({ ...spec, control: $(`#${spec.param ?? spec.cutoff}`) }));
  const results = $('[data-results]');
  const resultsStatus = $('[data-results-status]');
  const announcer = $('[data-announce]');
  const answerBar = $('[data-answer-bar]');
  const presetSelect = $('[data-convention-preset]');
  const presetStatement = $('[data-preset-statement]');
  /**
   * The convention preset in force (common/presets.js), and the answers last shown, for "was X
   * under …".
   */
  let presetInForce = DEFAULT_PRESET;
  /**
   * Whether the preset in force is the one remembered in this browser, not yet written into the
   * measure names (that needs the registry: applyRememberedPreset).
   */
  let rememberedPending = false;
  let shown = { names: [], outcomes: [] };
  /** Problem mode (problem.js): {ask, reveal} from the link, or null. */
  let problem = null;
  /** The student's typed answers by measure name, kept while the page re-renders. */
  const answers = new Map();

  /** @type {import('../engine.js').MeasureInfo[]} measures of this page's family */
  let family = [];
  /**
   * @type {import('../engine.js').MeasureInfo[]} the registry: the measures of the page's module
   *   (its group's), every measure once `wholeRegistry` has been asked for
   */
  let registry = [];
  /** @type {Promise<void> | null} the whole registry, asked for when a name is not in `registry` */
  let wholeRegistry = null;
  /**
   * @type {{param: string, choices: string[], fallback: string, select: HTMLSelectElement,
   *         row: HTMLElement, inputs: Set<string>}[]}
   *   inputs: the input families of the measures that take it (kappa's chance: judges)
   */
  let conventions = [];

  /** The page's state (calculator-state.js, PageState), read from the fields. */
  const pageState = () => ({
    input: inputField.value,
    options: optionValues(),
    measures: measuresField.value,
    preset: presetInForce,
    problem,
  });
  /** The page's state as share-link keys. */
  const state = () => shareKeys(calc, pageState());
  /** What the measure-name rules need to know of the page (calculator-state.js). */
  const page = () => ({
    inputKinds,
    family,
    conventions: conventions.map(({ param, fallback, select }) => ({ param, fallback, value: select.value })),
  });

  // -------------------------------------------------------------- measure names

  const typedNames = () => splitMeasureList(measuresField.value).map(({ name }) => name);

  function setMeasures(names) {
    measuresField.value = names.join(', ');
  }

  /** Off when it is in the list; on otherwise, putting away the measures of another input family. */
  function toggleMeasure(info) {
    setMeasures(toggledNames(typedNames(), info, page()));
    update();
  }

  function addMeasure(name) {
    const names = typedNames();
    if (!names.includes(name)) setMeasures([...names, name]);
    update();
  }

  /**
   * An example's measure names with the conventions of the preset in force (common/presets.js)
   * where they name none: an example that names one (kappa-40-documents-pooled's chance=pooled)
   * is about it.
   */
  const underPreset = (text) =>
    presetInForce === DEFAULT_PRESET
      ? text
      : rewriteMeasureList(text, (name) => nameUnderPreset(name, presetInForce, family, { keepTyped: true }));

  // -------------------------------------------------------------- controls

  function buildPresets() {
    const examples = $('[data-examples]');
    // Open where they help: on a wide screen, for a reader who has not pasted anything yet. A
    // link that brings its input (or a phone) folds them, so the input is on the first screen.
    examples.open = window.matchMedia('(min-width: 1000px)').matches && !inputField.value.trim();
    examples.querySelector('h2').append(el('span', { class: 'examples-count', text: ` (${presets.length})` }));
    $('[data-presets]').replaceChildren(
      ...presetButtons(presets, (preset) => {
        inputField.value = preset.input;
        for (const [name, control] of optionControls) control.value = preset.options?.[name] ?? '';
        measuresField.value = underPreset(preset.measures);
        update();
      }),
    );
  }

  /** One selector per parameter with choices, shared by the measures that take it (rule: IPrec, 11pt). */
  function buildConventions() {
    const fieldset = $('[data-conventions]');
    conventions = conventionGroups(family).map((group, index) => {
      const { param, users } = group;
      const { row, select } = conventionRow(group, index, (value) => {
        measuresField.value = rewriteMeasureList(measuresField.value, (name) =>
          takesParam(name, param.name, family) ? withParam(name, param.name, value, param.default) : name,
        );
        update();
      });
      fieldset.append(row);
      const inputs = new Set(users.map((info) => info.input));
      return { param: param.name, choices: param.choices, fallback: param.default, select, row, inputs };
    });
    fieldset.hidden = conventions.length === 0;
  }

  /** The convention selectors show the preset's values, so a measure toggled on follows it. */
  function presetToSelectors() {
    for (const { param, choices, fallback, select } of conventions) {
      select.value = presetChoice(presetInForce, { name: param, choices, default: fallback }).value;
    }
  }

  /**
   * The source remembered in this browser ("My course uses …") written into the measure names
   * the link or the page gave, where they state no convention of their own.
   */
  function applyRememberedPreset() {
    if (!rememberedPending || family.length === 0) return;
    rememberedPending = false;
    measuresField.value = underPreset(measuresField.value);
  }

  /**
   * The switch: every name rewritten under the new preset, and the answers compared with the
   * last. The choice is remembered for every calculator page of the site.
   */
  function switchPreset() {
    const from = presetInForce;
    presetInForce = presetById(presetSelect.value)?.id ?? DEFAULT_PRESET;
    rememberedPending = false;
    rememberPreset(presetInForce);
    const before = { ...shown, from };
    measuresField.value = rewriteMeasureList(measuresField.value, (name) => nameUnderPreset(name, presetInForce, family));
    presetToSelectors();
    update({ before });
  }

  /** A parameter field changed: its measure's names follow it (calculator-state.js, withParamField). */
  function onParamField(spec) {
    const value = spec.control.value.trim();
    if (value) measuresField.value = withParamField(measuresField.value, spec, value, family);
    scheduleUpdate();
  }

  /** Toggles, selectors, parameter fields and input hints follow what the measures field says. */
  function syncControls(names) {
    showControls(controlsFor(names, { family, conventions, params }), { conventions, params });
    renderPresetStatement(presetStatement, names, presetInForce, family);
  }

  // -------------------------------------------------------------- the link

  // What a damaged or hand-edited link got wrong, above the form (text only: the link's words
  // are never markup).
  const linkNotice = el('p', { class: 'problem-note link-notice', role: 'status', hidden: true, 'data-link-notice': true });
  form.prepend(linkNotice);

  /** Fills the fields from the hash; a link meant for another calculator goes there. */
  function restoreFromHash() {
    const read = stateFromLink(readHash(), hashProblems(), { calc, defaultMeasures, options });
    if (read.redirect) {
      window.location.replace(`./${read.redirect}${window.location.hash}`);
      return false;
    }
    const { notices, state: linked } = /** @type {Exclude<typeof read, {redirect: string}>} */ (read);
    linkNotice.textContent = notices.join(' ');
    linkNotice.hidden = notices.length === 0;
    inputField.value = linked.input;
    for (const [name, control] of optionControls) control.value = linked.options[name];
    measuresField.value = linked.measures;
    presetInForce = linked.preset;
    // A link that names no preset opens under the source this browser picked (not a problem).
    const remembered = rememberedPresetFor(readHash(), rememberedPreset());
    rememberedPending = Boolean(remembered);
    if (remembered) presetInForce = remembered;
    presetSelect.value = presetInForce;
    problem = linked.problem;
    applyRememberedPreset();
    return true;
  }

  // -------------------------------------------------------------- problem mode

  const actionBlocks = [form.querySelector('.actions'), $('[data-embed-panel]')];
  const actionsAnchor = document.createComment(' Copy link and Embed ');
  actionBlocks[0].before(actionsAnchor);

  /**
   * Problem mode (problem.js) puts the question first: one sentence that states it, the input
   * read-only, and the answer fields beside it (or under it on a phone); the examples, the
   * measures field, the conventions and "Make a problem" are put away (site.css, .is-problem).
   */
  function applyProblemMode() {
    showProblemLayout(form, Boolean(problem), {
      actionBlocks,
      anchor: actionsAnchor,
      fields: [...optionControls.map(([, option]) => option), ...params.map((spec) => spec.control)],
    });
    if (!problem) return;
    stateQuestion(askedNames(problem, measuresField.value));
    // The input shown whole, without a scroll bar, up to a dozen lines.
    inputField.rows = Math.min(Math.max(inputField.value.split('\n').length, 2), 12);
  }

  /**
   * The problem's sentence: "Work out AP@10 and P@5 for this ranked list; R = 5."
   * @param {string[]} names
   */
  function stateQuestion(names) {
    $('[data-problem-question-text]').textContent = questionText({ names, subject: calculatorFor(calc).subject, given: givenOf(calc, optionValues()) });
  }

  // -------------------------------------------------------------- computing and showing

  function showFieldErrors(entries, outcomes) {
    for (const [name, { control, message }] of Object.entries(fields)) {
      const index = outcomes.findIndex((result) => !result.ok && result.error.field === name);
      if (index < 0) {
        clearInputError(control, message);
        continue;
      }
      const { error } = outcomes[index];
      showInputError(control, name === 'measure' ? inMeasuresField(error, entries[index], measuresField.value) : error, message);
    }
  }

  function setStatus(text) {
    resultsStatus.textContent = text;
    resultsStatus.hidden = !text;
  }

  /**
   * @param {{name: string}[]} entries
   * @param {Answer[]} outcomes
   * @param {{names: string[], outcomes: Answer[], from: string}} [before]
   *   the answers shown before a switch of preset: an answer that changed says what it was
   */
  function showOutcomes(entries, outcomes, before) {
    const good = outcomes.filter((result) => result.ok).map((result) => result.value);
    const charts = new Map(chartsByOutcome(good).map((list, index) => [good[index], list]));
    const seenTables = new Map();
    const computeOptions = optionValues();
    results.classList.remove('is-stale');
    if (problem) {
      // No value reaches the page (nor the announcer) until the working is asked for.
      const items = entries.map((entry, index) => ({ name: entry.name, result: outcomes[index] }));
      stateQuestion(items.map(({ name, result }) => askedAs(name, result)));
      results.replaceChildren(
        ...renderProblem({
          items,
          reveal: problem.reveal,
          check: (name, answer, key) => check(name, inputField.value, computeOptions, answer, key),
          renderWorking: (outcome, index) => renderOutcome(outcome, { id: `outcome-${index}`, seenTables }),
          answers,
        }),
      );
      announcer.textContent = `Problem: ${items.length === 1 ? '1 answer' : `${items.length} answers`} to work out.`;
      showAnswerBar(answerBar, []); // a problem's values stay hidden
      shown = { names: [], outcomes: [] };
      return;
    }
    results.replaceChildren(
      ...renderAnswers(entries, outcomes, {
        charts,
        seenTables,
        typed: typedNames(),
        onAdd: addMeasure,
        check: (name, answer, key) => check(name, inputField.value, computeOptions, answer, key),
        answers,
      }),
    );
    announcer.textContent = distinctAnswerLines(good).join('; ');
    showAnswerBar(answerBar, good);
    const names = entries.map((entry) => entry.name);
    if (before) {
      const changes = changedAnswers(before, { names, outcomes, to: presetInForce }, family, formatNum);
      for (const { index, text } of changes) {
        const answer = results.querySelector(`#outcome-${index} .outcome-answer`);
        answer?.after(el('p', { class: 'preset-change', text }));
      }
      const count = changes.length === 1 ? '1 answer' : `${changes.length || 'no'} answers`;
      announcer.textContent = `${presetById(presetInForce).label}: ${count} changed. ${announcer.textContent}`;
    }
    shown = { names, outcomes };
  }

  let generation = 0; // answers to an older update are dropped
  let asking = new AbortController(); // aborted when the answers it asked for are no longer wanted
  let embed = { refresh() {} }; // the Embed button (embed/embed-button.js), once wired
  let problemMaker = { refresh() {} }; // the "Make a problem" panel (problem.js), once wired
  /** @type {{refresh: (state: {locked: boolean, inputError: boolean}) => void}} */
  let rerank = { refresh() {} }; // the cards to reorder by hand (render/rerank.js), on pages with them
  let timer; // the pending update while the reader types

  /** @param {{before?: {names: string[], outcomes: Array, from: string}}} [options] `before`: set by switchPreset */
  async function update({ before } = {}) {
    clearTimeout(timer);
    const current = ++generation;
    asking.abort(); // the engine stops working on the last update's answers
    asking = new AbortController();
    const { signal } = asking;
    const input = inputField.value;
    const computeOptions = optionValues();
    const { entries, capped } = requestedMeasures(measuresField.value, problem);
    linkLimit.show(writeHash(state()).inputLeftOut, input.length);
    embed.refresh(); // an open Embed panel follows the state
    problemMaker.refresh(); // and so does an open "Make a problem" panel
    $('[data-copy-status]').replaceChildren(); // a copied link no longer matches
    syncControls(entries.map((entry) => entry.name));

    const idle = idleStatus(input, entries, emptyMessage);
    if (idle !== null) {
      showFieldErrors([], []);
      results.classList.remove('is-stale');
      results.replaceChildren();
      shown = { names: [], outcomes: [] };
      setStatus(idle);
      announcer.textContent = '';
      showAnswerBar(answerBar, []);
      rerank.refresh({ locked: Boolean(problem), inputError: false });
      return;
    }
    // The page's module lists its group's measures only (engine.js, useModule): a name it does
    // not know (another group's measure, a typo) needs every measure's entry, to say which page
    // computes it, so the whole list is asked for (from the lite module) the first time; not
    // before the page's own list has come (an empty one: the engine did not load).
    if (registry.length > 0 && entries.some(({ name }) => !measureInfoFor(name, registry))) {
      await (wholeRegistry ??= listMeasures({ all: true }).then((whole) => {
        if (whole.length) registry = whole;
      }));
      if (current !== generation || signal.aborted) return;
    }
    /** @type {Answer[]} */
    const outcomes = await Promise.all(
      entries.map(({ name }) => {
        const elsewhere = homeElsewhere(name, registry, inputKinds);
        if (!elsewhere) return compute(name, input, computeOptions, { signal });
        return handOffAnswer(name, elsewhere, pageState(), {
          candidates: [...typedNames(), ...splitMeasureList(defaultMeasures).map((entry) => entry.name)],
          isHere: (candidate) => !homeElsewhere(candidate, registry, inputKinds) && Boolean(measureInfoFor(candidate, family)),
          compute,
          carry: { sources: inputKinds, compute: (measure, text, options) => compute(measure, text, options, { signal }) },
        });
      }),
    );
    if (current !== generation || signal.aborted) return;

    showFieldErrors(entries, outcomes);
    const inputError = outcomes.some((result) => !result.ok && !result.handOff && result.error.field === 'input');
    rerank.refresh({ locked: Boolean(problem), inputError });
    const blocking = outcomes.find((result) => !result.ok && !result.handOff && result.error.field !== 'measure');
    if (blocking) {
      // The input or an option cannot be read (the message is under that field): keep the last
      // answers, dimmed, until it is fixed.
      results.classList.add('is-stale');
      setStatus(blockedStatus(blocking.error, results.querySelector('.outcome') !== null));
      announcer.textContent = blocking.error.message;
      return;
    }
    setStatus(capped);
    showOutcomes(entries, outcomes, before);
  }

  function scheduleUpdate() {
    clearTimeout(timer);
    asking.abort(); // typing again: the answers being worked out are already out of date
    timer = setTimeout(update, DEBOUNCE_MS);
  }

  // -------------------------------------------------------------- wiring

  const linkLimit = linkLimitNote(() => downloadText(`irmetrics-${calc}-input.txt`, inputField.value));
  form.querySelector('.actions').after(linkLimit.element);

  async function main() {
    $('[data-rounding]').textContent = roundingNote();
    bindTableNumbers($('[data-table-numbers]'), results);
    fillPresetSelect(presetSelect);
    if (!restoreFromHash()) return;
    // A share link opens on an answer: KaTeX comes beside the engine, not after it. Otherwise it
    // comes when the reader first reaches for the input, before the first answer needs it.
    if (readHash().has('calc')) void loadMath();
    for (const field of [inputField, measuresField]) field.addEventListener('focus', () => void loadMath(), { once: true });
    buildPresets();
    for (const control of [inputField, measuresField, ...optionControls.map(([, control]) => control)]) {
      control.addEventListener('input', scheduleUpdate);
    }
    for (const spec of params) spec.control.addEventListener('input', () => onParamField(spec));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      update();
    });
    $('[data-copy-link]').addEventListener('click', () => copyLink($('[data-copy-status]'), window.location.href));
    embed = setUpEmbedButton(state);
    problemMaker = setUpProblemMaker({ button: $('[data-make-problem]'), panel: $('[data-problem-panel]'), getState: state });
    // A move of a card has rewritten the input: recompute at once (typing waits for a pause).
    if (config.rerank) rerank = setUpRerank({ kind: config.rerank, input: inputField, onReorder: update });
    applyProblemMode();
    presetSelect.addEventListener('change', switchPreset);
    // The answer bar steps aside while the answers themselves are on the screen.
    new IntersectionObserver(([entry]) => {
      answerBar.classList.toggle('is-aside', entry.isIntersecting);
    }).observe($('.results-panel'));
    keepStateInHash();
    window.addEventListener('hashchange', () => {
      // A link pasted into the address bar of this open page; any other hash is not state.
      if (!readHash().has('calc')) return;
      if (!restoreFromHash()) return;
      applyProblemMode();
      presetToSelectors();
      update();
    });

    if (!(await initSite(calc))) return;
    registry = await listMeasures();
    family = registry.filter((info) => inputKinds.includes(info.input) || inputKinds.includes(info.cutoffInput));
    $('[data-quick-add]').replaceChildren(...quickAddButtons(family, toggleMeasure));
    buildConventions();
    applyRememberedPreset();
    presetToSelectors();
    await update();
    await mathSettled();
    document.body.dataset.ready = 'true';
  }

  main();
}
