// The QTI 1.2 export of practice quizzes (`irmetrics practice --format qti`, common/practice/qti.js)
// and the ZIP writer under it (common/zip.js), checked with other people's readers:
//  - the zip with Debian's `unzip -t` and Python's zipfile;
//  - the manifest with the IMS Content Packaging 1.1 schema, the assessment with the IMS QTI 1.2.1
//    ASI DTD, both through xmllint (tests/qti/schema/, no network);
//  - the whole package with Canvas's own QTI Migration Tool (tests/qti/vendor/, run as Canvas runs
//    it on an uploaded QTI zip), its output read as Canvas's importer reads a numerical question
//    (tests/qti/read_qti.py): one right answer, exact with a margin of 0.00005, the slips not taken
//    for right answers, the feedback where Canvas files it.
// For every family and difficulty, each item's right answer and range are checked against the
// value worked out here from the JSON export's exact fraction, and hand-worked cases pin a few.

import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DIFFICULTIES, FAMILIES } from '../../common/practice/generate.js';
import { assessmentXml, rangeOf, toQti } from '../../common/practice/qti.js';
import { crc32, zipFiles } from '../../common/zip.js';

const run = promisify(execFile);
const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const cli = here('../../bin/irmetrics.mjs');
const QTI_DIR = here('../qti/');
const MIGRATE = join(QTI_DIR, 'vendor/QTIMigrationTool/migrate.py');
const READ = join(QTI_DIR, 'read_qti.py');
const SCHEMA = join(QTI_DIR, 'schema/');

const work = mkdtempSync(join(tmpdir(), 'irmetrics-qti-'));
after(() => rmSync(work, { recursive: true, force: true }));
let made = 0;
const fresh = (name) => join(work, `${(made += 1)}-${name}`);

/** A Python 3 with lxml (Debian's python3-lxml): the migration tool and the reader need it. */
const python = ['/usr/bin/python3', 'python3'].find((candidate) =>
  spawnSync(candidate, ['-c', 'import lxml.etree'], { stdio: 'ignore' }).status === 0);

async function tool(file, args, options = {}) {
  return run(file, args, { maxBuffer: 256 << 20, encoding: 'utf8', ...options });
}

/** `irmetrics practice FAMILY --difficulty D --seed S --count N --format F`: stdout (bytes for qti). */
async function practice(family, difficulty, seed, count, format) {
  const { stdout } = await tool(process.execPath, [cli, 'practice', family, '--difficulty', difficulty, '--seed', String(seed),
    '--count', String(count), '--format', format], { encoding: format === 'qti' ? 'buffer' : 'utf8' });
  return stdout;
}

/** The zip's files, unpacked by Debian's unzip into a fresh folder. */
async function unpack(bytes) {
  const zip = `${fresh('package')}.zip`;
  writeFileSync(zip, bytes);
  const { stdout } = await tool('unzip', ['-t', zip]);
  assert.match(stdout, /No errors detected/);
  const folder = fresh('unpacked');
  await tool('unzip', ['-q', '-d', folder, zip]);
  return { zip, folder, names: readdirSync(folder).sort() };
}

/** The package converted by the QTI Migration Tool as Canvas runs it, then read as Canvas reads it. */
async function throughCanvas(folder) {
  const out = fresh('converted');
  const { stdout } = await tool(python, [MIGRATE, '--ucvars', '--nogui', '--overwrite', `--cpout=${out}`, folder]);
  assert.doesNotMatch(stdout, /ERROR|Traceback|not supported for type|replacing with NULL/i, stdout);
  return JSON.parse((await tool(python, [READ, 'canvas', out])).stdout);
}

/** The QTI 1.2 assessment file as lxml reads it (tests/qti/read_qti.py qti12). */
async function readQti12(file) {
  return JSON.parse((await tool(python, [READ, 'qti12', file])).stdout);
}

/** xmllint's verdict, without the network (the catalog maps the xml: namespace's schema). */
async function xmllint(args) {
  try {
    await tool('xmllint', ['--noout', '--nonet', ...args], { env: { ...process.env, XML_CATALOG_FILES: join(SCHEMA, 'catalog.xml') } });
    return '';
  } catch (error) {
    return error.stderr || String(error);
  }
}

