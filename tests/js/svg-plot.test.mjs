// The pure parts of web/js/render/svg-plot.js (the charts' SVG): ticks, nice domains, tick
// labels, scales and path strings, each worked out by hand below. The drawing itself (axes,
// marks) is checked in the browser (tests/web/charts.test.mjs).
// Run: node --test tests/js/svg-plot.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bandScale, linePath, linearScale, niceDomain, symbolPath, tickFormat, tickStep, ticks } from '../../web/js/render/svg-plot.js';

/** Close enough for a pixel position worked out by hand to 4 decimals. */
const near = (actual, expected, what) => assert.ok(Math.abs(actual - expected) < 1e-4, `${what}: ${actual}, not ${expected}`);

// d3's rule: the raw step (stop − start) / count is written m × 10^k (1 ≤ m < 10), and m is
// rounded to 1 (m < √2 ≈ 1.414), 2 (m < √10 ≈ 3.162), 5 (m < √50 ≈ 7.071) or else 10.
test('ticks: 1, 2 or 5 × 10^k, about `count` of them', () => {
  // The PR chart's x axis, 572 px across at 80 px a tick: count 7.15, raw step 1/7.15 = 0.1399
  // = 1.399 × 10^-1, and 1.399 < √2: step 0.1, eleven ticks.
  assert.deepEqual(ticks(0, 1, 7.15), [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
  assert.equal(tickStep(0, 1, 7.15), 0.1);
  // The TREC AP bars' y axis, 200 px up at 35 px a tick: count 5.71, raw step 0.175, 1.75 ≥ √2:
  // step 0.2.
  assert.deepEqual(ticks(0, 1, 5.71), [0, 0.2, 0.4, 0.6, 0.8, 1]);
  // Raw step 0.3 / 8 = 0.0375 = 3.75 × 10^-2, 3.75 ≥ √10: step 0.05, from −0.1 to 0.2.
  assert.deepEqual(ticks(-0.1, 0.2, 8), [-0.1, -0.05, 0, 0.05, 0.1, 0.15, 0.2]);
  // Raw step 1000 / 5 = 200 = 2 × 10^2: step 200.
  assert.deepEqual(ticks(0, 1000, 5), [0, 200, 400, 600, 800, 1000]);
  assert.deepEqual(ticks(3, 3, 10), [3], 'a domain of one value: that value');
});

test('niceDomain: widened to multiples of the step of about 10 ticks', () => {
  // [0.03, 0.87]: raw step 0.084 = 8.4 × 10^-2, 8.4 ≥ √50: step 0.1; 0.03 ↓ 0, 0.87 ↑ 0.9.
  assert.deepEqual(niceDomain([0.03, 0.87]), [0, 0.9]);
  // [−0.09, 0.19]: raw step 0.028 = 2.8 × 10^-2, √2 ≤ 2.8 < √10: step 0.02; −0.09 is −4.5
  // steps, ↓ −5 steps = −0.1; 0.19 is 9.5 steps, ↑ 10 steps = 0.2.
  assert.deepEqual(niceDomain([-0.09, 0.19]), [-0.1, 0.2]);
  // [0, 7.3]: raw step 0.73, 7.3 ≥ √50: step 1; 7.3 ↑ 8.
  assert.deepEqual(niceDomain([0, 7.3]), [0, 8]);
});

test('tickFormat: as many decimals as the step needs, U+2212 for minus, commas, no −0', () => {
  const tenths = tickFormat([0, 1], 8.29); // step 0.1: one decimal
  assert.deepEqual([0, 0.3, 1].map(tenths), ['0.0', '0.3', '1.0']);
  const twentieths = tickFormat([-0.1, 0.2], 8); // step 0.05: two decimals
  assert.equal(twentieths(-0.05), '−0.05');
  assert.equal(twentieths(-1e-7), '0.00', 'a value that rounds to zero has no minus');
  const thousands = tickFormat([0, 5000], 5); // step 1000: no decimals, commas
  assert.deepEqual([2000, -1500].map(thousands), ['2,000', '−1,500']);
  const whole = tickFormat([0, 10], null, 'd');
  assert.deepEqual([7.6, -3].map(whole), ['8', '−3']);
  assert.equal(tickFormat([2, 2], 10)(2), '2.000000', 'a domain of one value has no step: 6 decimals');
});

test('linearScale: from the domain to the range, y growing upwards', () => {
  // A 340 px chart: y from 310 (bottom) to 20 (top). 0.5 is half-way: (310 + 20) / 2 = 165.
  const y = linearScale([0, 1], [310, 20]);
  assert.equal(y(0), 310);
  assert.equal(y(0.5), 165);
  near(y(0.7), 310 - 0.7 * 290, 'y(0.7) = 310 − 203 = 107');
});

test('bandScale: bands rounded to whole pixels when that wastes at most 30 px', () => {
  // 3 bands over 48…620 (572 px), padding 0.2 inside and out: step 572 / (3 − 0.2 + 2 × 0.2) =
  // 178.75; rounding wastes 0.75 × 2.8 = 2.1 px, so step 178, the bands centred: start
  // 48 + (572 − 178 × 2.8) / 2 = 84.8 → 85, width 178 × 0.8 = 142.4 → 142.
  assert.deepEqual(bandScale(3, [48, 620], 0.2), { start: 85, step: 178, bandwidth: 142 });
  // 300 bands, padding 0.1: step 572 / 300.1 ≈ 1.9060; rounding would waste 0.906 × 299.9 ≈ 272 px,
  // so none: start 48 + (572 − 1.9060 × 299.9) / 2 ≈ 48.1906, width 1.9060 × 0.9 ≈ 1.7154.
  const fine = bandScale(300, [48, 620], 0.1);
  near(fine.step, 572 / 300.1, 'step');
  near(fine.start, 48.1906, 'start');
  near(fine.bandwidth, 1.7154, 'bandwidth');
});

test('linePath: straight, step-after, gaps and 3 decimals', () => {
  assert.equal(linePath([[0, 0], [10, 5], [20, 5]]), 'M0,0L10,5L20,5');
  // Step after: each y holds until the next x, then the line rises to the new y.
  assert.equal(linePath([[0, 0], [10, 5], [20, 8]], 'step-after'), 'M0,0L10,0L10,5L20,5L20,8');
  // A point that is not a number breaks the line; a stretch of one point is closed (Z).
  assert.equal(linePath([[0, 0], [Number.NaN, 1], [5, 5]]), 'M0,0ZM5,5Z');
  assert.equal(linePath([[1 / 3, 2 / 3], [1, 1]]), 'M0.333,0.667L1,1');
});

test('symbolPath: a square and a diamond of the area of the circle of radius r', () => {
  // r = 4.5: area π × 4.5² = 63.6173. Square: side √63.6173 = 7.976, from −3.988.
  assert.equal(symbolPath('square', 4.5), 'M-3.988,-3.988h7.976v7.976h-7.976Z');
  // Diamond (d3's: half-height y, half-width y·tan 30°, area 2·y²·tan 30°):
  // y = √(63.6173 / (2 × 0.57735)) = √55.0941 = 7.423, half-width 7.423 × 0.57735 = 4.285.
  assert.equal(symbolPath('diamond', 4.5), 'M0,-7.423L4.285,0L0,7.423L-4.285,0Z');
});
