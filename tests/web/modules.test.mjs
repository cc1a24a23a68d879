// The page's pure modules, without a browser: number formatting (common/format.js), the measures
// field (common/measure-list.js), share-link hashes (web/js/url-state.js) and the conversion of
// an engine span to a textarea range (web/js/render/input-error.js).
// Run: node --test tests/web/modules.test.mjs (needs no build)

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatNum, numParts, roundingNote } from '../../common/format.js';
import { measureBase, parseMeasureName, rewriteMeasureList, splitMeasureList, withParam } from '../../common/measure-list.js';
import { spanToRange } from '../../web/js/render/input-error.js';
import { hashFor, readHash } from '../../web/js/url-state.js';

const num = (exact, approx, formula = '') => ({ exact, approx, formula });

describe('format.js', () => {
  test('method-1-ap: 28/45 ≈ 0.6222; exact decimals use "=": 71/100 = 0.71, 1/2 = 0.5; whole numbers once', () => {
    assert.equal(formatNum(num('28/45', 28 / 45)), '28/45 ≈ 0.6222');
    assert.equal(formatNum(num('71/100', 0.71)), '71/100 = 0.71');
    assert.equal(formatNum(num('1/2', 0.5)), '1/2 = 0.5');
    assert.equal(formatNum(num('3', 3)), '3');
    assert.equal(formatNum(num('-1/3', -1 / 3)), '-1/3 ≈ -0.3333');
  });

  test('fractions round half away from zero exactly, not through binary floating point', () => {
    // 2009/2000 = 1.0045 is 1.00449999… as a double; toFixed(3) would print 1.004.
    assert.equal(formatNum(num('2009/2000', 2009 / 2000), 3), '2009/2000 ≈ 1.005');
    assert.equal(formatNum(num('-2009/2000', -2009 / 2000), 3), '-2009/2000 ≈ -1.005');
  });

  test('an irrational value is its decimal, with the formula kept apart; 7 stays "7"', () => {
    assert.deepEqual(numParts(num(null, 0.918927, '11.3235 / 12.3235')), {
      exact: '',
      relation: '',
      decimal: '0.9189',
      formula: '11.3235 / 12.3235',
    });
    assert.equal(formatNum(num(null, 7, '4 + 3/log2(2)')), '7');
  });

  test('never NaN, never "-0.0000": a value under 0.001 keeps 4 significant digits', () => {
    assert.equal(formatNum(num(null, Number.NaN)), '—');
    assert.equal(formatNum(num(null, -0.00001)), '-0.00001000');
    assert.equal(formatNum(num(null, 0)), '0');
    // The sign test's p for 5,200 : 4,800 is 6.594e-05: not "0.0001", which reads as 1e-4.
    assert.equal(formatNum(num(null, 6.5940e-5)), '0.00006594');
    // 2/2^30 = 1/536870912 ≈ 1.8626e-9 (a sign test of 30 wins); 1/1024 = 0.0009765625.
    assert.equal(formatNum(num('1/536870912', 1 / 536870912)), '1/536870912 ≈ 1.863e-9');
    assert.equal(formatNum(num('1/1024', 1 / 1024)), '1/1024 ≈ 0.0009766');
    // An exact decimal within the places stays as it is; 0.001 and above are rounded to places.
    assert.equal(formatNum(num('1/2000', 1 / 2000)), '1/2000 = 0.0005');
    assert.equal(formatNum(num(null, 0.00123)), '0.0012');
    // At 2 places, under 0.1 keeps 2 significant digits: 1/15 = 0.0667.
    assert.equal(formatNum(num('1/15', 1 / 15), 2), '1/15 ≈ 0.067');
  });

  test('the page says how it rounds', () => {
    assert.equal(
      roundingNote(4),
      'Fractions are exact. Decimals are rounded to 4 places, halves away from zero; a value under 0.001 to 4 significant digits.',
    );
  });
});

