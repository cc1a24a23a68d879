// Accessibility of every page (web/*.html), in light and dark (prefers-color-scheme), with a
// worked example on it (each calculator's first preset, the TREC page's sample data): axe-core
// finds no violation (contrast included), every table has a caption and scoped headers, every
// chart a text alternative, nothing scrolls sideways at 375 px, and a calculator can be used
// from the keyboard alone, with a visible focus.
// Run: vite build --outDir /tmp/site && IRM_DIST=/tmp/site node --test tests/web/a11y.test.mjs

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { PHONE, axeViolations, clickExample, horizontalOverflow, tabTo, useBrowserSession, waitForText } from './helpers.mjs';

const { openPage } = useBrowserSession({ reusePages: true });

const pages = readdirSync(new URL('../../web/', import.meta.url))
  .filter((file) => file.endsWith('.html'))
  .sort();

/**
 * Where a page is opened, when not at its bare file: the iframe form of the widget shows the
 * state in its hash (needs irmetrics-embed.js beside it: scripts/build-embed.mjs). "R N R N"
 * with R = 5: AP = (1/1 + 2/3) / 5 = 1/3.
 */
const openAt = {
  'embed.html': `embed.html#${new URLSearchParams({ calc: 'ranked', in: 'R N R N', relevant: '5', m: 'AP,P@5' })}`,
};

/**
 * Puts a worked example on the page, so that tables, charts and formulas are checked too: the
 * first preset of a calculator, the sample data of the TREC page; other pages as they open.
 * @returns {Promise<string>} what was shown, for messages
 */
async function showExample(page) {
  const preset = page.locator('[data-preset]').first();
  if (await preset.count()) {
    await clickExample(page, await preset.getAttribute('data-preset'));
    await page.waitForSelector('.outcome');
    return `preset ${await preset.getAttribute('data-preset')}`;
  }
  const sample = page.locator('[data-sample]');
  if (await sample.count()) {
    await sample.click();
    await page.waitForSelector('.trec-summary');
    return 'the sample data';
  }
  return 'the page as it opens';
}

