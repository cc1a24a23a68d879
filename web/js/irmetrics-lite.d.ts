// The calculators' first module (web/generated/irmetrics-lite.js, wasm/CMakeLists.txt
// irmetrics_lite): the API of irmetrics.d.ts built without the TREC engine and the answer checks
// (no TrecSession, check or listSlips). Before `npm run build` the import of
// web/generated/irmetrics-lite.js resolves here (tsconfig.json's rootDirs), as irmetrics.js's
// resolves to irmetrics.d.ts.
export * from './irmetrics.js';
export { default } from './irmetrics.js';
