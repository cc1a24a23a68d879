// @ts-check
// The measures field's names now live in common/measure-list.js (pure: the page and the command
// line share it). This file only forwards them for web/js/calculators.js, until that file imports
// from common/ itself; then it goes.
export * from '../../common/measure-list.js';
