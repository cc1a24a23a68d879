// @ts-check
// A calculator page's state, without the page: what a share link holds and the link for a state,
// which measures are asked for (and how many are computed), the measure names that the toggles,
// the convention selectors and the parameter fields write, what those controls show for a list
// of names, where a measure of another page is computed, and the page's status sentences. No DOM
// here (tests/js/calculator-state.test.mjs runs it in node): pages/calculator-page.js reads the
// controls into these values and shows the answers (calculator-view.js).
//
// `family` is the registry's measures of the page's input families, `registry` every measure
// (engine.js, listMeasures); a convention is a selector's parameter with its value:
// {param, fallback, value} (fallback: the registry's default).

import { calculatorFor, calculatorForInput, inputOf } from './calculators.js';
import { TAKES_RELEVANT } from './embed/defaults.js';
import { measureBase, parseMeasureName, rewriteMeasureList, splitMeasureList, withCutoff, withParam } from '../../common/measure-list.js';
import { DEFAULT_PRESET, measureInfoFor, presetById } from '../../common/presets.js';
import { carriedInput } from './hand-off.js';
import { askedNames, problemKeys, readProblem } from './problem.js';
import { LINK_INPUT_LIMIT, hashFor } from './url-state.js';

/**
 * More measures than any page lists (a hand-edited link once held 10,000): beyond this many the
 * answers would take minutes to compute and draw, so only the first are computed, and the page
 * says so.
 */
export const MAX_MEASURES = 100;

/**
 * @typedef {import('./engine.js').MeasureInfo} MeasureInfo
 * @typedef {{measure: string, param: string, cutoff?: undefined} |
 *           {measure: string, cutoff: string, param?: undefined}} ParamField
 *   A text field that sets `param` (field #param), or the cutoff (field #cutoff, e.g. #depth),
 *   in every name of `measure` in the measures field, and adds `measure(param=value)` or
 *   `measure@value` when there is none.
 * @typedef {{param: string, fallback: string, value: string}} Convention
 * @typedef {import('./problem.js').Problem} Problem
 * @typedef {{ok: false, value?: undefined,
 *            handOff: {calculator: {calc: string, page: string, title: string, subject: string},
 *                      link: string, withQuantity: string, message: string, note: string},
 *            error: {code: 'other_page', field: 'elsewhere', message: string, line: number,
 *                    column: number, length: number}}} HandOff
 *   The answer for a measure another calculator computes (handOffAnswer).
 * @typedef {{input: string, options: Object<string, string>, measures: string, preset: string,
 *            problem: Problem | null}} PageState
 *   What the fields hold: the input, the option fields by name ({relevant: '5'}), the measures
 *   field, the convention preset in force (common/presets.js) and the problem (problem.js) or null.
 */

// ------------------------------------------------------------------ links

/**
 * The page's state as share-link keys (url-state.js): calc, in, the option fields, m, preset
 * (left out for the notes' own) and a problem's keys.
 * @param {string} calc
 * @param {PageState} state
 * @returns {{calc: string, in: string, m: string, preset: string, relevant?: string, problem?: string,
 *            ask?: string, reveal?: string}}
 */
export function shareKeys(calc, { input, options, measures, preset, problem }) {
  return {
    calc,
    in: input,
    ...options,
    m: measures,
    preset: preset === DEFAULT_PRESET ? '' : preset,
    ...(problem ? problemKeys(problem) : {}),
  };
}

/**
 * What a link's hash gives this page: {redirect: page} when it is another calculator's link, or
 * the state with the notices about what the link got wrong (`problems`: url-state.js's
 * hashProblems).
 * @param {URLSearchParams} hash readHash()
 * @param {string[]} problems
 * @param {{calc: string, defaultMeasures: string, options: string[]}} page
 * @returns {{redirect: string} | {redirect?: undefined, notices: string[], state: PageState}}
 */
export function stateFromLink(hash, problems, { calc, defaultMeasures, options }) {
  const target = hash.get('calc');
  const other = target && target !== calc && calculatorFor(target);
  if (other) return { redirect: other.page };
  const notices = [...problems];
  if (target && target !== calc) {
    const name = target.length > 40 ? `${target.slice(0, 40)}…` : target;
    notices.unshift(`This link names a calculator “${name}” that does not exist; it is read by this one, ${calculatorFor(calc).title}.`);
  }
  return {
    notices,
    state: {
      input: hash.get('in') ?? '',
      options: Object.fromEntries(options.map((name) => [name, hash.get(name) ?? ''])),
      measures: hash.get('m') ?? defaultMeasures,
      preset: presetById(hash.get('preset'))?.id ?? DEFAULT_PRESET,
      problem: readProblem(hash),
    },
  };
}

