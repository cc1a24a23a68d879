// The calculators' module with the answer checks (web/generated/irmetrics-check.js,
// wasm/CMakeLists.txt irmetrics_check): the API of irmetrics.d.ts without TrecSession. Before
// `npm run build` the import of web/generated/irmetrics-check.js resolves here (tsconfig.json's
// rootDirs), as irmetrics.js's resolves to irmetrics.d.ts.
export * from './irmetrics.js';
export { default } from './irmetrics.js';
