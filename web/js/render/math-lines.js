// @ts-check
// A long formula cut into pieces a narrow screen can wrap (render/typeset.js draws them).
//
// KaTeX's inline mode lets the browser break a formula only after its top-level relations and
// binary operators, and never inside a \left( … \right) group; MathML (the embed widget's
// output) is never broken by Chromium at all. So a working such as
//   AP = \frac{1}{10}\left(\frac{1}{1} + \frac{2}{3} + … + \frac{8}{20}\right) = … ≈ 0.4826
// ran off a phone's screen. Here it is cut, on the LaTeX source, into
//   lines     at top-level \\ (and the rows of a whole-formula aligned or gathered environment,
//             whose & splits each row into a left side and the rest, kept in two columns);
//   segments  at each further top-level relation (=, ≈, …): "AP = …(…)", "= 1/10 · …",
//             "= 8107/16800 ≈ 0.4826", each kept whole on a line when it fits;
//   pieces    (only when asked: MathML) after each top-level binary operator (+, −, ·).
// A \left … \right group holding operators at its own top level is opened up, so that its
// terms can wrap too: its delimiters drawn at a fixed size (\bigl( … \bigr)), or, cut into
// pieces, stretchy in each piece that holds one (\left( … \right. and \left. … \right)).
// Nested groups stay whole, and so does a top-level \text{…} of one word (one of several words
// may break between them).
//
// Pure string work, no DOM and no KaTeX: tests/js/math-lines.test.mjs checks it.

/** Relations where a new segment may start. */
const RELATIONS = new Set(['=', '<', '>', '\\approx', '\\le', '\\leq', '\\ge', '\\geq', '\\ne', '\\neq', '\\equiv', '\\to', '\\sim', '\\simeq']);
/** Binary operators after which a piece may end. */
const BINARIES = new Set(['+', '-', '\\cdot', '\\times', '\\pm', '\\mp', '\\div']);
/** Units that can stand before a binary operator as its left operand. */
const OPERANDS = new Set(['other', 'left', 'env', 'text', 'word']);
/** Wide spaces after which a new segment may start (gathered's ",\qquad"). */
const WIDE_SPACES = new Set(['\\qquad', '\\quad']);
/** Small spaces, kept but never a place to cut. */
const THIN_SPACES = new Set(['\\,', '\\;', '\\:', '\\!', '\\ ', '~']);
/** Tokens after which a minus or plus is a sign, not an operator: openings and punctuation. */
const OPENINGS = new Set(['(', '[', '\\{', '\\lbrace', '\\langle', '\\lvert', '\\lVert', '|', ',', ';', ':', '^', '_']);
/** Environments that, holding the whole formula, become lines. */
const LINE_ENVIRONMENTS = new Set(['aligned', 'gathered', 'split', 'align', 'align*', 'gather', 'gather*']);

const TOKEN = /\\(?:[A-Za-z]+\*?|[^A-Za-z])|\s+|[^\\\s]/gy;

/** The source as tokens: commands (\frac, \{, \\), single characters, runs of white space. */
function tokenize(latex) {
  TOKEN.lastIndex = 0;
  const tokens = [];
  for (let match = TOKEN.exec(latex); match; match = TOKEN.exec(latex)) tokens.push(match[0]);
  return tokens;
}

const isSpace = (token) => /^\s+$/.test(token);

/** The kind of a token outside any group. */
function typeOf(token) {
  if (RELATIONS.has(token)) return 'rel';
  if (BINARIES.has(token)) return 'bin';
  if (token === '\\\\' || token === '\\newline') return 'newline';
  if (token === '&') return 'amp';
  if (WIDE_SPACES.has(token)) return 'wide';
  if (isSpace(token) || THIN_SPACES.has(token)) return 'space';
  return 'other';
}

