// @ts-check
// irmetrics on the command line: the same wasm module as the web page, the same measure names
// and input formats. Argument handling and I/O only; the text and JSON forms are made in
// bin/lib/outcome-text.mjs, and `trec` streams its files through bin/lib/trec.mjs.
// bin/irmetrics.mjs imports this module (or runs `irmetrics trec` through the native build,
// build/native/irmetrics-trec, when there is one).

import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { BuildMissingError, loadEngine, smallFiles } from './engine.mjs';
import {
  checkToJson, checkToText, errorToJson, measuresToText, outcomeToJson, outcomeToText,
} from './outcome-text.mjs';
import * as trecFiles from './trec.mjs';
import * as compareFiles from './compare.mjs';
import * as judgesFiles from './judges.mjs';
import { PRESETS, conventionsInForce, nameUnderPreset, presetById } from '../../common/presets.js';
import {
  DIFFICULTIES, FAMILIES, MAX_SEED, drawExercises, freshSeed, parseSeed,
} from '../../common/practice/generate.js';
import { prepareExercises } from '../../common/practice/answers.js';
import { FORMATS, exportAs, leftOutOf } from '../../common/practice/export.js';

const USAGE = `usage: irmetrics calc MEASURE [--relevant N] [--input TEXT | --file FILE] [--preset NAME] [--check [KEY=]ANSWER]... [--json]
       irmetrics trec [-q] [-m MEASURE]... [flags] QRELS RUN...   (irmetrics trec --help)
       irmetrics judges QRELS_A QRELS_B [RUN...] [-m MEASURE]...  (irmetrics judges --help)
       irmetrics practice FAMILY [--seed N] [--count N] [--difficulty D] [--format F]
       irmetrics measures [--json]
       irmetrics --version | --help`;

const HELP = `irmetrics: information-retrieval evaluation measures, every answer worked out

${USAGE}

Commands
  calc MEASURE    compute MEASURE on a ranked list and print the working: the value as an exact
                  fraction and a decimal, the step tables, the notes on the conventions used, and
                  the same input under other conventions (e.g. AP(norm=retrieved))
  trec QRELS RUN...
                  evaluate TREC run files against a qrels file as trec_eval does: the same
                  measures, flags and output; gzipped files and runs of any size
                  (irmetrics trec --help)
  compare QRELS RUN RUN...
                  compare runs pair by pair on each measure: a paired test over the topics,
                  a correction for the number of pairs, confidence intervals; a table of
                  means marked with the runs each beats (irmetrics compare --help)
  judges QRELS_A QRELS_B
                  how far two sets of judgments of the same topics agree: the table of
                  grades, percent agreement, Cohen's κ, weighted κ with its interval,
                  Krippendorff's α, per topic; with runs, the two leaderboards and their
                  τ_b, τ_AP, ρ, r, RBO and swaps (irmetrics judges --help)
  practice FAMILY exercises drawn from a seed, with their answers: FAMILY is one of
                  ${FAMILIES.map((family) => family.id).join(', ')}
                  (irmetrics practice --help)
  measures        list the measures, their parameters and defaults

Options of calc
  --relevant N        R, the total number of relevant documents (AP, R@k, Rprec, 11pt need
                      it); the input may instead start with a line relevant=N
  -i, --input TEXT    the ranked list, e.g. 'R N R N' or 'D1,*D2*,D3' or '+ - + -'
  -f, --file FILE     read the input from FILE ('-' for standard input)
                      (with neither, the input is read from standard input)
  -o, --option K=V    pass another option of the measure to the core (repeatable)
  --digits D          decimals shown in the text output (default 4)
  --preset NAME       the conventions of NAME for those MEASURE leaves out: notes (default),
                      iir (Manning et al.), croft (Croft et al.), trec10, trec9 or sklearn;
                      e.g. --preset trec10
                      computes IPrec@0.4 as IPrec(rule=trec10)@0.4 (the page's switch)
  --check ANSWER      check your own answer (0.62, 28/45, 62.2%, -0.3, 0.41... for the first
                      digits, or a program's 0.41666666666666663): judged at the decimals you
                      typed (0.62 and 0.6 are right for 28/45 = 0.6222, 0.63 is not; 0.62...
                      is judged by its first digits; a fraction must be equal; 16 or 17
                      significant digits are judged at 15). An answer that another named
                      convention gives is correct under it ('✓ 0.5 is correct under
                      AP(norm=retrieved)', with who uses it and what the default gives);
                      a wrong one says which common slip gives it (e.g. DCG with ln, rounded
                      intermediates, another quantity of the answer) and what to change, every
                      one when several do, or else gives a hint: which quantity to check.
                      Printed after the working ('Your answer'); --json adds check: {verdict,
                      correct, matched, convention, candidates, why, hint}. The exit status
                      stays 0 for a wrong answer; an answer that does not parse is 2
  --check KEY=ANSWER  check one named quantity of the answer instead (one of its Values, e.g.
                      precision, recall or F1 of confusion, t or df of ttest, PA of kappa);
                      repeatable, each printed as 'Your answer for KEY'. With two or more
                      --check, --json gives check: [{key, verdict, correct, ...}, ...]
                      in the order given (key null for the measure's own value)
  --json              print JSON instead of text (errors too, on standard output)

Every option that takes a value takes the next argument, even one that starts with '-'
(--input '- + - +', --check -0.33).

Measure names: P@5, R@10, PR, Rprec, AP, AP@10, AP(norm=retrieved), RR, IPrec@0.3,
  11pt(rule=trec10), ... ('irmetrics measures' lists them all; quote names with parentheses)

Examples
  irmetrics calc AP@10 --relevant 5 --input '+ - + - - + - - + +'
  echo 'R R N N R N R R R R' | irmetrics calc P@5
  irmetrics calc AP --relevant 15 --input 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10' --json
  irmetrics calc confusion --input 'tp=2 fp=2 fn=1 tn=3' --check precision=0.5 --check recall=2/3

Exit status: 0 answered; 2 bad input, a usage error, or no build; 1 an internal error.`;

