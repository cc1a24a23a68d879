// @ts-check
// Reorder by hand: the input's ranked (or graded) list shown as cards under the input field, one
// per rank, which a student reorders to see what the order does to every measure. A card is
// dragged (Pointer Events, so mouse, pen and touch alike: on a touch screen a card is held for a
// moment first, so that a finger sliding over the cards still scrolls the page) or moved from the
// keyboard: ArrowUp/ArrowLeft one rank up, ArrowDown/ArrowRight one down, Home and End to the top
// and the bottom, the focus staying on the card and a polite live region saying where it went.
//
// Each move rewrites the input text in the reader's own notation (rerank-text.js) and asks the
// page to recompute, as typing does: the answers, the charts and the share link follow. The text
// is the one source of truth: the cards are read from it, and shown only while the engine reads it
// without error. Labels are pasted text: they only ever reach the page as text nodes.

import { visible } from '../../../common/format.js';
import { MAX_CARDS, readList, reorderText } from '../rerank-text.js';
import { el, uniqueId } from './dom.js';

/** How long a finger holds a card before it can be dragged (a shorter touch is a scroll). */
const HOLD_MS = 300;
/** How far a mouse moves with the button down before the press becomes a drag, in px. */
const DRAG_THRESHOLD = 4;
/** How far a finger may move while holding before the hold counts as a scroll, in px. */
const HOLD_SLOP = 10;

const SYMBOL = { relevant: '✓', 'not relevant': '✗', unjudged: '?' };
const STATE = { relevant: 'is-relevant', 'not relevant': 'is-not-relevant', unjudged: 'is-unjudged' };

/** A judgement before "document": "a relevant document", "a non-relevant document". */
const ADJECTIVE = { relevant: 'a relevant', 'not relevant': 'a non-relevant', unjudged: 'an unjudged' };

/**
 * What a card says, for its accessible name ("D3, relevant"; "grade 2"), and the document's name
 * in a sentence ("D3 (relevant)", "a non-relevant document", "D1 (grade 2)").
 * @param {import('../rerank-text.js').ListItem} item
 * @param {'ranked' | 'graded'} kind
 */
function describe(item, kind) {
  const judged = kind === 'graded' ? `grade ${item.grade}` : item.grade ? `grade ${item.grade}, ${item.judgement}` : item.judgement;
  const label = item.label && visible(item.label);
  const named = label ? `${label} (${judged})` : kind === 'graded' ? `a document of grade ${item.grade}` : `${ADJECTIVE[item.judgement]} document`;
  return { card: label ? `${label}, ${judged}` : judged, named };
}

/** Capitalised, for the start of a sentence. */
const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Puts the "Reorder by hand" cards under the input field of a calculator page.
 * @param {{kind: 'ranked' | 'graded', input: HTMLTextAreaElement, onReorder: () => void}} options
 *   kind: how the input is read; onReorder: called once the input text says the new order (the
 *   page then recomputes, as after typing)
 * @returns {{refresh: (state: {locked: boolean, inputError: boolean}) => void}}
 *   refresh: after each update of the page; the cards follow the input text when it changed,
 *   and are put away while it has a mistake (inputError) or the question is locked (a problem)
 */
