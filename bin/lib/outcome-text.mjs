// @ts-check
// Turns what the wasm module returns (docs/js-api.md) into the command line's text and JSON.
//
// Everything here is generic over Outcome and MeasureInfo: a new measure or calculator in the
// core shows up on the command line with no change to this file. Pure functions, no I/O, so
// tests/js/outcome-text.test.mjs tests them without the build.

import { formatNum, numParts } from '../../common/format.js';

/** Display width of a string, counted in code points ("✓" and "≈" are one column). */
const width = (text) => [...text].length;
const padEnd = (text, n) => text + ' '.repeat(Math.max(0, n - width(text)));
const padStart = (text, n) => ' '.repeat(Math.max(0, n - width(text))) + text;

// Numbers are written by the page's own formatter (common/format.js: pure, no DOM), so the
// command line and the page round the same way, exactly on the fraction.
export { formatNum };

/**
 * "name = value": "AP@10 = 28/45 ≈ 0.6222", "nDCG@5 ≈ 0.9189", or, when the core says how an
 * irrational value was made, "DCG@2 = 4 + 3/log2(2) ≈ 7".
 */
export function formatEquation(name, num, digits = 4) {
  if (num.exact != null) return `${name} = ${formatNum(num, digits)}`;
  const { decimal } = numParts(num, digits);
  if (decimal.startsWith('< ')) return `${name} ${decimal}`; // a bound: "p < 1e-300"
  const isExact = Number(decimal) === num.approx;
  const how = num.formula ? deLatex(num.formula) : '';
  return `${name} ${how ? `= ${how} ` : ''}${isExact ? '=' : '≈'} ${decimal}`;
}

// ---------------------------------------------------------------------------------------------
// LaTeX → plain text, for the Outcome's `formula` and `working`. Deliberately small: fractions,
// \text-like wrappers, \left/\right, sub- and superscripts and a table of symbols; any other
// command loses its backslash (\min → min).

const SYMBOLS = {
  cdot: '·', times: '×', div: '÷', approx: '≈', le: '≤', leq: '≤', ge: '≥', geq: '≥', ne: '≠',
  neq: '≠', pm: '±', ldots: '…', cdots: '…', dots: '…', infty: '∞', sum: 'Σ', prod: 'Π',
  to: '→', rightarrow: '→', mid: '|', vert: '|', lvert: '|', rvert: '|', in: '∈', cap: '∩',
  cup: '∪', sqrt: '√', alpha: 'α', beta: 'β', kappa: 'κ', tau: 'τ', sigma: 'σ', mu: 'μ',
  chi: 'χ', rho: 'ρ', lambda: 'λ', Sigma: 'Σ', quad: ' ', qquad: ' ', lfloor: '⌊', rfloor: '⌋',
  propto: '∝',
};
const BINARY = new Set(['cdot', 'times', 'div', 'approx', 'le', 'leq', 'ge', 'geq', 'ne', 'neq',
  'pm', 'to', 'rightarrow', 'mid', 'in', 'propto']);
const WRAPPERS = new Set(['text', 'textrm', 'textit', 'textbf', 'mathrm', 'mathit', 'mathbf',
  'mathsf', 'mathtt', 'operatorname', 'mbox', 'boldsymbol', 'displaystyle', 'textstyle']);
