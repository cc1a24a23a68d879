// Charts of an Outcome (the PR curve, the interpolated envelope, the 11 sampled points, …) drawn
// with Observable Plot. Every point comes from the Outcome's series; nothing is recomputed here.
//
// CSP: Plot puts a <style> element inside each SVG, which `style-src 'self'` refuses (and
// reports as a violation once it is in the document). It is removed before insertion; its
// rules live in site.css under the class given to Plot. Series colours are CSS classes too,
// so dark mode and print can restyle them.

import { dot, line, plot } from '@observablehq/plot';
import { el, uniqueId } from './dom.js';

const PLOT_CLASS = 'irm-plot';
const PALETTE_SIZE = 4; // .chart-series-0 … -3 in site.css
const DOT_SYMBOLS = ['circle', 'square', 'diamond'];
const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Charts of several outcomes, each id drawn once: later outcomes add the series the chart does
 * not have yet (matched by name). PR and 11pt both send the 'pr' chart; it is drawn once with
 * the PR points, the envelope and the sampled points together.
 * @param {import('../engine.js').Outcome[]} outcomes
 * @returns {import('../engine.js').Chart[]}
 */
export function mergeCharts(outcomes) {
  const byId = new Map();
  for (const chart of outcomes.flatMap((outcome) => outcome.charts ?? [])) {
    const merged = byId.get(chart.id);
    if (!merged) {
      byId.set(chart.id, { ...chart, series: [...chart.series] });
      continue;
    }
    const names = new Set(merged.series.map((series) => series.name));
    merged.series.push(...chart.series.filter((series) => !names.has(series.name)));
  }
  return [...byId.values()];
}

/**
 * Where each merged chart goes: with the first outcome that has its id. PR, 11pt, AP on one page
 * give one PR chart, shown with PR, holding PR's points, 11pt's envelope and sampled points.
 * @param {import('../engine.js').Outcome[]} outcomes
 * @returns {import('../engine.js').Chart[][]} the charts to show with each outcome, in order
 */
export function chartsByOutcome(outcomes) {
  const merged = mergeCharts(outcomes);
  const home = (chart) => outcomes.findIndex((outcome) => outcome.charts?.some((other) => other.id === chart.id));
  return outcomes.map((_, index) => merged.filter((chart) => home(chart) === index));
}

/** Style of the i-th series: colour class, dash, dot symbol. */
function seriesStyle(chart, index) {
  const series = chart.series[index];
  const dotIndex = chart.series.slice(0, index).filter((other) => other.kind === 'dot').length;
  return {
    className: `chart-series chart-series-${index % PALETTE_SIZE} chart-kind-${series.kind}`,
    symbol: DOT_SYMBOLS[dotIndex % DOT_SYMBOLS.length],
  };
}

/** Plot marks for one series. 'step' holds its value up to the next point (interpolated precision). */
function seriesMarks(chart, index) {
  const series = chart.series[index];
  const { className, symbol } = seriesStyle(chart, index);
  const channels = { x: (point) => point[0], y: (point) => point[1], className };
  if (series.kind === 'dot') {
    return dot(series.points, { ...channels, symbol, r: 4, fill: 'currentColor' });
  }
  const curve = series.kind === 'step' ? 'step-after' : 'linear';
  const marker = series.kind === 'line' ? 'circle-stroke' : 'none';
  return line(series.points, { ...channels, curve, marker, stroke: 'currentColor', strokeWidth: 2 });
}

/** [0, 1] for quantities that live there (precision, recall), so curves are not stretched. */
function scaleFor(chart, axis, label) {
  const values = chart.series.flatMap((series) => series.points.map((point) => point[axis]));
  const unit = values.length > 0 && values.every((value) => value >= 0 && value <= 1);
  return unit ? { label, domain: [0, 1] } : { label, nice: true, zero: true };
}

