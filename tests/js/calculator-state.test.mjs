// A calculator page's state (web/js/calculator-state.js), without a browser: a link's hash → the
// fields, the fields → the share keys, the measures computed, the names the toggles, selectors
// and parameter fields write, what the controls show, and measures handed to another page. The
// registry comes from the engine (bin/lib/engine.mjs, listMeasures); each expected value is
// written out by hand from the rule stated in the module.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadEngine } from '../../bin/lib/engine.mjs';
import {
  MAX_MEASURES,
  applyConventions,
  askedAs,
  blockedStatus,
  controlsFor,
  conventionGroups,
  givenOf,
  handOffAnswer,
  handOffText,
  homeElsewhere,
  idleStatus,
  inMeasuresField,
  linkLimitText,
  nameToAdd,
  requestedMeasures,
  shareKeys,
  stateFromLink,
  toggledNames,
  withParamField,
} from '../../web/js/calculator-state.js';

let registry;
/** The families of the ranked (ranked_list) and sets (confusion) pages, as the page filters them. */
const familyOf = (kinds) => registry.filter((info) => kinds.includes(info.input) || kinds.includes(info.cutoffInput));
const info = (name) => registry.find((entry) => entry.name === name);

before(async () => {
  registry = (await loadEngine()).listMeasures();
});

const ranked = { calc: 'ranked', defaultMeasures: 'AP, P@5', options: ['relevant'] };

test('a link: its keys fill the fields; missing ones get the defaults', () => {
  const hash = new URLSearchParams('calc=ranked&in=R+N+R&relevant=5&m=AP@10&preset=trec10');
  assert.deepEqual(stateFromLink(hash, [], ranked), {
    notices: [],
    state: { input: 'R N R', options: { relevant: '5' }, measures: 'AP@10', preset: 'trec10', problem: null },
  });
  // No keys at all: the page's default measures and the notes' preset.
  assert.deepEqual(stateFromLink(new URLSearchParams(''), [], ranked).state, {
    input: '',
    options: { relevant: '' },
    measures: 'AP, P@5',
    preset: 'notes',
    problem: null,
  });
  // An unknown preset is the notes'; a problem link gives the problem.
  const problem = stateFromLink(new URLSearchParams('calc=ranked&preset=nonsense&problem=1&ask=AP,P@5&reveal=never'), [], ranked).state;
  assert.equal(problem.preset, 'notes');
  assert.deepEqual(problem.problem, { ask: ['AP', 'P@5'], reveal: 'never' });
});

test("a link: another calculator's goes there; an unknown calculator is read here, and said so", () => {
  assert.deepEqual(stateFromLink(new URLSearchParams('calc=ndcg&in=3+2'), [], ranked), { redirect: 'ndcg.html' });
  const odd = stateFromLink(new URLSearchParams('calc=nope'), ['This link gives “m” more than once; the first is used.'], ranked);
  assert.deepEqual(odd.notices, [
    'This link names a calculator “nope” that does not exist; it is read by this one, Ranked list.',
    'This link gives “m” more than once; the first is used.',
  ]);
  // A name longer than 40 characters is cut, with an ellipsis.
  const long = stateFromLink(new URLSearchParams(`calc=${'x'.repeat(45)}`), [], ranked);
  assert.match(long.notices[0], new RegExp(`“${'x'.repeat(40)}…”`));
});

test('share keys: the notes’ preset left out, a problem’s keys added', () => {
  const state = { input: 'R N', options: { relevant: '5' }, measures: 'AP', preset: 'notes', problem: null };
  assert.deepEqual(shareKeys('ranked', state), { calc: 'ranked', in: 'R N', relevant: '5', m: 'AP', preset: '' });
  assert.deepEqual(shareKeys('ranked', { ...state, preset: 'trec10', problem: { ask: ['AP'], reveal: 'ask' } }), {
    calc: 'ranked',
    in: 'R N',
    relevant: '5',
    m: 'AP',
    preset: 'trec10',
    problem: '1',
    ask: 'AP',
    reveal: '',
  });
});