/** The assessment checked against the IMS QTI ASI 1.2.1 DTD, which predates namespaces: the root's namespace attributes go first. */
async function dtdErrors(assessment) {
  const bare = fresh('bare.xml');
  writeFileSync(bare, assessment.replace(/<questestinterop[^>]*>/, '<questestinterop>'));
  return xmllint(['--dtdvalid', join(SCHEMA, 'ims_qtiasiv1p2p1.dtd'), bare]);
}

// ---------------------------------------------------------------------------------------------
// Exact decimals, worked out here with BigInt: values in units of 10⁻⁵.

const SCALE = 100000n;

/** A plain decimal ("-0.40005", "3") in units of 10⁻⁵; it must have at most 5 places. */
function units5(text) {
  const match = /^(-?)(\d+)(?:\.(\d{1,5}))?$/.exec(text);
  assert.ok(match, `a plain decimal of at most 5 places: ${text}`);
  const value = BigInt(match[2]) * SCALE + BigInt((match[3] ?? '').padEnd(5, '0'));
  return match[1] ? -value : value;
}

/** An exact value of the JSON export ("2/3", "-2/5", "7") as {num, den}. */
function fraction(exact) {
  const [num, den = '1'] = exact.split('/');
  return { num: BigInt(num), den: BigInt(den) };
}

/** The exact value rounded to 4 places, halves away from zero, in units of 10⁻⁵ (a multiple of 10). */
function rounded4(exact) {
  const { num, den } = fraction(exact);
  const magnitude = num < 0n ? -num : num;
  const units4 = (2n * magnitude * 10000n + den) / (2n * den);
  return (num < 0n ? -units4 : units4) * 10n;
}

/** Whether low ≤ exact ≤ high (low, high in units of 10⁻⁵). */
function within(exact, low, high) {
  const { num, den } = fraction(exact); // den > 0
  return low * den <= num * SCALE && num * SCALE <= high * den;
}

describe('the ZIP writer', () => {
  test('CRC-32 of "123456789" is the check value 0xCBF43926', () => {
    assert.equal(crc32(new TextEncoder().encode('123456789')), 0xcbf43926);
    assert.equal(crc32(new Uint8Array(0)), 0);
  });

  test('unzip and Python\'s zipfile read back every file, byte for byte, with its UTF-8 name', async () => {
    let state = 12345;
    const noise = Uint8Array.from({ length: 300000 }, () => ((state = (state * 1103515245 + 12345) >>> 0) >>> 16) & 0xff);
    const files = [
      { name: 'imsmanifest.xml', data: '<?xml version="1.0"?>\n<a>&amp; é ≈ 0.6222</a>\n' },
      { name: 'dir/été – κ.txt', data: 'Judges’ agreement (κ)\n' },
      { name: 'empty', data: new Uint8Array(0) },
      { name: 'noise.bin', data: noise },
    ];
    const zip = `${fresh('written')}.zip`;
    writeFileSync(zip, zipFiles(files));
    const { stdout } = await tool('unzip', ['-t', zip]);
    assert.match(stdout, /No errors detected in compressed data/);
    await tool(python ?? 'python3', ['-m', 'zipfile', '-t', zip]);
    const script = 'import json, sys, zipfile, base64\n' +
      'z = zipfile.ZipFile(sys.argv[1])\n' +
      'print(json.dumps([[i.filename, i.flag_bits & 0x800, i.compress_type, base64.b64encode(z.read(i)).decode()] for i in z.infolist()]))';
    const read = JSON.parse((await tool(python ?? 'python3', ['-c', script, zip])).stdout);
    assert.deepEqual(read.map(([name]) => name), files.map(({ name }) => name));
    read.forEach(([, utf8, method, data], i) => {
      assert.equal(utf8, 0x800, 'names flagged UTF-8');
      assert.equal(method, 0, 'stored');
      const bytes = typeof files[i].data === 'string' ? Buffer.from(files[i].data, 'utf8') : Buffer.from(files[i].data);
      assert.ok(Buffer.from(data, 'base64').equals(bytes), files[i].name);
    });
  });

  test('the same files give the same bytes, and a name outside the archive is refused', () => {
    const files = [{ name: 'a.txt', data: 'x' }];
    assert.deepEqual(zipFiles(files), zipFiles(files));
    assert.throws(() => zipFiles([{ name: '../a', data: 'x' }]), /relative/);
    assert.throws(() => zipFiles([{ name: '/a', data: 'x' }]), /relative/);
  });
});

