// ESLint (flat config, the recommended rules) over the project's JavaScript: the pages and the
// widget (web/js, browser and worker globals), the modules the pages and the command line share
// (common/: only the globals both have, so a `document` or a `process` there is an error), the
// command line, the build scripts and the tests (Node). `npm test` runs it (scripts/test.sh, the
// lint stage); `npx eslint .` runs it alone.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['node_modules/', 'dist/', 'build/', 'web/generated/'] },
  js.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs'],
    ignores: ['common/**'],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node } },
  },
  {
    // The pages, the widget and their workers; the browser tests' page functions run there too.
    files: ['web/**/*.js', 'tests/web/**/*.mjs', 'scripts/bench-web.mjs', 'scripts/bench-compare.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  {
    // What web/ and bin/ share runs in both: neither the DOM's globals nor Node's.
    files: ['common/**/*.js'],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals['shared-node-browser'] } },
  },
];
