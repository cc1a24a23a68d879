// Browser tests of the home page (web/index.html): the measure reference generated from the
// engine's registry, the forwarding of share links, accessibility and the phone layout.
// Run: npm run build && node --test tests/web/index.test.mjs

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { contentSecurityPolicy } from '../../scripts/serve.mjs';
import { DESKTOP, PHONE, axeViolations, distDir, horizontalOverflow, useBrowserSession, waitForText } from './helpers.mjs';

const { openPage, withPage } = useBrowserSession({ reusePages: true });

test('the reference shows every ranked-list measure with its summary, KaTeX formula and parameters', async () => {
  await withPage('index.html', async (page) => {
    const names = await page.locator('article.measure .measure-name').allTextContents();
    for (const name of ['AP', 'P', 'R', 'PR', 'Rprec', 'RR', '11pt', 'IPrec']) assert.ok(names.includes(name), `${name} in ${names}`);
    // A formula may be typeset in several pieces (render/math-lines.js), each its own .katex.
    assert.equal(await page.locator('article.measure .math-block:has(.katex)').count(), names.length, 'one rendered formula per measure');
    const ap = page.locator('#measure-AP');
    assert.match(await ap.locator('.param-table').textContent(), /norm\s*relevant \(default\),\s*retrieved/);
    assert.match(await page.locator('#measure-11pt .param-table').textContent(), /textbook \(default\), trec9, trec10/);
    assert.match(await page.locator('[data-version]').textContent(), /\d+\.\d+\.\d+/);
  });
});

test('the reference groups every measure by input kind, under its calculator, each with a formula', async () => {
  await withPage('index.html', async (page) => {
    const sections = await page.locator('section.reference-family').evaluateAll((nodes) =>
      nodes.map((node) => ({
        title: node.querySelector('h3').textContent,
        link: node.querySelector('.reference-family-heading a')?.getAttribute('href'),
        names: [...node.querySelectorAll('.measure-name')].map((name) => name.textContent),
        formulas: node.querySelectorAll('article.measure .math-block:has(.katex)').length,
      })),
    );
    const byTitle = Object.fromEntries(sections.map((section) => [section.title, section]));
    const expected = {
      'Ranked list': ['ranked.html', ['AP', 'P', 'R', 'PR', 'Rprec', 'RR', '11pt', 'IPrec', 'bpref']],
      'Several queries (MAP, MRR, …)': ['queries.html', ['MAP', 'MRR', 'gMAP', '11pt-avg', 'mean']],
      'Graded relevance (DCG, nDCG, ERR, RBP)': ['ndcg.html', ['nDCG', 'DCG', 'IDCG', 'ERR', 'RBP', 'INST', 'Compat']],
      'Diversity (alpha-nDCG, ERR-IA, …)': [
        'diversity.html',
        ['alpha-nDCG', 'alpha-DCG', 'ERR-IA', 'nERR-IA', 'NRBP', 'nNRBP', 'AP-IA', 'P-IA', 'S-recall'],
      ],
      'ROC, AUC, EER': ['roc.html', ['ROC', 'AUC', 'EER', 'AUC-PR']],
      'Sets and confusion matrices': ['sets.html', ['confusion', 'F']],
      'Multiclass confusion matrix': ['multiclass.html', ['multiclass']],
      // Three input families (two judges, Fleiss' table, coders × units), one calculator, one section.
      'Judges’ agreement (kappa, Fleiss, Krippendorff)': ['agreement.html', ['kappa', 'fleiss', 'krippendorff']],
      'Rank correlation (τ, τ_AP, ρ, r, RBO)': ['correlation.html', ['tau', 'tau_ap', 'spearman', 'pearson', 'rbo']],
      'Significance tests': ['significance.html', ['sign', 'wilcoxon', 'ttest', 'randomization']],
      Pooling: ['pooling.html', ['pool']],
    };
    assert.deepEqual(Object.keys(byTitle).sort(), Object.keys(expected).sort());
    for (const [title, [page, names]] of Object.entries(expected)) {
      assert.equal(byTitle[title].link, `./${page}`, title);
      for (const name of names) assert.ok(byTitle[title].names.includes(name), `${name} under ${title}`);
      assert.equal(byTitle[title].formulas, byTitle[title].names.length, `a formula for each measure of ${title}`);
    }
    const cards = await page.locator('[data-calculators] .card h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.deepEqual(cards, [
      './ranked.html',
      './ndcg.html',
      './diversity.html',
      './queries.html',
      './roc.html',
      './sets.html',
      './multiclass.html',
      './agreement.html',
      './correlation.html',
      './significance.html',
      './pooling.html',
      './trec.html',
    ]);
  });
});