describe('answer ∓ tolerance in exact decimals', () => {
  // Worked by hand: 0.6222 − 0.00005 = 0.62215; −0.4 − 0.00005 = −0.40005; 0.1 + 0.2 = 0.3 (not
  // 0.30000000000000004); 1.2·10⁻⁷ ± 0.00005 = −0.0000498800 … 0.00005012.
  const cases = [
    ['0.6222', '0.00005', '0.62215', '0.62225'],
    ['-0.4', '0.00005', '-0.40005', '-0.39995'],
    ['0', '0.00005', '-0.00005', '0.00005'],
    ['3', '0.00005', '2.99995', '3.00005'],
    ['41.5', '0.00005', '41.49995', '41.50005'],
    ['0.1', '0.2', '-0.1', '0.3'],
    ['1.2e-7', '0.00005', '-0.00004988', '0.00005012'],
  ];
  for (const [answer, tolerance, low, high] of cases) {
    test(`${answer} ∓ ${tolerance} is ${low} to ${high}`, () => {
      assert.deepEqual(rangeOf(answer, tolerance), { low, high });
    });
  }
  test('a number that is not a decimal is refused', () => {
    assert.throws(() => rangeOf('—', '0.00005'), /not a decimal/);
    assert.throws(() => rangeOf('0.5', '-0.1'), /negative/);
  });
});

/**
 * Every check of one exported package against the JSON export of the same exercises.
 * @param {Buffer} bytes the zip
 * @param {any[]} exercises the JSON export
 */