/**
 * The top-level units of a token list: a brace group, a \left … \right group and a
 * \begin … \end environment are one unit each; every other token is its own.
 * @returns {{type: string, src: string, inner?: string, open?: string, close?: string, name?: string}[]}
 *   type: 'rel', 'bin', 'newline' (\\), 'amp' (&), 'space', 'wide' (\qquad), 'left' (a \left
 *   group: open and close are its delimiters, inner its content), 'env' (name, inner), 'text'
 *   (\text{…}: inner its text), 'other'
 */
function units(tokens) {
  const out = [];
  /** After the token at `at` and any spaces: the index of the next token. */
  const nextToken = (at) => {
    let j = at + 1;
    while (j < tokens.length && isSpace(tokens[j])) j += 1;
    return j;
  };
  /** The index after the brace group opening at `start`, or -1. */
  const endOfBraces = (start) => {
    let depth = 0;
    for (let j = start; j < tokens.length; j += 1) {
      if (tokens[j] === '{') depth += 1;
      else if (tokens[j] === '}' && --depth === 0) return j + 1;
    }
    return -1;
  };
  /** The index after the \right delimiter closing the \left at `start`, or -1. */
  const endOfLeft = (start) => {
    let depth = 0;
    for (let j = start; j < tokens.length; j += 1) {
      if (tokens[j] === '\\left') depth += 1;
      else if (tokens[j] === '\\right' && --depth === 0) {
        const delimiter = nextToken(j);
        return delimiter < tokens.length ? delimiter + 1 : -1;
      }
    }
    return -1;
  };
  /** The index after the {name} of the \end closing the \begin at `start`, or -1. */
  const endOfEnvironment = (start) => {
    let depth = 0;
    for (let j = start; j < tokens.length; j += 1) {
      if (tokens[j] === '\\begin') depth += 1;
      else if (tokens[j] === '\\end' && --depth === 0) {
        const name = nextToken(j);
        return tokens[name] === '{' ? endOfBraces(name) : -1;
      }
    }
    return -1;
  };
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i];
    if (token === '{') {
      const end = endOfBraces(i);
      if (end < 0) return null;
      out.push({ type: 'other', src: tokens.slice(i, end).join('') });
      i = end;
    } else if (token === '\\left') {
      const end = endOfLeft(i);
      if (end < 0) return null;
      const openAt = nextToken(i);
      let rightAt = end - 2;
      while (rightAt > openAt && tokens[rightAt] !== '\\right') rightAt -= 1;
      out.push({
        type: 'left',
        src: tokens.slice(i, end).join(''),
        open: tokens[openAt],
        close: tokens[end - 1],
        inner: tokens.slice(openAt + 1, rightAt).join(''),
      });
      i = end;
    } else if (token === '\\begin') {
      const end = endOfEnvironment(i);
      if (end < 0) return null;
      const whole = tokens.slice(i, end).join('');
      const match = /^\\begin\s*\{([^}]*)\}([\s\S]*)\\end\s*\{\1\}$/.exec(whole);
      if (!match) return null;
      out.push({ type: 'env', src: whole, name: match[1], inner: match[2] });
      i = end;
    } else if (token === '}' || token === '\\right' || token === '\\end') {
      return null; // unbalanced: left to KaTeX as it is
    } else {
      out.push({ type: typeOf(token), src: token });
      i += 1;
    }
  }
  // \text{…} is one unit, whose words may stand on different lines (see textWords).
  for (let k = 0; k + 1 < out.length; k += 1) {
    if (out[k].src === '\\text' && out[k + 1].src.startsWith('{')) {
      out.splice(k, 2, { type: 'text', src: `\\text${out[k + 1].src}`, inner: out[k + 1].src.slice(1, -1) });
    }
  }
  // \not= is one relation: never cut between the two.
  for (let k = 1; k < out.length; k += 1) {
    if (out[k].type === 'rel' && out[k - 1].src === '\\not') {
      out[k - 1] = { type: 'rel', src: `\\not${out[k].src}` };
      out.splice(k, 1);
    }
  }
  return out;
}

