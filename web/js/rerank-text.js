// @ts-check
// The list a reader reorders by hand (render/rerank.js): which words of the input are the ranked
// documents, how each is judged, and the input rewritten for a new order in the reader's own
// notation. Text only, no DOM, so that tests/js/rerank.test.mjs runs it in Node.
//
// The notations are the core's (core/src/parse/ranking.cpp and graded.cpp, see docs/inputs.md). This
// module mirrors of them only what it takes to find the documents and their judgements; the page
// shows the cards only while the engine reads the same input without error, so that the cards
// never show a list the answers do not.
//
//   ranked  marks (R N + - 1 0 Y ✓ ✗ I U ?…), marks run together (RNNRI), labels (*D2*, D2+, D3,
//           D4?, D1:2), a header relevant=15 or R=15 anywhere; or the ranks of the relevant
//           documents, "relevant at 1, 3 of 10"
//   graded  grades (4 3 4 2 0) or labelled grades (D1:2), then an optional "unretrieved:" part
//
// A new order is written by putting the documents' own words into the places the old order's
// words held: separators, line breaks, the header and the "unretrieved:" part stay as typed. The
// ranks notation gets the new relevant ranks ("relevant at 1, 3 of 10" → "relevant at 2, 3 of
// 10"). The one order a notation cannot hold is a mark such as ✓ moved into a run of marks like
// RNNR (R✓NR is not a run of marks any more): then the marks are written one word each.

/** More documents than this are not shown as cards (a note says so): a list of 100,000 ranks
 *  would be 100,000 cards. */
export const MAX_CARDS = 100;

/**
 * @typedef {'relevant' | 'not relevant' | 'unjudged'} Judgement
 * @typedef {{text: string, label: string, judgement: Judgement, grade: string}} ListItem
 *   One ranked document. text: as typed (a mark, "*D2*", "D1:2", "4"; one letter of a run such as
 *   RNNR; "R" or "N" in the ranks notation); label: the document's name ("D2"), or ''; grade: the
 *   grade of a graded list or of a graded label ("D1:2" → "2"), or ''. In a graded list
 *   `judgement` is 'relevant' for a grade above 0.
 * @typedef {{start: number, end: number, run: boolean}} Slot
 *   Where a document's word sits in the text (UTF-16 offsets); run: a letter of a run of marks.
 * @typedef {{status: 'ok', kind: 'ranked' | 'graded', notation: 'words' | 'ranks',
 *            items: ListItem[], slots: Slot[], headers: Slot[], rankSlots: Slot[],
 *            length: number, lengthGiven: boolean}} ListReading
 *   notation 'words': the documents are words of the text (slots, one per item); 'ranks': the
 *   text names the relevant ranks (rankSlots, in the order typed), of a list `length` long,
 *   given with "of N" (lengthGiven) or ending at the last relevant rank. headers: the
 *   relevant=N words (ranked lists).
 * @typedef {ListReading | {status: 'empty' | 'unreadable'} | {status: 'long', count: number}} Reading
 *   empty: no document; unreadable: a word this module cannot read (the engine says why);
 *   long: more than the limit (`count`: how many were counted before stopping, more than
 *   the limit but not always the whole length).
 */

const WORD = /[^ \t\r\n\f\v,;]+/g;

/**
 * The words of `text` as the core's tokenizer splits them (spaces, tabs, line breaks, commas and
 * semicolons; a byte-order mark at the start is skipped), one at a time so that a long list is
 * not split further than needed.
 * @param {string} text
 * @returns {Generator<{text: string, start: number, end: number}>}
 */
function* words(text) {
  const pattern = new RegExp(WORD.source, 'g');
  pattern.lastIndex = text.startsWith('\uFEFF') ? 1 : 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    yield { text: match[0], start: match.index, end: match.index + match[0].length };
  }
}

const MARKS = new Map(/** @type {[string, Judgement][]} */ ([
  ...[...'Rr1+Yy\u2713\u2714'].map((mark) => [mark, 'relevant']),
  ...[...'Nn0-Ii\u2717\u2718'].map((mark) => [mark, 'not relevant']),
  ...[...'Uu?'].map((mark) => [mark, 'unjudged']),
]));

