// @ts-check
// .github/workflows/pages.yml, the workflow that publishes dist/ on GitHub Pages, read as GitHub
// reads it (YAML 1.2, through the `yaml` package) and held to what the README and
// docs/embedding.md ("Host it for a course") say: it runs on a push to main and by hand, with the
// permissions Pages needs, builds with the README's own commands (each `run:` line is a command
// of one of the README's code blocks, and together they are one block's commands in its order),
// and publishes with configure-pages, then upload-pages-artifact (dist/), then deploy-pages.
// Run: node --test tests/js/pages-workflow.test.mjs (needs no build)

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseDocument } from 'yaml';

const root = new URL('../../', import.meta.url);
const workflowText = readFileSync(new URL('.github/workflows/pages.yml', root), 'utf8');
const readme = readFileSync(new URL('README.md', root), 'utf8');
/** The manual that says how to turn the workflow on ("Host it for a course"). */
const hosting = readFileSync(new URL('docs/embedding.md', root), 'utf8');

/** The versions the workflow is held to: bump them here and in pages.yml together. */
const PAGES_ACTIONS = ['actions/configure-pages@v5', 'actions/upload-pages-artifact@v5', 'actions/deploy-pages@v5'];

/**
 * The commands of a shell text: one per line (a line ending in '\' goes on), without comments
 * (from a '#' at the start or after a space) and blank lines, runs of spaces made one.
 * @param {string} text
 * @returns {string[]}
 */
function shellCommands(text) {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * The README's fenced code blocks of shell commands (```sh, ```bash, ```shell, or no language),
 * each as its list of commands.
 * @param {string} markdown
 * @returns {string[][]}
 */
function readmeCommandBlocks(markdown) {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)]
    .filter(([, language]) => ['', 'sh', 'bash', 'shell'].includes(language))
    .map(([, , body]) => shellCommands(body));
}

/** @returns {any} the workflow as plain data, after checking that it parses without a warning */
function workflow() {
  const document = parseDocument(workflowText, { uniqueKeys: true, prettyErrors: true });
  assert.deepEqual(document.errors.map(String), [], 'YAML errors');
  assert.deepEqual(document.warnings.map(String), [], 'YAML warnings');
  return document.toJS();
}

test('the helpers read shell lines as the README writes them', () => {
  assert.deepEqual(shellCommands('npm run setup   # install\n\n# a comment\nbash scripts/build.sh \\\n  site\necho "a#b"\n'), [
    'npm run setup',
    'bash scripts/build.sh site',
    'echo "a#b"',
  ]);
  assert.deepEqual(readmeCommandBlocks('text\n```sh\nnpm start # go\n```\n```html\n<p>x</p>\n```\n```\nnpm test\n```\n'), [
    ['npm start'],
    ['npm test'],
  ]);
});

test('pages.yml runs on a push to main and by hand, with the permissions Pages needs, one publication at a time', () => {
  const flow = workflow();
  assert.equal(typeof flow.name, 'string');
  // `on` is a key here (YAML 1.2, as GitHub reads it), not the YAML 1.1 boolean.
  assert.deepEqual(Object.keys(flow.on).sort(), ['push', 'workflow_dispatch']);
  assert.deepEqual(flow.on.push, { branches: ['main'] });
  assert.deepEqual(flow.permissions, { contents: 'read', pages: 'write', 'id-token': 'write' });
  assert.ok(typeof flow.concurrency?.group === 'string' && flow.concurrency.group.length > 0, 'a concurrency group');
  assert.equal(flow.concurrency['cancel-in-progress'], false, 'a publication under way is let finish');
});

test('pages.yml publishes with configure-pages, upload-pages-artifact (path dist) and deploy-pages, in that order', () => {
  const flow = workflow();
  assert.deepEqual(Object.keys(flow.jobs), ['build', 'deploy']);
  const { build, deploy } = flow.jobs;
  const steps = [...build.steps, ...deploy.steps];
  for (const step of steps) {
    if (step.uses) assert.match(step.uses, /^[\w-]+\/[\w-]+@v\d+$/, 'each action pinned to a major version');
  }
  const pagesActions = steps.map((step) => step.uses).filter((uses) => /^actions\/(configure-pages|upload-pages-artifact|deploy-pages)@/.test(uses ?? ''));
  assert.deepEqual(pagesActions, PAGES_ACTIONS);
  const upload = build.steps.find((step) => step.uses?.startsWith('actions/upload-pages-artifact@'));
  assert.deepEqual(upload.with, { path: 'dist' });
  // The upload is the build job's last step: dist/ is complete by then.
  assert.equal(build.steps.at(-1), upload);

  assert.equal(deploy.needs, 'build');
  assert.equal(deploy['runs-on'], 'ubuntu-latest');
  assert.deepEqual(deploy.environment, { name: 'github-pages', url: '${{ steps.deployment.outputs.page_url }}' });
  assert.deepEqual(deploy.steps, [{ id: 'deployment', uses: PAGES_ACTIONS[2] }]);
});

test("pages.yml builds in Debian 12 with Node 20 or later, by the README's commands only", () => {
  const { build } = workflow().jobs;
  assert.equal(build['runs-on'], 'ubuntu-latest');
  // scripts/setup.sh installs Debian 12's packages by name (Ubuntu has no `chromium` package).
  assert.equal(build.container, 'debian:12');
  assert.match(build.steps[0].uses, /^actions\/checkout@v\d+$/);
  const setupNode = build.steps.findIndex((step) => step.uses?.startsWith('actions/setup-node@'));
  const firstRun = build.steps.findIndex((step) => step.run);
  assert.ok(setupNode >= 0 && setupNode < firstRun, 'Node is set up before the first command');
  assert.ok(Number(build.steps[setupNode].with['node-version']) >= 20, 'Node 20 or later (README, package.json engines)');

  const runs = build.steps.filter((step) => step.run).flatMap((step) => shellCommands(step.run));
  const blocks = readmeCommandBlocks(readme);
  const known = new Set(blocks.flat());
  for (const command of runs) assert.ok(known.has(command), `'${command}' is not a command the README gives`);
  // The two of them are one README block, in its order: install, then build.
  assert.ok(blocks.some((block) => JSON.stringify(block) === JSON.stringify(runs)), `no README code block is exactly ${JSON.stringify(runs)}`);
  assert.equal(runs[0], 'npm run setup');
  assert.ok(['npm run build', 'bash scripts/build.sh site', 'bash scripts/build.sh'].includes(runs.at(-1)), runs.at(-1));
  // No job but these, and no step in deploy that runs a command.
  assert.ok(workflow().jobs.deploy.steps.every((step) => !step.run));
});

test('docs/embedding.md says how to turn the workflow on and where the site appears', () => {
  const prose = hosting.replace(/\s+/g, ' '); // as read, whatever the line breaks
  assert.match(prose, /\.github\/workflows\/pages\.yml/);
  assert.match(prose, /Settings → Pages → Build and deployment → Source, choose "GitHub Actions"/);
  assert.match(prose, /https:\/\/NAME\.github\.io\/REPO\//);
  // The workflow's name, as the manual tells a reader to find it under Actions.
  assert.ok(prose.includes(`Actions → "${workflow().name}" → Run workflow`), workflow().name);
  // And the README, which gives the commands, points there.
  assert.match(readme, /\(docs\/embedding\.md#host-it-for-a-course\)/);
});
