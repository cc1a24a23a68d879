// The no-script iframe for course sites whose editors strip <script> (Canvas, Moodle,
// Blackboard): the snippet the Embed and "Make a problem" panels write, pasted alone into a
// course page of another origin, shows the whole answer or problem with no scroll bar inside the
// frame, on a desktop (1280×800) and on a phone (375×740); a check keeps it so; its "Show
// working" opens the calculator page with the same state.
//
// The problem throughout, by hand: "+ - + - - + - - + +" with R = 5 has relevant documents at
// ranks 1, 3, 6, 9 and 10, so AP@10 = (1/1 + 2/3 + 3/6 + 4/9 + 5/10) / 5 = (1 + 2/3 + 1/2 + 4/9 +
// 1/2) / 5 = (18/18 + 12/18 + 9/18 + 8/18 + 9/18) / 5 = (56/18) / 5 = 28/45 ≈ 0.6222.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { PHONE, shareLink, useBrowserSession } from './helpers.mjs';

const session = useBrowserSession({ clipboard: true, reusePages: true });
const DESKTOP_800 = { width: 1280, height: 800 };
const PHONE_740 = PHONE;

const PROBLEM_STATE = { calc: 'ranked', in: '+ - + - - + - - + +', relevant: '5', m: 'AP@10' };
const ANSWER_STATE = { calc: 'ranked', in: 'R N R N', relevant: '5', m: 'AP, P@5' };

// A course site on another origin: each page holds only the snippet an instructor pasted.
let foreign;
const foreignPages = new Map();
before(async () => {
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    const body = foreignPages.get(path);
    if (!body) return response.writeHead(path === '/favicon.ico' ? 204 : 404).end();
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  foreign = { server, origin: `http://127.0.0.1:${server.address().port}` };
});
after(() => new Promise((done) => foreign?.server.close(done)));

/** A course page of the foreign site holding `snippet` alone; returns its URL. */
function coursePage(path, snippet) {
  foreignPages.set(path, `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Week 3</title></head><body>${snippet}</body></html>`);
  return `${foreign.origin}${path}`;
}

/**
 * Opens a calculator page, opens a panel with `button`, and returns the no-script snippet of
 * `field` once its height is measured.
 */
async function writtenSnippet(state, button, field, file = 'ranked.html') {
  let snippet = '';
  await session.withPage(shareLink(file, state), async (page) => {
    await page.click(button);
    await page.waitForFunction((id) => {
      const area = /** @type {HTMLTextAreaElement} */ (document.getElementById(id));
      return area && area.value !== '' && !area.dataset.measuring;
    }, field, { timeout: 30000 });
    snippet = await page.inputValue(`#${field}`);
  });
  return snippet;
}

/** What the frame of a course page shows: whether it scrolls inside, and its widget's text. */
async function frameView(page) {
  const handle = await page.waitForSelector('iframe');
  const frame = await handle.contentFrame();
  await frame.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  // The widget has drawn; let formulas settle.
  await page.waitForTimeout(300);
  return frame.evaluate(() => {
    const root = document.documentElement;
    const widget = document.querySelector('ir-calculator');
    return {
      scrollsDown: root.scrollHeight > window.innerHeight,
      scrollsAcross: root.scrollWidth > window.innerWidth,
      content: Math.ceil(root.getBoundingClientRect().height),
      frameHeight: window.innerHeight,
      text: widget.shadowRoot.textContent.replace(/\s+/g, ' '),
      table: [...widget.shadowRoot.querySelectorAll('.problem-input-table tr')].map((row) => [...row.cells].map((cell) => cell.textContent.trim()).join(' ')),
      link: widget.shadowRoot.querySelector('.working-link a')?.getAttribute('href') ?? null,
    };
  });
}

