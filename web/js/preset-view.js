// @ts-check
// The convention presets on a calculator page: the switch (a <select>, "My course uses"), the
// choice remembered in the browser, and the statement of the conventions in force under it. The
// table of presets and what they decide is common/presets.js, pure and shared with the command
// line; this is its DOM half.

import { DEFAULT_PRESET, PRESETS, conventionsInForce, presetById } from '../../common/presets.js';

/** Where the source a student picked is kept (localStorage, per site): a preset id. */
export const PRESET_STORAGE_KEY = 'irmetrics.preset';

/**
 * The source this browser picked last ("My course uses …"), or null: none picked, the default
 * picked, storage refused (a private window may refuse it) or an id this version does not know.
 * @returns {string | null}
 */
export function rememberedPreset() {
  try {
    const id = presetById(window.localStorage.getItem(PRESET_STORAGE_KEY) ?? '')?.id;
    return id && id !== DEFAULT_PRESET ? id : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the source a student picked for every calculator page of the site (the default is kept
 * as no entry). Storage that refuses is not an error: the choice then lasts for the page only.
 * @param {string} id a preset id
 */
export function rememberPreset(id) {
  try {
    if (id === DEFAULT_PRESET) window.localStorage.removeItem(PRESET_STORAGE_KEY);
    else window.localStorage.setItem(PRESET_STORAGE_KEY, id);
  } catch {
    // storage refused: the choice is the page's only
  }
}

/** A DOM element with text children only (whatever a reader typed stays text). */
function make(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const child of children) node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

/**
 * Fills the switch (a <select>) with the presets, the default first.
 * @param {HTMLSelectElement} select
 */
export function fillPresetSelect(select) {
  select.replaceChildren(
    ...PRESETS.map((preset) => {
      const option = document.createElement('option');
      option.value = preset.id;
      option.textContent = preset.label;
      return option;
    }),
  );
}

/**
 * States the preset and the conventions in force for the names in the measures field: one line
 * per convention, with its source, and a remark where a name does not follow the preset (a
 * convention set in the name by hand, or by an example).
 * @param {HTMLElement} container
 * @param {string[]} names
 * @param {string} presetId
 * @param {import('./engine.js').MeasureInfo[]} registry
 */
export function renderPresetStatement(container, names, presetId, registry) {
  const preset = presetById(presetId) ?? PRESETS[0];
  const rows = conventionsInForce(names, preset.id, registry);
  const lead = make('p', 'preset-lead', 'In force: ', make('strong', '', preset.label), ` (${preset.summary})`);
  if (!rows.length) {
    lead.append('. None of the measures chosen depends on a convention these presets set.');
    container.replaceChildren(lead);
    return;
  }
  lead.append('.');
  const list = make(
    'ul',
    'preset-conventions',
    ...rows.map((row) => {
      const item = make(
        'li',
        row.matches ? '' : 'is-other',
        make('span', 'preset-convention-name', `${row.convention.name} (${row.measures.join(', ')})`),
        ': ',
        make('code', '', `${row.param}=${row.value}`),
        ` — ${row.meaning}. `,
      );
      item.append(
        make(
          'span',
          'preset-source',
          row.matches ? `Source: ${row.why}.` : `Set in the name: ${preset.label} uses ${row.param}=${row.expected} (${row.why}).`,
        ),
      );
      return item;
    }),
  );
  container.replaceChildren(lead, list);
}