async function checkPackage(bytes, exercises, where) {
  const { folder, names } = await unpack(bytes);
  assert.equal(names.length, 2, `${where}: the manifest and one assessment file: ${names}`);
  assert.ok(names.includes('imsmanifest.xml'));
  const manifest = readFileSync(join(folder, 'imsmanifest.xml'), 'utf8');
  assert.equal(await xmllint(['--schema', join(SCHEMA, 'imscp_v1p1.xsd'), join(folder, 'imsmanifest.xml')]), '', `${where}: the manifest is valid IMS CP 1.1`);
  const resource = /<resource identifier="[^"]+" type="imsqti_xmlv1p2" href="([^"]+)"><file href="([^"]+)"\/><\/resource>/.exec(manifest);
  assert.ok(resource, `${where}: one QTI 1.2 resource`);
  assert.equal(resource[1], resource[2]);
  assert.ok(names.includes(resource[1]), `${where}: the manifest points at the assessment ${resource[1]}`);
  const assessmentFile = join(folder, resource[1]);
  assert.equal(await dtdErrors(readFileSync(assessmentFile, 'utf8')), '', `${where}: the assessment is valid QTI ASI 1.2.1`);

  const qti = await readQti12(assessmentFile);
  const canvas = await throughCanvas(folder);

  // The questions are the asked values, in order; any left out is named in the comment.
  const asked = exercises.flatMap((exercise) => exercise.measures.map((name) => ({
    title: `${exercise.id} ${exercise.labels[name]}`, answer: exercise.answers[name], exercise,
  })));
  const kept = asked.filter(({ title }) => qti.items.some((item) => item.title === title));
  for (const { title } of asked.filter((one) => !kept.includes(one))) {
    assert.ok(qti.comment?.includes(`${title} is left out: `), `${where}: ${title} is in the quiz or said left out`);
  }
  assert.deepEqual(qti.items.map((item) => item.title), kept.map(({ title }) => title), where);
  assert.ok(kept.length > 0, `${where}: some questions`);
  assert.deepEqual(canvas.questions.map((question) => question.question_name), kept.map(({ title }) => title));
  assert.equal(canvas.assessments.length, 1);
  assert.deepEqual(canvas.assessments[0].items, qti.items.map((item) => item.ident), `${where}: the quiz holds every item, in order`);
  assert.equal(canvas.assessments[0].title, qti.title);

  kept.forEach(({ title, answer: value, exercise }, i) => {
    const item = qti.items[i];
    const at = `${where}: ${title}`;
    assert.equal(item.section, `Practice/${FAMILIES.find((family) => family.id === exercise.family).title} (${exercise.difficulty})`, at);
    assert.deepEqual(item.metadata, { question_type: 'numerical_question', points_possible: '1.0' }, at);
    assert.deepEqual(item.response, { ident: 'response1', rcardinality: 'Single', fibtype: 'Decimal' }, at);
    assert.deepEqual(item.outcomes, [{ maxvalue: '100', minvalue: '0', varname: 'SCORE', vartype: 'Decimal' }], at);
    assert.equal(item.texttype, 'text/html');
    assert.match(item.text, /^<p>/, at);

    // The right answer: the exact value rounded to 4 places, A ∓ 0.00005 around it.
    const right = item.conditions.find((condition) => condition.score.length > 0);
    assert.deepEqual(right.score, [['SCORE', 'Set', '100']], at);
    assert.equal(right.continue, 'No');
    assert.deepEqual(right.feedback, ['correct_fb']);
    const [or, [equal, text, respident], [and, [gte, low], [lte, high]]] = right.test;
    assert.deepEqual([or, equal, respident, and, gte, lte], ['or', 'varequal', 'response1', 'and', 'vargte', 'varlte'], at);
    const [A, L, H] = [units5(text), units5(low), units5(high)];
    if (value.exact !== null) {
      const R = rounded4(value.exact);
      assert.equal(A, R, `${at}: ${text} is ${value.exact} to 4 places`);
      assert.ok(within(value.exact, L, H), `${at}: ${value.exact} lies in [${low}, ${high}]`);
    } else {
      assert.ok(Math.abs(Number(text) - value.approx) <= 0.00005 + 1e-12, `${at}: ${text} is ${value.approx} to 4 places`);
      assert.ok(Number(low) <= value.approx && value.approx <= Number(high), `${at}: ${value.approx} lies in [${low}, ${high}]`);
    }
    assert.equal(A - L, 5n, `${at}: low = A − 0.00005`);
    assert.equal(H - A, 5n, `${at}: high = A + 0.00005`);
    assert.ok(A - 10n < L && A + 10n > H, `${at}: the neighbours ±0.0001 are wrong`);
    assert.match(item.feedback.correct_fb.text, /^Right: /, at);

    // Each slip: a range of its own, no score, its own feedback, away from the right range.
    const slips = item.conditions.filter((condition) => condition.score.length === 0 && condition.test[0] !== 'other');
    for (const slip of slips) {
      assert.equal(slip.continue, 'No');
      const [sor, [sand, [sgte, slow], [slte, shigh]], ...rest] = slip.test;
      assert.deepEqual([sor, sand, sgte, slte, rest.length], ['or', 'and', 'vargte', 'varlte', 0], `${at}: a slip is one interval`);
      assert.equal(units5(shigh) - units5(slow), 10n, `${at}: a slip's interval is 0.0001 wide`);
      assert.ok(units5(shigh) < L || units5(slow) > H, `${at}: a slip's interval misses the right one`);
      assert.equal(slip.feedback.length, 1);
      assert.match(item.feedback[slip.feedback[0]]?.text ?? '', /^Not quite: that is \S+/, `${at}: the slip has its feedback`);
    }
    const others = item.conditions.filter((condition) => condition.test[0] === 'other');
    assert.deepEqual(others.map((condition) => condition.feedback[0]), item.feedback.general_incorrect_fb
      ? ['general_fb', 'general_incorrect_fb'] : ['general_fb'], at);
    assert.equal(item.feedback.general_fb.texttype, 'text/html');
    if (item.feedback.general_incorrect_fb) assert.match(item.feedback.general_incorrect_fb.text, /^Hint: /);

    // Canvas: a numerical question of one right answer, exact with a margin; the slips are not answers.
    const question = canvas.questions[i];
    assert.equal(question.question_type, 'numerical_question', at);
    assert.equal(question.points_possible, 1);
    assert.equal(question.answers.length, 1, `${at}: Canvas reads one right answer, not the slips: ${JSON.stringify(question.answers)}`);
    assert.deepEqual(question.answers[0], { weight: 100, type: 'exact_answer', exact: Number(text), exact_text: text, margin: 0.00005, margin_text: '0.00005' }, at);
    assert.equal(question.question_text, item.text);
    assert.equal(question.correct_comments, item.feedback.correct_fb.text);
    assert.equal(question.incorrect_comments, item.feedback.general_incorrect_fb?.text);
    assert.equal(question.neutral_comments_html, item.feedback.general_fb.text);
    // Where the slips went: conditions that show their feedback, on the same intervals.
    for (const slip of slips) {
      const converted = question.conditions.find((condition) => condition.feedback.includes(slip.feedback[0]));
      assert.deepEqual(converted?.bounds, { vargte: slip.test[1][1][1], varlte: slip.test[1][2][1] }, at);
    }
  });
  return { qti, canvas };
}

