// @ts-check
// LaTeX typeset as MathML by KaTeX: the site's formulas (render/math.js loads this module when
// the first formula is shown) and the embed widget's (scripts/build-embed.mjs puts it in place of
// render/math.js, in the widget's one script).
//
// Why MathML rather than KaTeX's HTML output: the HTML needs katex.css and its font files (about
// 50 KB compressed for a page of working, on top of KaTeX's 63 KB), which a calculator page's
// first visit cannot afford within 250 KB; the widget, a single classic script, cannot fetch them
// at all (it must work offline, from file://, and under `default-src 'self'` on a page that is
// not ours, where data: fonts are refused too). MathML is drawn by the browser (Chromium 109+,
// Firefox, Safari) with a math font the system has (site.css and widget.css name them: Cambria
// Math on Windows, STIX Two Math on macOS, DejaVu Math TeX Gyre or Latin Modern Math on Linux),
// needs no stylesheet of KaTeX's, and katex.render builds it as DOM nodes, so the strict CSP holds.

import katex from 'katex';
import { typesetter } from './typeset.js';

export const { renderMath, mathBlock } = typesetter(katex, { output: 'mathml' });