test('the measures computed: at most MAX_MEASURES, a problem’s asked ones', () => {
  const { entries, capped } = requestedMeasures('AP@10, P@5', null);
  assert.deepEqual(entries.map((entry) => entry.name), ['AP@10', 'P@5']);
  assert.equal(capped, '');
  const many = Array.from({ length: 1234 }, (_, index) => `P@${index + 1}`).join(', ');
  const cut = requestedMeasures(many, null);
  assert.equal(cut.entries.length, MAX_MEASURES);
  assert.equal(cut.capped, 'Only the first 100 of the 1,234 measures listed are computed; remove some to see the others.');
  assert.deepEqual(requestedMeasures('AP', { ask: ['P@5', 'R-Prec'], reveal: 'ask' }).entries.map((entry) => entry.name), ['P@5', 'R-Prec']);
  assert.deepEqual(requestedMeasures('AP, P@5', { ask: [], reveal: 'ask' }).entries.map((entry) => entry.name), ['AP', 'P@5']);
});

test('status sentences', () => {
  assert.equal(idleStatus('', [{}], 'Paste a list.'), 'Paste a list.');
  assert.equal(idleStatus('R N', [], 'Paste a list.'), 'Add a measure to see its answer.');
  assert.equal(idleStatus('R N', [{}], 'Paste a list.'), null);
  assert.equal(blockedStatus({ field: 'options', message: 'R must be a number.' }, true), 'R must be a number.');
  assert.equal(
    blockedStatus({ field: 'input', message: 'x' }, true),
    'The answers below are for the last input that could be read. Fix the marked mistake to update them.',
  );
  assert.equal(blockedStatus({ field: 'input', message: 'x' }, false), 'Fix the marked mistake to see the answers.');
  assert.equal(
    linkLimitText(250000),
    'This input (250,000 characters) is too long for a link, which holds at most 200,000: the link keeps the measures and settings but not the input. To share the input, download it and send the file.',
  );
});

test("an error about a name is moved to the name's place in the measures field", () => {
  // "AP, Pé@x": the second name starts at index 4; an error at its column 3 is column 4 + 3 = 7.
  const entry = { name: 'Pé@x', start: 4 };
  assert.deepEqual(inMeasuresField({ line: 1, column: 3, length: 1 }, entry, 'AP, Pé@x'), { line: 1, column: 7, length: 1 });
  // No position: the whole name, from column 5, 4 code points long.
  assert.deepEqual(inMeasuresField({ line: 0, column: 0, length: 0 }, entry, 'AP, Pé@x'), { line: 1, column: 5, length: 4 });
  // Columns count code points: an astral character before the name counts once.
  assert.deepEqual(inMeasuresField({ line: 0, column: 0, length: 0 }, { name: 'AP', start: 4 }, '𝔸, AP'), { line: 1, column: 4, length: 2 });
});

