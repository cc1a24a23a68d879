// The calculator groups' wasm modules (wasm/CMakeLists.txt IRM_GROUPS, core/include/irm/
// module_group.h, web/js/engine-modules.js): each holds its group's measures and input readers
// only, answers them as the lite module does, and answers anything else `unknown_measure` (which
// the page's engine then asks of the lite module).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { calculators } from '../../web/js/calculators.js';
import { groupModules } from '../../web/js/engine-modules.js';
import { loadExercises } from '../fixtures/exercises/load.mjs';

const generated = new URL('../../web/generated/', import.meta.url);

async function load(name) {
  const wasmBinary = readFileSync(new URL(`irmetrics-${name}.wasm`, generated));
  const { default: create } = await import(new URL(`irmetrics-${name}.js`, generated).href);
  return create({ wasmBinary });
}

// Each group's measures, as core/src/registry.cpp's IRM_MEASURES lines assign them:
// X(id, group, ...) in the registry's order, which is also the order the lite module lists the
// measures in, so the n-th line is the n-th measure's (F, AP and bpref are in two groups).
const REGISTRY_LINES = [...readFileSync(new URL('../../core/src/registry.cpp', import.meta.url), 'utf8')
  .matchAll(/^\s*X\((\w+),\s*([\w,\s]+?)\)/gm)]
  .map(([, id, groups]) => ({ id, groups: groups.split(',').map((group) => group.trim()) }));
let GROUPS;

const modules = {};
let lite;
before(async () => {
  lite = await load('lite');
  const all = lite.listMeasures();
  assert.equal(REGISTRY_LINES.length, all.length, 'one IRM_MEASURES line per measure');
  GROUPS = {};
  REGISTRY_LINES.forEach(({ groups }, i) => {
    for (const group of groups) (GROUPS[group] ??= []).push(all[i].name);
  });
  for (const name of Object.keys(groupModules)) modules[name] = await load(name);
});

test('the registry lines read as the groups they are known to hold', () => {
  // A few assignments every reader of the registry knows, so that a misread line shows.
  assert.deepEqual(GROUPS.pooling, ['AP', 'pool', 'bpref']);
  assert.deepEqual(GROUPS.significance, ['sign', 'wilcoxon', 'ttest', 'randomization']);
  assert.deepEqual(GROUPS.agreement, ['kappa', 'fleiss', 'krippendorff']);
  assert.deepEqual(GROUPS.correlation, ['tau', 'tau_ap', 'spearman', 'pearson', 'rbo']);
  for (const name of ['AP', 'nDCG', 'ERR', 'RBP', 'INST', 'Compat', 'F']) assert.ok(GROUPS.lists.includes(name), name);
  assert.ok(GROUPS.sets.includes('F'));
});

test('engine-modules.js names one module per group, and every calculator page has one of them', () => {
  assert.deepEqual(Object.keys(groupModules).sort(), Object.keys(GROUPS).sort());
  for (const { calc, engine } of calculators) {
    if (calc === 'trec') assert.equal(engine, undefined);
    else assert.ok(engine in groupModules, `${calc}: ${engine}`);
  }
});

test("each group's module lists its group's measures, in the registry's order", () => {
  const names = new Map(lite.listMeasures().map((info) => [info.name, info]));
  for (const [group, expected] of Object.entries(GROUPS)) {
    const listed = modules[group].listMeasures();
    // Every name of the group is a measure of the whole registry (the spelling is the lite
    // module's), and the group lists exactly these, with the lite module's entries.
    for (const name of expected) assert.ok(names.has(name), `${group}: ${name} is not a measure`);
    assert.deepEqual(listed.map((info) => info.name).sort(), [...expected].sort(), group);
    for (const info of listed) assert.deepEqual(info, names.get(info.name), `${group}: ${info.name}`);
  }
});

test("on every calculator page's samples, the page's module answers as the lite module", () => {
  let compared = 0;
  for (const { calc, engine, samples } of calculators) {
    if (!engine) continue;
    const measures = modules[engine].listMeasures();
    for (const [input, sample] of Object.entries(samples)) {
      const options = sample.relevant ? { relevant: sample.relevant } : {};
      for (const info of measures.filter((one) => one.input === input || one.cutoffInput === input)) {
        const name = info.input === input ? info.example : `${info.name}@5`;
        const here = modules[engine].compute(name, sample.in, options);
        assert.deepEqual(here, lite.compute(name, sample.in, options), `${calc}: ${name}`);
        compared += 1;
      }
    }
  }
  assert.ok(compared >= 40, String(compared));
});

