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
// the measure names of `m`. The convention preset (presets.js) adds `preset` when it is not the
// notes' (preset=trec10); the conventions it sets are in the names of `m` too.
//
// Check my answer: every answer has a field for the student's own (render/check.js, judged by
// the core's check()). Problem mode (problem.js): a link with problem=1 locks the question,
// asks for the measures in `ask` and shows the working only on request (reveal=never: never).

import { check, compute, listMeasures } from '../engine.js';
import { formatAnswer, formatNum, roundingNote } from '../format.js';
import { calculatorFor, calculatorForInput, inputOf } from '../calculators.js';
import { citation } from '../sources.js';
import { setUpEmbedButton } from '../embed/embed-button.js';
import { TAKES_RELEVANT } from '../embed/defaults.js';
import { measureBase, parseMeasureName, rewriteMeasureList, splitMeasureList, withCutoff, withParam } from '../measure-list.js';
import { DEFAULT_PRESET, changedAnswers, fillPresetSelect, measureInfoFor, nameUnderPreset, presetById, presetChoice, renderPresetStatement } from '../presets.js';
import { chartsByOutcome } from '../render/chart.js';
import { el, scrollingTable } from '../render/dom.js';
import { downloadText } from '../render/export.js';
import { setUpRerank } from '../render/rerank.js';
import { clearInputError, showInputError } from '../render/input-error.js';
import { otherQuantities, renderCheckField, renderQuantityChecks } from '../render/check.js';
import { renderNum, renderOutcome, renderOutcomeError } from '../render/steps.js';
import { askedNames, lockQuestion, problemKeys, questionText, readProblem, renderProblem, setUpProblemMaker } from '../problem.js';
import { bindTableNumbers, initSite, keepStateInHash } from '../site.js';
import { LINK_INPUT_LIMIT, hashFor, hashProblems, readHash, writeHash } from '../url-state.js';

