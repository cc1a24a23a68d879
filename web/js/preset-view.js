// @ts-check
// The convention presets on a calculator page: the switch (a <select>) and the statement of the
// conventions in force under it. The table of presets and what they decide is
// common/presets.js, pure and shared with the command line; this is its DOM half.

import { PRESETS, conventionsInForce, presetById } from '../../common/presets.js';

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