export function setUpRerank({ kind, input, onReorder }) {
  const headingId = uniqueId('rerank-heading');
  const helpId = uniqueId('rerank-help');
  const count = el('span', { class: 'rerank-count' });
  const list = el('ol', { class: 'rerank-cards', 'aria-labelledby': headingId, 'data-rerank-cards': true });
  const note = el('p', { class: 'hint rerank-note', hidden: true, 'data-rerank-note': true });
  const reset = el('button', { type: 'button', class: 'link-button rerank-reset', hidden: true, 'data-rerank-reset': true, text: 'Back to the order as typed' });
  const details = el(
    'details',
    { class: 'rerank' },
    el('summary', {}, el('h2', { class: 'label-heading', id: headingId, text: 'Reorder by hand' }), count),
    // What the reader can do with the pointer they have (site.css shows one of the two).
    el(
      'p',
      { class: 'hint' },
      el('span', { class: 'rerank-help-fine', text: 'Drag a card to another rank, or focus it and press the arrow keys (Home, End: to the top, the bottom).' }),
      el('span', { class: 'rerank-help-touch', text: 'Hold a card, then drag it to another rank.' }),
      ' The text above and the answers follow.',
    ),
    // Said with each card: a short instruction, not the whole paragraph.
    el('p', { class: 'visually-hidden', id: helpId, text: 'Arrow keys move the card one rank; Home and End, to the top or the bottom.' }),
    kind === 'ranked' &&
      el(
        'p',
        { class: 'rerank-key', 'aria-hidden': 'true' },
        ...Object.entries(SYMBOL).map(([judgement, symbol]) => el('span', { class: STATE[judgement] }, el('span', { class: 'rerank-symbol', text: symbol }), ` ${judgement}`)),
      ),
    list,
    note,
    reset,
  );
  // Outside the <details>, so that it is in the page however the section is folded.
  const status = el('p', { class: 'visually-hidden', 'aria-live': 'polite', 'data-rerank-status': true });
  const section = el('div', { class: 'field rerank-field', hidden: true, 'data-rerank': true }, details, status);
  input.closest('.field').after(section);
  // Open where there is room beside the answers; on a phone a line that opens it, so that the
  // answers stay near the input.
  details.open = window.matchMedia('(min-width: 1000px)').matches;

  /** The text the cards show, and how it was read. */
  let shownText = null;
  /** @type {import('../rerank-text.js').Reading | null} */
  let reading = null;
  /** The text this module last wrote into the input, and the text before the first move. */
  let written = null;
  let typed = null;
  let locked = false;
  let inputError = false;

  // ------------------------------------------------------------ the cards

  const cards = () => /** @type {HTMLElement[]} */ ([...list.children]);
  /** The reading while cards are shown: they are made for a readable list only. */
  const listed = () => /** @type {import('../rerank-text.js').ListReading} */ (reading);

  /** A card's rank, name and position in the reading (data-item) after the order changed. */
  function label(card, rank) {
    const item = listed().items[rank];
    card.dataset.item = String(rank);
    card.querySelector('.rerank-rank').textContent = String(rank + 1);
    card.setAttribute('aria-label', `Rank ${rank + 1}: ${describe(item, kind).card}`);
  }

  function renderCard(item, rank, topGrade) {
    const body =
      kind === 'graded'
        ? [el('span', { class: 'rerank-grade', 'aria-hidden': 'true', text: item.grade }), el('span', { class: 'rerank-bar', 'aria-hidden': 'true' })]
        : [el('span', { class: 'rerank-mark', 'aria-hidden': 'true', text: SYMBOL[item.judgement] })];
    // A label as typed but for what would hide or reorder it (U+202E, U+200B: common/format.js).
    const name = item.label && visible(item.grade && kind === 'ranked' ? `${item.label}:${item.grade}` : item.label);
    const card = el(
      'li',
      { class: `rerank-card ${kind === 'graded' ? 'is-graded' : STATE[item.judgement]}`, tabindex: 0, 'aria-describedby': helpId, title: name || null },
      el('span', { class: 'rerank-rank', 'aria-hidden': 'true' }),
      ...body,
      name && el('span', { class: 'rerank-label', 'aria-hidden': 'true', text: name }),
    );
    // How full the bar is: the grade over the list's highest (a custom property set through the
    // CSSOM, which the strict style-src allows, where a style attribute would not be).
    if (kind === 'graded') card.style.setProperty('--level', String(topGrade > 0 ? Number(item.grade) / topGrade : 0));
    return card;
  }

  /** Builds the cards (or the note of a long list) for `text`. */
  function render(text) {
    reading = readList(text, kind);
    shownText = text;
    note.hidden = true;
    if (reading.status === 'long') {
      count.textContent = ` (more than ${MAX_CARDS} ranks)`;
      list.replaceChildren();
      note.textContent = `Lists of more than ${MAX_CARDS} ranks are not shown as cards: reorder them in the text above.`;
      note.hidden = false;
      return;
    }
    if (reading.status !== 'ok') {
      list.replaceChildren();
      return;
    }
    const { items } = reading;
    count.textContent = ` (${items.length} ${items.length === 1 ? 'rank' : 'ranks'})`;
    const topGrade = Math.max(0, ...items.map((item) => Number(item.grade) || 0));
    list.replaceChildren(...items.map((item, rank) => renderCard(item, rank, topGrade)));
    cards().forEach(label);
  }

  function showSection() {
    const readable = reading && (reading.status === 'ok' || reading.status === 'long');
    section.hidden = locked || inputError || !readable;
  }

  /**
   * Moves `card` from rank index `from` to `to` in the list by moving the cards between: the
   * card itself stays in the document, so it keeps the focus (and a drag its pointer).
   */
  function shift(card, from, to) {
    const all = cards();
    if (to < from) card.after(...all.slice(to, from));
    else if (to > from) card.before(...all.slice(from + 1, to + 1));
  }

  /** The ranks seen on the cards while one is dragged: where each would be if dropped now. */
  const renumber = () => cards().forEach((card, rank) => (card.querySelector('.rerank-rank').textContent = String(rank + 1)));

  /** The order the cards now show, as indexes into the reading, top rank first. */
  const shownOrder = () => cards().map((card) => Number(card.dataset.item));

  /**
   * The cards show a new order (`card` moved): the input says it, the cards take their new ranks,
   * the move is announced and the page recomputes.
   */
  function commit(card) {
    const order = shownOrder();
    const item = listed().items[Number(card.dataset.item)];
    const { text, respaced } = reorderText(shownText, listed(), order);
    if (typed === null) typed = shownText;
    input.value = text;
    written = text;
    reading = readList(text, kind);
    shownText = text;
    if (reading.status !== 'ok') {
      render(text); // cannot happen for a text written from a reading; never show stale cards
    } else {
      cards().forEach(label);
    }
    if (respaced) {
      note.textContent = 'The marks are now written one word each: a run of marks such as RNNR can hold only R, N, I, U, Y, +, - and ?.';
      note.hidden = false;
    }
    reset.hidden = text === typed;
    const rank = cards().indexOf(card) + 1;
    say(`${sentence(describe(item, kind).named)} moved to rank ${rank} of ${order.length}.`);
    onReorder();
  }

  /** The live region's message; the same words twice are still said twice. */
  function say(message) {
    status.textContent = status.textContent === message ? `${message}\u00a0` : message;
  }

  // ------------------------------------------------------------ keyboard

  const KEYS = { ArrowUp: -1, ArrowLeft: -1, ArrowDown: 1, ArrowRight: 1 };

  list.addEventListener('keydown', (event) => {
    const card = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest?.('.rerank-card'));
    if (!card || locked || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const all = cards();
    const from = all.indexOf(card);
    let to;
    if (event.key in KEYS) to = from + KEYS[event.key];
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = all.length - 1;
    else return;
    event.preventDefault();
    if (drag) return;
    const item = listed().items[Number(card.dataset.item)];
    if (to < 0 || to >= all.length || to === from) {
      say(`${sentence(describe(item, kind).named)} is already at the ${from === 0 ? 'top' : 'bottom'}, rank ${from + 1} of ${all.length}.`);
      return;
    }
    shift(card, from, to);
    commit(card);
    card.focus();
  });

  // ------------------------------------------------------------ pointer: mouse, pen and touch

  /**
   * A press on a card that may become a drag: {card, pointerId, x, y, touch, timer}; then the
   * drag itself: {card, from, grabX, grabY, order, x, y} (order: to put back on a cancel; x, y:
   * where the pointer is).
   */
  let press = null;
  let drag = null;
  let scrolling = 0; // the animation frame that scrolls while a card is held near an edge

  list.addEventListener('pointerdown', (event) => {
    const card = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest('.rerank-card'));
    if (!card || locked || press || event.button !== 0) return;
    press = { card, pointerId: event.pointerId, x: event.clientX, y: event.clientY, touch: event.pointerType === 'touch', timer: 0 };
    if (press.touch) press.timer = setTimeout(() => startDrag(press.x, press.y), HOLD_MS);
    document.addEventListener('pointermove', onPointerMove);
    document.addEventListener('pointerup', onPointerUp);
    document.addEventListener('pointercancel', onPointerCancel);
  });

  function startDrag(x, y) {
    const { card } = press;
    const box = card.getBoundingClientRect();
    drag = { card, from: cards().indexOf(card), grabX: press.x - box.left, grabY: press.y - box.top, order: shownOrder(), x, y };
    card.classList.add('is-dragging');
    list.classList.add('is-dragging');
    follow(x, y);
  }

  /** The dragged card under the pointer: a transform from where the list lays it out. */
  function follow(x, y) {
    const { card, grabX, grabY } = drag;
    card.style.transform = '';
    const box = card.getBoundingClientRect();
    card.style.transform = `translate(${x - grabX - box.left}px, ${y - grabY - box.top}px)`;
  }

  function onPointerMove(event) {
    if (!press || event.pointerId !== press.pointerId) return;
    if (!drag) {
      const distance = Math.hypot(event.clientX - press.x, event.clientY - press.y);
      if (press.touch) {
        if (distance > HOLD_SLOP) endPress(); // a scroll, not a hold
        return;
      }
      if (distance < DRAG_THRESHOLD) return;
      startDrag(event.clientX, event.clientY);
    }
    dragTo(event.clientX, event.clientY);
    if (!scrolling) scrolling = requestAnimationFrame(scrollNearEdge);
  }

  /** The dragged card at (x, y): it takes the place of the card under the pointer, if any. */
  function dragTo(x, y) {
    const { card } = drag;
    drag.x = x;
    drag.y = y;
    const all = cards();
    const over = all.findIndex((other) => {
      if (other === card) return false;
      const box = other.getBoundingClientRect();
      return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
    });
    if (over >= 0) {
      shift(card, all.indexOf(card), over);
      renumber();
    }
    follow(x, y);
  }

  /**
   * A card held near the top or the bottom of the window scrolls the page, faster nearer the
   * edge: a hundred cards are taller than a phone's screen, and a held finger cannot scroll.
   */
  function scrollNearEdge() {
    scrolling = 0;
    if (!drag) return;
    const edge = Math.min(60, window.innerHeight / 6);
    const { x, y } = drag;
    const step = y < edge ? -(edge - y) / 4 : y > window.innerHeight - edge ? (y - (window.innerHeight - edge)) / 4 : 0;
    if (step === 0) return;
    const before = window.scrollY;
    window.scrollBy(0, step);
    if (window.scrollY === before) return; // at the end of the page
    dragTo(x, y);
    scrolling = requestAnimationFrame(scrollNearEdge);
  }

  function onPointerUp(event) {
    if (!press || event.pointerId !== press.pointerId) return;
    const finished = drag;
    endPress();
    if (!finished) return;
    finished.card.focus({ preventScroll: true });
    if (cards().indexOf(finished.card) !== finished.from) commit(finished.card);
  }

  function onPointerCancel(event) {
    if (press && event.pointerId === press.pointerId) cancelDrag();
  }

  /** A drag given up (Escape, or the browser took the pointer): the cards as they were. */
  function cancelDrag() {
    const finished = drag;
    endPress();
    if (!finished) return;
    const byItem = new Map(cards().map((card) => [Number(card.dataset.item), card]));
    list.append(...finished.order.map((item) => byItem.get(item)));
    renumber();
    finished.card.focus({ preventScroll: true });
    say('Move cancelled.');
  }

  function endPress() {
    clearTimeout(press?.timer);
    cancelAnimationFrame(scrolling);
    scrolling = 0;
    if (drag) {
      drag.card.style.transform = '';
      drag.card.classList.remove('is-dragging');
      list.classList.remove('is-dragging');
    }
    press = null;
    drag = null;
    document.removeEventListener('pointermove', onPointerMove);
    document.removeEventListener('pointerup', onPointerUp);
    document.removeEventListener('pointercancel', onPointerCancel);
  }

  // A held card is being dragged: the finger moves it, not the page (the listener is on the list,
  // not the document, so the browser lets it cancel the scroll).
  list.addEventListener('touchmove', (event) => drag && event.preventDefault(), { passive: false });
  // A long press would open the browser's menu of the text under the finger.
  list.addEventListener('contextmenu', (event) => press?.touch && event.preventDefault());
  document.addEventListener('keydown', (event) => {
    if (drag && event.key === 'Escape') cancelDrag();
  });

  // ------------------------------------------------------------ back to the order typed

  reset.addEventListener('click', () => {
    if (typed === null) return;
    input.value = typed;
    written = typed;
    typed = null;
    render(input.value);
    reset.hidden = true;
    say('The list is back in the order as typed.');
    onReorder();
  });

  return {
    refresh(state) {
      ({ locked, inputError } = state);
      if (locked) endPress();
      const text = input.value;
      if (text !== shownText && !drag) {
        // Typed (or a link, an example): its order is the one typed now.
        if (text !== written) {
          typed = null;
          reset.hidden = true;
        }
        render(text);
      }
      showSection();
    },
  };
}