// + - + - - + - - + + with R = 5: relevant at 1, 3, 6, 9, 10:
// AP = (1/1 + 2/3 + 3/6 + 4/9 + 5/10) / 5 = 28/45; at 5, 2 relevant (1 and 3): P@5 = R@5 = 2/5,
// so F@5 = 2 · (2/5)(2/5) / (4/5) = 2/5.
test('the lists module: AP = 28/45 and F@5 = 2/5; kappa, a typo and F without a cutoff are not in it', () => {
  const lists = modules.lists;
  const ranked = '+ - + - - + - - + +';
  assert.equal(lists.compute('AP', ranked, { relevant: '5' }).value.value.exact, '28/45');
  assert.equal(lists.compute('F@5', ranked, { relevant: '5' }).value.value.exact, '2/5');
  const kappa = lists.compute('kappa', '75 25\n75 225', {});
  assert.equal(kappa.ok, false);
  assert.equal(kappa.error.code, 'unknown_measure');
  // The lite module suggests kappa for "kapa"; the lists module, which has no kappa, cannot.
  assert.match(lite.compute('kapa', ranked, {}).error.message, /did you mean kappa\?/);
  const typo = lists.compute('kapa', ranked, {});
  assert.equal(typo.error.code, 'unknown_measure');
  assert.doesNotMatch(typo.error.message, /kappa/);
  // F without a cutoff reads a confusion matrix, whose reader is the sets module's.
  const f = lists.compute('F', 'tp=2 fp=2 fn=1 tn=3', {});
  assert.equal(f.error.code, 'unknown_measure');
  assert.equal(f.error.message, 'F has no input reader in this build');
  // tp=2 fp=2 fn=1: P = 2/4, R = 2/3, F = 2PR/(P + R) = (2/3)/(7/6) = 4/7.
  assert.equal(modules.sets.compute('F', 'tp=2 fp=2 fn=1 tn=3', {}).value.value.exact, '4/7');
});

test('only the significance module of the groups has compareRuns; none has the checks or the TREC engine', () => {
  for (const [group, module] of Object.entries(modules)) {
    assert.equal(typeof module.compareRuns, group === 'significance' ? 'function' : 'undefined', group);
    assert.equal(module.check, undefined, group);
    assert.equal(module.TrecSession, undefined, group);
  }
});

// A group module reads its calculator's own notation only (core/src/parse/forms.h): anything
// else (a list as an exercise prints it, a sentence, a Python session) and any input its reader
// rejects, it leaves to the lite module by answering unknown_measure. So on every input the page
// sends, the page shows the lite module's answer: the group's own when it gives one, which must
// then be the lite module's to the last field. The inputs: each published exercise as printed
// and as rewritten in the calculator's notation (tests/fixtures/exercises), and typos.
test("on the published exercises and on typos, a page's module answers as the lite module or leaves the input to it", () => {
  const engineOf = Object.fromEntries(calculators.map(({ calc, engine }) => [calc, engine]));
  const cases = [];
  for (const exercise of loadExercises()) {
    const rewritten = exercise.today?.rewritten?.input;
    for (const measure of exercise.measure) {
      cases.push({ page: exercise.page, measure, input: exercise.input });
      if (rewritten) cases.push({ page: exercise.page, measure, input: rewritten });
    }
  }
  // Typos in the calculators' own notations: each reader's message, with line and column.
  cases.push(
    { page: 'ranked', measure: 'AP', input: 'R N X R' },
    { page: 'ranked', measure: 'P@3', input: 'd1+ d2 d1-' },
    { page: 'ranked', measure: 'AP', input: 'relevant=2 R N R R' },
    { page: 'ndcg', measure: 'nDCG@3', input: '3 2 x 1' },
    { page: 'ndcg', measure: 'nDCG', input: 'D1:3 D1:2' },
    { page: 'queries', measure: 'MAP', input: 'q1 relevant=2\nR N R\n\nq1\nN R' },
    { page: 'queries', measure: 'MAP', input: 'q1\nR N 7' },
    { page: 'significance', measure: 'ttest', input: 'q1 0.5 0.4\nq2 0.3' },
    { page: 'significance', measure: 'ttest', input: 'x: 0.5 0.4 0.3\ny: 0.4 0.2' },
    { page: 'sets', measure: 'precision', input: 'tp=2 fp=x' },
    { page: 'sets', measure: 'F1', input: 'R N R' },
  );
  let answered = 0;
  let left = 0;
  for (const { page, measure, input } of cases) {
    const module = modules[engineOf[page]];
    const here = module.compute(measure, input, {});
    const there = lite.compute(measure, input, {});
    const what = `${page} ${measure} ${JSON.stringify(input)}`;
    if (!here.ok && here.error.code === 'unknown_measure') {
      left += 1;
      continue;
    }
    assert.deepEqual(here, there, what);
    answered += 1;
  }
  // Both ways are taken: the notations' inputs answered at once, the printed ones by the lite module.
  assert.ok(answered >= 20 && left >= 30, `answered ${answered}, left to the lite module ${left}`);
});