/** @type {import('node:util').ParseArgsConfig['options']} */
const OPTIONS = {
  relevant: { type: 'string' },
  input: { type: 'string', short: 'i' },
  file: { type: 'string', short: 'f' },
  option: { type: 'string', short: 'o', multiple: true },
  digits: { type: 'string' },
  preset: { type: 'string' },
  check: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  seed: { type: 'string' },
  count: { type: 'string' },
  difficulty: { type: 'string' },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
};
const CALC_ONLY = ['relevant', 'input', 'file', 'option', 'digits', 'preset', 'check'];
const PRACTICE_ONLY = ['seed', 'count', 'difficulty', 'format'];

/** The long name of each short option: {i: 'input', f: 'file', …}. */
const SHORT_NAMES = Object.fromEntries(Object.entries(OPTIONS)
  .filter(([, option]) => option.short).map(([name, option]) => [option.short, name]));

/**
 * Gives each option that takes a value the next argument as its value, whatever it starts
 * with: node's parseArgs refuses one that starts with '-' (--input '- + - +', --relevant -3,
 * --check -0.33: "argument is ambiguous"), so each such pair is handed to it as --name=value.
 * After '--' nothing is an option.
 */
function joinOptionValues(argv) {
  const out = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const name = arg.startsWith('--') ? arg.slice(2)
      : /^-[A-Za-z]$/.test(arg) ? SHORT_NAMES[arg[1]] : undefined;
    if (name !== undefined && OPTIONS[name]?.type === 'string' && i + 1 < argv.length) {
      out.push(`--${name}=${argv[i + 1]}`);
      i += 1;
    } else {
      out.push(arg);
    }
  }
  return out;
}