describe('irmetrics practice --format qti: every family and difficulty', { concurrency: 2 }, () => {
  for (const { id: family } of FAMILIES) {
    for (const difficulty of DIFFICULTIES) {
      test(`${family}, ${difficulty}: a valid package that Canvas imports with the right answers`, async () => {
        assert.ok(python, 'a python3 with lxml (Debian: python3-lxml) runs the migration tool');
        const [bytes, json] = await Promise.all([practice(family, difficulty, 21, 2, 'qti'), practice(family, difficulty, 21, 2, 'json')]);
        await checkPackage(bytes, JSON.parse(json), `${family} ${difficulty}`);
      });
    }
  }
});

describe('exercises worked by hand', () => {
  // ranked medium seed 42: D3, D7, D9, D12 relevant of 13, R = 5. AP = (1/3 + 2/7 + 3/9 + 4/12)/5
  //   = (9/7)/5 = 9/35 = 0.25714… → 0.2571, taken from 0.25705 to 0.25715. Dividing by the 4
  //   retrieved instead gives 9/28 = 0.32142… → 0.3214: a slip from 0.32135 to 0.32145, with its
  //   own feedback, which Canvas must not take for a second right answer.
  test('ranked medium seed 42: AP 0.2571 ∓ 0.00005, the slip 0.3214 with its feedback', async () => {
    const bytes = await practice('ranked', 'medium', 42, 1, 'qti');
    const { qti, canvas } = await checkPackage(bytes, JSON.parse(await practice('ranked', 'medium', 42, 1, 'json')), 'ranked medium 42');
    const item = qti.items.find((one) => one.title === 'ranked-medium-42 AP');
    assert.deepEqual(item.conditions[1].test, ['or', ['varequal', '0.2571', 'response1'],
      ['and', ['vargte', '0.25705', 'response1'], ['varlte', '0.25715', 'response1']]]);
    const slip = item.conditions.find((condition) => JSON.stringify(condition.test).includes('0.32135'));
    assert.deepEqual(slip.test, ['or', ['and', ['vargte', '0.32135', 'response1'], ['varlte', '0.32145', 'response1']]]);
    assert.match(item.feedback[slip.feedback[0]].text, /^Not quite: that is AP\(norm=retrieved\)/);
    assert.match(item.feedback.general_incorrect_fb.text, /^Hint: Check the precision at each relevant document/);
    const question = canvas.questions.find((one) => one.question_name === 'ranked-medium-42 AP');
    assert.deepEqual(question.answers.map((answer) => [answer.type, answer.exact_text, answer.margin_text]), [['exact_answer', '0.2571', '0.00005']]);
  });

  // ranked easy seed 43: AP = 2/3 = 0.6666… → 0.6667 (0.66665 ≤ 2/3 ≤ 0.66675); correlation easy
  //   seed 0: τ = −2/5 → −0.4, taken from −0.40005 to −0.39995.
  test('AP = 2/3 is 0.6667 ∓ 0.00005 and τ = −2/5 is −0.4 ∓ 0.00005', async () => {
    const ap = (await readQti12Of(await practice('ranked', 'easy', 43, 1, 'qti'))).items.find((one) => one.title === 'ranked-easy-43 AP');
    assert.deepEqual(ap.conditions[1].test[2], ['and', ['vargte', '0.66665', 'response1'], ['varlte', '0.66675', 'response1']]);
    const tau = (await readQti12Of(await practice('correlation', 'easy', 0, 1, 'qti'))).items[0];
    assert.deepEqual(tau.conditions[1].test, ['or', ['varequal', '-0.4', 'response1'],
      ['and', ['vargte', '-0.40005', 'response1'], ['varlte', '-0.39995', 'response1']]]);
  });
});

