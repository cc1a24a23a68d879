// The phone layout (375 × 740): the calculators' menu folded behind a button, no page scrolling
// sideways, wide tables keeping their first column in view, long formulas wrapping at their
// operators instead of running off their box.
// Run: npm run build && node --test tests/web/phone.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, PHONE, axeViolations, horizontalOverflow, shareLink, useBrowserSession, waitForAnswers } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

// A 20-rank list, by hand: relevant at ranks 1, 3, 4, 7, 10, 12, 16 and 20, so with R = 10,
// AP = (1/1 + 2/3 + 3/4 + 4/7 + 5/10 + 6/12 + 7/16 + 8/20) / 10 = (8107/1680) / 10 = 8107/16800
// ≈ 0.4826 (over 1680: 1680 + 1120 + 1260 + 960 + 840 + 840 + 735 + 672 = 8107).
const LONG_AP = {
  link: shareLink('ranked.html', { calc: 'ranked', in: 'R N R R N N R N N R N R N N N R N N N R', relevant: '10', m: 'AP' }),
  answers: ['AP = 8107/16800 ≈ 0.4826'],
};
// The course notes' ranked list "+ - + - - + - - + +" with R = 5: relevant at 1, 3, 6, 9, 10,
// AP = (1/1 + 2/3 + 3/6 + 4/9 + 5/10) / 5 = (28/9) / 5 = 28/45 ≈ 0.6222.
const NOTES_AP = {
  link: shareLink('ranked.html', { calc: 'ranked', in: '+ - + - - + - - + +', relevant: '5', m: 'AP' }),
  answers: ['AP = 28/45 ≈ 0.6222'],
};
// nDCG of 15 grades (the notes' discount): its working is three long lines, DCG, IDCG and nDCG.
const LONG_NDCG = shareLink('ndcg.html', { calc: 'ndcg', in: '3 2 3 0 1 2 3 0 0 1 2 2 3 0 1', m: 'nDCG' });

/** The menu's links: the 12 calculators (calculators.js) and the practice page. */
const MENU_LINKS = 13;

/** The menu's state: the button's, and how many links a reader can see. */
const menu = (page) =>
  page.evaluate(() => {
    const toggle = document.querySelector('.nav-toggle');
    const links = [...document.querySelectorAll('.site-nav a')];
    return {
      button: toggle?.checkVisibility() ? toggle.textContent.trim() : null,
      expanded: toggle?.getAttribute('aria-expanded'),
      controls: toggle && document.getElementById(toggle.getAttribute('aria-controls')) === document.querySelector('.site-nav'),
      visibleLinks: links.filter((link) => link.checkVisibility()).length,
      links: links.length,
    };
  });

test('at 375 px the menu is a "Calculators" button: click opens and closes it, Escape closes it and gives the focus back', async () => {
  await withPage(
    'ranked.html',
    async (page) => {
      assert.deepEqual(await menu(page), { button: 'Calculators', expanded: 'false', controls: true, visibleLinks: 0, links: MENU_LINKS });
      // Folded, the header is one line: the brand and the button.
      const header = await page.$eval('.site-header', (node) => node.getBoundingClientRect().height);
      assert.ok(header < 70, `the header is ${header} px tall`);

      await page.click('.nav-toggle');
      assert.deepEqual(await menu(page), { button: 'Calculators', expanded: 'true', controls: true, visibleLinks: MENU_LINKS, links: MENU_LINKS });
      assert.equal(await horizontalOverflow(page), 0);
      assert.deepEqual(await axeViolations(page), []);
      await page.click('.nav-toggle');
      assert.equal((await menu(page)).visibleLinks, 0);

      // From the keyboard: Enter opens, Tab goes into the links, Escape closes and returns.
      await page.focus('.nav-toggle');
      await page.keyboard.press('Enter');
      assert.equal((await menu(page)).expanded, 'true');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Ranked list');
      assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-current')), 'page');
      await page.keyboard.press('Escape');
      assert.deepEqual(await menu(page), { button: 'Calculators', expanded: 'false', controls: true, visibleLinks: 0, links: MENU_LINKS });
      assert.equal(await page.evaluate(() => document.activeElement.className), 'nav-toggle');

      // A click elsewhere closes it too.
      await page.click('.nav-toggle');
      await page.click('main h1');
      assert.equal((await menu(page)).expanded, 'false');
    },
    { viewport: PHONE },
  );
});