/**
 * The preset a page opens under when its link names none: the source the reader picked in this
 * browser ("My course uses …", remembered by preset-view.js), except in a problem, whose
 * conventions are its author's. Null when the link's preset (or the default) stands, as
 * stateFromLink read it; otherwise the page writes the remembered preset into the measure names
 * that state no convention of their own.
 * @param {URLSearchParams} hash readHash()
 * @param {string | null} remembered a preset id, or null
 * @returns {string | null}
 */
export function rememberedPresetFor(hash, remembered) {
  if (readProblem(hash) || presetById(hash.get('preset') ?? '')) return null;
  const id = presetById(remembered ?? '')?.id;
  return id && id !== DEFAULT_PRESET ? id : null;
}

/**
 * The sentence under Copy link when the input is too long for a link (url-state.js).
 * @param {number} size the input's length in characters
 */
export const linkLimitText = (size) =>
  `This input (${size.toLocaleString('en')} characters) is too long for a link, which holds at most ` +
  `${LINK_INPUT_LIMIT.toLocaleString('en')}: the link keeps the measures and settings but not the input. ` +
  'To share the input, download it and send the file.';

// ------------------------------------------------------------------ what is computed

/**
 * The measures to compute: those of the measures field (a problem's asked ones), at most
 * MAX_MEASURES, and the sentence that says so when there are more ('' otherwise).
 * @param {string} measures
 * @param {Problem | null} problem
 */
export function requestedMeasures(measures, problem) {
  const listed = problem ? splitMeasureList(askedNames(problem, measures).join(', ')) : splitMeasureList(measures);
  const capped =
    listed.length > MAX_MEASURES
      ? `Only the first ${MAX_MEASURES} of the ${listed.length.toLocaleString('en')} measures listed are computed; remove some to see the others.`
      : '';
  return { entries: listed.slice(0, MAX_MEASURES), capped };
}

/**
 * The status while nothing is computed (no input or no measure), or null when there is
 * something to compute.
 * @param {string} input
 * @param {unknown[]} entries
 * @param {string} emptyMessage the page's sentence for an empty input
 */
export function idleStatus(input, entries, emptyMessage) {
  if (input.trim() && entries.length) return null;
  return input.trim() ? 'Add a measure to see its answer.' : emptyMessage;
}

/**
 * The status when the input or an option cannot be read (the message is under that field): the
 * last answers stay, dimmed.
 * @param {{field: string, message: string}} error
 * @param {boolean} hasAnswers whether answers are on the page
 */
export function blockedStatus(error, hasAnswers) {
  if (error.field === 'options') return error.message;
  return hasAnswers
    ? 'The answers below are for the last input that could be read. Fix the marked mistake to update them.'
    : 'Fix the marked mistake to see the answers.';
}

/**
 * An error about one measure name, moved to where that name sits in the measures field
 * (columns count code points).
 * @template {{line: number, column: number}} E
 * @param {E} error
 * @param {{name: string, start: number}} entry
 * @param {string} measures the measures field
 * @returns {E}
 */
export function inMeasuresField(error, entry, measures) {
  const shift = [...measures.slice(0, entry.start)].length;
  return error.line > 0
    ? { ...error, line: 1, column: shift + error.column }
    : { ...error, line: 1, column: shift + 1, length: [...entry.name].length };
}

// ------------------------------------------------------------------ measures of another page

/**
 * The calculator that computes `name` when it is not this page ({info, calculator}), or null.
 * A measure reads one input family, or another one given a cutoff (F reads a confusion
 * matrix, F@5 a ranked list: MeasureInfo.cutoffInput).
 * @param {string} name
 * @param {MeasureInfo[]} registry
 * @param {string[]} inputKinds the page's input families
 */
