#!/usr/bin/env node
// irmetrics on the command line: the same wasm module as the web page, the same measure names
// and input formats. Argument handling and I/O only; the text and JSON forms are made in
// bin/lib/format.mjs.

import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { BuildMissingError, loadEngine } from './lib/engine.mjs';
import { errorToJson, measuresToText, outcomeToJson, outcomeToText } from './lib/format.mjs';

const USAGE = `usage: irmetrics calc MEASURE [--relevant N] [--input TEXT | --file FILE] [--json]
       irmetrics measures [--json]
       irmetrics --version | --help`;

const HELP = `irmetrics: information-retrieval evaluation measures, every answer worked out

${USAGE}

Commands
  calc MEASURE    compute MEASURE on a ranked list and print the working: the value as an exact
                  fraction and a decimal, the step tables, the notes on the conventions used, and
                  the same input under other conventions (e.g. AP(norm=retrieved))
  measures        list the measures, their parameters and defaults

Options of calc
  --relevant N        R, the total number of relevant documents (AP, R@k, Rprec, 11pt need
                      it); the input may instead start with a line relevant=N
  -i, --input TEXT    the ranked list, e.g. 'R N R N' or 'D1,*D2*,D3' or '+ - + -'
  -f, --file FILE     read the input from FILE ('-' for standard input)
                      (with neither, the input is read from standard input)
  -o, --option K=V    pass another option of the measure to the core (repeatable)
  --digits D          decimals shown in the text output (default 4)
  --json              print JSON instead of text (errors too, on standard output)

Measure names: P@5, R@10, PR, Rprec, AP, AP@10, AP(norm=retrieved), RR, IPrec@0.3,
  11pt(rule=trec10), ... ('irmetrics measures' lists them all; quote names with parentheses)

Examples
  irmetrics calc AP@10 --relevant 5 --input '+ - + - - + - - + +'
  echo 'R R N N R N R R R R' | irmetrics calc P@5
  irmetrics calc AP --relevant 15 --input 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10' --json

Exit status: 0 answered; 2 bad input, a usage error, or no build; 1 an internal error.`;

const OPTIONS = {
  relevant: { type: 'string' },
  input: { type: 'string', short: 'i' },
  file: { type: 'string', short: 'f' },
  option: { type: 'string', short: 'o', multiple: true },
  digits: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
};
const CALC_ONLY = ['relevant', 'input', 'file', 'option', 'digits'];

class UsageError extends Error {}
class InputFileError extends Error {}

/** Exit status 2 with a one-line reason and the usage. */
function usageError(message) {
  throw new UsageError(message);
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

function parseDigits(text) {
  if (text === undefined) return 4;
  const digits = Number(text);
  if (!Number.isInteger(digits) || digits < 0 || digits > 15) {
    usageError(`--digits expects a whole number from 0 to 15, found '${text}'`);
  }
  return digits;
}

const print = (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
const printJson = (value) => print(JSON.stringify(value, null, 2));

async function calc(measure, values) {
  const digits = parseDigits(values.digits);
  const options = computeOptions(values);
  const input = await readInput(values);
  const engine = await loadEngine();
  const result = engine.compute(measure, input, options);
  if (result.ok) {
    if (values.json) printJson(outcomeToJson(result.value));
    else print(outcomeToText(result.value, { digits }));
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

async function measures(values) {
  const engine = await loadEngine();
  const list = engine.listMeasures();
  if (values.json) printJson(list);
  else print(measuresToText(list));
  return 0;
}

async function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's message goes on about '--'; its first sentence is the point.
    usageError(error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
      ? error.message.split('. ')[0] : error.message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;

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
    return calc(rest[0], values);
  }
  if (command === 'measures') {
    if (rest.length > 0) usageError(`measures takes no arguments, found '${rest.join(' ')}'`);
    const misplaced = CALC_ONLY.filter((name) => values[name] !== undefined);
    if (misplaced.length > 0) usageError(`--${misplaced[0]} belongs to calc, not measures`);
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

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`irmetrics: ${error.message}\n${USAGE}\n`);
    process.exitCode = 2;
  } else if (error instanceof BuildMissingError || error instanceof InputFileError) {
    process.stderr.write(`irmetrics: ${error.message}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`irmetrics: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 1;
  }
}