/** The assessment of a zip, read as QTI 1.2. */
async function readQti12Of(bytes) {
  const { folder, names } = await unpack(bytes);
  return readQti12(join(folder, names.find((name) => name !== 'imsmanifest.xml')));
}

describe('texts with XML\'s special characters', () => {
  const nasty = 'a < b && c > "d" \'e\' ]]> <!-- x --> &amp; ≈ κ';
  const questions = [{
    category: `Practice/${nasty}`,
    name: `name ${nasty}`,
    html: `<p>${nasty.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`,
    answer: '0.5',
    tolerance: '0.00005',
    right: `Right: ${nasty}`,
    slips: [{ answer: '0.25', feedback: `Not quite: that is ${nasty}` }],
    hint: `Hint: ${nasty}`,
    working: '<p>x &lt; y &amp;&amp; z</p><table><tr><td>&quot;1&quot;</td></tr></table>',
  }];
  const leftOut = [{ name: `left ${nasty}`, why: 'its value is a bound (< 1e-300)' }];

  test('survive the QTI file, the schema checks and Canvas\'s import unchanged', async () => {
    const bytes = toQti(questions, { title: `Quiz ${nasty}`, leftOut });
    const { folder, names } = await unpack(bytes);
    const file = join(folder, names.find((name) => name !== 'imsmanifest.xml'));
    assert.equal(await dtdErrors(readFileSync(file, 'utf8')), '');
    assert.equal(await xmllint(['--schema', join(SCHEMA, 'imscp_v1p1.xsd'), join(folder, 'imsmanifest.xml')]), '');
    const qti = await readQti12(file);
    assert.equal(qti.title, `Quiz ${nasty}`);
    assert.equal(qti.comment, `left ${nasty} is left out: its value is a bound (< 1e-300).`);
    const [item] = qti.items;
    assert.equal(item.title, questions[0].name);
    assert.equal(item.section, questions[0].category);
    assert.equal(item.text, questions[0].html);
    assert.equal(item.feedback.correct_fb.text, questions[0].right);
    assert.equal(item.feedback.slip1_fb.text, questions[0].slips[0].feedback);
    assert.equal(item.feedback.general_incorrect_fb.text, questions[0].hint);
    assert.equal(item.feedback.general_fb.text, questions[0].working);

    const canvas = await throughCanvas(folder);
    const [question] = canvas.questions;
    assert.equal(question.question_name, questions[0].name);
    assert.equal(question.question_text, questions[0].html);
    assert.equal(question.correct_comments, questions[0].right);
    assert.equal(question.incorrect_comments, questions[0].hint);
    assert.equal(question.neutral_comments_html, questions[0].working);
    assert.equal(canvas.assessments[0].title, `Quiz ${nasty}`);
    assert.deepEqual(canvas.assessments[0].sections, [questions[0].category]);
  });

  test('a broken item fails the DTD check: the check is not vacuous', async () => {
    const text = assessmentXml(questions, 'A quiz', 'quiz');
    assert.equal(await dtdErrors(text), '');
    assert.match(await dtdErrors(text.replace('<setvar action="Set" varname="SCORE">100</setvar>', '')
      .replace('<conditionvar>', '<setvar action="Set" varname="SCORE">100</setvar><conditionvar>')), /validity error|does not follow the DTD/);
  });
});

describe('irmetrics practice --format qti on a terminal', () => {
  test('refuses to write a zip to a terminal, with a usage message', () => {
    // script(1) (util-linux) gives the command a terminal as its stdout.
    const result = spawnSync('script', ['-qec', `${process.execPath} ${cli} practice ranked --format qti`, '/dev/null'], { encoding: 'utf8' });
    assert.equal(result.status, 2, result.stdout);
    assert.match(result.stdout, /--format qti writes a zip file: redirect it, e.g\. > quiz\.zip/);
    assert.match(result.stdout, /usage: irmetrics practice/);
  });
});