export function homeElsewhere(name, registry, inputKinds) {
  const info = measureInfoFor(name, registry);
  if (!info) return null; // not a measure at all: the engine says so, with suggestions
  const kind = inputOf(info, name);
  if (inputKinds.includes(kind)) return null;
  // Accuracy is one quantity for any number of classes: on the multiclass page the engine gives
  // the word's accuracy from the classes' matrix (core/src/compute.cpp), as scikit-learn's
  // accuracy_score does, so it is computed here.
  const word = name.toLowerCase().replace(/[\s_-]/g, '');
  if (kind === 'confusion' && inputKinds.includes('multiclass') && (word === 'accuracy' || word.includes('value=accuracy'))) return null;
  const calculator = calculatorForInput(kind);
  return calculator ? { info, calculator } : null;
}

/**
 * What the page says of a measure another calculator computes: the link that opens it there
 * with this input (and R, where that page takes it), the message, and the names by which a
 * quantity of this page's answers may give it.
 * @param {string} name
 * @param {{info: MeasureInfo, calculator: {calc: string, page: string, title: string, subject: string}}} home
 * @param {{input: string, options: Object<string, string>}} state the input, or the input
 *   carried over in the other page's form (carryOver)
 */
export function handOffText(name, { info, calculator }, { input, options }) {
  const keys = TAKES_RELEVANT.has(calculator.calc) ? { relevant: options.relevant ?? '' } : {};
  const link = `./${calculator.page}#${hashFor({ calc: calculator.calc, in: input, ...keys, m: name })}`;
  // "this ranked list" → "a ranked list", "these runs" → "runs"
  const reads = calculator.subject.replace(/^this /, 'a ').replace(/^these /, '');
  const message = `${name} (${info.title}) is computed on the ${calculator.title} page: it reads ${reads}, not the input of this page.`;
  const names = [info.name, ...info.aliases, measureBase(name)].map((known) => known.toLowerCase());
  return { link, message, names };
}

/**
 * The input to open the other page with: this page's written in that page's form (hand-off.js:
 * marks as grades 1/0 with an `unretrieved:` line for R, grades as marks with R, a list as
 * tp/fp/fn), else as typed; whichever the measure computes on there (asked with `compute`). When
 * neither does, no input: the link opens the page empty rather than on an error, and the note
 * says why.
 * @param {string} name
 * @param {{info: MeasureInfo, calculator: {calc: string, page: string, title: string, subject: string}}} home
 * @param {{input: string, options: Object<string, string>}} state
 * @param {{sources: string[], compute: (name: string, input: string, options: Object<string, string>) => Promise<any>}} carry
 *   sources: this page's input families
 * @returns {Promise<{input: string, options: Object<string, string>, note: string}>}
 */
export async function carryOver(name, { info, calculator }, state, { sources, compute }) {
  const takesRelevant = TAKES_RELEVANT.has(calculator.calc);
  const optionsThere = (options) => (takesRelevant ? { relevant: options.relevant ?? '' } : {});
  const written = await carriedInput(sources, inputOf(info, name), state, compute);
  const tries = [
    ...(written ? [{ ...written, options: optionsThere(written.options) }] : []),
    { input: state.input, options: optionsThere(state.options), note: '' },
  ];
  for (const attempt of tries) {
    const result = await compute(name, attempt.input, attempt.options);
    if (result?.ok) return attempt;
  }
  const reads = calculator.subject.replace(/^this /, 'a ').replace(/^these /, '');
  return { input: '', options: {}, note: `This input cannot be written as ${reads}, so the link opens that page without it.` };
}

/**
 * The answer for a measure another calculator computes: no computation here (the input is not
 * of its kind), but which page computes it, and what this page offers instead: the measure of
 * this page (typed, or else a default one) whose answer names it among its quantities (precision
 * on the sets page, where confusion lists it), found with `compute`. Resolves like compute()
 * with {ok: false, handOff, error}: not a mistake in a field, so the other answers stand. With
 * `carry`, the link carries the input over in the other page's form (carryOver).
 * @param {string} name
 * @param {{info: MeasureInfo, calculator: {calc: string, page: string, title: string, subject: string}}} home
 * @param {{input: string, options: Object<string, string>}} state
 * @param {{candidates: string[], isHere: (name: string) => boolean,
 *          compute: (name: string, input: string, options: Object<string, string>) => Promise<any>,
 *          carry?: {sources: string[], compute: (name: string, input: string, options: Object<string, string>) => Promise<any>}}} here
 *   `candidates`: the measures typed, then the page's default ones; `isHere`: whether a name is
 *   a measure this page computes
 * @returns {Promise<HandOff>}
 */
