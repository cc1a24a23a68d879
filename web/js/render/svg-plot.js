// @ts-check
// A small SVG chart maker for the site's charts: the part of Observable Plot's API that
// render/chart.js, trec-report.js and trec-compare.js draw with, drawing what Plot 0.6 drew for
// those calls (the same margins, scales, ticks, grid, axis labels and marks), in under 4 KB
// gzipped (Plot's chunk was 85 KB).
//
//   plot({width, height, marginLeft, marginBottom, grid, className, x, y, marks}) → <svg>
//   line(data, {x, y, curve: 'linear' | 'step-after', marker: 'circle-stroke' | 'none', strokeWidth})
//   dot(data, {x, y, r, symbol: 'circle' | 'square' | 'diamond'})
//   barY(data, {x, y, inset})          bars from 0 to y over a band x scale
//   ruleX(data, {x, y1, y2})  ruleY(data)  tickY(data, {x, y, inset})
// Every mark takes className (on its <g>), stroke and fill ('currentColor' is the default and
// written as on Plot's marks); x, y, y1 and y2 are a field name or a function of a datum.
//
// Scales: x and y are linear unless `type: 'band'`. Linear: {domain, nice, zero, ticks (a
// count or the tick values), tickFormat ('d' or a function), inset, label}; band: {domain,
// padding, ticks (the values labelled), label}. Ticks, nice domains and tick labels follow d3
// (ticks at 1, 2 or 5 × 10^k; "0.0", "−0.05", "1,000"), the tick count from the axis length
// (one tick per 80 px across, 35 px up) as in Plot.
//
// Presentation is in attributes only (no <style>, no style=""), so a strict CSP holds and
// render/export.js can copy the computed paint of each element into a downloaded file.

const SVG_NS = 'http://www.w3.org/2000/svg';
const MARGIN = { top: 20, right: 20, bottom: 30, left: 40 }; // Plot's, with an x and a y axis
const TICK_SIZE = 6;
const TICK_PADDING = 3;
const OFFSET = 0.5; // crisp 1-px lines: Plot shifts its strokes by half a pixel

// ------------------------------------------------------------------ numbers (pure)

const E10 = Math.sqrt(50);
const E5 = Math.sqrt(10);
const E2 = Math.sqrt(2);

/**
 * d3's tick specification: ticks i1…i2 of increment inc (inc < 0: the ticks are i / −inc).
 * The rule is d3-array's `ticks` (Mike Bostock, ISC licence), which Plot uses: the step is 1, 2
 * or 5 × 10^k, chosen by comparing (stop − start) / count / 10^k with √50, √10 and √2; below 1
 * a tick is an integer divided by 10^−k, so that 0.3 is printed as 0.3, not 0.30000000000000004.
 * @returns {[number, number, number]}
 */
function tickSpec(start, stop, count) {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log10(step));
  const error = step / 10 ** power;
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1;
  let i1, i2, inc;
  if (power < 0) {
    inc = 10 ** -power / factor;
    i1 = Math.round(start * inc);
    i2 = Math.round(stop * inc);
    if (i1 / inc < start) ++i1;
    if (i2 / inc > stop) --i2;
    inc = -inc;
  } else {
    inc = 10 ** power * factor;
    i1 = Math.round(start / inc);
    i2 = Math.round(stop / inc);
    if (i1 * inc < start) ++i1;
    if (i2 * inc > stop) --i2;
  }
  if (i2 < i1 && 0.5 <= count && count < 2) return tickSpec(start, stop, count * 2);
  return [i1, i2, inc];
}

/**
 * About `count` round ticks from `start` to `stop` (start ≤ stop): multiples of 1, 2 or 5 × 10^k,
 * as d3.ticks.
 * @param {number} start
 * @param {number} stop
 * @param {number} count
 * @returns {number[]}
 */
export function ticks(start, stop, count) {
  if (!(count > 0)) return [];
  if (start === stop) return [start];
  const [i1, i2, inc] = tickSpec(start, stop, count);
  if (!(i2 >= i1)) return [];
  return Array.from({ length: i2 - i1 + 1 }, (_, i) => (inc < 0 ? (i1 + i) / -inc : (i1 + i) * inc));
}

/**
 * The step between the ticks of {@link ticks} (d3.tickStep).
 * @param {number} start
 * @param {number} stop
 * @param {number} count
 */
export function tickStep(start, stop, count) {
  const inc = tickSpec(start, stop, count)[2];
  return inc < 0 ? 1 / -inc : inc;
}

/**
 * The domain widened to round numbers (d3's linear.nice with its 10 ticks).
 * @param {[number, number]} domain ascending
 * @returns {[number, number]}
 */