test('at 1280 px the menu stays a row of links, with no button', async () => {
  for (const file of ['ranked.html', 'index.html', 'trec.html', 'embedding.html']) {
    await withPage(
      file,
      async (page) => {
        const state = await menu(page);
        assert.equal(state.button, null, file);
        assert.equal(state.visibleLinks, MENU_LINKS, file);
        // One row: every link at the same height.
        const tops = await page.$$eval('.site-nav a', (links) => new Set(links.map((link) => Math.round(link.getBoundingClientRect().top))).size);
        assert.equal(tops, 1, `${file}: the links stand in one row`);
      },
      { viewport: DESKTOP },
    );
  }
});

test('the menu button works on every kind of page: the home page, the TREC page, embedding.html', async () => {
  for (const file of ['index.html', 'trec.html', 'embedding.html']) {
    await withPage(
      file,
      async (page) => {
        assert.equal((await menu(page)).visibleLinks, 0, file);
        await page.click('.nav-toggle');
        assert.equal((await menu(page)).visibleLinks, MENU_LINKS, file);
        await page.keyboard.press('Escape');
        assert.equal((await menu(page)).expanded, 'false', file);
      },
      { viewport: PHONE },
    );
  }
});

test('at 375 px no page scrolls sideways: the home page, embedding.html, the TREC page, long answers, every worked example', async () => {
  for (const file of ['index.html', 'embedding.html', 'trec.html']) {
    await withPage(file, async (page) => assert.equal(await horizontalOverflow(page), 0, file), { viewport: PHONE });
  }
  await withPage(LONG_AP.link, async (page) => {
    await waitForAnswers(page, LONG_AP.answers);
    assert.equal(await horizontalOverflow(page), 0);
  }, { viewport: PHONE });
  await withPage(LONG_NDCG, async (page) => {
    await page.waitForSelector('.outcome .answer');
    assert.equal(await horizontalOverflow(page), 0);
  }, { viewport: PHONE });
  // Every worked example of every calculator (the presets: the notes' examples, the significance
  // tests with ties and zeros, …), one after the other.
  for (const file of ['ranked.html', 'ndcg.html', 'diversity.html', 'queries.html', 'roc.html', 'sets.html', 'multiclass.html', 'agreement.html', 'correlation.html', 'significance.html', 'pooling.html']) {
    await withPage(
      file,
      async (page) => {
        const presets = await page.$$eval('[data-preset]', (buttons) => buttons.map((button) => button.dataset.preset));
        assert.ok(presets.length > 0, file);
        for (const preset of presets) {
          const before = await page.evaluate(() => document.querySelector('.results')?.textContent ?? '');
          await page.$eval(`[data-preset="${preset}"]`, (button) => button.click()); // folded away on a phone
          await page
            .waitForFunction((old) => {
              const results = document.querySelector('.results');
              return results && !results.classList.contains('is-stale') && results.textContent !== old && document.querySelector('.outcome');
            }, before, { timeout: 5000 })
            .catch(() => {}); // the same answers as the example before
          assert.equal(await horizontalOverflow(page), 0, `${file}, example ${preset}`);
          const cut = await page.$$eval('.outcome .math-block', (blocks) =>
            blocks.filter((block) => block.scrollWidth > block.clientWidth + 1).map((block) => `${block.getAttribute('aria-label')}: ${block.scrollWidth} px in ${block.clientWidth}`),
          );
          assert.deepEqual(cut, [], `${file}, example ${preset}: formulas cut`);
        }
      },
      { viewport: PHONE },
    );
  }
});

/** The left edges of the first two cells of a table's first body row, and how far its box scrolls. */
const edges = (page, tableIndex) =>
  page.$$eval(
    '.outcome table.step-table',
    (tables, index) => {
      const table = tables[index];
      const box = table.closest('.table-scroll');
      const [first, second] = table.tBodies[0].rows[0].cells;
      const style = getComputedStyle(first);
      return {
        first: first.getBoundingClientRect().left,
        second: second.getBoundingClientRect().left,
        box: box.getBoundingClientRect().left,
        scrolls: box.scrollWidth - box.clientWidth,
        background: style.backgroundColor,
        position: style.position,
      };
    },
    tableIndex,
  );