export async function handOffAnswer(name, home, state, { candidates, isHere, compute, carry }) {
  const carried = carry && state.input.trim() ? await carryOver(name, home, state, carry) : null;
  const { message, names } = handOffText(name, home, state);
  const { link } = handOffText(name, home, carried ?? state);
  let withQuantity = '';
  if (state.input.trim()) {
    for (const candidate of candidates) {
      if (!isHere(candidate)) continue;
      const result = await compute(candidate, state.input, state.options);
      if (result.ok && Object.keys(result.value.values ?? {}).some((key) => names.includes(key.toLowerCase()))) {
        withQuantity = candidate;
        break;
      }
    }
  }
  return {
    ok: false,
    handOff: { calculator: home.calculator, link, withQuantity, message, note: carried?.note ?? '' },
    error: { code: 'other_page', field: 'elsewhere', message, line: 0, column: 0, length: 0 },
  };
}

// ------------------------------------------------------------------ measure names

/**
 * `name`'s value of `param` as typed, or undefined.
 * @param {string} name
 * @param {string} param
 */
export const paramOf = (name, param) => new Map(parseMeasureName(name)?.params).get(param);

/** Whether the measure `name` refers to takes `param`. */
export const takesParam = (name, param, family) => measureInfoFor(name, family)?.params.some((known) => known.name === param) ?? false;

/**
 * What a parameter field reads from a name (undefined when not typed).
 * @param {ParamField} spec
 * @param {string} name
 */
export function fieldValue(spec, name) {
  if (spec.param) return paramOf(name, spec.param);
  return parseMeasureName(name)?.cutoff.slice(1) || undefined;
}

/**
 * The registry's default of a parameter field's parameter ("1" for beta), or "" (a cutoff has none).
 * @param {ParamField} spec
 * @param {MeasureInfo[]} family
 */
export function paramDefault({ measure, param }, family) {
  const info = family.find((candidate) => candidate.name === measure);
  return info?.params.find((known) => known.name === param)?.default ?? '';
}

/**
 * `name` with every convention selector's value that applies to it.
 * @param {string} name
 * @param {Convention[]} conventions
 * @param {MeasureInfo[]} family
 */
export function applyConventions(name, conventions, family) {
  return conventions.reduce(
    (current, { param, fallback, value }) => (takesParam(current, param, family) ? withParam(current, param, value, fallback) : current),
    name,
  );
}

/**
 * A name to add for `info`: with the example's cutoff when one is required, the example itself
 * when the measure takes an argument rather than parameters (mean(P@10)), plus the conventions
 * chosen.
 * @param {MeasureInfo} info
 * @param {{inputKinds: string[], conventions: Convention[], family: MeasureInfo[]}} page
 */
export function nameToAdd(info, { inputKinds, conventions, family }) {
  const takesArgument = info.example.startsWith(`${info.name}(`) && parseMeasureName(info.example) === null;
  if (takesArgument) return info.example;
  const at = info.example.lastIndexOf('@');
  const cutoff = at >= 0 ? info.example.slice(at) : info.cutoffKind === 'recall' ? '@0.5' : '@10';
  // F reads a ranked list only at a cutoff (F@10): on the ranked page it is added with one.
  const needsCutoff = info.cutoff === 'required' || !inputKinds.includes(info.input);
  return applyConventions(needsCutoff ? `${info.name}${cutoff}` : info.name, conventions, family);
}

/**
 * The names after a measure's toggle is pressed: its names taken out when it is in the list;
 * otherwise added, putting away the measures that read another input family.
 * @param {string[]} names
 * @param {MeasureInfo} info
 * @param {{inputKinds: string[], conventions: Convention[], family: MeasureInfo[]}} page
 */
export function toggledNames(names, info, page) {
  const { family } = page;
  const kept = names.filter((name) => measureInfoFor(name, family) !== info);
  if (kept.length < names.length) return kept;
  // The family each name reads here: F@10 on the ranked page reads the ranked list, as AP does.
  const added = nameToAdd(info, page);
  const readBy = (name) => {
    const known = measureInfoFor(name, family);
    return known ? inputOf(known, name) : inputOf(info, added);
  };
  const sameInput = (name) => readBy(name) === inputOf(info, added);
  return [...names.filter(sameInput), added];
}

/**
 * The measures field after a parameter field is set to `value`: the parameter (or cutoff) set
 * in every name of its measure that does not use a rival parameter (F(alpha=…) is left alone by
 * β), or the measure added with it.
 * @param {string} measures the measures field
 * @param {ParamField} spec
 * @param {string} value trimmed, not empty
 * @param {MeasureInfo[]} family
 */
