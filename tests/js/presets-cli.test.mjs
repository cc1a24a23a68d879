// Convention presets (common/presets.js): the table checked against the registry of the built
// module, the rewriting of measure names, and `irmetrics calc … --preset NAME` as a user runs it.
// Expected values are worked out by hand in the comments.
// Run: node --test tests/js/presets-cli.test.mjs (after the wasm build)

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../../bin/lib/engine.mjs';
import { CONVENTIONS, PRESETS, conventionFor, conventionsInForce, nameUnderPreset } from '../../common/presets.js';

const cli = fileURLToPath(new URL('../../bin/irmetrics.mjs', import.meta.url));

/** Runs the CLI with `args`; returns {status, stdout, stderr}. */
function run(args) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

// R N N R N R with R = 3: relevant at ranks 1, 4, 6, where P = 1, 2/4, 3/6. At recall level
// 0.4, r·R = 1.2: the textbook rule needs recall ≥ 0.4, i.e. 2 relevant, max(1/2, 1/2) = 1/2;
// trec_eval 10 lround(1.2) = 1 relevant, max(1, 1/2, 1/2) = 1; trec_eval 9 (long)(2.1) = 2, 1/2.
const LIST = ['--relevant', '3', '--input', 'R N N R N R'];
// relevant-at-2-4-6 (Evaluation Metrics notes): 3 relevant retrieved of R = 15, at ranks 2, 4, 6 (P
// = 1/2 each): AP = (3/2)/15 = 1/10 over R; (3/2)/3 = 1/2 over the relevant retrieved
// (scikit-learn).
const RL1 = ['--relevant', '15', '--input', 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10'];
// kappa-400-documents (What to evaluate notes): κ = 3/7 with each judge's marginals; pooled P(E) =
// 73/128, κ = 23/55.
const K1 = ['--input', '    R   N\nR  75  25\nN  75 225'];

describe('the preset table', () => {
  let registry;
  before(async () => {
    registry = (await loadEngine()).listMeasures();
  });

  // Krippendorff's level is the data's level of measurement (categories, ranks, numbers),
  // tau_ap's values (ranks or scores) and ties (none, or both rankings tied: τ_AP,b) say what the
  // lines hold, and rbo's ties what a tie in them means (equality, w; an order unknown, a or b,
  // as Corsi and Urbano sort them): facts of the data that no course sets, so no conventions.
  const ofTheData = new Set(['krippendorff:level', 'tau_ap:values', 'tau_ap:ties', 'rbo:ties']);
  test('every parameter with choices in the registry is in the table, but the tests’ alternative, confusion’s value (which quantity is the headline, not a convention) and what says what the data is', () => {
    const missing = registry.flatMap((info) =>
      info.params
        .filter((param) => param.choices.length > 1 && param.name !== 'alternative' && param.name !== 'value' && !ofTheData.has(`${info.name}:${param.name}`) && !conventionFor({ ...param, measure: info.name }))
        .map((param) => `${info.name}(${param.name}=${param.choices.join('|')})`),
    );
    assert.deepEqual(missing, []);
  });

  test('the Course notes preset is the registry’s defaults', () => {
    for (const info of registry) {
      for (const param of info.params.map((candidate) => ({ ...candidate, measure: info.name })).filter((candidate) => conventionFor(candidate))) {
        assert.equal(conventionFor(param).presets.notes.value, param.default, `${info.name} ${param.name}`);
      }
    }
  });

  test('a convention of one measure is not another’s with the same choices: sign’s method is not Wilcoxon’s', () => {
    const method = { name: 'method', choices: ['exact', 'normal'] };
    assert.equal(conventionFor({ ...method, measure: 'sign' }).id, 'sign-method');
    assert.equal(conventionFor({ ...method, measure: 'wilcoxon' }).id, 'wilcoxon-method');
    assert.equal(conventionFor({ name: 'correction', choices: ['yes', 'no'], measure: 'wilcoxon' }).id, 'wilcoxon-correction');
  });

  test('every preset states a value among the choices, or none, with a reason, for every convention', () => {
    for (const convention of CONVENTIONS) {
      for (const { id } of PRESETS) {
        const opinion = convention.presets[id];
        assert.ok(opinion && opinion.why.length > 10, `${convention.id} ${id}`);
        assert.ok(opinion.value === null || convention.choices.includes(opinion.value), `${convention.id} ${id}`);
      }
      for (const choice of convention.choices) assert.ok(convention.meaning[choice], `${convention.id} ${choice}`);
    }
  });

  test('names under a preset: conventions set (defaults left out), other names unchanged', () => {
    assert.equal(nameUnderPreset('IPrec@0.4', 'trec10', registry), 'IPrec(rule=trec10)@0.4');
    assert.equal(nameUnderPreset('11pt', 'trec9', registry), '11pt(rule=trec9)');
    assert.equal(nameUnderPreset('AP@10', 'sklearn', registry), 'AP(norm=retrieved)@10');
    assert.equal(nameUnderPreset('ndcg@5', 'iir', registry), 'ndcg(dcg=burges)@5');
    assert.equal(nameUnderPreset('kappa(scale=cs657a)', 'iir', registry), 'kappa(chance=pooled)');
    // The older name of the same choice is read the same way.
    assert.equal(nameUnderPreset('kappa(scale=notes002)', 'iir', registry), 'kappa(chance=pooled)');
    // The page's switch wins over a name's own convention; the CLI keeps it.
    assert.equal(nameUnderPreset('IPrec(rule=textbook)@0.4', 'trec10', registry), 'IPrec(rule=trec10)@0.4');
    assert.equal(nameUnderPreset('IPrec(rule=textbook)@0.4', 'trec10', registry, { keepTyped: true }), 'IPrec(rule=textbook)@0.4');
    assert.equal(nameUnderPreset('AP(norm=retrieved)', 'notes', registry), 'AP');
    // No opinion: scikit-learn keeps the notes' rule and form.
    assert.equal(nameUnderPreset('IPrec(rule=trec10)@0.4', 'sklearn', registry), 'IPrec@0.4');
    assert.equal(nameUnderPreset('bpref', 'sklearn', registry), 'bpref');
    for (const name of ['P@5', 'mean(P@10)', 'XYZ@3', 'AP(norm=', 'F(beta=2)']) {
      assert.equal(nameUnderPreset(name, 'trec10', registry), name);
    }
  });

  test('the conventions in force name what the preset would use where a name differs', () => {
    const rows = conventionsInForce(['AP', 'IPrec(rule=trec9)@0.4', 'P@5'], 'trec10', registry);
    assert.deepEqual(
      rows.map(({ param, value, expected, matches, measures }) => ({ param, value, expected, matches, measures })),
      [
        { param: 'norm', value: 'relevant', expected: 'relevant', matches: true, measures: ['AP'] },
        { param: 'area', value: 'steps', expected: 'steps', matches: true, measures: ['AP'] },
        { param: 'rule', value: 'trec9', expected: 'trec10', matches: false, measures: ['IPrec'] },
      ],
    );
  });
});

describe('irmetrics calc --preset', () => {
  test('trec10: IPrec@0.4 is computed as IPrec(rule=trec10)@0.4 = 1, and the convention is stated', () => {
    const { status, stdout, stderr } = run(['calc', 'IPrec@0.4', ...LIST, '--preset', 'trec10']);
    assert.equal(status, 0, stderr);
    assert.equal(stdout.split('\n')[0], 'IPrec(rule=trec10)@0.4 = 1');
    assert.match(
      stdout,
      /\nConventions of trec_eval 10\n {2}rule=trec10: trec_eval 10’s iprec_at_recall maps level r to lround\(r·R\) relevant documents\n$/,
    );
  });

  test('trec9, notes and iir: 1/2', () => {
    assert.equal(run(['calc', 'IPrec@0.4', ...LIST, '--preset', 'trec9']).stdout.split('\n')[0], 'IPrec(rule=trec9)@0.4 = 1/2 = 0.5');
    assert.equal(run(['calc', 'IPrec@0.4', ...LIST, '--preset', 'notes']).stdout.split('\n')[0], 'IPrec@0.4 = 1/2 = 0.5');
    assert.equal(run(['calc', 'IPrec@0.4', ...LIST, '--preset', 'iir']).stdout.split('\n')[0], 'IPrec@0.4 = 1/2 = 0.5');
  });

  test('sklearn: relevant-at-2-4-6’s AP over the relevant retrieved, 1/2', () => {
    const { status, stdout } = run(['calc', 'AP', ...RL1, '--preset', 'sklearn']);
    assert.equal(status, 0);
    assert.equal(stdout.split('\n')[0], 'AP(norm=retrieved) = 1/2 = 0.5');
  });

  // IRRR with R = 3: one judged non-relevant document (N = 1) before each relevant one.
  // The notes: 1 − 1/3 each, (3 × 2/3)/3 = 2/3. trec_eval: 1 − min(1, 3)/min(3, 1) = 0 each, 0.
  test('trec9: bpref takes trec_eval’s form, 0 where the notes give 2/3', () => {
    assert.equal(run(['calc', 'bpref', '--relevant', '3', '--input', 'IRRR']).stdout.split('\n')[0], 'bpref = 2/3 ≈ 0.6667');
    const { status, stdout } = run(['calc', 'bpref', '--relevant', '3', '--input', 'IRRR', '--preset', 'trec9']);
    assert.equal(status, 0);
    assert.equal(stdout.split('\n')[0], 'bpref(variant=trec) = 0');
  });

  test('iir: κ with pooled marginals, 23/55', () => {
    const { status, stdout } = run(['calc', 'kappa', ...K1, '--preset', 'iir']);
    assert.equal(status, 0);
    assert.equal(stdout.split('\n')[0], 'κ = 23/55 ≈ 0.4182');
    assert.match(stdout, /\n {2}chance=pooled: IIR Table 8\.2 pools the marginals/);
  });

  // Grades 2 0 1 under IIR eq. 8.9: DCG = (2² − 1)/log2 2 + 0 + (2¹ − 1)/log2 4 = 3 + 1/2 = 7/2.
  test('iir --json: nDCG(dcg=burges) with DCG = 7/2, and a preset object naming the convention', () => {
    const { status, stdout } = run(['calc', 'nDCG', '--input', '2 0 1', '--preset', 'iir', '--json']);
    assert.equal(status, 0);
    const json = JSON.parse(stdout);
    assert.equal(json.measure, 'nDCG(dcg=burges)');
    assert.equal(json.values.DCG.exact, '7/2');
    assert.deepEqual(json.preset, {
      id: 'iir',
      label: 'Manning et al. (IIR)',
      conventions: [
        { convention: 'DCG form', param: 'dcg', value: 'burges', preset_value: 'burges', why: 'IIR eq. 8.9 sums (2^R(j,m) − 1)/log2(1 + m)' },
        // nDCG's ideal ranking is a convention too; IIR takes none, so the default is kept.
        {
          convention: 'ideal ranking of nDCG',
          param: 'ideal',
          value: 'judged',
          preset_value: 'judged',
          why: 'IIR’s Z_kj normalises by the ideal ranking of query j’s judgments without working a case outside the list; the calculator’s default is kept',
        },
        // Tied scores: IIR ranks without ties, so the default is kept.
        {
          convention: 'tied scores in DCG',
          param: 'ties',
          value: 'order',
          preset_value: 'order',
          why: 'IIR’s NDCG ranks documents without tied scores; the calculator’s default is kept',
        },
      ],
    });
  });

  test('a convention written in the name is kept, and the output says what the preset would use', () => {
    const { status, stdout } = run(['calc', 'IPrec(rule=textbook)@0.4', ...LIST, '--preset', 'trec10']);
    assert.equal(status, 0);
    // The canonical name leaves the default out.
    assert.equal(stdout.split('\n')[0], 'IPrec@0.4 = 1/2 = 0.5');
    assert.match(stdout, /\n {2}rule=textbook, given in the name \(trec_eval 10 uses rule=trec10: /);
  });

  test('a measure without conventions says so', () => {
    const { status, stdout } = run(['calc', 'P@2', ...LIST, '--preset', 'sklearn']);
    assert.equal(status, 0);
    assert.match(stdout, /\nConventions of scikit-learn\n {2}none: this measure takes no convention the presets set\n$/);
  });

  test('an unknown preset is a usage error, word for word', () => {
    const { status, stdout, stderr } = run(['calc', 'AP', ...LIST, '--preset', 'trec8']);
    assert.equal(status, 2);
    assert.equal(stdout, '');
    assert.equal(stderr.split('\n')[0], "irmetrics: --preset expects one of notes, iir, croft, trec10, trec9, sklearn, found 'trec8'");
    assert.match(stderr, /\nusage: irmetrics calc MEASURE .*\[--preset NAME\]/);
  });

  test('--preset belongs to calc', () => {
    const { status, stderr } = run(['measures', '--preset', 'iir']);
    assert.equal(status, 2);
    assert.equal(stderr.split('\n')[0], 'irmetrics: --preset belongs to calc, not measures');
  });
});
