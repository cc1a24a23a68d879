// @ts-check
// The parts of Observable Plot that render/chart.js draws with, loaded by it with import() when a
// chart is first drawn. A module of its own so that the bundle keeps only these (an import() of
// '@observablehq/plot' itself keeps every export: about 150 KB more).

export { barY, dot, line, plot, ruleX, ruleY, tickY } from '@observablehq/plot';
