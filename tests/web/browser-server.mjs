// One headless Chromium for all the browser test files of a run (scripts/test.sh's web stage):
// it prints its endpoint on the first line of stdout and serves until it is sent SIGTERM or
// SIGINT (scripts/test.sh stops it on exit). Each file connects to it through IRM_BROWSER_WS
// (helpers.mjs openBrowser) and works in contexts of its own.
//
//   node tests/web/browser-server.mjs   →   ws://127.0.0.1:PORT/ID

import { chromium } from 'playwright-core';
import { launchOptions } from './helpers.mjs';

const server = await chromium.launchServer({ ...launchOptions(), host: '127.0.0.1' });
let closing = false;
async function stop() {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdout.write(`${server.wsEndpoint()}\n`);