/** --check's text: KEY=ANSWER (split at the first '=') or a bare ANSWER (key null). */
function parseCheck(text) {
  const at = text.indexOf('=');
  return at > 0 ? { key: text.slice(0, at), answer: text.slice(at + 1) } : { key: null, answer: text };
}

class UsageError extends Error {
  constructor(message, usage = USAGE) {
    super(message);
    this.usage = usage;
  }
}
class InputFileError extends Error {}

/** Exit status 2 with a one-line reason and the usage (calc's and measures' unless given). */
function usageError(message, usage = USAGE) {
  throw new UsageError(message, usage);
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The input text of calc, from --input, --file or standard input. */
async function readInput(values) {
  if (values.input !== undefined && values.file !== undefined) {
    usageError('give the input with --input or with --file, not both');
  }
  if (values.input !== undefined) return values.input;
  if (values.file === undefined && process.stdin.isTTY) {
    usageError('no input: give --input TEXT, --file FILE, or pipe the ranked list in');
  }
  if (values.file === undefined || values.file === '-') return readStdin();
  try {
    return await readFile(values.file, 'utf8');
  } catch (error) {
    throw new InputFileError(`cannot read ${values.file}: ${error.code ?? error.message}`);
  }
}

/** The options object of compute(): --relevant plus every --option KEY=VALUE. */
function computeOptions(values) {
  const options = {};
  for (const pair of values.option ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0) usageError(`--option expects KEY=VALUE, found '${pair}'`);
    options[pair.slice(0, at)] = pair.slice(at + 1);
  }
  // Passed on as typed: the core checks it and names the mistake.
  if (values.relevant !== undefined) options.relevant = values.relevant;
  return options;
}

function parseDigits(text, usage = USAGE, most = 15) {
  if (text === undefined) return 4;
  const digits = Number(text);
  if (text.trim() === '' || !Number.isInteger(digits) || digits < 0 || digits > most) {
    usageError(`--digits expects a whole number from 0 to ${most}, found '${text}'`, usage);
  }
  return digits;
}

