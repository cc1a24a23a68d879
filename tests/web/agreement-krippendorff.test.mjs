// Browser tests of Krippendorff's alpha on the Judges' agreement page (web/agreement.html), against
// the built site: krippendorff-12-units of docs/examples.md (Krippendorff, "Computing Krippendorff's
// Alpha-Reliability", 2011), pasted as typed and as a spreadsheet copies it.
// Run: npm run build && node --test tests/web/agreement-krippendorff.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KRIPPENDORFF_2011 } from '../../web/js/examples.js';
import { shareLink, shownQuantities, useBrowserSession, waitForAnswers, waitForText } from './helpers.mjs';

// The paper's α: 0.743 nominal, 0.815 ordinal, 0.849 interval. Exactly (tests/core/
// golden_krippendorff.cpp works them): nominal D_o = 8/40 = 1/5, D_e = (1600 − 384)/1560 = 152/195,
// α = 1 − 39/152 = 113/152 ≈ 0.7434; ordinal 108577/133160 ≈ 0.8154; interval 951/1120 ≈ 0.8491.
const NOMINAL = 'α = 113/152 ≈ 0.7434';
const ORDINAL = 'α = 108577/133160 ≈ 0.8154';
const INTERVAL = 'α = 951/1120 ≈ 0.8491';

const session = useBrowserSession({ reusePages: true });
const { withPage } = session;

test('krippendorff-12-units: α = 113/152, the level selector gives the paper’s ordinal value, the coincidences shown', async () => {
  await withPage(shareLink('agreement.html', { calc: 'agreement', in: KRIPPENDORFF_2011, m: 'krippendorff' }), async (page) => {
    await waitForAnswers(page, [NOMINAL]);
    assert.equal(await page.locator('[data-input-kind="reliability"]').isVisible(), true);
    assert.equal(await page.locator('[data-input-kind="judges"]').isVisible(), false);
    const values = await shownQuantities(page);
    assert.equal(values.Do, '1/5 = 0.2');
    assert.equal(values.n, '40');
    // The other levels beside it, and unit 12 (one judgment) left out.
    await waitForText(page, '#outcome-0 .alternatives', ['krippendorff(level=interval)', '951/1120']);
    await waitForText(page, '#outcome-0 .notes', ['1 of 12 units have fewer than two judgments']);
    await waitForText(page, '#outcome-0', ['Coincidences o_ck', 'n = 40']);
    await page.locator('select[data-param="level"]').selectOption('ordinal');
    assert.equal(await page.inputValue('#measures'), 'krippendorff(level=ordinal)');
    await waitForAnswers(page, [ORDINAL]);
  });
});

test('a spreadsheet’s copy: units as rows under a corner word, tabs, empty cells missing', async () => {
  await withPage('agreement.html', async (page) => {
    await page.fill('#measures', 'krippendorff(level=interval)');
    const rows = ['unit\tA\tB\tC\tD', '1\t1\t1\t\t1', '2\t2\t2\t3\t2', '3\t3\t3\t3\t3', '4\t3\t3\t3\t3', '5\t2\t2\t2\t2',
      '6\t1\t2\t3\t4', '7\t4\t4\t4\t4', '8\t1\t1\t2\t1', '9\t2\t2\t2\t2', '10\t\t5\t5\t5', '11\t\t\t1\t1', '12\t\t3'];
    await page.fill('#input', rows.join('\n'));
    await waitForAnswers(page, [INTERVAL]);
    await waitForText(page, '#outcome-0 .notes', ['rows are units']);
  });
});

test('a row short of a judgment between spaces is marked, with what to write instead', async () => {
  await withPage('agreement.html', async (page) => {
    await page.fill('#measures', 'krippendorff');
    await page.fill('#input', 'A: 1 2 3 3\nB: 1 2 3');
    await waitForText(page, '#input-error', ['Line 2', 'line 2 has 3 judgments', '* or .']);
    // Words at the interval level: the message names the level to use.
    await page.fill('#measures', 'krippendorff(level=interval)');
    await page.fill('#input', 'A: yes no yes\nB: yes yes yes');
    await waitForText(page, '#input-error', ["'yes' is not one", 'level=nominal']);
  });
});
