// What scripts/build-embed.mjs's wrapper declares in the scope of the widget's bundle (see
// embed/factory.js). Types only.

/**
 * Where the engine's wasm is: inside the script (inline: the self-contained script of
 * irmetrics-offline.html), or beside it: fetchUrl (irmetrics-embed.wasm, null when it is not to be
 * fetched) and scriptUrl (irmetrics-embed-inline.js, the wasm as base64 in a classic script).
 */
declare var embedWasm: { inline: boolean; fetchUrl: string | null; scriptUrl: string };
