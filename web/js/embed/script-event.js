// @ts-check
// Loads a classic script beside irmetrics-embed.js that hands over what it holds in an event on
// its own <script> element (scripts/build-embed.mjs writes it): irmetrics-embed-inline.js (the
// wasm as base64). A <script> element works where fetch() does not: from file:// and from
// another origin without CORS headers, under the same `script-src` that let irmetrics-embed.js in. Nothing becomes a global of the page; the
// element is removed once it has run.

/**
 * The `detail` of the event `eventName` that the script at `url` dispatches on its element.
 * @param {string} url
 * @param {string} eventName
 * @returns {Promise<any>}
 */
export function loadScriptDetail(url, eventName) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    let detail;
    let given = false;
    script.addEventListener(
      eventName,
      (event) => {
        detail = /** @type {CustomEvent} */ (event).detail;
        given = true;
      },
      { once: true },
    );
    script.addEventListener('load', () => {
      script.remove();
      if (given) resolve(detail);
      else reject(new Error(`${url} gave nothing`));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`could not load ${url}`));
    });
    script.src = url;
    (document.head ?? document.documentElement).append(script);
  });
}
