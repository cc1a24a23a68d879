// @ts-check
// The README and the manuals in docs/ point at each other and at the repository's files: every
// relative Markdown link ([text](path), [text](path#anchor), [text](#anchor), [label]: path) in
// README.md and in each .md file under docs/ must name a file or folder that exists, and an
// anchor into a .md file (the same one or another) must be the GitHub slug of one of its headings
// (or an <a id> / <a name> in it). Links with a scheme (https:, http:, mailto:) are not followed,
// and an anchor into a file that is not Markdown (../web/ranked.html#…) is not checked. Links
// inside code (fenced blocks and `code spans`) are not links and are skipped.
// The slugs are GitHub's (github-slugger): the heading's text without its Markdown (code marks,
// emphasis stars, links' targets, HTML tags), lower-cased, every character but letters, marks,
// digits, '_', '-' and spaces removed, each space made '-'; a slug seen before in the same file
// gets -1, -2, … .
// Run: node --test tests/js/docs-links.test.mjs (needs no build)

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The Markdown files under `dir`, recursively, as paths relative to the repository.
 * @param {string} dir relative to the repository
 * @returns {string[]}
 */
function markdownUnder(dir) {
  /** @type {string[]} */
  const found = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownUnder(path));
    else if (entry.name.endsWith('.md')) found.push(path);
  }
  return found.sort();
}

const FILES = ['README.md', ...markdownUnder('docs')];

/**
 * The text with every fenced code block's lines blanked (so that line numbers still hold).
 * @param {string} markdown
 */
function withoutFences(markdown) {
  let fence = '';
  const lines = markdown.split('\n').map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = '';
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line;
  });
  return lines.join('\n');
}

/**
 * The text with every fenced code block's lines and every code span blanked (newlines kept).
 * @param {string} markdown
 */