test("a wide step table keeps its first column (the rank) in view when scrolled sideways, on an opaque background", async () => {
  await withPage(
    LONG_AP.link,
    async (page) => {
      await waitForAnswers(page, LONG_AP.answers);
      // "Precision and recall at each rank": eight columns, wider than a phone.
      const index = await page.$$eval('.outcome table.step-table', (tables) => tables.findIndex((table) => table.caption.textContent === 'Precision and recall at each rank'));
      assert.ok(index >= 0);
      const before = await edges(page, index);
      assert.ok(before.scrolls > 100, `the table scrolls ${before.scrolls} px`);
      await page.$$eval('.outcome table.step-table', (tables, i) => { tables[i].closest('.table-scroll').scrollLeft = 100; }, index);
      const after = await edges(page, index);
      assert.ok(Math.abs(after.first - before.first) < 1, `the first cell moved from ${before.first} to ${after.first}`);
      assert.ok(Math.abs(after.first - after.box) < 1, 'the first cell stays at the left of its box');
      assert.ok(Math.abs(before.second - after.second - 100) < 1, 'the other cells scrolled 100 px');
      // Opaque, so the scrolled cells pass under it: site.css's --surface, white in light mode.
      assert.equal(after.background, 'rgb(255, 255, 255)');
      await page.emulateMedia({ colorScheme: 'dark' });
      // Dark mode: --surface is #1b2029 = rgb(27, 32, 41).
      assert.equal((await edges(page, index)).background, 'rgb(27, 32, 41)');
      await page.emulateMedia({ colorScheme: 'light', media: 'print' });
      assert.equal((await edges(page, index)).position, 'static', 'on paper the table is whole');
    },
    { viewport: PHONE },
  );
});

test('the TREC page: its per-topic table keeps the topic in view when scrolled sideways', async () => {
  await withPage(
    'trec.html',
    async (page) => {
      await page.click('[data-sample]');
      await page.waitForSelector('table.sortable-table', { timeout: 15000 });
      const result = await page.$$eval('table.sortable-table', (tables) => {
        const table = tables.find((candidate) => {
          const box = candidate.closest('.table-scroll');
          return box.scrollWidth > box.clientWidth + 50;
        });
        if (!table) return null;
        const box = table.closest('.table-scroll');
        const cell = table.tBodies[0].rows[0].cells[0];
        const before = cell.getBoundingClientRect().left;
        box.scrollLeft = 50;
        return { before, after: cell.getBoundingClientRect().left, background: getComputedStyle(cell).backgroundColor };
      });
      assert.ok(result, 'a TREC table wider than the phone');
      assert.ok(Math.abs(result.after - result.before) < 1, `the first cell moved from ${result.before} to ${result.after}`);
      assert.notEqual(result.background, 'rgba(0, 0, 0, 0)');
    },
    { viewport: PHONE },
  );
});

/** A formula block's width, its box's, and how many lines its pieces stand on. */
const formulaShape = (page, label) =>
  page.$eval(`.math-block[aria-label="${label}"]`, (block) => {
    // The pieces a working is cut into (render/math-lines.js), or the one formula left whole.
    const pieces = block.querySelectorAll('.math-piece');
    const tops = [...(pieces.length > 0 ? pieces : block.querySelectorAll('.katex'))].map((piece) => piece.getBoundingClientRect());
    const lines = [];
    for (const rect of tops) {
      if (!lines.some((line) => rect.top < line.bottom && rect.bottom > line.top)) lines.push({ top: rect.top, bottom: rect.bottom });
    }
    return {
      right: block.getBoundingClientRect().right,
      screen: document.documentElement.clientWidth,
      overflow: block.scrollWidth - block.clientWidth,
      lines: lines.length,
    };
  });

test('long formulas wrap at their operators: the ranked page\'s AP and nDCG\'s working fit a 375 px screen, on several lines', async () => {
  for (const [link, label] of [
    [LONG_AP.link, 'With these numbers: AP'],
    [NOTES_AP.link, 'With these numbers: AP'],
    [LONG_NDCG, 'With these numbers: nDCG'],
  ]) {
    await withPage(
      link,
      async (page) => {
        await page.waitForSelector(`.math-block[aria-label="${label}"] .katex`);
        const shape = await formulaShape(page, label);
        assert.equal(shape.overflow, 0, `${link}: nothing cut`);
        assert.ok(shape.right <= shape.screen, `${link}: the formula ends at ${shape.right} px of ${shape.screen}`);
        assert.ok(shape.lines > 1, `${link}: ${shape.lines} line(s)`);
      },
      { viewport: PHONE },
    );
  }
  // On a wide screen the notes' AP stands on one line, as written.
  await withPage(NOTES_AP.link, async (page) => {
    await page.waitForSelector('.math-block[aria-label="With these numbers: AP"] .katex');
    assert.equal((await formulaShape(page, 'With these numbers: AP')).lines, 1);
  });
});