/** A run of marks (RNNRI, +--+): upper-case letters and symbols only, as the core splits them. */
const RUN = /^[RNIUY+\-?]{2,}$/;
const RUN_MARK = /^[RNIUY+\-?]$/;
const HEADER = /^(relevant|r)=/i;
const DIGITS = /^[0-9]+$/;
// A document label: letters, digits, _ and any non-ASCII character, then also . - / #.
const RANKED_LABEL = /^[A-Za-z0-9_\u0080-\uFFFF][A-Za-z0-9_.\-/#\u0080-\uFFFF]*$/;
const GRADED_LABEL = /^[A-Za-z0-9_.\-/#\u0080-\uFFFF]+$/;

/**
 * One word of a ranked list: {kind: 'mark' | 'labelled' | 'bare', judgement, label, grade}, or
 * null when the core would not read it.
 * @param {string} word
 */
function classifyRanked(word) {
  const mark = MARKS.get(word);
  if (mark) return { kind: 'mark', judgement: mark, label: '', grade: '' };
  // *D2* and **D2**: the notes mark relevant documents with asterisks.
  if (word.length >= 3 && word.startsWith('*') && word.endsWith('*')) {
    let stars = 0;
    while (stars * 2 < word.length && word[stars] === '*' && word[word.length - 1 - stars] === '*') stars += 1;
    const inner = word.slice(stars, word.length - stars);
    if (RANKED_LABEL.test(inner)) return { kind: 'labelled', judgement: 'relevant', label: inner, grade: '' };
  }
  const last = word.at(-1);
  if (word.length >= 2 && (last === '+' || last === '-' || last === '?')) {
    const inner = word.slice(0, -1);
    if (RANKED_LABEL.test(inner)) {
      const judgement = last === '+' ? 'relevant' : last === '-' ? 'not relevant' : 'unjudged';
      return { kind: 'labelled', judgement, label: inner, grade: '' };
    }
  }
  const colon = word.lastIndexOf(':');
  if (colon > 0 && RANKED_LABEL.test(word.slice(0, colon))) {
    const grade = word.slice(colon + 1);
    if (!DIGITS.test(grade) || Number(grade) > 1_000_000) return null;
    // Relevant from grade 1, as trec_eval's default relevance level.
    return { kind: 'labelled', judgement: Number(grade) >= 1 ? 'relevant' : 'not relevant', label: word.slice(0, colon), grade: String(Number(grade)) };
  }
  if (DIGITS.test(word) || word.startsWith('*')) return null;
  if (RANKED_LABEL.test(word)) return { kind: 'bare', judgement: 'not relevant', label: word, grade: '' };
  return null;
}

/**
 * When the words from `first` on start "relevant at", "relevant at ranks", "relevant ranks" or
 * "relevant" before a number, the index of the first word after that phrase; otherwise -1.
 */
function ranksPhraseEnd(list, first) {
  if (first + 1 >= list.length || list[first].text.toLowerCase() !== 'relevant') return -1;
  const next = list[first + 1].text;
  const word = (text) => {
    const lower = text.toLowerCase();
    return lower.length > 1 && lower.endsWith(':') ? lower.slice(0, -1) : lower;
  };
  const isRankWord = (text) => text === 'rank' || text === 'ranks';
  if (word(next) === 'at') {
    if (!next.endsWith(':') && first + 2 < list.length && isRankWord(word(list[first + 2].text))) return first + 3;
    return first + 2;
  }
  if (isRankWord(word(next))) return first + 2;
  if (DIGITS.test(next)) return first + 1;
  return -1;
}

/**
 * "relevant at 1, 3, 4 and 6 of 10 ranks": the relevant ranks and the list's length, as the
 * core reads them (relevant=N may stand anywhere).
 * @returns {Reading}
 */
function readRanks(list, start, limit) {
  const rankSlots = [];
  const ranks = new Set();
  const headers = [];
  let length = 0;
  let lengthGiven = false;
  let expect = 'rank'; // rank, more (a rank, 'and', 'of'), length, word (after the length), end
  for (let index = start; index < list.length; index += 1) {
    const word = list[index];
    const lower = word.text.toLowerCase();
    if (HEADER.test(word.text)) {
      headers.push({ start: word.start, end: word.end, run: false });
      continue;
    }
    if (expect === 'more' && lower === 'and') {
      expect = 'rank';
    } else if (expect === 'more' && (lower === 'of' || lower === 'out')) {
      if (lower === 'out') {
        if (list[index + 1]?.text.toLowerCase() !== 'of') return { status: 'unreadable' };
        index += 1;
      }
      expect = 'length';
    } else if ((expect === 'rank' || expect === 'more') && DIGITS.test(word.text)) {
      const rank = Number(word.text);
      if (rank === 0 || ranks.has(rank)) return { status: 'unreadable' };
      ranks.add(rank);
      rankSlots.push({ start: word.start, end: word.end, run: false });
      expect = 'more';
    } else if (expect === 'length' && DIGITS.test(word.text) && Number(word.text) > 0) {
      length = Number(word.text);
      lengthGiven = true;
      expect = 'word';
    } else if (expect === 'word' && ['ranks', 'documents', 'results', 'retrieved'].includes(lower)) {
      expect = 'end';
    } else {
      return { status: 'unreadable' };
    }
  }
  if (expect !== 'more' && expect !== 'word' && expect !== 'end') return { status: 'unreadable' };
  const last = Math.max(...ranks);
  if (lengthGiven && last > length) return { status: 'unreadable' };
  if (!lengthGiven) length = last;
  if (length > limit) return { status: 'long', count: length };
  /** @type {ListItem[]} */
  const items = Array.from({ length }, (_, index) =>
    ranks.has(index + 1)
      ? { text: 'R', label: '', judgement: 'relevant', grade: '' }
      : { text: 'N', label: '', judgement: 'not relevant', grade: '' },
  );
  return { status: 'ok', kind: 'ranked', notation: 'ranks', items, slots: [], headers, rankSlots, length, lengthGiven };
}

/** @returns {Reading} */
function readRanked(text, limit) {
  const source = words(text);
  const list = [];
  const take = (count) => {
    while (list.length < count) {
      const next = source.next();
      if (next.done) return false;
      list.push(next.value);
    }
    return true;
  };
  let first = 0;
  while (take(first + 1) && HEADER.test(list[first].text)) first += 1;
  take(first + 4);
  const phraseEnd = ranksPhraseEnd(list, first);
  if (phraseEnd >= 0) {
    // The ranks notation is short unless it names more relevant ranks than there are cards.
    take(Infinity);
    if (list.length > limit + 50) return { status: 'long', count: list.length };
    return readRanks(list, phraseEnd, limit);
  }

  const entries = [];
  const headers = [];
  for (let index = 0; take(index + 1); index += 1) {
    const word = list[index];
    if (RUN.test(word.text)) {
      for (let offset = 0; offset < word.text.length; offset += 1) {
        const mark = word.text[offset];
        entries.push({ text: mark, kind: 'mark', judgement: MARKS.get(mark), label: '', grade: '', slot: { start: word.start + offset, end: word.start + offset + 1, run: true } });
      }
    } else if (HEADER.test(word.text)) {
      headers.push({ start: word.start, end: word.end, run: false });
      continue;
    } else {
      const classified = classifyRanked(word.text);
      if (!classified) return { status: 'unreadable' };
      entries.push({ text: word.text, ...classified, slot: { start: word.start, end: word.end, run: false } });
    }
    if (entries.length > limit) return { status: 'long', count: entries.length };
  }
  if (entries.length === 0) return { status: 'empty' };
  if (headers.length > 1) return { status: 'unreadable' };

  const marks = entries.filter((entry) => entry.kind === 'mark');
  if (marks.length > 0 && entries.some((entry) => entry.kind === 'bare')) return { status: 'unreadable' };
  const labels = entries.filter((entry) => entry.label).map((entry) => entry.label);
  if (new Set(labels).size < labels.length) return { status: 'unreadable' };
  // A list with both I and N is the bpref notation of Bhattacharya's CS657A notes: I judged
  // not relevant, N not judged.
  const bpref = marks.some((entry) => /^[Ii]$/.test(entry.text)) && marks.some((entry) => /^[Nn]$/.test(entry.text));
  const items = entries.map(({ text: word, kind, judgement, label, grade }) => ({
    text: word,
    label,
    judgement: bpref && kind === 'mark' && /^[Nn]$/.test(word) ? 'unjudged' : judgement,
    grade,
  }));
  const slots = entries.map((entry) => entry.slot);
  return { status: 'ok', kind: 'ranked', notation: 'words', items, slots, headers, rankSlots: [], length: items.length, lengthGiven: false };
}

/** A grade as the core reads it: digits with at most one point, at most 18 digits, none negative. */
const isGrade = (text) => /^[0-9]*\.?[0-9]*$/.test(text) && /[0-9]/.test(text) && text.replace('.', '').length <= 18;

/** @returns {Reading} */
function readGraded(text, limit) {
  const items = [];
  const slots = [];
  for (const word of words(text)) {
    const lower = word.text.toLowerCase();
    // The judged grades that were not retrieved: no rank, no card, kept as typed.
    if (lower === 'unretrieved:' || lower === 'unretrieved') break;
    const colon = word.text.lastIndexOf(':');
    const label = colon >= 0 ? word.text.slice(0, colon) : '';
    const grade = colon >= 0 ? word.text.slice(colon + 1) : word.text;
    if ((colon >= 0 && !GRADED_LABEL.test(label)) || !isGrade(grade)) return { status: 'unreadable' };
    items.push({ text: word.text, label, judgement: Number(grade) > 0 ? 'relevant' : 'not relevant', grade: shortGrade(grade) });
    slots.push({ start: word.start, end: word.end, run: false });
    if (items.length > limit) return { status: 'long', count: items.length };
  }
  if (items.length === 0) return { status: 'empty' };
  const labels = items.filter((item) => item.label).map((item) => item.label);
  if (new Set(labels).size < labels.length) return { status: 'unreadable' };
  return { status: 'ok', kind: 'graded', notation: 'words', items, slots, headers: [], rankSlots: [], length: items.length, lengthGiven: false };
}

/** "03" → "3", "2.50" → "2.5", ".5" → "0.5": the grade as a card shows it. */
function shortGrade(grade) {
  const [whole, fraction = ''] = grade.split('.');
  const kept = fraction.replace(/0+$/, '');
  return `${whole.replace(/^0+(?=[0-9])/, '') || '0'}${kept ? `.${kept}` : ''}`;
}

/**
 * Reads the documents of a ranked or graded list, top rank first.
 * @param {string} text the input as typed
 * @param {'ranked' | 'graded'} kind
 * @param {{limit?: number}} [options] limit: at most this many documents (else status 'long')
 * @returns {Reading}
 */
export function readList(text, kind, { limit = MAX_CARDS } = {}) {
  return kind === 'graded' ? readGraded(text, limit) : readRanked(text, limit);
}

/**
 * The order after moving the document at rank index `from` to rank index `to` (0-based), the
 * others keeping their order.
 * @param {number[]} order item indexes, top rank first
 * @param {number} from
 * @param {number} to
 * @returns {number[]}
 */
export function moveInOrder(order, from, to) {
  const moved = [...order];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item);
  return moved;
}

/**
 * The text that lists the documents of `reading` in a new order, in the notation typed.
 * @param {string} text the text `reading` was read from
 * @param {ListReading} reading
 * @param {number[]} order indexes into reading.items, top rank first (a permutation)
 * @returns {{text: string, respaced: boolean}} respaced: the marks had to be written one word
 *   each (a run such as RNNR cannot hold a mark like ✓ or 1)
 */
export function reorderText(text, reading, order) {
  if (order.length !== reading.items.length) throw new RangeError('the order must list every document once');
  if (reading.notation === 'ranks') return { text: rewriteRanks(text, reading, order), respaced: false };
  const placed = order.map((index) => reading.items[index].text);
  const fits = reading.slots.every((slot, rank) => !slot.run || RUN_MARK.test(placed[rank]));
  if (fits) return { text: replaceSlots(text, reading.slots, placed), respaced: false };
  // One word each, between what came before the first document and after the last; a header
  // typed among the documents goes before them.
  const first = reading.slots[0].start;
  const last = reading.slots.at(-1).end;
  const inside = reading.headers.filter((slot) => slot.start > first && slot.start < last).map((slot) => text.slice(slot.start, slot.end));
  const before = text.slice(0, first) + (inside.length ? `${inside.join(' ')}\n` : '');
  return { text: `${before}${placed.join(' ')}${text.slice(last)}`, respaced: true };
}

/** `text` with the word of each slot (in order of position) replaced by `words[i]`. */
function replaceSlots(text, slots, replacements) {
  let out = '';
  let at = 0;
  slots.forEach((slot, index) => {
    out += text.slice(at, slot.start) + replacements[index];
    at = slot.end;
  });
  return out + text.slice(at);
}

/** "relevant at 1, 3 of 10" with the relevant ranks of the new order, ascending. */
function rewriteRanks(text, reading, order) {
  const ranks = order.flatMap((index, rank) => (reading.items[index].judgement === 'relevant' ? [String(rank + 1)] : []));
  // Without "of N" the list ends at its last relevant rank: when that moves up, the length is
  // said, so that the list keeps its ranks.
  if (!reading.lengthGiven && Number(ranks.at(-1)) < reading.length) ranks[ranks.length - 1] += ` of ${reading.length}`;
  return replaceSlots(text, reading.rankSlots, ranks);
}