export function niceDomain([start, stop], count = 10) {
  let previous;
  for (let tries = 0; tries < 10; tries++) {
    const step = tickSpec(start, stop, count)[2];
    if (step === previous || !Number.isFinite(step) || step === 0) break;
    if (step > 0) [start, stop] = [Math.floor(start / step) * step, Math.ceil(stop / step) * step];
    else [start, stop] = [Math.ceil(start * step) / step, Math.floor(stop * step) / step];
    previous = step;
  }
  return [start, stop];
}

/** A number as d3.format: U+2212 for the minus, commas between thousands, no "−0". */
function formatFixed(value, digits, group) {
  const text = Math.abs(value).toFixed(digits);
  const [whole, fraction] = text.split('.');
  const grouped = group ? whole.replace(/\B(?=(\d{3})+$)/g, ',') : whole;
  return `${value < 0 && Number(text) !== 0 ? '−' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * How a linear axis writes its ticks (d3's linear.tickFormat): 'd' rounds to whole numbers;
 * by default as many decimals as the step between ticks needs (0.1 → "0.3", 0.05 → "0.15").
 * @param {[number, number]} domain
 * @param {number | null} count the tick count asked for (null: 10)
 * @param {string | ((value: number) => string)} [specifier]
 * @returns {(value: number) => string}
 */
export function tickFormat([start, stop], count, specifier) {
  if (typeof specifier === 'function') return specifier;
  if (specifier === 'd') return (value) => formatFixed(Math.round(value), 0, false);
  const step = Math.abs(tickStep(Math.min(start, stop), Math.max(start, stop), count ?? 10));
  // A domain of one value has no step: d3 then writes 6 decimals.
  const digits = step > 0 && Number.isFinite(step) ? Math.max(0, -Number(step.toExponential().split('e')[1])) : 6;
  return (value) => formatFixed(value, digits, true);
}

/**
 * A linear scale: domain → range, as d3 computes it (the same floating-point steps).
 * @param {[number, number]} domain
 * @param {[number, number]} range
 * @returns {(value: number) => number}
 */
export function linearScale([d0, d1], [r0, r1]) {
  return (value) => {
    const t = d1 === d0 ? 0.5 : (value - d0) / (d1 - d0);
    return r0 * (1 - t) + r1 * t;
  };
}

/**
 * A band scale over `count` categories from r0 to r1 (d3.scaleBand with padding inner and
 * outer, centred), rounded to whole pixels when that wastes at most 30 px, as Plot does.
 * @param {number} count
 * @param {[number, number]} range
 * @param {number} padding
 * @returns {{start: number, step: number, bandwidth: number}} band i starts at start + i·step
 */
export function bandScale(count, [r0, r1], padding) {
  const inner = count - padding;
  let step = (r1 - r0) / Math.max(1, inner + padding * 2);
  const round = (step - Math.floor(step)) * inner <= 30;
  if (round) step = Math.floor(step);
  let start = r0 + (r1 - r0 - step * inner) / 2;
  let bandwidth = step * (1 - padding);
  if (round) [start, bandwidth] = [Math.round(start), Math.round(bandwidth)];
  return { start, step, bandwidth };
}

const round3 = (value) => Math.round(value * 1000) / 1000;

/**
 * The `d` of a line through `points` ([x, y] in pixels), as d3.line writes it (3 decimals);
 * 'step-after' holds each y until the next x. A point with a coordinate that is not a finite
 * number is a gap; a stretch of one point is closed (Z), so that its round cap shows as a dot.
 * @param {[number, number][]} points
 * @param {'linear' | 'step-after'} [curve]
 */
export function linePath(points, curve = 'linear') {
  let d = '';
  let previous = null;
  let stretch = 0; // points in the current stretch
  const end = () => {
    if (stretch === 1) d += 'Z';
    stretch = 0;
    previous = null;
  };
  for (const [x, y] of points) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      end();
      continue;
    }
    if (!previous) d += `M${round3(x)},${round3(y)}`;
    else if (curve === 'step-after') d += `L${round3(x)},${round3(previous[1])}L${round3(x)},${round3(y)}`;
    else d += `L${round3(x)},${round3(y)}`;
    previous = [x, y];
    stretch++;
  }
  end();
  return d;
}

/**
 * The `d` of a dot's symbol of area π r² centred on 0,0 (d3's symbolSquare, symbolDiamond).
 * @param {'square' | 'diamond'} symbol
 * @param {number} r
 */
export function symbolPath(symbol, r) {
  const size = r * r * Math.PI;
  if (symbol === 'square') {
    const w = Math.sqrt(size);
    return `M${round3(-w / 2)},${round3(-w / 2)}h${round3(w)}v${round3(w)}h${round3(-w)}Z`;
  }
  const tan30 = Math.sqrt(1 / 3);
  const y = Math.sqrt(size / (tan30 * 2));
  const x = y * tan30;
  return `M0,${round3(-y)}L${round3(x)},0L0,${round3(y)}L${round3(-x)},0Z`;
}

// ------------------------------------------------------------------ marks

/**
 * @typedef {string | ((datum: any, index: number) => any)} Channel a field name or a function
 * @typedef {{type: string, data: any[], options: Record<string, any>}} Mark
 */

const mark = (type) => (/** @type {any[]} */ data, /** @type {Record<string, any>} */ options = {}) => /** @type {Mark} */ ({ type, data: [...data], options });

export const line = mark('line');
export const dot = mark('dot');
export const barY = mark('barY');
export const ruleX = mark('ruleX');
export const ruleY = mark('ruleY');
export const tickY = mark('tickY');

/** The values of a channel over a mark's data (a ruleY of numbers: the numbers themselves). */
function values(markItem, name) {
  const channel = markItem.options[name] ?? (markItem.type === 'ruleY' && name === 'y' ? (datum) => datum : undefined);
  if (channel === undefined) return null;
  return markItem.data.map((datum, index) => (typeof channel === 'function' ? channel(datum, index) : datum[channel]));
}

// ------------------------------------------------------------------ the SVG

/** An SVG element with attributes (null and undefined left out) and children. */
function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) if (value != null) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

const translate = (x, y) => `translate(${x},${y})`;
let markerCount = 0;

/**
 * @typedef {{type?: 'linear' | 'band', domain?: any[], nice?: boolean, zero?: boolean,
 *   ticks?: number | any[], tickFormat?: string | ((value: any) => string), inset?: number,
 *   padding?: number, label?: string}} ScaleOptions
 */

/**
 * A scale for one axis from its options and the values the marks put on it.
 * @param {ScaleOptions} options
 * @param {any[]} data
 * @param {[number, number]} range
 * @param {number} spacing pixels per tick when the ticks are not given: Plot's 80 across, 35 up
 */
function makeScale(options, data, range, spacing) {
  if (options.type === 'band') {
    const domain = options.domain ?? [...new Set(data)];
    const { start, step, bandwidth } = bandScale(domain.length, range, options.padding ?? 0.1);
    const index = new Map(domain.map((value, i) => [value, i]));
    const at = (value) => (index.has(value) ? start + step * index.get(value) : NaN);
    const shown = Array.isArray(options.ticks) ? options.ticks.filter((value) => index.has(value)) : domain;
    return { band: true, flat: false, at, bandwidth, ticks: shown, format: String, label: options.label };
  }
  let domain = /** @type {[number, number]} */ (options.domain);
  if (!domain) {
    const numbers = data.filter(Number.isFinite);
    domain = numbers.length > 0 ? [Math.min(...numbers), Math.max(...numbers)] : [0, 1];
    if (options.zero) domain = [Math.min(0, domain[0]), Math.max(0, domain[1])];
    if (options.nice) domain = niceDomain(domain);
  }
  const count = Math.abs(range[1] - range[0]) / spacing;
  const tickValues = Array.isArray(options.ticks) ? options.ticks : ticks(domain[0], domain[1], options.ticks ?? count);
  return {
    band: false,
    flat: domain[0] === domain[1],
    at: linearScale(domain, range),
    bandwidth: 0,
    ticks: tickValues,
    format: tickFormat(domain, Array.isArray(options.ticks) ? null : (options.ticks ?? count), options.tickFormat),
    label: options.label,
  };
}

/**
 * An axis label with its arrow (↑ before y's, → after x's) saying which way the values grow: not
 * on a band scale, a scale of one value, or a label that has an arrow already.
 */
const arrowed = (scale, before, after) =>
  scale.band || scale.flat || /[↑↓→←]/.test(scale.label) ? scale.label : `${before}${scale.label}${after}`;

/** The y axis: grid, ticks, tick labels, and the label at the top left with an arrow up. */
function yAxis(y, { width, marginLeft, marginRight, marginTop }, grid) {
  const at = y.ticks.map((value) => [value, y.at(value)]);
  return [
    grid &&
      svg('g', { 'aria-hidden': 'true', stroke: 'currentColor', 'stroke-opacity': 0.1, transform: translate(0, OFFSET) },
        ...at.map(([, py]) => svg('line', { x1: marginLeft, x2: width - marginRight, y1: py, y2: py }))),
    svg('g', { 'aria-hidden': 'true', fill: 'none', stroke: 'currentColor', transform: translate(0, OFFSET) },
      ...at.map(([, py]) => svg('path', { transform: translate(marginLeft, py), d: `M0,0L${-TICK_SIZE},0` }))),
    svg('g', { 'text-anchor': 'end', 'font-variant': 'tabular-nums', transform: translate(-(TICK_SIZE + TICK_PADDING) + OFFSET, OFFSET) },
      ...at.map(([value, py]) => svg('text', { y: '0.32em', transform: translate(marginLeft, py) }, y.format(value)))),
    y.label != null &&
      svg('g', { 'text-anchor': 'start', transform: translate(-(marginLeft - 3) + OFFSET, 3 - marginTop + OFFSET) },
        svg('text', { y: '0.71em', transform: translate(marginLeft, marginTop) }, arrowed(y, '↑ ', ''))),
  ];
}

/**
 * The x axis: grid, ticks, tick labels, and the label: at the bottom right with an arrow for a
 * linear scale, centred under a band scale.
 */
function xAxis(x, { width, height, marginLeft, marginRight, marginTop, marginBottom }, grid) {
  const bottom = height - marginBottom;
  const shift = x.band ? x.bandwidth / 2 + OFFSET : OFFSET;
  const at = x.ticks.map((value) => [value, x.at(value)]);
  const label = arrowed(x, '', ' →');
  return [
    grid &&
      svg('g', { 'aria-hidden': 'true', stroke: 'currentColor', 'stroke-opacity': 0.1, transform: translate(shift, 0) },
        ...at.map(([, px]) => svg('line', { x1: px, x2: px, y1: marginTop, y2: bottom }))),
    svg('g', { 'aria-hidden': 'true', fill: 'none', stroke: 'currentColor', transform: translate(shift, 0) },
      ...at.map(([, px]) => svg('path', { transform: translate(px, bottom), d: `M0,0L0,${TICK_SIZE}` }))),
    svg('g', { 'font-variant': x.band ? null : 'tabular-nums', transform: translate(shift, TICK_SIZE + TICK_PADDING + OFFSET) },
      ...at.map(([value, px]) => svg('text', { y: '0.71em', transform: translate(px, bottom) }, x.format(value)))),
    x.label != null &&
      (x.band
        ? svg('g', { transform: translate(OFFSET, marginBottom - 3 + OFFSET) },
          svg('text', { transform: translate((marginLeft + width - marginRight) / 2, bottom) }, label))
        : svg('g', { 'text-anchor': 'end', transform: translate(marginRight - 3 + OFFSET, marginBottom - 3 + OFFSET) },
          svg('text', { transform: translate(width - marginRight, bottom) }, label))),
  ];
}

/** A paint attribute: 'currentColor', which the <svg> already sets for fill, is left out. */
const paint = (value) => (value === 'currentColor' ? null : value);
/** A stroke width: 1, the SVG default, is left out (as Plot does). */
const strokeWidth = (value) => (value === 1 ? null : value);

/** One mark as a <g>. */
function drawMark(markItem, x, y, dimensions) {
  const { type, options } = markItem;
  const xs = values(markItem, 'x');
  const px = (i) => x.at(xs[i]);
  const py = (channel, i) => y.at(channel[i]);
  const className = options.className;
  const shift = x.band ? x.bandwidth / 2 + OFFSET : OFFSET;
  const indexes = markItem.data.map((_, i) => i);
  if (type === 'line') {
    const ys = values(markItem, 'y');
    const marked = options.marker === 'circle-stroke';
    const id = marked ? `irm-plot-marker-${++markerCount}` : null;
    const url = id && `url(#${id})`;
    return svg('g', { class: className, fill: 'none', stroke: options.stroke ?? 'currentColor', 'stroke-width': strokeWidth(options.strokeWidth ?? 1.5), 'stroke-linejoin': 'round', 'stroke-linecap': 'round', transform: translate(shift, OFFSET) },
      ...(marked ? [svg('marker', { viewBox: '-5 -5 10 10', markerWidth: 6.67, markerHeight: 6.67, fill: 'var(--plot-background)', stroke: 'currentColor', 'stroke-width': 1.5, id }, svg('circle', { r: 3 }))] : []),
      svg('path', { 'marker-start': url, 'marker-mid': url, 'marker-end': url, d: linePath(indexes.map((i) => [px(i), py(ys, i)]), options.curve) }));
  }
  if (type === 'dot') {
    const ys = values(markItem, 'y');
    const r = options.r ?? 3;
    const symbol = options.symbol ?? 'circle';
    return svg('g', { class: className, fill: paint(options.fill ?? 'currentColor'), transform: translate(shift, OFFSET) },
      ...indexes.filter((i) => Number.isFinite(px(i)) && Number.isFinite(py(ys, i))).map((i) =>
        symbol === 'circle'
          ? svg('circle', { cx: px(i), cy: py(ys, i), r })
          : svg('path', { transform: translate(px(i), py(ys, i)), d: symbolPath(symbol, r) })));
  }
  if (type === 'barY') {
    const ys = values(markItem, 'y');
    const inset = options.inset ?? 0;
    const zero = y.at(0);
    return svg('g', { class: className, fill: paint(options.fill ?? 'currentColor') },
      ...indexes.filter((i) => Number.isFinite(px(i)) && Number.isFinite(py(ys, i))).map((i) => {
        const top = Math.min(zero, py(ys, i));
        return svg('rect', { x: px(i) + inset, width: Math.max(0, x.bandwidth - 2 * inset), y: top + inset, height: Math.max(0, Math.abs(zero - py(ys, i)) - 2 * inset) });
      }));
  }
  const stroke = { stroke: options.stroke ?? 'currentColor', 'stroke-width': strokeWidth(options.strokeWidth ?? 1) };
  if (type === 'ruleX') {
    const [y1, y2] = [values(markItem, 'y1'), values(markItem, 'y2')];
    return svg('g', { class: className, ...stroke, transform: translate(shift, 0) },
      ...indexes.map((i) => svg('line', { x1: px(i), x2: px(i), y1: py(y1, i), y2: py(y2, i) })));
  }
  if (type === 'ruleY') {
    const ys = values(markItem, 'y');
    return svg('g', { class: className, ...stroke, transform: translate(0, OFFSET) },
      ...indexes.map((i) => svg('line', { x1: dimensions.marginLeft, x2: dimensions.width - dimensions.marginRight, y1: py(ys, i), y2: py(ys, i) })));
  }
  // tickY: a horizontal tick across the band at y, inset on both sides.
  const ys = values(markItem, 'y');
  const inset = options.inset ?? 0;
  return svg('g', { class: className, ...stroke, transform: translate(0, OFFSET) },
    ...indexes.map((i) => svg('line', { x1: px(i) + inset, x2: px(i) + x.bandwidth - inset, y1: py(ys, i), y2: py(ys, i) })));
}

