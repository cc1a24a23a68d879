// @ts-check
// The Sets page's bare 2×2 grid: its reading ("Read as: TP = 7, FN = 2 / FP = 3, TN = 8 …", a
// note of the core) shown beside the headline with a one-click "Read the grid the other way".
// The swap rewrites the input, so the input stays readable and a share link keeps the choice:
// it adds a first line naming the columns, "relevant non-relevant" (the core then reads the
// rows as returned and not returned), or takes that line away again. Text only: the counts are
// never read here.

/** The first line the swap adds: the columns are the truth, so the rows are what was returned. */
export const OTHER_WAY_HEADER = 'relevant non-relevant';

// Two rows of two whole numbers, or the four on one line (spaces, tabs, commas or semicolons).
const BARE_GRID = /^\s*\d+[ \t,;]+\d+(?:[ \t,;]*\r?\n[ \t]*|[ \t,;]+)\d+[ \t,;]+\d+\s*$/;

/**
 * How an input holds a 2×2 grid the swap can turn: 'bare' (numbers only), 'other-way' (the
 * swap's header over a bare grid), or null for anything else.
 * @param {string} input
 * @returns {'bare' | 'other-way' | null}
 */
export function gridLayout(input) {
  if (BARE_GRID.test(input)) return 'bare';
  const lines = input.replace(/^\s*\n/, '').split('\n');
  if (lines[0].trim() === OTHER_WAY_HEADER && BARE_GRID.test(lines.slice(1).join('\n'))) return 'other-way';
  return null;
}

/**
 * The input read the other way: a bare grid gets the header, the header is taken away.
 * @param {string} input
 * @returns {string}
 */
export function swapGrid(input) {
  const layout = gridLayout(input);
  if (layout === 'bare') return `${OTHER_WAY_HEADER}\n${input.replace(/^\s*\n/, '')}`;
  if (layout === 'other-way') return input.replace(/^\s*\n/, '').split('\n').slice(1).join('\n');
  return input;
}

/**
 * Keeps the reading and the swap beside the first answer's headline while the input is a grid
 * the swap can turn. `input` is the page's input field (the swap types into it, as a reader
 * would); `results` the answers panel the page renders into.
 * @param {{input: HTMLTextAreaElement, results: Element}} elements
 */
export function setUpGridSwap({ input, results }) {
  const show = () => {
    results.querySelector('[data-grid-reading]')?.remove();
    if (gridLayout(input.value) === null) return;
    const outcome = results.querySelector('.outcome:not(.is-elsewhere)');
    const answer = outcome?.querySelector('.outcome-answer');
    if (!outcome || !answer) return;
    const note = [...outcome.querySelectorAll('.notes li')].find((item) => item.textContent?.startsWith('Read as: '));
    if (!note) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'secondary';
    button.dataset.gridSwap = '';
    button.textContent = 'Read the grid the other way';
    button.addEventListener('click', () => {
      input.value = swapGrid(input.value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const reading = document.createElement('p');
    reading.className = 'hint grid-reading';
    reading.dataset.gridReading = '';
    reading.setAttribute('role', 'note');
    reading.append(document.createTextNode(`${note.textContent} `), button);
    answer.after(reading);
  };
  // The page replaces the answers' children when it shows new ones.
  new MutationObserver(show).observe(results, { childList: true });
  show();
}
