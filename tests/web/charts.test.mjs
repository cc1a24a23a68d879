// The charts' SVG (render/svg-plot.js through render/chart.js) as the page draws it, its
// positions worked out by hand. At 1280 px a chart is 640 px wide and 340 high
// (min(340, max(220, 0.56 × 640 = 358.4))); the margins are 48 left, 20 right, 20 top and 30
// bottom (40 under a band axis), so x runs from 48 to 620 (572 px) and y from 310 (or 300) up
// to 20.
// Run: npm run build && node --test tests/web/charts.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { THREE_RUNS } from '../../web/js/examples.js';
import { shareLink, useBrowserSession, waitForText } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

/** The chart's <svg> as plain data: its size, texts, grid lines, the `d` of its lines, its bars. */
const drawing = (page, selector) =>
  page.$eval(selector, (svg) => ({
    size: ['width', 'height', 'viewBox'].map((name) => svg.getAttribute(name)),
    texts: [...svg.querySelectorAll('text')].map((text) => text.textContent),
    gridLines: svg.querySelectorAll('g[stroke-opacity="0.1"] line').length,
    lines: [...svg.querySelectorAll('path[d^="M"]:not([transform])')].map((path) => path.getAttribute('d')),
    bars: [...svg.querySelectorAll('rect')].map((rect) => ['x', 'width', 'y', 'height'].map((name) => Math.round(Number(rect.getAttribute(name)) * 1000) / 1000)),
  }));

// D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10: relevant at ranks 2, 4 and 6 (R = 3). The PR curve has a
// point (recall, precision) per rank: (0, 0), (1/3, 1/2), (1/3, 1/3), (2/3, 2/4), (2/3, 2/5),
// (1, 3/6), (1, 3/7), (1, 3/8), (1, 3/9), (1, 3/10). In pixels x = 48 + 572·recall and
// y = 310 − 290·precision: (48, 310), (238.667, 165), (238.667, 213.333), (429.333, 165),
// (429.333, 194), (620, 165), (620, 185.714), (620, 201.25), (620, 213.333), (620, 223).
test('the PR curve: its line through every rank, ticks every 0.1 on both axes, the arrows on the labels', async () => {
  const link = shareLink('ranked.html', { calc: 'ranked', in: 'D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10', m: 'PR' });
  await withPage(link, async (page) => {
    await page.locator('figure.chart svg.irm-plot').waitFor();
    const chart = await drawing(page, 'figure.chart svg.irm-plot');
    assert.deepEqual(chart.size, ['640', '340', '0 0 640 340']);
    assert.equal(
      chart.lines[0],
      'M48,310L238.667,165L238.667,213.333L429.333,165L429.333,194L620,165L620,185.714L620,201.25L620,213.333L620,223',
    );
    // Ticks from 0 to 1 every 0.1 (572 px / 80 px a tick and 290 px / 35 px: a step of 0.1 both).
    const tenths = Array.from({ length: 11 }, (_, i) => (i / 10).toFixed(1));
    assert.deepEqual(chart.texts, [...tenths, '↑ precision', ...tenths, 'recall →']);
    assert.equal(chart.gridLines, 22, 'a grid line at every tick of both axes');
    // Every point of the line is marked with a circle: a <marker> of this chart's own.
    const markers = await page.$eval('figure.chart svg.irm-plot', (svg) => {
      const path = svg.querySelector('path[marker-mid]');
      const id = path.getAttribute('marker-mid').slice('url(#'.length, -1);
      return { id, inside: svg.querySelector(`marker[id="${id}"] circle`) !== null, same: ['marker-start', 'marker-end'].map((name) => path.getAttribute(name)) };
    });
    assert.ok(markers.inside, `marker ${markers.id} is in the chart`);
    assert.deepEqual(markers.same, [`url(#${markers.id})`, `url(#${markers.id})`]);
  });
});

// THREE_RUNS at depth 3, the documents only one run put in the pool: q1 A d3, B d6, C d8 d9;
// q2 A d12, B d14, C d16: A 2, B 2, C 3. The y axis holds whole numbers from 0 to 3:
// y = 300 − 280·n/3, so y(2) = 113.333, y(3) = 20. Three bands over 48…620, padding 0.2: step
// 572 / 3.2 = 178.75 → 178, the first from 48 + (572 − 178 × 2.8) / 2 = 84.8 → 85, 178 × 0.8 =
// 142.4 → 142 wide; each bar inset 0.5 px on every side.
test('the pooling bars: one per run on a band axis, their heights the unique documents', async () => {
  await withPage(shareLink('pooling.html', { calc: 'pooling', in: THREE_RUNS, m: 'pool@3' }), async (page) => {
    await page.locator('figure.chart svg.irm-plot').waitFor();
    const chart = await drawing(page, 'figure.chart svg.irm-plot');
    assert.deepEqual(chart.size, ['640', '340', '0 0 640 340']);
    assert.deepEqual(chart.bars, [
      [85.5, 141, 113.833, 185.667],
      [263.5, 141, 113.833, 185.667],
      [441.5, 141, 20.5, 279],
    ]);
    // y: whole numbers, then its label with the arrow up.
    assert.deepEqual(chart.texts.slice(0, 5), ['0', '1', '2', '3', '↑ unique documents']);
    assert.deepEqual(chart.texts.slice(5), ['A', 'B', 'C', 'run'], 'a band axis: its label centred, no arrow');
  });
});

test('every chart is attributes only (no <style>, no style=""), an image with a description, its marker ids its own', async () => {
  // nDCG's answer draws two charts of lines with circles at each rank (DCG and nDCG by rank).
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: '4 3 4 2 0 0 0 1 1 0', m: 'DCG, nDCG' }), async (page) => {
    await waitForText(page, '.outcome .answer', ['DCG']);
    await page.locator('figure.chart svg.irm-plot').nth(1).waitFor();
    const facts = await page.$$eval('svg.irm-plot', (svgs) => ({
      count: svgs.length,
      styled: svgs.reduce((n, svg) => n + svg.querySelectorAll('style, [style]').length, 0),
      images: svgs.map((svg) => [svg.getAttribute('role'), Boolean(svg.getAttribute('aria-label')), Boolean(document.getElementById(svg.getAttribute('aria-describedby') ?? '')?.textContent)]),
      markerIds: [...document.querySelectorAll('svg.irm-plot marker')].map((marker) => marker.id),
    }));
    assert.equal(facts.count, 2);
    assert.equal(facts.styled, 0);
    assert.deepEqual(facts.images, [['img', true, true], ['img', true, true]]);
    assert.ok(facts.markerIds.length >= 2, facts.markerIds.join(' '));
    assert.equal(new Set(facts.markerIds).size, facts.markerIds.length, `marker ids unique: ${facts.markerIds.join(' ')}`);
  });
});