export function withParamField(measures, spec, value, family) {
  const fallback = paramDefault(spec, family);
  const rivals = spec.param
    ? (measureInfoFor(spec.measure, family)?.params.map((known) => known.name).filter((name) => name !== spec.param) ?? [])
    : [];
  const ours = (name) =>
    measureInfoFor(name, family)?.name === spec.measure && !rivals.some((rival) => paramOf(name, rival) !== undefined);
  const names = splitMeasureList(measures).map(({ name }) => name);
  if (names.some(ours)) {
    return rewriteMeasureList(measures, (name) =>
      ours(name) ? (spec.param ? withParam(name, spec.param, value, fallback) : withCutoff(name, value)) : name,
    );
  }
  const added = spec.param ? withParam(spec.measure, spec.param, value, fallback) : `${spec.measure}@${value}`;
  return [...names, added].join(', ');
}

/**
 * One selector per parameter with choices, shared by the measures that take it (rule: IPrec,
 * 11pt): the parameter and its users, in the registry's order.
 * @param {MeasureInfo[]} family
 * @returns {{param: MeasureInfo['params'][number], users: MeasureInfo[]}[]}
 */
export function conventionGroups(family) {
  const byParam = new Map();
  for (const info of family) {
    // confusion's value= picks the headline quantity (typed as a word: accuracy, recall), not a
    // convention, so it gets no selector.
    for (const param of info.params.filter((candidate) => candidate.choices.length > 1 && candidate.name !== 'value')) {
      const key = `${param.name}=${param.choices.join('|')}`;
      if (!byParam.has(key)) byParam.set(key, { param, users: [] });
      byParam.get(key).users.push(info);
    }
  }
  return [...byParam.values()];
}

/**
 * What the controls show for the names of the measures field: the toggles pressed (measure
 * names), each convention selector's value (undefined: leave it), each parameter field's value
 * (undefined: leave it), and the input families in use.
 * @param {string[]} names
 * @param {{family: MeasureInfo[], conventions: {param: string, choices: string[], fallback: string}[],
 *          params: ParamField[]}} page
 */
export function controlsFor(names, { family, conventions, params }) {
  const infoFor = (name) => measureInfoFor(name, family);
  const pressed = new Set(names.map((name) => infoFor(name)?.name).filter(Boolean));
  const selectors = conventions.map(({ param, choices, fallback }) => {
    const used = names.filter((name) => takesParam(name, param, family)).map((name) => paramOf(name, param) ?? fallback);
    return used.length && used.every((value) => value === used[0]) && choices.includes(used[0]) ? used[0] : undefined;
  });
  const fields = params.map((spec) => {
    const name = names.find((candidate) => infoFor(candidate)?.name === spec.measure);
    if (name === undefined) return undefined;
    const value = fieldValue(spec, name);
    if (value !== undefined) return value;
    return spec.cutoff || parseMeasureName(name)?.params.length === 0 ? paramDefault(spec, family) : undefined;
  });
  const inUse = new Set(names.map((name) => infoFor(name) && inputOf(infoFor(name), name)).filter(Boolean));
  return { pressed, selectors, fields, inUse };
}

// ------------------------------------------------------------------ problem mode

/**
 * What an option field states in a problem's question: "R = 5".
 * @param {string} calc
 * @param {string} name
 * @param {string} value
 */
export const givenText = (calc, name, value) =>
  name === 'relevant' ? (calc === 'queries' ? `R = ${value} for a query that gives none` : `R = ${value}`) : `${name} = ${value}`;

/**
 * The givens of a problem's question, from the option fields typed: "R = 5".
 * @param {string} calc
 * @param {Object<string, string>} options
 */
export const givenOf = (calc, options) =>
  Object.entries(options)
    .filter(([, value]) => value.trim())
    .map(([name, value]) => givenText(calc, name, value.trim()))
    .join('; ');

/**
 * A problem's measure as its question names it: by its value when that is something else, once
 * computed ("F1 (confusion)").
 * @param {string} name
 * @param {{ok: boolean, value?: {label?: string, measure: string}}} result
 */
export const askedAs = (name, result) =>
  result.ok && result.value.label && result.value.label !== result.value.measure ? `${result.value.label} (${name})` : name;