test('names the controls write: toggles, conventions, parameter fields', () => {
  const family = familyOf(['ranked_list']);
  const page = { inputKinds: ['ranked_list'], family, conventions: [] };
  // AP's example is AP(norm=retrieved)@10: AP takes parameters, so the bare name is added.
  assert.equal(nameToAdd(info('AP'), page), 'AP');
  // IPrec needs a cutoff, a recall level: the example's @0.3.
  assert.equal(nameToAdd(info('IPrec'), page), 'IPrec@0.3');
  // F reads a ranked list only at a cutoff; its example has none, a rank cutoff gives @10.
  assert.equal(nameToAdd(info('F'), page), 'F@10');
  // A convention chosen is written into the measures that take it, and only those.
  const trec10 = [{ param: 'rule', fallback: 'textbook', value: 'trec10' }];
  assert.equal(nameToAdd(info('11pt'), { ...page, conventions: trec10 }), '11pt(rule=trec10)');
  assert.equal(applyConventions('P@5', trec10, family), 'P@5');
  // Toggling: on adds (P's cutoff is optional: the bare name), off takes every name of it out.
  assert.deepEqual(toggledNames(['AP'], info('P'), page), ['AP', 'P']);
  assert.deepEqual(toggledNames(['AP', 'P@5', 'P@10'], info('P'), page), ['AP']);
  // A measure toggled on puts away the names that read another input family: F without a
  // cutoff reads a confusion matrix, F@5 the ranked list (as P does).
  assert.deepEqual(toggledNames(['AP', 'F', 'F@5'], info('P'), page), ['AP', 'F@5', 'P']);
  const sets = { inputKinds: ['confusion'], family: familyOf(['confusion']), conventions: [] };
  // β = 2 sets beta in F's names; with none, F(beta=2) is added.
  const beta = { measure: 'F', param: 'beta' };
  assert.equal(withParamField('F, P', beta, '2', sets.family), 'F(beta=2), P');
  assert.equal(withParamField('P', beta, '2', sets.family), 'P, F(beta=2)');
  // F(alpha=…) names the rival parameter: β leaves it alone, and adds its own.
  assert.equal(withParamField('F(alpha=0.5)', beta, '2', sets.family), 'F(alpha=0.5), F(beta=2)');
  // A cutoff field (pool depth) sets the cutoff.
  const pooling = familyOf(['runs']);
  assert.equal(withParamField('pool@10', { measure: 'pool', cutoff: 'depth' }, '3', pooling), 'pool@3');
  assert.equal(withParamField('', { measure: 'pool', cutoff: 'depth' }, '3', pooling), 'pool@3');
});

test('what the controls show for the names typed', () => {
  const family = familyOf(['ranked_list']);
  const groups = conventionGroups(family);
  // rule (IPrec, 11pt, …), norm (AP, …) and variant (bpref): one selector per parameter and choice list.
  const names = groups.map(({ param, users }) => `${param.name}: ${users.map((user) => user.name).join(' ')}`);
  assert.ok(names.some((line) => line.startsWith('rule: ') && line.includes('IPrec') && line.includes('11pt')));
  assert.ok(names.some((line) => line.startsWith('variant: bpref')));
  const conventions = groups.map(({ param }) => ({ param: param.name, choices: param.choices, fallback: param.default }));
  const rule = conventions.findIndex((convention) => convention.param === 'rule');
  const shown = controlsFor(['AP@10', 'IPrec(rule=trec10)@0.3', '11pt(rule=trec10)'], { family, conventions, params: [] });
  assert.deepEqual([...shown.pressed].sort(), ['11pt', 'AP', 'IPrec']);
  assert.equal(shown.selectors[rule], 'trec10', 'every measure that takes rule says trec10');
  assert.deepEqual([...shown.inUse], ['ranked_list']);
  // Two rules disagree: the selector is left as it is.
  assert.equal(controlsFor(['IPrec@0.3', '11pt(rule=trec10)'], { family, conventions, params: [] }).selectors[rule], undefined);
  // β's field: F(beta=2) shows 2; plain F shows the default 1; no F leaves the field alone.
  const sets = familyOf(['confusion']);
  const params = [{ measure: 'F', param: 'beta' }];
  assert.deepEqual(controlsFor(['F(beta=2)'], { family: sets, conventions: [], params }).fields, ['2']);
  assert.deepEqual(controlsFor(['F'], { family: sets, conventions: [], params }).fields, ['1']);
  assert.deepEqual(controlsFor(['P'], { family: sets, conventions: [], params }).fields, [undefined]);
  // F(alpha=0.5) has a parameter but not beta: the field is left alone.
  assert.deepEqual(controlsFor(['F(alpha=0.5)'], { family: sets, conventions: [], params }).fields, [undefined]);
});