/** Whether units hold a place where a line may break (an operator between two operands). */
const breakable = (list) => list.some((unit) => unit.type === 'bin' || unit.type === 'rel');

/** The fixed size for the delimiters of an opened-up \left group, from what it holds. */
function delimiterSize(inner) {
  if (/\\left/.test(inner) && /\\(?:d?frac|sum|prod)(?![A-Za-z])/.test(inner)) return 'Bigg';
  if (/\\(?:d?frac|sum|prod)(?![A-Za-z])/.test(inner)) return 'bigg';
  if (/\\tfrac(?![A-Za-z])|[\^_]/.test(inner)) return 'big';
  return '';
}

/** A top-level \left group with operators inside, as its delimiters and its own units. */
function openUp(list) {
  return list.flatMap((unit) => {
    if (unit.type !== 'left') return [unit];
    const inner = units(tokenize(unit.inner));
    if (!inner || !breakable(inner)) return [unit];
    const size = delimiterSize(unit.inner);
    const sized = (side, token) => (token === '.' ? '' : size ? `\\${size}${side}${token}` : token);
    return [
      { type: 'other', src: sized('l', unit.open), delimiter: 'open', stretchy: `\\left${unit.open}` },
      ...inner,
      { type: 'other', src: sized('r', unit.close), delimiter: 'close', stretchy: `\\right${unit.close}` },
    ];
  });
}

/**
 * A piece's units (pieces: see formulaLines) with the delimiters of an opened-up group drawn
 * stretchy again, \left( … \right. and \left. … \right): each piece is typeset alone, so its
 * delimiters grow to what it holds.
 */
function stretchDelimiters(piece) {
  const opens = piece.filter((unit) => unit.delimiter === 'open').length;
  const closes = piece.filter((unit) => unit.delimiter === 'close').length;
  if (opens === closes) return piece.map((unit) => (unit.delimiter ? { ...unit, src: unit.stretchy } : unit));
  // An operator at either end keeps its operand ({}) inside the delimiters.
  const text = { type: 'other', src: source(piece.map((unit) => (unit.delimiter ? { ...unit, src: unit.stretchy } : unit))) };
  const open = { type: 'other', src: '\\left.' };
  const close = { type: 'other', src: '\\right.' };
  return [...Array(Math.max(0, closes - opens)).fill(open), text, ...Array(Math.max(0, opens - closes)).fill(close)];
}

const trimSpaces = (list) => {
  let from = 0;
  let to = list.length;
  while (from < to && list[from].type === 'space') from += 1;
  while (to > from && list[to - 1].type === 'space') to -= 1;
  return list.slice(from, to);
};

/** Splits a unit list at units of `type` (dropped). */
function splitAt(list, type) {
  const parts = [[]];
  for (const unit of list) {
    if (unit.type === type) parts.push([]);
    else parts.at(-1).push(unit);
  }
  return parts;
}

/**
 * The source of a run of units, made to typeset alone: a leading operator gets an empty
 * operand before it and a trailing one after it ({}), so that KaTeX spaces it as in the whole.
 */
function source(list) {
  const kept = trimSpaces(list);
  if (!kept.length) return '';
  const text = kept.map((unit) => unit.src).join('');
  const operator = (unit) => unit.type === 'rel' || unit.type === 'bin';
  return `${operator(kept[0]) ? '{}' : ''}${text}${operator(kept.at(-1)) ? '{}' : ''}`;
}

/**
 * A top-level \text{…} of several words as one unit per word, each keeping the spaces around
 * it: "\text{ changes sign (linear between ROC points)}" is too wide for a phone as one piece.
 */
function textWords(unit) {
  if (unit.type !== 'text') return [unit];
  const words = unit.inner.match(/\s*\S+\s*|\s+/g) ?? [];
  if (words.length < 2 || /[{}\\$]/.test(unit.inner)) return [{ ...unit, type: 'other' }];
  return words.map((word) => ({ type: 'word', src: `\\text{${word}}` }));
}