/** sRGB relative luminance (WCAG 2) of a computed colour "rgb(r, g, b)". */
function luminance(colour) {
  const [r, g, b] = colour
    .match(/[\d.]+/g)
    .slice(0, 3)
    .map(Number)
    .map((channel) => channel / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** What the page offers without text alternatives or structure, one line each (empty: none). */
const structureProblems = (page) =>
  page.evaluate(() => {
    const problems = [];
    for (const table of document.querySelectorAll('table')) {
      if (!table.caption?.textContent.trim()) problems.push(`a table without a caption: ${table.className}`);
      for (const th of table.querySelectorAll('th')) {
        if (!th.getAttribute('scope')) problems.push(`a header without scope: "${th.textContent}" in ${table.caption?.textContent}`);
      }
    }
    for (const svg of document.querySelectorAll('svg.irm-plot')) {
      if (svg.getAttribute('role') !== 'img' || !svg.getAttribute('aria-label')) problems.push('a chart without role=img and a label');
      const described = document.getElementById(svg.getAttribute('aria-describedby') ?? '');
      if (!described?.textContent.trim()) problems.push(`the chart "${svg.getAttribute('aria-label')}" has no description`);
    }
    for (const control of document.querySelectorAll('input:not([type=hidden]), select, textarea')) {
      const named = control.labels?.length || control.getAttribute('aria-label') || control.getAttribute('aria-labelledby');
      if (!named) problems.push(`an unlabelled ${control.tagName.toLowerCase()}#${control.id}`);
    }
    return problems;
  });

for (const colorScheme of ['light', 'dark']) {
  for (const file of pages) {
    test(`${file} (${colorScheme}): axe finds no violation with an example shown; tables, charts and fields are labelled`, async () => {
      const { page, problems, close } = await openPage(openAt[file] ?? file, { waitForReady: false });
      try {
        await page.emulateMedia({ colorScheme });
        await page.waitForSelector('body[data-ready]');
        const shown = await showExample(page);
        // The page's own background (body, else html). The site's: #f6f7f9 in light (luminance
        // 0.92), #12151b in dark (0.008). The iframe form of the widget has none on purpose: it
        // shows the course page behind it.
        const background = await page.evaluate(() =>
          [document.body, document.documentElement]
            .map((node) => getComputedStyle(node).backgroundColor)
            .find((colour) => !/^rgba\(.*, 0\)$|^transparent$/.test(colour)),
        );
        if (background && colorScheme === 'dark') assert.ok(luminance(background) < 0.05, `a dark background, not ${background}`);
        if (background && colorScheme === 'light') assert.ok(luminance(background) > 0.8, `a light background, not ${background}`);
        if (!background) assert.equal(file, 'embed.html', 'only the iframe form is transparent');
        // Formulas (KaTeX) and the charts' axes and labels (drawn in currentColor) take
        // the colour of the text around them, so they follow the scheme (the contrast of that
        // text is axe's to check).
        const offColour = await page.$$eval('.katex, svg.irm-plot', (nodes) =>
          nodes
            .filter((node) => getComputedStyle(node).color !== getComputedStyle(node.parentElement ?? node.getRootNode().host).color)
            .map((node) => node.getAttribute('class')),
        );
        assert.deepEqual(offColour, [], 'formulas and charts in the colour of their text');
        assert.deepEqual(await structureProblems(page), [], shown);
        assert.deepEqual(await axeViolations(page), [], shown);
        assert.deepEqual(problems, []);
      } finally {
        await close();
      }
    });
  }
}

for (const file of pages) {
  test(`${file}: at 375 px, with an example shown, nothing scrolls sideways`, async () => {
    const { page, problems, close } = await openPage(openAt[file] ?? file, { viewport: PHONE });
    try {
      const shown = await showExample(page);
      await page.waitForTimeout(100); // the charts redraw at the new width
      assert.equal(await horizontalOverflow(page), 0, shown);
      // A wide table scrolls in its own box instead: no box is wider than the screen.
      const tooWide = await page.$$eval('.table-scroll', (boxes) =>
        boxes.filter((box) => box.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).length,
      );
      assert.equal(tooWide, 0);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
}

/** Whether the focused element shows a focus ring: an outline, or a box shadow. */
const focusVisible = (page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  });

test('ranked.html from the keyboard alone: Tab to each field, type the method-1-ap list, see AP@10 = 28/45, copy a table with Enter', async () => {
  const { page, problems, close } = await openPage('ranked.html');
  try {
    await tabTo(page, '#input');
    assert.ok(await focusVisible(page), 'the ranked-list field shows its focus');
    await page.keyboard.type('+ - + - - + - - + +');
    await tabTo(page, '#relevant');
    assert.ok(await focusVisible(page), 'the R field shows its focus');
    await page.keyboard.type('5');
    await tabTo(page, '#measures');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('AP@10');
    await page.keyboard.press('Enter'); // submits the form: computes at once
    // method-1-ap: relevant at ranks 1, 3, 6, 9, 10 of R = 5: AP@10 = (1 + 2/3 + 3/6 + 4/9 + 5/10)
    // / 5 = 28/45.
    await waitForText(page, '.outcome .answer', ['AP@10', '28/45', '0.6222']);

    // On to the copy buttons of the first step table, past the form and the answer.
    await tabTo(page, '#outcome-0 [data-copy-table="markdown"]');
    assert.ok(await focusVisible(page), 'a copy button shows its focus');
    await page.keyboard.press('Enter');
    // The status and the text of the toolbar of the button pressed (the focus stays on it).
    await page.waitForFunction(() =>
      /Markdown/.test(document.activeElement.closest('.export-toolbar').querySelector('.export-status').textContent),
    );
    const copied = await page.evaluate(() => document.activeElement.closest('.export-toolbar').querySelector('[data-export-text]').value);
    assert.match(copied, /^\| 3 \| \+ \| 2\/3 ≈ 0\.6667 \|$/m);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('every control of a calculator is reached by Tab, in order, and each shows its focus', async () => {
  const { page, problems, close } = await openPage(
    `ranked.html#${new URLSearchParams({ calc: 'ranked', in: '+ - + - - + - - + +', relevant: '5', m: 'AP@10, PR' })}`,
  );
  try {
    await page.waitForSelector('.outcome [data-download-chart]');
    // Every visible control of the answers and the form, numbered.
    const controls = await page.$$eval(
      'main button, main input, main select, main textarea, main a[href], main summary, main [tabindex="0"]',
      (nodes) => {
        // Inside a closed <details> only its summary can take the focus.
        const folded = (node) => {
          const details = node.parentElement?.closest('details:not([open])');
          return Boolean(details) && node.closest('summary')?.parentElement !== details;
        };
        const visible = nodes.filter((node) => node.offsetParent !== null && !node.closest('[hidden]') && !folded(node));
        visible.forEach((node, index) => {
          node.dataset.tabKey = String(index);
        });
        return visible.length;
      },
    );
    // Tab from the top of the page until the focus leaves the page (back to <body>).
    const reached = new Set();
    const withoutFocusRing = [];
    for (let presses = 0; presses < 400; presses += 1) {
      await page.keyboard.press('Tab');
      const { key, inMain, atEnd } = await page.evaluate(() => {
        const node = document.activeElement;
        return {
          key: node.dataset.tabKey ?? node.outerHTML.slice(0, 80),
          inMain: Boolean(node.closest('main')),
          atEnd: node === document.body,
        };
      });
      if (atEnd && presses > 0) break;
      if (!inMain) continue;
      reached.add(key);
      if (!(await focusVisible(page))) withoutFocusRing.push(key);
    }
    assert.equal(reached.size, controls, `Tab reached ${[...reached].sort()} of ${controls} controls`);
    assert.deepEqual(withoutFocusRing, []);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