describe('the no-script iframe of Make a problem', () => {
  let snippet;
  before(async () => {
    snippet = await writtenSnippet(PROBLEM_STATE, '[data-make-problem]', 'problem-lms');
  });

  test('is one iframe with the attributes LMS editors keep, and no script', () => {
    assert.doesNotMatch(snippet, /<script/i);
    assert.match(snippet, /^<iframe src="[^"]+\/embed\.html#[^"]*problem=1[^"]*fit=1" title="irmetrics: a problem: AP@10" width="100%" height="\d+" style="border: 0; width: 100%; height: \d+px;" loading="lazy" allow="clipboard-write"><\/iframe>$/);
    const [, attribute, style] = /height="(\d+)" style="[^"]*height: (\d+)px/.exec(snippet);
    assert.equal(attribute, style, 'the attribute and the style say the same height');
  });

  for (const [name, viewport] of [['desktop 1280×800', DESKTOP_800], ['phone 375×740', PHONE_740]]) {
    test(`shows the whole problem on a course page of another origin, ${name}, with no inner scroll bar`, async () => {
      const url = coursePage(`/problem-${viewport.width}.html`, snippet);
      const { page, problems, close } = await session.openPage(url, { viewport, waitForReady: false });
      try {
        const view = await frameView(page);
        assert.equal(view.scrollsDown, false, `content ${view.content} px in a frame of ${view.frameHeight} px`);
        assert.equal(view.scrollsAcross, false);
        assert.match(view.text, /Work out AP@10 for this ranked list; R = 5\./);
        // The list as a textbook prints it: rank and relevant, the documents being the marks.
        assert.deepEqual(view.table.slice(0, 4), ['rank relevant', '1 yes', '2 no', '3 yes']);
        assert.equal(view.table.length, 11);
        assert.doesNotMatch(view.text, /28\/45|0\.6222/, 'the answer is held back');
        assert.deepEqual(problems, []);
      } finally {
        await close();
      }
    });
  }

  test('a wrong answer checked on a phone gets its verdict inside the frame, still without scrolling', async () => {
    const url = coursePage('/problem-check.html', snippet);
    const { page, close } = await session.openPage(url, { viewport: PHONE_740, waitForReady: false });
    try {
      await frameView(page);
      const frame = await (await page.$('iframe')).contentFrame();
      const field = frame.locator('ir-calculator input').first();
      // 0.5 is none of AP@10's conventions (28/45, the relevant retrieved 28/45 too, …): a hint.
      await field.fill('0.5');
      await frame.locator('ir-calculator button', { hasText: 'Check' }).first().click();
      await frame.waitForFunction(() => document.querySelector('ir-calculator').shadowRoot.querySelector('.check-result')?.textContent.trim() !== '');
      const after = await frameView(page);
      assert.equal(after.scrollsDown, false, `content ${after.content} px in a frame of ${after.frameHeight} px`);
      await field.fill('28/45');
      await frame.locator('ir-calculator button', { hasText: 'Check' }).first().click();
      await frame.waitForFunction(() => /right|correct/i.test(document.querySelector('ir-calculator').shadowRoot.querySelector('.check-result')?.textContent ?? ''));
    } finally {
      await close();
    }
  });

  test('its Show the working opens the calculator page with the list and the measures', async () => {
    const url = coursePage('/problem-link.html', snippet);
    const { page, close } = await session.openPage(url, { viewport: DESKTOP_800, waitForReady: false });
    try {
      const view = await frameView(page);
      const link = new URL(view.link);
      assert.equal(link.pathname.endsWith('/ranked.html'), true);
      const hash = new URLSearchParams(link.hash.slice(1));
      assert.equal(hash.get('in'), PROBLEM_STATE.in);
      assert.equal(hash.get('relevant'), '5');
      assert.equal(hash.get('m'), 'AP@10');
      assert.equal(hash.get('problem'), null, 'the page shows the answers, not the problem again');
      assert.equal(hash.get('fit'), null);
    } finally {
      await close();
    }
  });
});

test('a graded problem asked at a cutoff lists every grade of its list, not only the top k', async () => {
  // nDCG@3 of "2 0 2 1 2 3": its own working stops at rank 3; the table shows all 6 grades.
  const snippet = await writtenSnippet({ calc: 'ndcg', in: '2 0 2 1 2 3', m: 'nDCG@3' }, '[data-make-problem]', 'problem-lms', 'ndcg.html');
  const url = coursePage('/graded.html', snippet);
  const { page, problems, close } = await session.openPage(url, { viewport: PHONE_740, waitForReady: false });
  try {
    const view = await frameView(page);
    assert.deepEqual(view.table, ['rank grade', '1 2', '2 0', '3 2', '4 1', '5 2', '6 3']);
    assert.equal(view.scrollsDown, false, `content ${view.content} px in a frame of ${view.frameHeight} px`);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

describe('the no-script iframe of Embed', () => {
  let snippet;
  before(async () => {
    snippet = await writtenSnippet(ANSWER_STATE, '[data-embed]', 'embed-lms');
  });

  test('is one iframe without a script, titled by its measures', () => {
    assert.doesNotMatch(snippet, /<script/i);
    assert.match(snippet, /title="irmetrics: AP, P@5"/);
    assert.doesNotMatch(snippet, /problem=1/);
  });

  for (const [name, viewport] of [['desktop 1280×800', DESKTOP_800], ['phone 375×740', PHONE_740]]) {
    test(`shows both answers on a course page of another origin, ${name}, with no inner scroll bar`, async () => {
      const url = coursePage(`/answer-${viewport.width}.html`, snippet);
      const { page, problems, close } = await session.openPage(url, { viewport, waitForReady: false });
      try {
        const view = await frameView(page);
        assert.equal(view.scrollsDown, false, `content ${view.content} px in a frame of ${view.frameHeight} px`);
        assert.equal(view.scrollsAcross, false);
        // By hand: relevant at ranks 1 and 3 of R = 5: AP = (1/1 + 2/3) / 5 = 1/3, P@5 = 2/5.
        assert.match(view.text, /AP = 1\/3 ≈ 0\.3333/);
        assert.match(view.text, /P@5 = 2\/5 = 0\.4/);
        assert.match(view.link, /\/ranked\.html#/);
        assert.deepEqual(problems, []);
      } finally {
        await close();
      }
    });
  }
});
