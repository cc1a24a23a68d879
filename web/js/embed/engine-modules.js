// @ts-check
// The embed build's stand-in for web/js/engine-modules.js (scripts/build-embed.mjs aliases it):
// the widget has one module, with every measure, so no group module is ever loaded.

/** @type {Object<string, import('../engine-modules.js').ModuleLoader>} */
export const groupModules = {};
