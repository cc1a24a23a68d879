// @ts-check
// The entry of irmetrics-embed-plot.js (scripts/build-embed.mjs): Observable Plot's marks that
// render/chart.js draws with, handed to the <script> element that loaded this script
// (embed/plot-script.js). No global.

import * as marks from '../render/plot-marks.js';
import { PLOT_EVENT } from './plot-script.js';

const script = typeof document !== 'undefined' ? document.currentScript : null;
if (script) script.dispatchEvent(new CustomEvent(PLOT_EVENT, { detail: marks }));
