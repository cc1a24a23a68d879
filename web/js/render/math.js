// @ts-check
// LaTeX on the site's pages: KaTeX's HTML output, with its stylesheet and fonts (render/typeset.js
// holds the functions; the embed widget swaps this module for embed/math-mathml.js).

import 'katex/dist/katex.min.css';
import { typesetter } from './typeset.js';

export const { renderMath, mathBlock } = typesetter();