const print = (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
const printJson = (value) => print(JSON.stringify(value, null, 2));

/** --preset's id, checked: one of common/presets.js's, or undefined when not given. */
function parsePreset(text) {
  if (text === undefined) return undefined;
  if (!presetById(text)) {
    const names = PRESETS.map((preset) => preset.id).join(', ');
    usageError(`--preset expects one of ${names}, found '${text}'`);
  }
  return text;
}

/** The conventions a preset set in `measure`, for the JSON (`preset`) and the text output. */
function presetReport(measure, preset, registry) {
  return {
    id: preset,
    label: presetById(preset).label,
    conventions: conventionsInForce([measure], preset, registry).map((row) => ({
      convention: row.convention.name,
      param: row.param,
      value: row.value,
      preset_value: row.expected,
      why: row.why,
    })),
  };
}

/** The text output's last section: "Conventions of trec_eval 10", one line per convention. */
function presetToText({ label, conventions }) {
  const lines = conventions.map(({ param, value, preset_value: wanted, why }) => (value === wanted
    ? `  ${param}=${value}: ${why}`
    : `  ${param}=${value}, given in the name (${label} uses ${param}=${wanted}: ${why})`));
  if (lines.length === 0) lines.push('  none: this measure takes no convention the presets set');
  return [`Conventions of ${label}`, ...lines].join('\n');
}

async function calc(typed, values) {
  const digits = parseDigits(values.digits);
  const preset = parsePreset(values.preset);
  const options = computeOptions(values);
  const input = await readInput(values);
  const engine = await loadEngine();
  const registry = preset ? engine.listMeasures() : [];
  const measure = preset ? nameUnderPreset(typed, preset, registry, { keepTyped: true }) : typed;
  // Lean: the step tables' cells as text and no charts, all that text and --json print (a
  // 500,000-token list's answer is then a fifth of the JSON to build and parse).
  let result = engine.compute(measure, input, { ...options, lean: true });
  // --check [KEY=]ANSWER, each judged by the core in the order given (docs/js-api.md, check());
  // the first that cannot be judged (an answer that does not parse, an unknown key) is the error.
  const checked = [];
  for (const { key, answer } of result.ok ? (values.check ?? []).map(parseCheck) : []) {
    const one = key === null
      ? engine.check(measure, input, options, answer)
      : engine.check(measure, input, options, answer, key);
    if (!one.ok) {
      result = one;
      break;
    }
    checked.push(one.value);
  }
  if (result.ok) {
    const report = preset && presetReport(measure, preset, registry);
    if (values.json) {
      let json = report ? { ...outcomeToJson(result.value), preset: report } : outcomeToJson(result.value);
      if (checked.length === 1) json = { ...json, check: checkToJson(checked[0]) };
      if (checked.length > 1) {
        json = { ...json, check: checked.map((one) => checkToJson(one, { keyed: true })) };
      }
      printJson(json);
    } else {
      const text = outcomeToText(result.value, { digits });
      let out = report ? `${text.trimEnd()}\n\n${presetToText(report)}` : text;
      for (const one of checked) out = `${out.trimEnd()}\n\n${checkToText(one)}`;
      print(out);
    }
    return 0;
  }
  const { error } = result;
  if (values.json) {
    printJson(errorToJson(error));
  } else {
    const where = error.field === 'input' && values.file && values.file !== '-'
      ? `${values.file}: ` : '';
    process.stderr.write(`irmetrics: ${where}${error.message.replace(/\s*\n\s*/g, ' ')}\n`);
  }
  return error.code === 'internal' ? 1 : 2;
}

// ---------------------------------------------------------------------------------------------
// irmetrics practice: exercises drawn from a seed (common/practice/), answered by the engine.

/**
 * Up to this many exercises are a small job (engine.mjs SMALL_JOB_BYTES). CPU seconds (user +
 * system, Node 20 here) with both compilers and with Liftoff alone, --difficulty hard: 50 graded
 * 1.33 and 0.89, 50 significance 1.59 and 1.23; 100 significance 2.20 and 2.10 (wall 1.74 and
 * 2.03 s), 500 significance 6.99 and 8.08: past 50 the optimising compiler pays for itself.
 */
const SMALL_PRACTICE = 50;

const PRACTICE_USAGE = `usage: irmetrics practice FAMILY [--seed N] [--count N] [--difficulty easy|medium|hard]
                          [--format text|json|moodle-xml|gift|qti]`;

const PRACTICE_HELP = `irmetrics practice: exercises drawn from a seed, with their answers

${PRACTICE_USAGE}

Draws --count exercises of FAMILY, each an input and the values to work out from it, and
answers every value with the same engine as calc: \`irmetrics calc MEASURE --input INPUT
[--relevant R]\` gives exactly each answer. The seeds N, N+1, … give the exercises; the same
family, difficulty and seed give the same exercise here and on the web page's practice
(practice.html#family=ranked&difficulty=easy&seed=42).

Families
${FAMILIES.map((family) => `  ${family.id.padEnd(14)}${family.title}`).join('\n')}

Options
  --seed N          the first exercise's seed, a whole number from 0 to ${MAX_SEED}
                    (default: a fresh one, printed in the output)
  --count N         how many exercises, 1 to 500 (default 1)
  --difficulty D    easy (5–10 ranks, small counts), medium, or hard (ties, unjudged
                    documents, several queries); default easy
  --format F        text (default): the exercises, then the answers;
                    json: [{id, family, difficulty, seed, question, input, relevant,
                    measures, labels, answers: {NAME: {approx, exact}}}], where NAME is a
                    measure name or MEASURE:KEY for a named value of its answer (calc
                    MEASURE --json gives it as values.KEY) and relevant is null where unused;
                    moodle-xml: one numerical question per asked value, for Moodle's
                    question bank (Import → Moodle XML), asking for a decimal to 4
                    places (a quiz grades numbers, not fractions), the answer with a
                    tolerance of half the last decimal, the working as general feedback
                    and the common slips as wrong answers with their feedback; a value
                    that is not a number is left out, noted on stderr and in the file;
                    gift: the same questions in Moodle's GIFT text format;
                    qti: the same questions as a QTI 1.2 content package (a zip, so
                    redirected to a file) for Canvas (Import → QTI .zip file),
                    Blackboard and Brightspace

Examples
  irmetrics practice ranked --seed 42
  irmetrics practice graded --difficulty hard --count 5 --format json
  irmetrics practice sets --seed 1 --count 20 --format moodle-xml > sets-quiz.xml
  irmetrics practice ranked --seed 1 --count 10 --format qti > ranked-quiz.zip

Exit status: 0 written; 2 a usage error or no build; 1 an internal error.`;

/** A whole-number option from `low` to `high`, or the default when not given. */
function wholeOption(name, text, low, high, fallback) {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || value < low || value > high) {
    usageError(`--${name} expects a whole number from ${low} to ${high}, found '${text}'`, PRACTICE_USAGE);
  }
  return value;
}

