// A calculator group's module (web/generated/irmetrics-pooling.js, wasm/CMakeLists.txt IRM_GROUPS;
// web/js/engine-modules.js): irmetrics-lite.d.ts's API, with only the "pooling" group's measures.
// Before `npm run build` its import resolves here (tsconfig.json's rootDirs).
export * from './irmetrics.js';
export { default } from './irmetrics.js';
