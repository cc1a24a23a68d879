// @ts-check
// The embed build's stand-in for web/js/render/math.js (scripts/build-embed.mjs aliases it):
// the same two functions, rendering LaTeX as MathML instead of KaTeX's HTML.
//
// Why: KaTeX's HTML output needs katex.css and 20 font files. A single classic script cannot
// fetch them (the widget must work offline, from file://, and under `default-src 'self'` on a
// page that is not ours), and inlining them as data: URLs is refused by that same policy
// (font-src falls back to 'self'). MathML is drawn by the browser itself with its own math
// fonts (Chromium 109+, Firefox, Safari), needs no stylesheet, and katex.render builds it as
// DOM nodes, so the strict CSP holds.

import katex from 'katex';
import { typesetter } from '../render/typeset.js';

export const { renderMath, mathBlock } = typesetter(katex, { output: 'mathml' });