describe('measure-list.js', () => {
  test('splits on commas outside parentheses and keeps UTF-16 positions', () => {
    assert.deepEqual(splitMeasureList(' AP,  P@5 ,AP(norm=retrieved, x=y)@10'), [
      { name: 'AP', start: 1, end: 3 },
      { name: 'P@5', start: 6, end: 9 },
      { name: 'AP(norm=retrieved, x=y)@10', start: 11, end: 37 },
    ]);
    assert.deepEqual(splitMeasureList(' , ;'), []);
  });

  test('sets a parameter, dropping it when it is the default; leaves unreadable names alone', () => {
    assert.equal(withParam('AP@10', 'norm', 'retrieved', 'relevant'), 'AP(norm=retrieved)@10');
    assert.equal(withParam('AP(norm=retrieved)@10', 'norm', 'relevant', 'relevant'), 'AP@10');
    assert.equal(withParam('IPrec(rule=trec9)@0.3', 'rule', 'trec10', 'textbook'), 'IPrec(rule=trec10)@0.3');
    assert.equal(withParam('AP(norm', 'norm', 'retrieved', 'relevant'), 'AP(norm');
    assert.equal(parseMeasureName('AP(norm)'), null);
  });

  test('the base of a name, also when its parentheses hold a measure: mean(P@5) is "mean"', () => {
    assert.equal(measureBase('AP(norm=retrieved)@10'), 'AP');
    assert.equal(measureBase(' mean(P@5)'), 'mean');
    assert.equal(parseMeasureName('mean(P@5)'), null);
    assert.equal(measureBase('11pt-avg'), '11pt-avg');
    assert.equal(measureBase(''), '');
  });

  test('rewrites every name and keeps the separators as typed', () => {
    const rewritten = rewriteMeasureList('AP,  P@5;11pt', (name) => (name === 'P@5' ? 'P@10' : name));
    assert.equal(rewritten, 'AP,  P@10;11pt');
  });
});

describe('url-state.js', () => {
  test('a hash reads back as the state written, with measure names left readable', () => {
    const state = { calc: 'ranked', in: '+ - *D2* ✓ 😀\nR & N #', relevant: '5', m: 'AP@10, AP(norm=retrieved)' };
    const hash = hashFor(state);
    assert.match(hash, /m=AP@10,\+AP\(norm=retrieved\)$/);
    assert.deepEqual(Object.fromEntries(readHash(`#${hash}`)), state);
    assert.equal(hashFor({ calc: 'ranked', relevant: '' }), 'calc=ranked');
  });

  test('a malformed hash reads without throwing', () => {
    assert.equal(readHash('#in=%E0%A4%A&relevant=%%%').get('relevant'), '%%%');
  });
});

describe('input-error.js spanToRange', () => {
  test('columns count code points: the X at column 6 of "*D😀* X" is UTF-16 offset 6', () => {
    assert.deepEqual(spanToRange('*D😀* X', { line: 1, column: 6, length: 1 }), { start: 6, end: 7 });
    assert.deepEqual(spanToRange('R 😀 X', { line: 1, column: 3, length: 1 }), { start: 2, end: 4 });
  });

  test('lines count from 1; a column past the end of the line lands at its end', () => {
    assert.deepEqual(spanToRange('R N\nR X', { line: 2, column: 3, length: 1 }), { start: 6, end: 7 });
    assert.deepEqual(spanToRange('R N\nR', { line: 1, column: 9, length: 1 }), { start: 3, end: 3 });
  });
});

describe('vite.config.js page templates', async () => {
  const { expandIncludes, expandPage } = await import('../../vite.config.js');

  test('a page is the calculator template with its values escaped and its slots in place', () => {
    const page = [
      '<!-- page: calculator title="A & B" description="d" script="x.js" examples="E" measures="AP, P@5" -->',
      '<template data-slot="intro">',
      '  <p>Intro</p>',
      '</template>',
      '<template data-slot="fields">',
      '  <div class="field">F</div>',
      '</template>',
    ].join('\n');
    const html = expandIncludes(expandPage(page));
    assert.match(html, /<title>A &amp; B · irmetrics<\/title>/);
    assert.match(html, /src="\.\/js\/pages\/x\.js"/);
    assert.match(html, /\n {8}<p>Intro<\/p>\n/);
    assert.match(html, /\n {8}<div class="field">F<\/div>\n/);
    assert.match(html, /<footer class="site-footer">/);
    assert.doesNotMatch(html, /\{\{|include:|data-slot/);
  });

  test('a missing value or slot fails the build instead of shipping a hole', () => {
    assert.throws(() => expandPage('<!-- page: calculator title="T" -->'), /needs the slot "intro"/);
    const noScript = '<!-- page: calculator title="T" --><template data-slot="intro"></template><template data-slot="fields"></template>';
    assert.throws(() => expandPage(noScript), /needs the value "description"/);
  });

  test('a page without a page comment is left as it is', () => {
    assert.equal(expandPage('<!doctype html><p>x</p>'), '<!doctype html><p>x</p>');
  });
});
