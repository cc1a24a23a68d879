// @ts-check
// The practice page's score (web/practice.html): what a student did with each exercise, kept in
// the browser's localStorage under one key and never sent anywhere, and the score per family
// drawn from it. Storage may be turned off or full (private windows, a blocked site): every
// access is guarded, and the page carries on without a score, saying so.
//
// The record, by exercise id ("ranked-easy-42"):
//   {family, asked: number of values asked,
//    values: {NAME: {tries: wrong answers checked, right: true once right before the working
//             was shown, first: right at the first try, shown: the working was shown}}}
// A value is decided once it is right or its working is shown; later checks change nothing, so
// an exercise counts once however often it is opened (a reload, a shared link).

import { plural } from '../../../common/format.js';
import { el } from './dom.js';

export const STORAGE_KEY = 'irmetrics.practice.v1';

/** Exercises kept at most; the oldest go first. */
const KEEP = 2000;

const emptyStore = () => ({ exercises: {} });

/**
 * Whether `value` is a plain object (not null, not an array).
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A stored exercise record as this version writes it ({family, asked, values}), or null when it
 * is not one: its values' fields take their types (tries a whole number from 0, the others
 * true or false), and a value that is no object is dropped.
 * @param {unknown} record
 */
function storedRecord(record) {
  if (!isObject(record) || typeof record.family !== 'string' || !isObject(record.values)) return null;
  const values = {};
  for (const [name, value] of Object.entries(record.values)) {
    if (!isObject(value)) continue;
    values[name] = {
      tries: Number.isSafeInteger(value.tries) && value.tries > 0 ? value.tries : 0,
      right: value.right === true,
      first: value.first === true,
      shown: value.shown === true,
    };
  }
  const asked = Number.isSafeInteger(record.asked) && record.asked > 0 ? record.asked : Object.keys(values).length;
  return { family: record.family, asked, values };
}

/**
 * The score store over localStorage (or over nothing, when storage cannot be used).
 * @param {Storage | null} [storage] window.localStorage by default
 */
export function scoreStore(storage = safeLocalStorage()) {
  let available = storage !== null;

  function load() {
    if (!available) return emptyStore();
    try {
      const parsed = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null');
      if (!isObject(parsed) || !isObject(parsed.exercises)) return emptyStore();
      // Each record as this version writes it; one damaged (hand-edited, another version) is
      // dropped or mended, so that a bad record never breaks the page on every visit.
      const exercises = {};
      for (const [id, record] of Object.entries(parsed.exercises)) {
        const kept = storedRecord(record);
        if (kept) exercises[id] = kept;
      }
      return { exercises };
    } catch (error) {
      // Unreadable (hand-edited, another version): start again. A SecurityError: no storage.
      if (error instanceof SyntaxError) return emptyStore();
      available = false;
      return emptyStore();
    }
  }

  function save(data) {
    if (!available) return;
    const ids = Object.keys(data.exercises);
    for (const id of ids.slice(0, Math.max(0, ids.length - KEEP))) delete data.exercises[id];
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(data));
    } catch {
      available = false; // full or refused: the page goes on without a score
    }
  }

  /** The record of one exercise, created with its values undecided. */
  function recordOf(data, exercise) {
    const record = data.exercises[exercise.id] ?? { family: exercise.family, asked: exercise.asked.length, values: {} };
    for (const { name } of exercise.asked) record.values[name] ??= { tries: 0, right: false, first: false, shown: false };
    return record;
  }

  return {
    /** Whether the score can be kept in this browser. */
    get available() {
      return available;
    },

    /** What is recorded of `exercise`'s values: {NAME: {tries, right, first, shown}}. */
    valuesOf(exercise) {
      return recordOf(load(), exercise).values;
    },

    /**
     * Records a checked answer (right or wrong) or a working shown, unless the value is already
     * decided. Returns the value's record after it.
     * @param {{id: string, family: string, asked: {name: string}[]}} exercise
     * @param {string} name the asked value's name
     * @param {'right' | 'wrong' | 'shown'} event
     */
    record(exercise, name, event) {
      const data = load();
      const record = recordOf(data, exercise);
      const value = record.values[name];
      if (!value.right && !value.shown) {
        if (event === 'right') {
          value.right = true;
          value.first = value.tries === 0;
        } else if (event === 'wrong') value.tries += 1;
        else value.shown = true;
        // Re-inserted last: the oldest exercises are the first keys.
        delete data.exercises[exercise.id];
        data.exercises[exercise.id] = record;
        save(data);
      }
      return { ...value };
    },

    /**
     * The score of each family tried: exercises, values asked in them, values right, right at
     * the first try.
     * @returns {Map<string, {exercises: number, asked: number, right: number, first: number}>}
     */
    scores() {
      const byFamily = new Map();
      for (const record of Object.values(load().exercises)) {
        const values = Object.values(record.values ?? {});
        if (!values.some((value) => value.tries > 0 || value.right || value.shown)) continue;
        const score = byFamily.get(record.family) ?? { exercises: 0, asked: 0, right: 0, first: 0 };
        score.exercises += 1;
        score.asked += Number(record.asked) || values.length;
        score.right += values.filter((value) => value.right).length;
        score.first += values.filter((value) => value.right && value.first).length;
        byFamily.set(record.family, score);
      }
      return byFamily;
    },

    /** Forgets every score. */
    reset() {
      if (!available) return;
      try {
        storage.removeItem(STORAGE_KEY);
      } catch {
        available = false;
      }
    },
  };
}

/** window.localStorage, or null where reading it throws (storage disabled) or it is missing. */
function safeLocalStorage() {
  try {
    const storage = globalThis.localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

/**
 * @typedef {{exercises: number, asked: number, right: number, first: number}} Score
 */

/**
 * One family's score in a sentence: "5 of 6 values right (4 at the first try) in 2 exercises".
 * @param {Score} score
 */
export const scoreSentence = ({ exercises, asked, right, first }) =>
  `${right} of ${plural(asked, 'value')} right (${first} at the first try) in ${plural(exercises, 'exercise')}`;

/**
 * The score of every family tried, as a list in the families' order.
 * @param {Map<string, Score>} scores from scoreStore().scores()
 * @param {{id: string, title: string}[]} families
 * @param {boolean} available whether storage works
 * @returns {HTMLElement}
 */
export function renderScores(scores, families, available) {
  if (!available) {
    return el('p', { text: 'This browser does not let the page keep a score (its storage is turned off); everything else works.' });
  }
  const tried = families.filter((family) => scores.has(family.id));
  if (!tried.length) return el('p', { text: 'No exercise checked yet.' });
  return el(
    'ul',
    { class: 'practice-scores' },
    ...tried.map((family) =>
      el('li', { 'data-score-family': family.id }, el('strong', { text: family.title }), `: ${scoreSentence(scores.get(family.id))}.`),
    ),
  );
}