test("a measure's example link opens the calculator and computes it", async () => {
  await withPage('index.html', async (page) => {
    await page.locator('#measure-AP .example a').click();
    await page.waitForURL(/ranked\.html#/);
    await page.waitForSelector('body[data-ready]');
    await waitForText(page, '.outcome .answer', ['AP(norm=retrieved)@10', '28/45']);
  });
  await withPage('index.html', async (page) => {
    await page.locator('#measure-nDCG .example a').click();
    await page.waitForURL(/ndcg\.html#/);
    await page.waitForSelector('body[data-ready]');
    // dcg-4-3-4-2 under trec_eval's discount, cut at 5: the example of the registry.
    await waitForText(page, '.outcome .answer', ['nDCG(dcg=trec)@5']);
  });
});

test('on a calculator of two input families, each measure’s example opens with an input of its own family', async () => {
  // kappa's example, kappa(chance=pooled), on kappa-400-documents' grid: 23/55; fleiss on the
  // CS657A notes' table (fleiss-14-raters).
  for (const [measure, answer] of [
    ['kappa', ['κ', '23/55']],
    ['fleiss', ['κ', '4211/20059']],
  ]) {
    await withPage('index.html', async (page) => {
      await page.locator(`#measure-${measure} .example a`).click();
      await page.waitForURL(/agreement\.html#/);
      await page.waitForSelector('body[data-ready]');
      await waitForText(page, '.outcome .answer', answer);
    });
  }
});

test('a share link addressed to the home page is forwarded to its calculator', async () => {
  const state = new URLSearchParams({ calc: 'ranked', in: '+ - + - - + - - + +', relevant: '5', m: 'AP@10' });
  await withPage(
    `index.html#${state}`,
    async (page) => {
      await page.waitForURL(/ranked\.html#calc=ranked/);
      await page.waitForSelector('body[data-ready]');
      await waitForText(page, '.outcome .answer', ['28/45', '0.6222']);
    },
    { waitForReady: false },
  );
});

/**
 * Whether `id` stands at the top of the window (below its 1rem = 16 px scroll margin, to a pixel
 * or two of rounding), whether the page scrolled to get there, and what has the focus.
 */
const landing = (page, id) =>
  page.evaluate((target) => {
    const top = document.getElementById(target).getBoundingClientRect().top;
    return { atTop: Math.abs(top - 16) <= 2 || `${top} px from the top`, scrolled: window.scrollY > 0, focused: document.activeElement.id };
  }, id);

test('index.html#reference lands on the measure reference once it is built (wide and on a phone), focused', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    await withPage(
      'index.html#reference',
      async (page) => {
        assert.deepEqual(await landing(page, 'reference'), { atTop: true, scrolled: true, focused: 'reference' });
        assert.deepEqual(await axeViolations(page), []);
      },
      { viewport },
    );
  }
});

test("a measure's own link (index.html#measure-bpref) lands on its card; the calculators' hint link lands on the reference", async () => {
  await withPage('index.html#measure-bpref', async (page) => {
    assert.deepEqual(await landing(page, 'measure-bpref'), { atTop: true, scrolled: true, focused: 'measure-bpref' });
  });
  await withPage('ranked.html', async (page) => {
    await page.click('#measures-hint a[href="./index.html#reference"]');
    await page.waitForURL(/index\.html#reference$/);
    await page.waitForSelector('body[data-ready]');
    assert.deepEqual(await landing(page, 'reference'), { atTop: true, scrolled: true, focused: 'reference' });
  });
});

test('the home page lists every measure of the calculators without loading a wasm module or a worker', async () => {
  // The list is worked out at build time from the lite module (vite.config.js, measureList);
  // the same module loaded here in Node lists the same names.
  const generated = new URL('../../web/generated/', import.meta.url);
  const { default: create } = await import(new URL('irmetrics-lite.js', generated).href);
  const lite = await create({ wasmBinary: readFileSync(new URL('irmetrics-lite.wasm', generated)) });
  const expected = lite.listMeasures().map((info) => info.name);
  assert.ok(expected.includes('AP') && expected.includes('kappa') && expected.length > 40);
  await withPage('index.html', async (page) => {
    const names = await page.locator('article.measure .measure-name').allTextContents();
    assert.deepEqual(names.toSorted(), expected.toSorted());
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    assert.deepEqual(fetched.filter((path) => /\.wasm$|engine-worker/.test(path)), [], 'no wasm module, no engine worker');
    assert.match(await page.locator('[data-version]').textContent(), new RegExp(`engine ${lite.version().replace(/[.]/g, '\\.')}$`));
  }, { fresh: true }); // what it fetches: with a cold cache, as a first visit
});

test('no accessibility violations (axe-core) on the home page', async () => {
  await withPage('index.html', async (page) => {
    assert.deepEqual(await axeViolations(page), []);
  });
});

test('at 375 px wide the home page does not scroll sideways', async () => {
  await withPage('index.html', async (page) => assert.equal(await horizontalOverflow(page), 0), { viewport: PHONE });
});

test('the strict CSP is in force: sent as a header by serve.mjs and present in every built page', async () => {
  const pages = readdirSync(distDir).filter((file) => file.endsWith('.html'));
  assert.deepEqual(pages.sort(), [
    'agreement.html',
    'correlation.html',
    'diversity.html',
    'embed.html',
    'embedding.html',
    'index.html',
    'irmetrics-offline.html',
    'multiclass.html',
    'ndcg.html',
    'pooling.html',
    'practice.html',
    'queries.html',
    'ranked.html',
    'roc.html',
    'sets.html',
    'significance.html',
    'trec.html',
  ]);
  // The offline page is one file opened from disk: its scripts are inline by design (a file://
  // page can load nothing else), so it is checked by the embed tests, not here.
  for (const file of pages.filter((name) => name !== 'irmetrics-offline.html')) {
    const html = readFileSync(`${distDir}${file}`, 'utf8');
    assert.match(html, /<meta http-equiv="Content-Security-Policy"/, file);
    assert.doesNotMatch(html, /<!--\s*include:|\{\{/, `${file} has every partial put in place`);
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, `${file} has no inline script`);
    assert.doesNotMatch(html, /\sstyle="/, `${file} has no style attribute`);
  }
  const { page, problems, close } = await openPage('index.html');
  try {
    const response = await page.reload();
    await page.waitForSelector('body[data-ready]');
    assert.equal(response.headers()['content-security-policy'], contentSecurityPolicy);
    assert.deepEqual(problems, []);
    // An inline script is refused: the policy is really enforced, so "no violations" means something.
    const ran = await page.evaluate(() => {
      window.inlineRan = false;
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
      return window.inlineRan;
    });
    assert.equal(ran, false);
    await page.waitForTimeout(100); // the violation event is dispatched asynchronously
    assert.ok(problems.some((problem) => problem.startsWith('CSP violation: script-src')), problems.join('\n'));
  } finally {
    await close();
  }
});