/** Plot's SVG, with its inline <style> removed (see the header) and a text alternative. */
function plotSvg(chart, width, descriptionId) {
  const svg = plot({
    className: PLOT_CLASS,
    width,
    height: Math.round(Math.min(340, Math.max(220, width * 0.56))),
    marginLeft: 48,
    grid: true,
    x: scaleFor(chart, 0, chart.x),
    y: scaleFor(chart, 1, chart.y),
    marks: chart.series.map((_, index) => seriesMarks(chart, index)),
  });
  for (const style of svg.querySelectorAll('style')) style.remove();
  // Plot labels its groups ("line", "x-axis tick"); inside role="img" those labels are
  // meaningless and not allowed on a plain <g>. The figure's description speaks for them.
  for (const labelled of svg.querySelectorAll('[aria-label]')) labelled.removeAttribute('aria-label');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', chart.title);
  svg.setAttribute('aria-describedby', descriptionId);
  return svg;
}

/** A small sample of the series' drawing, for the legend. */
function legendSwatch(chart, index) {
  const { kind } = chart.series[index];
  const { className, symbol } = seriesStyle(chart, index);
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', `legend-swatch ${className}`);
  svg.setAttribute('viewBox', '0 0 24 12');
  svg.setAttribute('aria-hidden', 'true');
  const shapes = {
    line: ['path', { d: 'M1 6 H23' }],
    step: ['path', { d: 'M1 9 H12 V3 H23' }],
    circle: ['circle', { cx: 12, cy: 6, r: 4 }],
    square: ['rect', { x: 8, y: 2, width: 8, height: 8 }],
    diamond: ['path', { d: 'M12 1 L17 6 L12 11 L7 6 Z' }],
  };
  const [tag, attributes] = shapes[kind === 'dot' ? symbol : kind] ?? shapes.line;
  const shape = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) shape.setAttribute(name, String(value));
  svg.append(shape);
  return svg;
}

/**
 * One chart as a <figure>: title, legend, the plot, and its text description.
 * @param {import('../engine.js').Chart} chart
 * @param {{width?: number}} [options] width in CSS pixels
 * @returns {HTMLElement}
 */
export function renderChart(chart, { width = 640 } = {}) {
  const descriptionId = uniqueId('chart-description');
  const legend = el(
    'ul',
    { class: 'chart-legend' },
    ...chart.series.map((series, index) => el('li', {}, legendSwatch(chart, index), series.name)),
  );
  return el(
    'figure',
    { class: 'chart', 'data-chart-id': chart.id },
    el('figcaption', { text: chart.title }),
    legend,
    plotSvg(chart, width, descriptionId),
    el(
      'details',
      { class: 'chart-description' },
      el('summary', { text: 'Describe this chart' }),
      el('p', { id: descriptionId, text: chart.description }),
    ),
  );
}

const observed = new WeakMap(); // container → {charts, width}

function draw(container) {
  const state = observed.get(container);
  state.width = container.clientWidth;
  const width = Math.max(280, Math.min(640, state.width || 640));
  container.replaceChildren(...state.charts.map((chart) => renderChart(chart, { width })));
}

// Draws a container once it has a width (before the first paint), and again when it changes.
const resizeObserver = new ResizeObserver((entries) => {
  for (const { target } of entries) {
    const state = observed.get(target);
    if (!state) continue;
    if (!target.isConnected && state.width > 0) resizeObserver.unobserve(target); // replaced by a newer answer
    else if (target.clientWidth > 0 && Math.abs(target.clientWidth - state.width) > 24) draw(target);
  }
});

/**
 * Shows charts in `container` at its width, redrawn when the width changes. The container may
 * still be detached: the charts are drawn once it is laid out.
 * @param {HTMLElement} container
 * @param {import('../engine.js').Chart[]} charts
 */
export function showCharts(container, charts) {
  observed.set(container, { charts, width: 0 });
  if (container.isConnected && container.clientWidth > 0) draw(container);
  resizeObserver.observe(container);
}