/**
 * A chart as an <svg> of `width` × `height` (also its viewBox), with axes, the grid and `marks`
 * drawn in order.
 * @param {{width?: number, height?: number, marginTop?: number, marginRight?: number,
 *   marginBottom?: number, marginLeft?: number, grid?: boolean, className?: string,
 *   x?: ScaleOptions, y?: ScaleOptions, marks: Mark[]}} options
 * @returns {SVGSVGElement}
 */
export function plot({ width = 640, height = 400, grid = false, className, x = {}, y = {}, marks, ...margins }) {
  const dimensions = {
    width,
    height,
    marginTop: margins.marginTop ?? MARGIN.top,
    marginRight: margins.marginRight ?? MARGIN.right,
    marginBottom: margins.marginBottom ?? MARGIN.bottom,
    marginLeft: margins.marginLeft ?? MARGIN.left,
  };
  const { marginTop, marginRight, marginBottom, marginLeft } = dimensions;
  const xData = marks.flatMap((item) => values(item, 'x') ?? []);
  // A bar rises from 0: y's domain holds 0 when there are bars (Plot's stacking).
  const yData = marks.flatMap((item) => [
    ...['y', 'y1', 'y2'].flatMap((name) => values(item, name) ?? []),
    ...(item.type === 'barY' ? [0] : []),
  ]);
  const xInset = x.inset ?? 0;
  const yInset = y.inset ?? 0;
  const xScale = makeScale(x, xData, [marginLeft + xInset, width - marginRight - xInset], 80);
  const yScale = makeScale(y, yData, [height - marginBottom - yInset, marginTop + yInset], 35);
  return /** @type {SVGSVGElement} */ (svg(
    'svg',
    { class: className, fill: 'currentColor', 'font-family': 'system-ui, sans-serif', 'font-size': 10, 'text-anchor': 'middle', width, height, viewBox: `0 0 ${width} ${height}` },
    ...[...yAxis(yScale, dimensions, grid), ...xAxis(xScale, dimensions, grid)].filter(Boolean),
    ...marks.map((item) => drawMark(item, xScale, yScale, dimensions)),
  ));
}