/** One of `choices` for an option, or the default when not given. */
function choiceOption(name, text, choices, fallback) {
  if (text === undefined) return fallback;
  if (!choices.includes(text)) {
    usageError(`--${name} expects ${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}, found '${text}'`, PRACTICE_USAGE);
  }
  return text;
}

async function practice(rest, values) {
  if (values.help) {
    print(PRACTICE_HELP);
    return 0;
  }
  const families = FAMILIES.map((family) => family.id);
  if (rest.length === 0) usageError(`practice needs a FAMILY: ${families.join(', ')}`, PRACTICE_USAGE);
  if (rest.length > 1) usageError(`practice takes one FAMILY, found ${rest.length}: ${rest.join(' ')}`, PRACTICE_USAGE);
  const [family] = rest;
  if (!families.includes(family)) {
    usageError(`unknown family '${family}'; expected one of ${families.join(', ')}`, PRACTICE_USAGE);
  }
  const misplaced = CALC_ONLY.filter((name) => values[name] !== undefined);
  if (misplaced.length > 0) usageError(`--${misplaced[0]} belongs to calc, not practice`, PRACTICE_USAGE);
  if (values.json) usageError('practice takes --format json, not --json', PRACTICE_USAGE);
  if (values.seed !== undefined && parseSeed(values.seed) === null) {
    usageError(`--seed expects a whole number from 0 to ${MAX_SEED}, found '${values.seed}'`, PRACTICE_USAGE);
  }
  const seed = values.seed === undefined ? freshSeed() : parseSeed(values.seed);
  const count = wholeOption('count', values.count, 1, 500, 1);
  const difficulty = choiceOption('difficulty', values.difficulty, DIFFICULTIES, 'easy');
  const format = choiceOption('format', values.format, Object.keys(FORMATS), 'text');
  if (FORMATS[format].binary && process.stdout.isTTY) {
    usageError(`--format ${format} writes a ${FORMATS[format].extension} file: redirect it, e.g. > quiz.${FORMATS[format].extension}`,
      PRACTICE_USAGE);
  }
  const engine = await loadEngine({ small: count <= SMALL_PRACTICE });
  const result = await prepareExercises(engine, drawExercises(family, difficulty, seed, count));
  if (!result.ok) {
    // A drawn exercise the engine refuses is a bug of the generator, not the user's input.
    throw new Error(`exercise ${result.exercise.id}: ${result.error.message}`);
  }
  const text = exportAs(format, result.prepared);
  // A quiz grades numbers only: a value that is not one has no question (the file says so too).
  for (const { name, why } of leftOutOf(format, result.prepared)) {
    process.stderr.write(`irmetrics practice: note: ${name} is left out of the --format ${format} file: ${why}.\n`);
  }
  if (typeof text !== 'string') {
    process.stdout.write(Buffer.from(text.buffer, text.byteOffset, text.byteLength));
  } else if (format === 'text') {
    print(`${text.trimEnd()}\n\nSeed ${seed}: irmetrics practice ${family} --difficulty ${difficulty} --seed ${seed}` +
      `${count === 1 ? '' : ` --count ${count}`} draws these again.`);
  } else {
    process.stdout.write(text);
  }
  return 0;
}