const IMPLICIT_PRODUCT = /^\s*(\\(left|sum|prod|[dt]?frac|log|ln|max|min)(?![A-Za-z])|[(\w])/;
const SIZES = /^(left|right|[bB]ig{1,2}[lrm]?)$/;

/** Reads one argument at s[i]: a {group} or a single character. Returns [text, next index]. */
function readArgument(s, i) {
  while (s[i] === ' ') i += 1;
  if (s[i] !== '{') return [s[i] ?? '', i + 1];
  let depth = 0;
  for (let j = i; j < s.length; j += 1) {
    if (s[j] === '\\') j += 1;
    else if (s[j] === '{') depth += 1;
    else if (s[j] === '}' && --depth === 0) return [s.slice(i + 1, j), j + 1];
  }
  return [s.slice(i + 1), s.length];
}

/** Parenthesises a converted argument when it is more than one term: (a + b)/c. */
const term = (text) => (/^[\w.@√]+$/u.test(text) || /^\(.*\)$|^\|.*\|$/.test(text)
  ? text : `(${text})`);

/** LaTeX as a student would type it in plain text: \frac{28}{45} → 28/45, \binom{n}{k} → C(n, k), \cdot → ·. */
export function deLatex(latex) {
  let out = '';
  for (let i = 0; i < latex.length;) {
    const c = latex[i];
    if (c === '\\') {
      const name = /^[A-Za-z]+/.exec(latex.slice(i + 1))?.[0];
      if (!name) {  // \, \; \! \{ \} \% \\ …
        const next = latex[i + 1] ?? '';
        out += { ',': ' ', ';': ' ', ':': ' ', ' ': ' ', '!': '', '\\': '\n' }[next] ?? next;
        i += 2;
        continue;
      }
      i += 1 + name.length;
      if (/^[dt]?frac$/.test(name)) {
        const [top, afterTop] = readArgument(latex, i);
        const [bottom, afterBottom] = readArgument(latex, afterTop);
        out += `${term(deLatex(top))}/${term(deLatex(bottom))}`;
        i = afterBottom;
        // A fraction written against the next factor multiplies it: \frac{1}{R}\sum → 1/R · Σ.
        if (IMPLICIT_PRODUCT.test(latex.slice(i))) out += ' · ';
      } else if (/^[dt]?binom$/.test(name)) {
        // \binom{n}{k} → C(n, k), as a calculator writes it.
        const [top, afterTop] = readArgument(latex, i);
        const [bottom, afterBottom] = readArgument(latex, afterTop);
        out += `C(${deLatex(top)}, ${deLatex(bottom)})`;
        i = afterBottom;
        if (IMPLICIT_PRODUCT.test(latex.slice(i))) out += ' · ';
      } else if (WRAPPERS.has(name)) {
        if (latex[i] === '{') {
          const [inner, next] = readArgument(latex, i);
          out += deLatex(inner);
          i = next;
        }
      } else if (name === 'begin' || name === 'end') {
        i = readArgument(latex, i)[1];
      } else if (SIZES.test(name)) {
        if (latex[i] === '.') i += 1;  // \left. is an invisible delimiter
      } else {
        const symbol = SYMBOLS[name] ?? name;
        out += BINARY.has(name) ? ` ${symbol} ` : symbol;
      }
    } else if (c === '_' || c === '^') {
      const [inner, next] = readArgument(latex, i + 1);
      const text = deLatex(inner);
      const glue = c === '_' && /log$/.test(out) ? '' : c;  // \log_2 → log2
      out += glue + (width(text) <= 1 || glue === '' ? text : `{${text}}`);
      i = next;
    } else if (c === '{' || c === '}' || c === '&') {
      i += 1;  // grouping and alignment only
    } else {
      out += c === '~' ? ' ' : c;
      i += 1;
    }
  }
  return out.replace(/[ \t]+/g, ' ').replace(/ *\n */g, '\n').trim();
}

// ---------------------------------------------------------------------------------------------
// Step tables

/**
 * A cell that holds a quantity: it has a value (or, in a lean answer, the `quantity` mark), or its
 * text is a number like 3, 2/5, 0.25.
 */
const isQuantity = (cell) => cell.value != null || cell.quantity === true || /^[-−]?\d+([./]\d+)?$/.test(cell.text);

/**
 * A StepTable as aligned text lines: the title, the header, a rule, the rows. Columns of
 * quantities are right-aligned (mostly quantities: a "sum" label may end the column); highlighted
 * rows are marked with ">".
 */
export function formatTable(step, indent = '  ') {
  const rows = step.rows.map((row) => row.map((cell) => cell.text));
  // Loops, not Math.max(...rows): spreading 150,000 rows into arguments overflows the stack.
  let columnCount = step.columns.length;
  for (const row of rows) columnCount = Math.max(columnCount, row.length);
  const numeric = [];
  const widths = [];
  for (let c = 0; c < columnCount; c += 1) {
    let quantities = 0;
    let filled = 0;
    let widest = width(step.columns[c] ?? '');
    step.rows.forEach((row, r) => {
      const cell = row[c];
      if (cell && cell.text !== '') {
        filled += 1;
        if (isQuantity(cell)) quantities += 1;
      }
      widest = Math.max(widest, width(rows[r][c] ?? ''));
    });
    numeric[c] = quantities * 2 > filled;
    widths[c] = widest;
  }
  const highlight = new Set(step.highlight ?? []);
  const mark = highlight.size > 0 ? (r) => (highlight.has(r) ? '> ' : '  ') : () => '';
  const line = (cells, r) => {
    const text = widths.map((w, c) => (numeric[c] ? padStart : padEnd)(cells[c] ?? '', w));
    return `${indent}${mark(r)}${text.join('  ').trimEnd()}`;
  };
  return [
    step.title,
    line(step.columns, -1),
    line(widths.map((w) => '─'.repeat(w)), -1),
    ...rows.map((row, r) => line(row, r)),
  ];
}

// ---------------------------------------------------------------------------------------------
// Whole answers

/**
 * The worked answer as text: the value, the formula and the working, every step table, the
 * named quantities, the notes and the alternatives with their reasons.
 */
export function outcomeToText(outcome, { digits = 4 } = {}) {
  const lines = [formatEquation(outcome.label || outcome.measure, outcome.value, digits)];
  if (outcome.title) lines.push(outcome.title);
  // One line at a time: push(...table) would pass a 150,000-row table as arguments and
  // overflow the stack.
  const append = (more) => {
    for (const line of more) lines.push(line);
  };
  const section = (heading, body) => {
    if (body.length > 0) append(['', heading, ...body]);
  };
  if (outcome.formula) section('Formula', [`  ${deLatex(outcome.formula)}`]);
  if (outcome.working) {
    section('Working', deLatex(outcome.working).split('\n').map((line) => `  ${line}`));
  }
  for (const step of outcome.steps ?? []) {
    lines.push('');
    append(formatTable(step));
  }
  section('Values', Object.entries(outcome.values ?? {})
    .map(([key, num]) => `  ${formatEquation(key, num, digits)}`));
  section('Notes', (outcome.notes ?? []).map((note) => `  - ${note}`));
  section('Alternatives', (outcome.alternatives ?? []).flatMap((alternative) => [
    `  ${formatEquation(alternative.measure, alternative.value, digits)}`,
    `    ${alternative.why}`,
  ]));
  return `${lines.join('\n')}\n`;
}

const jsonNum = (num) => ({ approx: num.approx, exact: num.exact ?? null });

/** The --json form of an Outcome (documented in docs/command-line.md). */
export function outcomeToJson(outcome) {
  return {
    measure: outcome.measure,
    title: outcome.title,
    value: jsonNum(outcome.value),
    values: Object.fromEntries(Object.entries(outcome.values ?? {})
      .map(([key, num]) => [key, jsonNum(num)])),
    steps: (outcome.steps ?? []).map((step) => ({
      title: step.title,
      columns: step.columns,
      rows: step.rows.map((row) => row.map((cell) => cell.text)),
    })),
    notes: outcome.notes ?? [],
    alternatives: (outcome.alternatives ?? []).map((alternative) => ({
      measure: alternative.measure,
      value: jsonNum(alternative.value),
      why: alternative.why,
    })),
  };
}

/** The --json form of an InputError: {error: {code, message, field, line, column, length}}. */
export function errorToJson(error) {
  const { code, message, field, line, column, length } = error;
  return { error: { code, message, field, line, column, length } };
}

// ---------------------------------------------------------------------------------------------
// Check my answer (calc --check [KEY=]ANSWER)

/**
 * One checked answer in --json: {verdict, correct, matched, convention, candidates, why, hint},
 * with `key` first when a named quantity was checked. `keyed` (several checks) always gives
 * `key`, null for the measure. verdict: correct | correct_under_convention | slip | unknown;
 * convention: the measure name that gives the answer (correct_under_convention), else null;
 * candidates: every convention and slip that gives the digits typed, [{name, kind, measure,
 * value, why}], value {approx, exact} or null.
 */
export function checkToJson(
  { key, verdict, correct, matched, convention, candidates, why, hint },
  { keyed = false } = {},
) {
  const body = {
    verdict: verdict ?? (correct ? 'correct' : 'unknown'),
    correct,
    matched: matched ?? null,
    convention: convention ?? null,
    candidates: (candidates ?? []).map((c) => ({
      name: c.name,
      kind: c.kind,
      measure: c.measure ?? null,
      value: c.value ? jsonNum(c.value) : null,
      why: c.why,
    })),
    why,
    hint: hint ?? '',
  };
  return keyed || key ? { key: key ?? null, ...body } : body;
}

/**
 * One checked answer as text: "Your answer" (or "Your answer for precision") with ✓ or ✗, the
 * precision and the core's why, then the slip's name in parentheses or the hint. A convention's
 * verdict is a ✓ naming it ("✓ 0.5 is correct under AP(norm=retrieved) at 1 decimal"); when
 * several causes give the digits typed, each is listed on its own line.
 */
export function checkToText({ verdict, correct, matched, convention, candidates, why, hint, answer, precision, label, key }) {
  const under = (candidates ?? []).filter((c) => c.kind === 'convention').map((c) => c.measure);
  let line;
  if (correct) line = `✓ ${answer.text} is correct ${precision}`;
  else if (verdict === 'correct_under_convention') {
    line = `✓ ${answer.text} is correct under ${under.length ? under.join(' or ') : convention} ${precision}`;
  } else line = `✗ ${answer.text} is not ${label} ${precision}`;
  // The verdict line names the convention: its sentence goes on from there.
  const lead = `Correct under ${convention}: `;
  const rest = verdict === 'correct_under_convention' && why.startsWith(lead) ? why.slice(lead.length) : why;
  const said = rest.charAt(0).toUpperCase() + rest.slice(1);
  const lines = [key ? `Your answer for ${key}` : 'Your answer', `  ${line}`, `  ${said}`];
  const several = !correct && (candidates ?? []).length > 1;
  if (several) for (const c of candidates) lines.push(`  - ${c.kind === 'convention' ? c.measure : c.name}: ${c.why}`);
  else if (matched) lines.push(`  (${matched})`);
  else if (hint) lines.push(`  Hint: ${hint}`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// The registry

const CUTOFF_TEXT = {
  rank: 'a rank, as in @10',
  recall: 'a recall level, as in @0.3',
};

/** listMeasures() as text: one block per measure, in the registry's order. */
export function measuresToText(measures) {
  const nameWidth = Math.max(...measures.map((m) => width(m.name))) + 2;
  const indent = ' '.repeat(nameWidth + 2);
  const blocks = measures.map((m) => {
    const lines = [`  ${padEnd(m.name, nameWidth)}${m.title}`];
    if (m.summary) lines.push(indent + m.summary);
    if (m.cutoff && m.cutoff !== 'none') {
      lines.push(`${indent}cutoff: ${m.cutoff}, ${CUTOFF_TEXT[m.cutoffKind] ?? m.cutoffKind}`);
    }
    if (m.cutoffInput) {
      lines.push(`${indent}with a cutoff it reads a ${m.cutoffInput.replace(/_/g, ' ')} (${m.name}@k)`);
    }
    for (const p of m.params ?? []) {
      const choices = p.choices.length > 0
        ? p.choices.map((choice) => (choice === p.default ? `${choice} (default)` : choice))
          .join(' | ')
        : `any value${p.default ? ` (default ${p.default})` : ''}`;
      lines.push(`${indent}${p.name}=${choices}${p.help ? ` — ${p.help}` : ''}`);
    }
    if (m.aliases?.length) lines.push(`${indent}also written: ${m.aliases.join(', ')}`);
    if (m.example) lines.push(`${indent}try: ${m.example}`);
    return lines.join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}
