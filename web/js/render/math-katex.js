// @ts-check
// KaTeX's HTML output, with its stylesheet and fonts: render/math.js loads this module (a chunk
// of its own) when a page first shows a formula or is opened on an answer.

import katex from 'katex';
import 'katex/dist/katex.min.css';
import { typesetter } from './typeset.js';

export const { renderMath, mathBlock } = typesetter(katex);