async function measures(values) {
  const engine = await loadEngine();
  const list = engine.listMeasures();
  if (values.json) printJson(list);
  else print(measuresToText(list));
  return 0;
}

// ---------------------------------------------------------------------------------------------
// irmetrics trec: trec_eval's flags and files; bin/lib/trec.mjs streams the files in.

// The help is a file of its own, which the native build (cli/irmetrics_trec.cpp) prints too; the
// usage is its lines from 'usage:' to the first blank line.
const TREC_HELP = readFileSync(new URL('trec-help.txt', import.meta.url), 'utf8').replace(/\n$/, '');
const TREC_USAGE = TREC_HELP.slice(TREC_HELP.indexOf('usage:'),
  TREC_HELP.indexOf('\n\n', TREC_HELP.indexOf('usage:')));

async function trec(argv) {
  // The arguments are read by the core (readTrecArgs: core/src/trec/args.cpp), as the native
  // build reads them: trec_eval's flags split as its getopt splits them (-qc, -l2, -l 2, -mmap)
  // for session.configure(), which names any mistake in them; --digits, --format, --help and the
  // files checked, the first usage error given without the usage.
  // The files are known only once the module has read the arguments: every argument that names
  // a file counts toward the job's size.
  const engine = await loadEngine({ small: smallFiles(argv) });
  if (typeof engine.readTrecArgs !== 'function') {
    throw new BuildMissingError('the wasm module in web/generated/ has no readTrecArgs (it was built before it); run npm run build');
  }
  const parsed = engine.readTrecArgs(argv);
  if (!parsed.ok) throw new Error(parsed.error.message);  // an internal error of the module
  if (parsed.usageError !== undefined) usageError(parsed.usageError, TREC_USAGE);
  if (parsed.help) {
    print(TREC_HELP);
    return 0;
  }
  const [qrels, ...runs] = parsed.files;
  const json = parsed.format === 'json';
  const result = await trecFiles.evaluateTrec(engine, {
    args: parsed.configure,
    zscores: parsed.zscores,
    qrels,
    runs,
    format: /** @type {'trec' | 'json' | 'csv'} */ (parsed.format),
    digits: parsed.digits,
    onWarning: (warning) => process.stderr.write(
      `irmetrics trec: warning: ${warning.replace(/\s*\n\s*/g, ' ')}\n`),
  });
  if (result.ok) {
    // An empty report (-n without -q) prints nothing, as trec_eval does, not a lone newline.
    if (result.report !== '') print(result.report);
    return 0;
  }
  const { error } = /** @type {{error: any}} */ (result);
  if (json) printJson(trecFiles.errorToJson(error));
  else process.stderr.write(`irmetrics: ${trecFiles.describeError(error)}\n`);
  return error.code === 'internal' ? 1 : 2;
}

// ---------------------------------------------------------------------------------------------
// irmetrics compare: N runs, pair by pair (bin/lib/compare.mjs).