/** A line's units as segments: a new one at each relation after the first, and after \qquad. */
function segmentsOf(list) {
  const segments = [[]];
  let hasRelation = false;
  let hasOperand = false;
  for (const unit of list.flatMap(textWords)) {
    const current = segments.at(-1);
    if (unit.type === 'rel' && hasRelation && hasOperand) {
      segments.push([unit]);
      hasOperand = false;
      continue;
    }
    current.push(unit);
    if (unit.type === 'rel') {
      hasRelation = true;
      hasOperand = false;
    } else if (unit.type === 'wide' && hasOperand) {
      segments.push([]);
      hasRelation = false;
      hasOperand = false;
    } else if (unit.type === 'word') {
      segments.push([]); // a line may break after each word of a text
      hasOperand = true;
    } else if (unit.type !== 'space' && unit.type !== 'bin') hasOperand = true;
  }
  return segments.map(trimSpaces).filter((segment) => segment.length);
}

/** A segment's units as pieces: a piece ends after each binary operator between operands. */
function piecesOf(segment) {
  const pieces = [[]];
  let previous = null; // the last unit that is not a space
  segment.forEach((unit, index) => {
    pieces.at(-1).push(unit);
    const next = segment.slice(index + 1).find((other) => other.type !== 'space');
    const afterOperand = previous && OPERANDS.has(previous.type) && previous.delimiter !== 'open' && !OPENINGS.has(previous.src);
    if (unit.type === 'bin' && afterOperand && next && next.type !== 'rel' && next.type !== 'bin') pieces.push([]);
    if (unit.type !== 'space') previous = unit;
  });
  return pieces.filter((piece) => trimSpaces(piece).length);
}

/**
 * The lines, segments and pieces of a formula.
 * @param {string} latex
 * @param {{pieces?: boolean}} [options] pieces: cut segments after their binary operators too
 *   (for output that the browser cannot break, MathML)
 * @returns {{aligned: boolean, lines: {left: string | null, segments: string[][]}[]} | null}
 *   aligned: the formula was an aligned environment; each line's `left` is what stood before
 *   its &, `segments` the rest (each segment a list of pieces, one unless `pieces`). null when
 *   the source is not balanced (then it is typeset whole, as written).
 */
export function formulaLines(latex, { pieces = false } = {}) {
  let list = units(tokenize(latex));
  if (!list) return null;
  let aligned = false;
  const content = trimSpaces(list);
  if (content.length === 1 && content[0].type === 'env' && LINE_ENVIRONMENTS.has(content[0].name)) {
    aligned = /^align|^split/.test(content[0].name);
    list = units(tokenize(content[0].inner));
    if (!list) return null;
  } else {
    // An environment of lines among other things ("W₊ = …, \qquad \begin{gathered} μ = … \\ z = …
    // \end{gathered}"): its lines continue the line it stands in, its alignment marks dropped.
    list = list.flatMap((unit) => (unit.type === 'env' && LINE_ENVIRONMENTS.has(unit.name) ? (units(tokenize(unit.inner)) ?? [unit]) : [unit]));
    list = list.filter((unit) => unit.type !== 'amp');
  }
  const lines = splitAt(list, 'newline')
    .map(trimSpaces)
    .filter((line) => line.length)
    .map((line) => {
      let left = null;
      let rest = line;
      if (aligned) {
        const [before, ...after] = splitAt(line, 'amp');
        if (after.length) {
          left = source(before);
          rest = after.flat();
        }
      }
      const segments = segmentsOf(openUp(trimSpaces(rest))).map((segment) =>
        (pieces ? piecesOf(segment).map(stretchDelimiters) : [segment]).map(source).filter(Boolean),
      );
      return { left, segments };
    });
  return { aligned, lines };
}
