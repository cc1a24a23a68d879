// A measure typed on a page that does not compute it links to the page that does, with the input
// written in that page's form (web/js/hand-off.js): marks as grades 1/0 with R's unretrieved
// relevant documents as an `unretrieved:` line, grades as marks with R, a list as tp/fp/fn. Each
// hand-off is followed: the other page shows the answer and no input error.
// Run: node --test tests/web/handoff.test.mjs (after `bash scripts/build.sh site`)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shareLink, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

const { withPage } = useBrowserSession({ reusePages: true });

/** The hand-off's link as share-link keys, and its note. */
async function handOff(page, calc) {
  const section = page.locator(`[data-hand-off="${calc}"]`);
  await section.waitFor();
  const href = await section.locator('a').getAttribute('href');
  const note = (await section.locator('.hand-off-note').count()) ? (await section.locator('.hand-off-note').textContent()).trim() : '';
  return { href, keys: Object.fromEntries(new URLSearchParams(href.slice(href.indexOf('#') + 1))), note, link: section.locator('a') };
}

/** Follows the link and checks that the other page reads the input. */
async function follow(page, link, answers) {
  await link.click();
  await page.waitForSelector('body[data-ready]');
  await waitForAnswers(page, answers);
  assert.equal(await page.isVisible('#input-error'), false, 'no input error');
}

// R N R with R = 3: AP = (1/1 + 2/3)/3 = 5/9. As grades: 1 0 1, and one relevant document not
// retrieved (3 − 2), "unretrieved: 1". The notes' DCG = 1 + 0/log2 2 + 1/log2 3 = 1.63093; the
// ideal 1 1 1 0 gives IDCG = 1 + 1/log2 2 + 1/log2 3 = 2.63093; nDCG = 1.63093/2.63093 = 0.6199.
test('ranked → graded: marks become grades 1/0, and R’s missing relevant document an “unretrieved:” line', async () => {
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: 'R N R', relevant: '3', m: 'AP, nDCG' }), async (page) => {
    await waitForAnswers(page, ['AP = 5/9 ≈ 0.5556']);
    const { keys, note, link } = await handOff(page, 'ndcg');
    assert.deepEqual(keys, { calc: 'ndcg', in: '1 0 1\nunretrieved: 1', m: 'nDCG' });
    assert.equal(note, 'The link writes the list as grades, 1 for relevant and 0 for not, and the 1 relevant document it did not retrieve (R = 3) as an “unretrieved:” line.');
    assert.equal(await link.textContent(), 'Open nDCG on the Graded relevance (DCG, nDCG, ERR, RBP) page with this input');
    await follow(page, link, ['nDCG = 0.6199']);
  });
});

// D1+ D2 D3+ with R = 2: both relevant documents retrieved, no unretrieved line; the names are
// kept as labelled grades. DCG = 1 + 0 + 1/log2 3 = 1.6309.
test('ranked → graded: labelled documents keep their names', async () => {
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: 'D1+ D2 D3+', relevant: '2', m: 'DCG' }), async (page) => {
    const { keys, note, link } = await handOff(page, 'ndcg');
    assert.equal(keys.in, 'D1:1 D2:0 D3:1');
    assert.equal(note, 'The link writes the list as grades, 1 for relevant and 0 for not.');
    await follow(page, link, ['DCG = 1.6309']);
  });
});

// Grades 2 0 1 and an unretrieved 3: relevant (grade above 0) at ranks 1 and 3, R = 3 (2, 1 and
// the unretrieved 3). AP = (1/1 + 2/3)/3 = 5/9.
test('graded → ranked: grades become marks, a grade above 0 relevant, with R', async () => {
  await withPage(shareLink('ndcg.html', { calc: 'ndcg', in: '2 0 1\nunretrieved: 3', m: 'nDCG, AP' }), async (page) => {
    const { keys, note, link } = await handOff(page, 'ranked');
    assert.deepEqual(keys, { calc: 'ranked', in: 'R N R', relevant: '3', m: 'AP' });
    assert.equal(note, 'The link writes the grades as marks, a grade above 0 as relevant, with R = 3.');
    await follow(page, link, ['AP = 5/9 ≈ 0.5556']);
  });
});

// R N R with R = 3 on the several-queries page: one query, MAP = its AP = 5/9. A ranked list
// reads the same there, so the input goes as typed, with R.
test('ranked → several queries: the list as typed, with R', async () => {
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: 'R N R', relevant: '3', m: 'AP, MAP' }), async (page) => {
    const { keys, note, link } = await handOff(page, 'queries');
    assert.deepEqual(keys, { calc: 'queries', in: 'R N R', relevant: '3', m: 'MAP' });
    assert.equal(note, '');
    await follow(page, link, ['MAP = 5/9 ≈ 0.5556']);
  });
});

// R N R R with R = 5: 3 relevant returned (TP), 1 not (FP), 5 − 3 = 2 missed (FN).
// F1 = 2·3/(2·3 + 1 + 2) = 6/9 = 2/3.
test('ranked → sets: the list becomes the counts of a confusion matrix', async () => {
  await withPage(shareLink('ranked.html', { calc: 'ranked', in: 'R N R R', relevant: '5', m: 'AP, F' }), async (page) => {
    const { keys, note, link } = await handOff(page, 'sets');
    assert.deepEqual(keys, { calc: 'sets', in: 'tp=3 fp=1 fn=2', m: 'F' });
    assert.equal(note, 'The link writes the list as counts: 3 relevant returned (TP), 1 not relevant returned (FP), 2 relevant not returned (FN).');
    await link.click();
    await page.waitForSelector('body[data-ready]');
    await waitForText(page, '#outcome-0 .answer', ['2/3']);
    assert.equal(await page.isVisible('#input-error'), false, 'no input error');
  });
});

// A confusion matrix is no ranking: nothing can be carried to the ranked page, so the link opens
// it without an input (and says so), never on an error.
test('sets → ranked with counts: the link opens the page without the input, and says why', async () => {
  await withPage(shareLink('sets.html', { calc: 'sets', in: 'tp=2 fp=2 fn=1 tn=3', m: 'confusion, AP' }), async (page) => {
    const { keys, note, link } = await handOff(page, 'ranked');
    assert.deepEqual(keys, { calc: 'ranked', m: 'AP' });
    assert.equal(note, 'This input cannot be written as a ranked list, so the link opens that page without it.');
    assert.equal(await link.textContent(), 'Open AP on the Ranked list page');
    await link.click();
    await page.waitForSelector('body[data-ready]');
    assert.equal(await page.isVisible('#input-error'), false, 'no input error');
    assert.equal(await page.inputValue('#measures'), 'AP');
  });
});