async function compare(argv) {
  const parsed = compareFiles.parseCompareArgs(argv, usageError);
  if (parsed.help) {
    print(compareFiles.COMPARE_HELP);
    return 0;
  }
  const digits = parseDigits(parsed.digits, compareFiles.COMPARE_USAGE);
  const [qrels, ...runs] = parsed.files;
  if (qrels === undefined) usageError('compare needs a QRELS file and at least two RUNs', compareFiles.COMPARE_USAGE);
  if (runs.length < 2) usageError(`compare needs at least two RUNs after ${qrels}`, compareFiles.COMPARE_USAGE);
  if (parsed.files.filter((file) => file === trecFiles.STDIN).length > 1) {
    usageError("standard input ('-') can be only one of the files", compareFiles.COMPARE_USAGE);
  }
  const engine = await loadEngine({ small: smallFiles(parsed.files) });
  if (typeof engine.compareRuns !== 'function') {
    throw new BuildMissingError('the wasm module in web/generated/ has no compareRuns (it was built before irmetrics compare); run npm run build');
  }
  const result = await compareFiles.compareFiles(engine, {
    qrels,
    runs,
    measures: parsed.measures,
    options: parsed.options,
    onWarning: (warning) => process.stderr.write(`irmetrics compare: warning: ${warning.replace(/\s*\n\s*/g, ' ')}\n`),
  });
  if (!result.ok) {
    const { error } = /** @type {{error: any}} */ (result);
    if (parsed.format === 'json') printJson(trecFiles.errorToJson(error));
    else process.stderr.write(`irmetrics: ${error.file ? trecFiles.describeError(error) : error.message}\n`);
    return error.code === 'internal' ? 1 : 2;
  }
  const { comparison } = result;
  const write = {
    text: () => compareFiles.comparisonToText(comparison, digits),
    markdown: () => compareFiles.comparisonToMarkdown(comparison, digits),
    latex: () => compareFiles.comparisonToLatex(comparison, digits),
    csv: () => compareFiles.comparisonToCsv(comparison),
  }[parsed.format];
  if (write) process.stdout.write(write());
  else printJson(comparison);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// irmetrics judges: two qrels files' agreement (bin/lib/judges.mjs).

async function judges(argv) {
  const parsed = judgesFiles.parseJudgesArgs(argv, usageError);
  if (parsed.help) {
    print(judgesFiles.JUDGES_HELP);
    return 0;
  }
  const digits = parseDigits(parsed.digits, judgesFiles.JUDGES_USAGE);
  const [a, b, ...runs] = parsed.files;
  if (b === undefined) usageError('judges needs two qrels files, QRELS_A and QRELS_B', judgesFiles.JUDGES_USAGE);
  const fromStdin = parsed.files.filter((file) => file === trecFiles.STDIN).length;
  if (fromStdin > 1) usageError("standard input ('-') can be only one of the files", judgesFiles.JUDGES_USAGE);
  if (runs.length > 0 && (a === trecFiles.STDIN || b === trecFiles.STDIN)) {
    usageError("with runs, each qrels file is read twice: name it instead of '-'", judgesFiles.JUDGES_USAGE);
  }
  const engine = await loadEngine({ small: smallFiles(parsed.files) });
  if (typeof engine.judgesSessions !== 'function') {
    throw new BuildMissingError('the wasm module in web/generated/ has no judgesSessions (it was built before irmetrics judges read qrels in pieces); run npm run build');
  }
  const result = await judgesFiles.judgeFiles(engine, {
    a,
    b,
    runs,
    measures: parsed.measures,
    options: parsed.options,
    confidence: parsed.confidence,
    onWarning: (warning) => process.stderr.write(`irmetrics judges: warning: ${warning.replace(/\s*\n\s*/g, ' ')}\n`),
  });
  if (!result.ok) {
    const { error } = /** @type {{error: any}} */ (result);
    if (parsed.format === 'json') printJson(trecFiles.errorToJson(error));
    else process.stderr.write(`irmetrics: ${error.file ? trecFiles.describeError(error) : error.message}\n`);
    return error.code === 'internal' ? 1 : 2;
  }
  const { report } = /** @type {{report: any}} */ (result);
  const write = {
    text: () => judgesFiles.judgesToText(report, digits),
    markdown: () => judgesFiles.judgesToMarkdown(report, digits),
    csv: () => judgesFiles.judgesToCsv(report),
  }[parsed.format];
  if (write) process.stdout.write(write());
  else printJson(report);
  return 0;
}

async function main(argv) {
  // trec takes trec_eval's flags (-q, -l2, -m map), which parseArgs cannot read as they are.
  if (argv[0] === 'trec') return trec(argv.slice(1));
  if (argv[0] === 'help' && argv[1] === 'trec') {
    print(TREC_HELP);
    return 0;
  }
  if (argv[0] === 'compare') return compare(argv.slice(1));
  if (argv[0] === 'judges') return judges(argv.slice(1));
  if (argv[0] === 'help' && argv[1] === 'judges') {
    print(judgesFiles.JUDGES_HELP);
    return 0;
  }
  if (argv[0] === 'help' && argv[1] === 'compare') {
    print(compareFiles.COMPARE_HELP);
    return 0;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: joinOptionValues(argv), options: OPTIONS, allowPositionals: true, strict: true,
    });
  } catch (error) {
    // Node's message goes on about '--'; its first sentence is the point.
    usageError(error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
      ? error.message.split('. ')[0] : error.message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;

  if (command === 'practice') return practice(rest, values);
  if (command === 'help' && rest[0] === 'practice') {
    print(PRACTICE_HELP);
    return 0;
  }
  if (values.help || command === 'help') {
    print(HELP);
    return 0;
  }
  if (values.version) {
    print(`irmetrics ${(await loadEngine()).version()}`);
    return 0;
  }
  if (command === undefined) usageError('no command given');
  if (command === 'calc') {
    if (rest.length === 0) usageError('calc needs a MEASURE, e.g. irmetrics calc AP@10');
    if (rest.length > 1) {
      usageError(`calc takes one MEASURE, found ${rest.length}: ${rest.join(' ')}` +
        ' (quote the input: --input \'R N R\')');
    }
    const misplaced = PRACTICE_ONLY.filter((name) => values[name] !== undefined);
    if (misplaced.length > 0) usageError(`--${misplaced[0]} belongs to practice, not calc`);
    return calc(rest[0], values);
  }
  if (command === 'measures') {
    if (rest.length > 0) usageError(`measures takes no arguments, found '${rest.join(' ')}'`);
    const misplaced = [...CALC_ONLY, ...PRACTICE_ONLY].filter((name) => values[name] !== undefined);
    if (misplaced.length > 0) {
      const owner = CALC_ONLY.includes(misplaced[0]) ? 'calc' : 'practice';
      usageError(`--${misplaced[0]} belongs to ${owner}, not measures`);
    }
    return measures(values);
  }
  usageError(`unknown command '${command}'` +
    (/^[A-Za-z0-9]/.test(command) ? `; to compute a measure: irmetrics calc ${command} ...` : ''));
}

// A closed pipe (irmetrics measures | head) is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

/**
 * Whether the arguments ask for JSON (--json, or --format json as trec and practice take it),
 * looked for as typed: an error in the arguments themselves is then answered in JSON too.
 */
function asksForJson(argv) {
  for (let i = 0; i < argv.length && argv[i] !== '--'; i += 1) {
    if (argv[i] === '--json' || argv[i] === '--format=json') return true;
    if (argv[i] === '--format' && argv[i + 1] === 'json') return true;
  }
  return false;
}

const argv = process.argv.slice(2);
/** A failure before an answer: on standard error, or as {error: {code, message}} with JSON. */
function fail(code, message, extra = {}) {
  if (asksForJson(argv)) printJson({ error: { code, message, ...extra } });
  else process.stderr.write(`irmetrics: ${message}\n${extra.usage ? `${extra.usage}\n` : ''}`);
}

try {
  process.exitCode = await main(argv);
} catch (error) {
  if (error instanceof UsageError) {
    fail('usage', error.message, { usage: error.usage });
    process.exitCode = 2;
  } else if (error instanceof BuildMissingError) {
    fail('no_build', error.message);
    process.exitCode = 2;
  } else if (error instanceof InputFileError || error instanceof trecFiles.TrecFileError) {
    fail('file', error.message);
    process.exitCode = 2;
  } else {
    fail('internal', `internal error: ${error?.stack ?? error}`);
    process.exitCode = 1;
  }
}
