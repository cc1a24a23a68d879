// What scripts/build-embed.mjs's wrapper declares in the scope of the widget's bundle (see
// embed/factory.js). Types only.

/**
 * Where the engine's wasm is: inside the script (base64: irmetrics-embed-single.js, and the
 * self-contained script of irmetrics-offline.html), or beside it (base64 null): fetchUrl
 * (irmetrics-embed.wasm, null when it is not to be fetched) and scriptUrl
 * (irmetrics-embed-inline.js, the wasm as base64 in a classic script).
 */
declare var embedWasm: { base64: string | null; fetchUrl: string | null; scriptUrl: string };
