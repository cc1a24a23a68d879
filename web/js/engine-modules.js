// @ts-check
// The calculator pages' wasm modules, one per group of pages (wasm/CMakeLists.txt,
// core/include/irm/module_group.h): each holds only its group's measures and input readers, so a
// first visit of a calculator page downloads its group's module, not the lite one with every
// measure. calculators.js names each page's group (`engine`); engine-worker.js starts it, and
// asks the lite module for a measure the group's module does not have.
// scripts/build-embed.mjs replaces this file by embed/engine-modules.js (no group module: the
// widget's one module has everything).

/** @typedef {() => Promise<{default: import('./irmetrics.js').CreateIrMetrics}>} ModuleLoader */

/** @type {Object<string, ModuleLoader>} */
export const groupModules = {
  lists: () => import('../generated/irmetrics-lists.js'),
  diversity: () => import('../generated/irmetrics-diversity.js'),
  sets: () => import('../generated/irmetrics-sets.js'),
  roc: () => import('../generated/irmetrics-roc.js'),
  significance: () => import('../generated/irmetrics-significance.js'),
  agreement: () => import('../generated/irmetrics-agreement.js'),
  correlation: () => import('../generated/irmetrics-correlation.js'),
  pooling: () => import('../generated/irmetrics-pooling.js'),
};