test('a measure of another page: where it is computed, and the link there', () => {
  assert.equal(homeElsewhere('AP', registry, ['ranked_list']), null);
  assert.equal(homeElsewhere('nonsense', registry, ['ranked_list']), null);
  // accuracy is computed on the multiclass page (scikit-learn's accuracy_score of four classes);
  // precision, which needs a positive class, and accuracy on the ranked page go elsewhere.
  assert.equal(homeElsewhere('accuracy', registry, ['multiclass']), null);
  assert.equal(homeElsewhere('Accuracy', registry, ['multiclass']), null);
  assert.equal(homeElsewhere('precision', registry, ['multiclass']).calculator.calc, 'sets');
  assert.equal(homeElsewhere('accuracy', registry, ['ranked_list']).calculator.calc, 'sets');
  const home = homeElsewhere('nDCG@5', registry, ['ranked_list']);
  assert.equal(home.calculator.calc, 'ndcg');
  const text = handOffText('nDCG@5', home, { input: '3 2 0', options: { relevant: '5' } });
  // The ndcg page takes no R: the link has calc, in and m only.
  assert.equal(text.link, './ndcg.html#calc=ndcg&in=3+2+0&m=nDCG@5');
  assert.equal(
    text.message,
    'nDCG@5 (Normalised discounted cumulative gain) is computed on the Graded relevance (DCG, nDCG, ERR, RBP) page: it reads a graded ranking, not the input of this page.',
  );
  assert.deepEqual(text.names, ['ndcg', 'ndcg_cut', 'ndcg']);
  // From the sets page, AP goes to the ranked page, which takes R.
  const ap = handOffText('AP', homeElsewhere('AP', registry, ['confusion']), { input: 'R N', options: {} });
  assert.equal(ap.link, './ranked.html#calc=ranked&in=R+N&m=AP');
  const withR = handOffText('AP', homeElsewhere('AP', registry, ['confusion']), { input: 'R N', options: { relevant: '4' } });
  assert.equal(withR.link, './ranked.html#calc=ranked&in=R+N&relevant=4&m=AP');
});

test("a problem's givens and names", () => {
  assert.equal(givenOf('ranked', { relevant: ' 5 ' }), 'R = 5');
  assert.equal(givenOf('queries', { relevant: '5' }), 'R = 5 for a query that gives none');
  assert.equal(givenOf('ranked', { relevant: '' }), '');
  assert.equal(askedAs('F1', { ok: true, value: { label: 'F1', measure: 'F1' } }), 'F1');
  assert.equal(askedAs('ttest', { ok: true, value: { label: 'p', measure: 'ttest' } }), 'p (ttest)');
  assert.equal(askedAs('AP', { ok: false }), 'AP');
});

test("a hand-off names this page's measure that lists the measure among its quantities", async () => {
  // On the sets page, P@5 is the ranked page's; a stand-in engine says which measure's answer
  // has a quantity named "precision" (one of P's names: P, precision, prec).
  const asked = [];
  const compute = async (name, input, options) => {
    asked.push([name, input, options]);
    return name === 'confusion' ? { ok: true, value: { values: { Precision: '1/2', recall: '1/3' } } } : { ok: true, value: { values: {} } };
  };
  const home = homeElsewhere('P@5', registry, ['confusion']);
  const here = { candidates: ['accuracy', 'P@5', 'confusion', 'F'], isHere: (name) => name !== 'P@5', compute };
  const answer = await handOffAnswer('P@5', home, { input: 'tp=1', options: {} }, here);
  assert.equal(answer.ok, false);
  assert.equal(answer.error.code, 'other_page');
  assert.equal(answer.error.field, 'elsewhere');
  assert.equal(answer.handOff.withQuantity, 'confusion');
  assert.equal(answer.handOff.calculator.calc, 'ranked');
  // P@5 itself is not computed here, and the search stops at the first match (F is not asked).
  assert.deepEqual(asked.map(([name]) => name), ['accuracy', 'confusion']);
  // An empty input computes nothing.
  asked.length = 0;
  const empty = await handOffAnswer('P@5', home, { input: ' ', options: {} }, here);
  assert.equal(empty.handOff.withQuantity, '');
  assert.deepEqual(asked, []);
});