function withoutCode(markdown) {
  // A code span may run over a line break; its backtick run closes it.
  return withoutFences(markdown).replace(/(`+)[\s\S]*?\1/g, (span) => span.replace(/[^\n]/g, ' '));
}

/**
 * A heading's text as GitHub renders it: without code marks, emphasis stars, links' targets and
 * HTML tags. (Underscores are left alone: in these files they are part of names, ir_measures.)
 * @param {string} raw
 */
function headingText(raw) {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
    .trim();
}

/**
 * GitHub's slug of a heading's text (github-slugger, before duplicates are numbered).
 * @param {string} text
 */
function slug(text) {
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/**
 * The anchors of a Markdown text: its headings' slugs, numbered -1, -2, … when repeated, as
 * GitHub numbers them, and the ids and names of its HTML anchors.
 * @param {string} markdown
 * @returns {Set<string>}
 */
function anchorsOf(markdown) {
  const anchors = new Set();
  /** @param {string} text */
  const add = (text) => {
    const base = slug(headingText(text));
    let name = base;
    for (let n = 1; anchors.has(name); n++) name = `${base}-${n}`;
    anchors.add(name);
  };
  const lines = withoutFences(markdown).split('\n');
  lines.forEach((line, index) => {
    const atx = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx) add(atx[1] ?? '');
    // A setext heading: a paragraph's line underlined with = or -.
    else if (/^ {0,3}(?:=+|-+)[ \t]*$/.test(line) && index > 0 && lines[index - 1].trim()
      && !/^ {0,3}(?:#|[-*+] |\d+[.)] |>|\|)/.test(lines[index - 1])) add(lines[index - 1]);
    for (const match of line.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  });
  return anchors;
}

/**
 * The links of a Markdown text outside code: inline ones and reference definitions, with their
 * line numbers.
 * @param {string} markdown
 * @returns {{ line: number, target: string }[]}
 */
function linksOf(markdown) {
  const text = withoutCode(markdown);
  const lineAt = (/** @type {number} */ offset) => text.slice(0, offset).split('\n').length;
  /** @type {{ line: number, target: string }[]} */
  const links = [];
  for (const match of text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
    links.push({ line: lineAt(match.index), target: match[1] });
  }
  for (const match of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)) {
    links.push({ line: lineAt(match.index), target: match[1] });
  }
  return links;
}

/** @type {Map<string, Set<string>>} the anchors of each Markdown file read, by absolute path */
const anchorCache = new Map();
/** @param {string} path absolute */
function anchorsOfFile(path) {
  if (!anchorCache.has(path)) anchorCache.set(path, anchorsOf(readFileSync(path, 'utf8')));
  return /** @type {Set<string>} */ (anchorCache.get(path));
}

/**
 * What is wrong with the links of one file, one message each.
 * @param {string} file relative to the repository
 * @returns {string[]}
 */
function brokenLinks(file) {
  const from = join(ROOT, file);
  /** @type {string[]} */
  const broken = [];
  for (const { line, target } of linksOf(readFileSync(from, 'utf8'))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // another site
    const hash = target.indexOf('#');
    const path = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
    const to = path ? join(dirname(from), path) : from;
    const where = `${file}:${line}: (${target})`;
    if (!existsSync(to)) {
      broken.push(`${where}: no such file ${relative(ROOT, to)}`);
      continue;
    }
    if (anchor === null || !to.endsWith('.md') || statSync(to).isDirectory()) continue;
    if (!anchorsOfFile(to).has(anchor)) broken.push(`${where}: no heading of ${relative(ROOT, to)} has the slug '${anchor}'`);
  }
  return broken;
}

test('the slugs are GitHub\'s', () => {
  assert.equal(slug(headingText('The two commands')), 'the-two-commands');
  assert.equal(slug(headingText("ir_measures' names")), 'ir_measures-names');
  assert.equal(slug(headingText('Ties: `--ties docno|input|rank|average|bounds`')), 'ties---ties-docnoinputrankaveragebounds');
  assert.equal(slug(headingText('Comparing runs: `irmetrics compare`')), 'comparing-runs-irmetrics-compare');
  assert.equal(slug(headingText('Several queries (MAP, MRR, …)')), 'several-queries-map-mrr-');
  assert.equal(slug(headingText('Kendall’s τ')), 'kendalls-τ');
  assert.equal(slug(headingText('`listSlips() → SlipInfo[]`')), 'listslips--slipinfo');
  assert.equal(slug(headingText('**Bold** and [a link](x.md)')), 'bold-and-a-link');
  assert.deepEqual([...anchorsOf('# A\n\n## A\n\n### a\n\n```\n# not a heading\n```\n\nB\n---\n<a id="here"></a>\n## Serving: `npm start` ##\n')],
    ['a', 'a-1', 'a-2', 'b', 'here', 'serving-npm-start']);
});

test('links are read outside code only', () => {
  assert.deepEqual(linksOf('[a](x.md) `[b](y.md)` and `a\n[c](z.md)`\n```\n[d](w.md)\n```\n![e](img.png "title")\n[f]: ref.md\n'),
    [{ line: 1, target: 'x.md' }, { line: 6, target: 'img.png' }, { line: 7, target: 'ref.md' }]);
});

test('README.md and the manuals in docs/ are all read', () => {
  for (const name of ['README.md', 'docs/measures.md', 'docs/trec.md', 'docs/embedding.md', 'docs/development.md']) {
    assert.ok(FILES.includes(name), name);
  }
});

test('the README links every manual in docs/', () => {
  const linked = new Set(linksOf(readFileSync(join(ROOT, 'README.md'), 'utf8')).map(({ target }) => target.split('#')[0]));
  const manuals = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);
  assert.deepEqual(manuals.filter((manual) => !linked.has(manual)), []);
});

for (const file of FILES) {
  test(`${file}: every relative link names a file that exists, and every anchor a heading`, () => {
    assert.deepEqual(brokenLinks(file), []);
  });
}