const DEBOUNCE_MS = 150;
// More measures than any page lists (a hand-edited link once held 10,000): beyond this many the
// answers would take minutes to compute and draw, so only the first are computed, and the page
// says so.
const MAX_MEASURES = 100;

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
 * @typedef {{ok: false, value?: undefined,
 *            handOff: {calculator: {calc: string, page: string, title: string, subject: string},
 *                      link: string, withQuantity: string, message: string},
 *            error: {code: 'other_page', field: 'elsewhere', message: string, line: number,
 *                    column: number, length: number}}} HandOff
 *   The answer for a measure another calculator computes (see handOff).
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
  const presetSelect = $('[data-convention-preset]');
  const presetStatement = $('[data-preset-statement]');
  /** The convention preset in force (presets.js), and the answers last shown, for "was X under …". */
  let presetInForce = DEFAULT_PRESET;
  let shown = { names: [], outcomes: [] };
  /** Problem mode (problem.js): {ask, reveal} from the link, or null. */
  let problem = null;
  /** The student's typed answers by measure name, kept while the page re-renders. */
  const answers = new Map();

  /** @type {import('../engine.js').MeasureInfo[]} measures of this page's family */
  let family = [];
  /** @type {import('../engine.js').MeasureInfo[]} every measure of the registry */
  let registry = [];
  /**
   * @type {{param: string, choices: string[], fallback: string, select: HTMLSelectElement,
   *         row: HTMLElement, inputs: Set<string>}[]}
   *   inputs: the input families of the measures that take it (kappa's chance: judges)
   */
  let conventions = [];

  // -------------------------------------------------------------- measure names

  /** The registry entry a typed name refers to (by name or alias, any case), or undefined. */
  function infoFor(name) {
    return measureInfoFor(name, family);
  }

  /**
   * The calculator that computes `name` when it is not this page ({info, calculator}), or null.
   * A measure reads one input family, or another one given a cutoff (F reads a confusion
   * matrix, F@5 a ranked list: MeasureInfo.cutoffInput).
   */
  function homeElsewhere(name) {
    const info = measureInfoFor(name, registry);
    if (!info) return null; // not a measure at all: the engine says so, with suggestions
    const kind = inputOf(info, name);
    if (inputKinds.includes(kind)) return null;
    const calculator = calculatorForInput(kind);
    return calculator ? { info, calculator } : null;
  }

  /** `name`'s value of `param` as typed, or undefined. */
  const paramOf = (name, param) => new Map(parseMeasureName(name)?.params).get(param);

  const takesParam = (name, param) => infoFor(name)?.params.some((known) => known.name === param) ?? false;

  /** What a parameter field reads from a name (undefined when not typed) and writes into it. */
  function fieldValue(spec, name) {
    if (spec.param) return paramOf(name, spec.param);
    return parseMeasureName(name)?.cutoff.slice(1) || undefined;
  }
  const withFieldValue = (spec, name, value, fallback) =>
    spec.param ? withParam(name, spec.param, value, fallback) : withCutoff(name, value);
  const nameWithField = (spec, value, fallback) =>
    spec.param ? withParam(spec.measure, spec.param, value, fallback) : `${spec.measure}@${value}`;

  /** `name` with every convention selector's value that applies to it. */
  function applyConventions(name) {
    return conventions.reduce(
      (current, { param, fallback, select }) =>
        takesParam(current, param) ? withParam(current, param, select.value, fallback) : current,
      name,
    );
  }

  /**
   * A name to add for `info`: with the example's cutoff when one is required, the example
   * itself when the measure takes an argument rather than parameters (mean(P@10)), plus the
   * conventions chosen.
   */
  function nameToAdd(info) {
    const takesArgument = info.example.startsWith(`${info.name}(`) && parseMeasureName(info.example) === null;
    if (takesArgument) return info.example;
    const at = info.example.lastIndexOf('@');
    const cutoff = at >= 0 ? info.example.slice(at) : info.cutoffKind === 'recall' ? '@0.5' : '@10';
    // F reads a ranked list only at a cutoff (F@10): on the ranked page it is added with one.
    const needsCutoff = info.cutoff === 'required' || !inputKinds.includes(info.input);
    return applyConventions(needsCutoff ? `${info.name}${cutoff}` : info.name);
  }

  const typedNames = () => splitMeasureList(measuresField.value).map(({ name }) => name);

  function setMeasures(names) {
    measuresField.value = names.join(', ');
  }

  /** Off when it is in the list; on otherwise, putting away the measures of another input family. */
  function toggleMeasure(info) {
    const names = typedNames();
    const kept = names.filter((name) => infoFor(name) !== info);
    // The family each name reads here: F@10 on the ranked page reads the ranked list, as AP does.
    const added = nameToAdd(info);
    const readBy = (name) => {
      const known = infoFor(name);
      return known ? inputOf(known, name) : inputOf(info, added);
    };
    const sameInput = (name) => readBy(name) === inputOf(info, added);
    setMeasures(kept.length < names.length ? kept : [...names.filter(sameInput), added]);
    update();
  }

  function addMeasure(name) {
    const names = typedNames();
    if (!names.includes(name)) setMeasures([...names, name]);
    update();
  }

  // -------------------------------------------------------------- controls

  function buildPresets() {
    const examples = $('[data-examples]');
    // Open where they help: on a wide screen, for a reader who has not pasted anything yet. A
    // link that brings its input (or a phone) folds them, so the input is on the first screen.
    examples.open = window.matchMedia('(min-width: 1000px)').matches && !inputField.value.trim();
    examples.querySelector('h2').append(el('span', { class: 'examples-count', text: ` (${presets.length})` }));
    $('[data-presets]').replaceChildren(
      ...presets.map((preset) => {
        const from = citation(preset.source);
        const detail = from ? `${preset.measures} · from ${from}` : preset.measures;
        const button = el(
          'button',
          { type: 'button', class: 'preset', 'data-preset': preset.id },
          el('span', { class: 'preset-id', text: preset.name }),
          el('span', { class: 'preset-detail', text: ` ${detail}` }),
        );
        button.addEventListener('click', () => {
          inputField.value = preset.input;
          for (const [name, control] of optionControls) control.value = preset.options?.[name] ?? '';
          measuresField.value = underPreset(preset.measures);
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
        byParam.get(key).users.push(info);
      }
    }
    const fieldset = $('[data-conventions]');
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
        ` (${users.map((info) => info.name).join(', ')})`,
        el('span', { class: 'hint', text: param.help }),
      );
      const row = el('div', { class: 'convention' }, label, select);
      fieldset.append(row);
      const inputs = new Set(users.map((info) => info.input));
      return { param: param.name, choices: param.choices, fallback: param.default, select, row, inputs };
    });
    fieldset.hidden = conventions.length === 0;
  }

  // -------------------------------------------------------------- convention presets

  /**
   * An example's measure names with the conventions of the preset in force (presets.js) where
   * they name none: an example that names one (kappa-40-documents-pooled's chance=pooled) is about
   * it.
   */
  const underPreset = (text) =>
    presetInForce === DEFAULT_PRESET
      ? text
      : rewriteMeasureList(text, (name) => nameUnderPreset(name, presetInForce, family, { keepTyped: true }));

  /** The convention selectors show the preset's values, so a measure toggled on follows it. */
  function presetToSelectors() {
    for (const { param, choices, fallback, select } of conventions) {
      select.value = presetChoice(presetInForce, { name: param, choices, default: fallback }).value;
    }
  }

  /** The switch: every name rewritten under the new preset, and the answers compared with the last. */
  function switchPreset() {
    const from = presetInForce;
    presetInForce = presetById(presetSelect.value)?.id ?? DEFAULT_PRESET;
    const before = { ...shown, from };
    measuresField.value = rewriteMeasureList(measuresField.value, (name) => nameUnderPreset(name, presetInForce, family));
    presetToSelectors();
    update({ before });
  }

  /**
   * The registry's default of a parameter field's parameter ("1" for beta), or "" (a cutoff has none).
   * @param {ParamField} field
   */
  function paramDefault({ measure, param }) {
    const info = family.find((candidate) => candidate.name === measure);
    return info?.params.find((known) => known.name === param)?.default ?? '';
  }

  /**
   * A parameter field changed: set the parameter (or cutoff) in every name of its measure that
   * does not use a rival parameter (F(alpha=…) is left alone by β), or add the measure.
   */
  function onParamField(spec) {
    const value = spec.control.value.trim();
    if (!value) return scheduleUpdate();
    const fallback = paramDefault(spec);
    const rivals = spec.param ? (infoFor(spec.measure)?.params.map((known) => known.name).filter((name) => name !== spec.param) ?? []) : [];
    const ours = (name) => infoFor(name)?.name === spec.measure && !rivals.some((rival) => paramOf(name, rival) !== undefined);
    const names = typedNames();
    if (names.some(ours)) {
      measuresField.value = rewriteMeasureList(measuresField.value, (name) =>
        ours(name) ? withFieldValue(spec, name, value, fallback) : name,
      );
    } else {
      setMeasures([...names, nameWithField(spec, value, fallback)]);
    }
    scheduleUpdate();
  }

  /** Toggles, selectors, parameter fields and input hints follow what the measures field says. */
  function syncControls(names) {
    for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-quick-add] [data-measure]'))) {
      const pressed = names.some((name) => infoFor(name)?.name === button.dataset.measure);
      button.setAttribute('aria-pressed', String(pressed));
    }
    for (const { param, choices, fallback, select } of conventions) {
      const used = names.filter((name) => takesParam(name, param)).map((name) => paramOf(name, param) ?? fallback);
      if (used.length && used.every((value) => value === used[0]) && choices.includes(used[0])) select.value = used[0];
    }
    for (const spec of params) {
      if (document.activeElement === spec.control) continue; // the reader is typing there
      const name = names.find((candidate) => infoFor(candidate)?.name === spec.measure);
      const value = name === undefined ? undefined : fieldValue(spec, name);
      if (value !== undefined) spec.control.value = value;
      else if (name !== undefined && (spec.cutoff || parseMeasureName(name)?.params.length === 0)) spec.control.value = paramDefault(spec);
    }
    // On a page of several input families, what belongs to a family not in use is put away.
    const inUse = new Set(names.map((name) => infoFor(name) && inputOf(infoFor(name), name)).filter(Boolean));
    const away = (input) => inUse.size > 0 && !inUse.has(input);
    for (const hint of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-input-kind]'))) hint.hidden = away(hint.dataset.inputKind);
    for (const { row, inputs } of conventions) row.hidden = [...inputs].every(away);
    $('[data-conventions]').hidden = conventions.every(({ row }) => row.hidden);
    renderPresetStatement(presetStatement, names, presetInForce, family);
  }

  // -------------------------------------------------------------- state and URL

  /** The page's state as share-link keys. */
  const state = () => ({
    calc,
    in: inputField.value,
    ...optionValues(),
    m: measuresField.value,
    preset: presetInForce === DEFAULT_PRESET ? '' : presetInForce,
    ...(problem ? problemKeys(problem) : {}),
  });

  // What a damaged or hand-edited link got wrong, above the form (text only: the link's words
  // are never markup).
  const linkNotice = el('p', { class: 'problem-note link-notice', role: 'status', hidden: true, 'data-link-notice': true });
  form.before(linkNotice);

  /** Fills the fields from the hash; a link meant for another calculator goes there. */
  function restoreFromHash() {
    const hash = readHash();
    const target = hash.get('calc');
    const other = target && target !== calc && calculatorFor(target);
    if (other) {
      window.location.replace(`./${other.page}${window.location.hash}`);
      return false;
    }
    const notices = hashProblems();
    if (target && target !== calc) {
      const name = target.length > 40 ? `${target.slice(0, 40)}…` : target;
      notices.unshift(`This link names a calculator “${name}” that does not exist; it is read by this one, ${calculatorFor(calc).title}.`);
    }
    linkNotice.textContent = notices.join(' ');
    linkNotice.hidden = notices.length === 0;
    inputField.value = hash.get('in') ?? '';
    for (const [name, control] of optionControls) control.value = hash.get(name) ?? '';
    measuresField.value = hash.get('m') ?? defaultMeasures;
    presetInForce = presetById(hash.get('preset'))?.id ?? DEFAULT_PRESET;
    presetSelect.value = presetInForce;
    problem = readProblem(hash);
    return true;
  }

  // -------------------------------------------------------------- problem mode

  const actionBlocks = [form.querySelector('.actions'), $('[data-embed-panel]')];
  const actionsAnchor = document.createComment(' Copy link and Embed ');
  actionBlocks[0].before(actionsAnchor);

  /** What an option field states in a problem's question: "R = 5". */
  const givenText = (name, value) =>
    name === 'relevant' ? (calc === 'queries' ? `R = ${value} for a query that gives none` : `R = ${value}`) : `${name} = ${value}`;

  /**
   * Problem mode (problem.js) puts the question first: one sentence that states it, the input
   * read-only, and the answer fields beside it (or under it on a phone); the examples, the
   * measures field, the conventions and "Make a problem" are put away (site.css, .is-problem).
   */
  function applyProblemMode() {
    form.closest('main').classList.toggle('is-problem', Boolean(problem));
    // Copy link and Embed follow the answers in a problem, so that on a phone the answer fields
    // come right after the input; they go back into the form when the page is a calculator again.
    if (problem) $('.results-panel').append(...actionBlocks);
    else actionsAnchor.after(...actionBlocks);
    lockQuestion(form.querySelectorAll('input, textarea, select, [data-presets] button, [data-quick-add] button, [data-make-problem]'), Boolean(problem));
    $('[data-problem-question]').hidden = !problem;
    $('#results-heading').textContent = problem ? 'Your answers' : 'Answers';
    // The question states the options' values (R = 5), and its measures are fixed, so the option
    // and parameter fields (β, the pool depth) are put away.
    for (const control of [...optionControls.map(([, option]) => option), ...params.map((spec) => spec.control)]) {
      control.closest('.field').hidden = Boolean(problem);
    }
    if (!problem) return;
    stateQuestion(askedNames(problem, measuresField.value));
    // The input shown whole, without a scroll bar, up to a dozen lines.
    inputField.rows = Math.min(Math.max(inputField.value.split('\n').length, 2), 12);
  }

  /**
   * The problem's sentence: "Work out AP@10 and P@5 for this ranked list; R = 5." A measure whose
   * value is something else is named by it once computed: "F1 (confusion)".
   * @param {string[]} names
   */
  function stateQuestion(names) {
    const given = optionControls.filter(([, control]) => control.value.trim()).map(([name, control]) => givenText(name, control.value.trim()));
    $('[data-problem-question-text]').textContent = questionText({ names, subject: calculatorFor(calc).subject, given: given.join('; ') });
  }

  // -------------------------------------------------------------- measures of another page

  /**
   * The answer for a measure another calculator computes: no computation here (the input is
   * not of its kind), but which page computes it, and what this page offers instead.
   * Resolves like compute() with {ok: false, handOff, error}: not a mistake in a field, so the
   * other answers stand.
   * @returns {Promise<HandOff>}
   */
  async function handOff(name, { info, calculator }) {
    const keys = TAKES_RELEVANT.has(calculator.calc) ? { relevant: optionValues().relevant ?? '' } : {};
    const link = `./${calculator.page}#${hashFor({ calc: calculator.calc, in: inputField.value, ...keys, m: name })}`;
    // "this ranked list" → "a ranked list", "these runs" → "runs"
    const reads = calculator.subject.replace(/^this /, 'a ').replace(/^these /, '');
    const message = `${name} (${info.title}) is computed on the ${calculator.title} page: it reads ${reads}, not the input of this page.`;
    // A name that is also a quantity of this page's answers (precision on the sets page, where
    // confusion lists it): say which measure gives it here.
    const names = [info.name, ...info.aliases, measureBase(name)].map((known) => known.toLowerCase());
    const withQuantity = await quantityHere(names);
    return { ok: false, handOff: { calculator, link, withQuantity, message }, error: { code: 'other_page', field: 'elsewhere', message, line: 0, column: 0, length: 0 } };
  }

  /** The measure of this page whose answer names one of `names` among its quantities, or ''. */
  async function quantityHere(names) {
    const input = inputField.value;
    if (!input.trim()) return '';
    const options = optionValues();
    for (const candidate of [...typedNames(), ...splitMeasureList(defaultMeasures).map((entry) => entry.name)]) {
      if (homeElsewhere(candidate) || !infoFor(candidate)) continue;
      const result = await compute(candidate, input, options);
      if (result.ok && Object.keys(result.value.values ?? {}).some((key) => names.includes(key.toLowerCase()))) return candidate;
    }
    return '';
  }

  function renderHandOff(name, { calculator, link, withQuantity, message }, { id }) {
    const headingId = `${id}-heading`;
    return el(
      'section',
      { class: 'outcome is-elsewhere', id, 'aria-labelledby': headingId, 'data-hand-off': calculator.calc },
      el('h3', { id: headingId }, el('code', { text: name })),
      el('p', { text: message }),
      el('p', {}, el('a', { href: link, text: `Open ${name} on the ${calculator.title} page with this input` })),
      withQuantity &&
        el(
          'p',
          {},
          'On this page, ',
          el('code', { text: withQuantity }),
          ` lists ${measureBase(name)} among its quantities`,
          typedNames().includes(withQuantity) ? '.' : ': ',
          !typedNames().includes(withQuantity) && addButton(withQuantity),
        ),
    );
  }

  function addButton(name) {
    const button = el('button', { type: 'button', class: 'link-button', text: `add ${name}` });
    button.addEventListener('click', () => addMeasure(name));
    return button;
  }

  // -------------------------------------------------------------- computing and showing

  /** An error about one measure name, moved to where that name sits in the measures field. */
  function inMeasuresField(error, entry) {
    const shift = [...measuresField.value.slice(0, entry.start)].length;
    return error.line > 0
      ? { ...error, line: 1, column: shift + error.column }
      : { ...error, line: 1, column: shift + 1, length: [...entry.name].length };
  }

  function showFieldErrors(entries, outcomes) {
    for (const [name, { control, message }] of Object.entries(fields)) {
      const index = outcomes.findIndex((result) => !result.ok && result.error.field === name);
      if (index < 0) {
        clearInputError(control, message);
        continue;
      }
      const { error } = outcomes[index];
      showInputError(control, name === 'measure' ? inMeasuresField(error, entries[index]) : error, message);
    }
  }

  function setStatus(text) {
    resultsStatus.textContent = text;
    resultsStatus.hidden = !text;
  }

  /** "AP@10 = 28/45 ≈ 0.6222": an answer in one line, for the announcer and the answer bar. */
  const answerLine = (outcome) => formatAnswer(outcome.label || outcome.measure, outcome.value);

  /**
   * The answer bar: on a narrow screen the answers come after the form, so a bar at the foot of
   * the screen shows them ("AP@10 = 28/45 ≈ 0.6222 · P@5 = 2/5") and links to the working. It
   * shows while the answers panel is out of view (site.css hides it on wide screens).
   * @param {import('../engine.js').Outcome[]} outcomes
   */
  function showAnswerBar(outcomes) {
    const bar = $('[data-answer-bar]');
    const shown = outcomes.slice(0, 3).map(answerLine);
    if (outcomes.length > 3) shown.push(`${outcomes.length - 3} more`);
    bar.replaceChildren(el('span', { class: 'answer-bar-values', text: shown.join(' · ') }), el('span', { class: 'answer-bar-more', text: 'Working ↓' }));
    bar.hidden = outcomes.length === 0;
  }

  /** The value, named when it is not the measure itself (ROC's value is its AUC). */
  const labelled = (outcome) =>
    outcome.label && outcome.label !== outcome.measure ? [el('code', { text: outcome.label }), ' = ', renderNum(outcome.value)] : [renderNum(outcome.value)];

  function renderSummary(outcomes) {
    const rows = outcomes.flatMap((result, index) =>
      result.ok
        ? [
            el(
              'tr',
              {},
              el('th', { scope: 'row' }, el('a', { href: `#outcome-${index}` }, el('code', { text: result.value.measure }))),
              el('td', {}, ...labelled(result.value)),
            ),
          ]
        : [],
    );
    return rows.length < 2
      ? null
      : scrollingTable({ caption: 'All answers', columns: ['Measure', 'Value'], rows, className: 'summary-table' });
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
    results.classList.remove('is-stale');
    if (problem) {
      // No value reaches the page (nor the announcer) until the working is asked for.
      const items = entries.map((entry, index) => ({ name: entry.name, result: outcomes[index] }));
      stateQuestion(
        items.map(({ name, result }) => (result.ok && result.value.label && result.value.label !== result.value.measure ? `${result.value.label} (${name})` : name)),
      );
      const computeOptions = optionValues();
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
      showAnswerBar([]); // a problem's values stay hidden
      shown = { names: [], outcomes: [] };
      return;
    }
    /**
     * The "Your answer" field under an answer, and one for each of its named quantities; what
     * the reader typed survives the next render.
     */
    const computeOptions = optionValues();
    const checkFieldFor = (name, outcome) => () =>
      el(
        'div',
        { class: 'answer-checks' },
        renderCheckField({
          // What the value is, when the name does not say (a t-test's value is its p).
          label: outcome.label && outcome.label !== outcome.measure ? `${outcome.label} (${name})` : name,
          check: (answer) => check(name, inputField.value, computeOptions, answer),
          initial: answers.get(name) ?? '',
          onAnswer: (answer) => answers.set(name, answer),
        }),
        renderQuantityChecks({
          keys: otherQuantities(outcome),
          check: (answer, key) => check(name, inputField.value, computeOptions, answer, key),
          answers,
          prefix: `${name}|`,
        }),
      );
    results.replaceChildren(
      ...[renderSummary(outcomes)].filter(Boolean),
      ...outcomes.map((result, index) =>
        result.ok
          ? renderOutcome(result.value, {
              id: `outcome-${index}`,
              onAlternative: addMeasure,
              answerExtra: checkFieldFor(entries[index].name, result.value),
              seenTables,
              charts: charts.get(result.value),
            })
          : result.handOff
            ? renderHandOff(entries[index].name, result.handOff, { id: `outcome-${index}` })
            : renderOutcomeError(entries[index].name, /** @type {import('../engine.js').InputError} */ (result.error), { id: `outcome-${index}` }),
      ),
    );
    announcer.textContent = good.map(answerLine).join('; ');
    showAnswerBar(good);
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
    const listed = problem ? splitMeasureList(askedNames(problem, measuresField.value).join(', ')) : splitMeasureList(measuresField.value);
    const entries = listed.slice(0, MAX_MEASURES);
    const capped =
      listed.length > MAX_MEASURES
        ? `Only the first ${MAX_MEASURES} of the ${listed.length.toLocaleString('en')} measures listed are computed; remove some to see the others.`
        : '';
    showLinkLimit(writeHash(state()).inputLeftOut);
    embed.refresh(); // an open Embed panel follows the state
    problemMaker.refresh(); // and so does an open "Make a problem" panel
    $('[data-copy-status]').replaceChildren(); // a copied link no longer matches
    syncControls(entries.map((entry) => entry.name));

    if (!input.trim() || !entries.length) {
      showFieldErrors([], []);
      results.classList.remove('is-stale');
      results.replaceChildren();
      shown = { names: [], outcomes: [] };
      setStatus(input.trim() ? 'Add a measure to see its answer.' : emptyMessage);
      announcer.textContent = '';
      showAnswerBar([]);
      rerank.refresh({ locked: Boolean(problem), inputError: false });
      return;
    }
    /** @type {Answer[]} */
    const outcomes = await Promise.all(
      entries.map(({ name }) => {
        const elsewhere = homeElsewhere(name);
        return elsewhere ? handOff(name, elsewhere) : compute(name, input, computeOptions, { signal });
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
      const { field: where, message } = blocking.error;
      const hasAnswers = results.querySelector('.outcome') !== null;
      setStatus(
        where === 'options'
          ? message
          : hasAnswers
            ? 'The answers below are for the last input that could be read. Fix the marked mistake to update them.'
            : 'Fix the marked mistake to see the answers.',
      );
      announcer.textContent = message;
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

  /**
   * Under Copy link, when the input is too long for a link (url-state.js, LINK_INPUT_LIMIT): a
   * sentence saying so and a button that downloads the input as a text file to share instead.
   */
  const linkLimit = el(
    'p',
    { class: 'hint link-limit', 'data-link-limit': '', hidden: true },
    el('span', { 'data-link-limit-text': '' }),
    ' ',
    el('button', { type: 'button', class: 'secondary', 'data-download-input': '', text: 'Download the input' }),
  );
  form.querySelector('.actions').after(linkLimit);
  linkLimit.querySelector('[data-download-input]').addEventListener('click', () => {
    downloadText(`irmetrics-${calc}-input.txt`, inputField.value);
  });
  function showLinkLimit(inputLeftOut) {
    linkLimit.hidden = !inputLeftOut;
    if (!inputLeftOut) return;
    const size = inputField.value.length;
    linkLimit.querySelector('[data-link-limit-text]').textContent =
      `This input (${size.toLocaleString('en')} characters) is too long for a link, which holds at most ` +
      `${LINK_INPUT_LIMIT.toLocaleString('en')}: the link keeps the measures and settings but not the input. ` +
      'To share the input, download it and send the file.';
  }

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
    fillPresetSelect(presetSelect);
    if (!restoreFromHash()) return;
    buildPresets();
    for (const control of [inputField, measuresField, ...optionControls.map(([, control]) => control)]) {
      control.addEventListener('input', scheduleUpdate);
    }
    for (const spec of params) spec.control.addEventListener('input', () => onParamField(spec));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      update();
    });
    $('[data-copy-link]').addEventListener('click', copyLink);
    embed = setUpEmbedButton(state);
    problemMaker = setUpProblemMaker({ button: $('[data-make-problem]'), panel: $('[data-problem-panel]'), getState: state });
    // A move of a card has rewritten the input: recompute at once (typing waits for a pause).
    if (config.rerank) rerank = setUpRerank({ kind: config.rerank, input: inputField, onReorder: update });
    applyProblemMode();
    presetSelect.addEventListener('change', switchPreset);
    // The answer bar steps aside while the answers themselves are on the screen.
    new IntersectionObserver(([entry]) => {
      $('[data-answer-bar]').classList.toggle('is-aside', entry.isIntersecting);
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
    buildQuickAdd();
    buildConventions();
    presetToSelectors();
    await update();
    document.body.dataset.ready = 'true';
  }

  main();
}
