// @ts-check
// The site's stylesheet (web/css/site.css) made fit for the widget's shadow root, so that a
// widget looks like the calculator pages without a second copy of their rules:
//   - the custom properties of :root are set on :host (a shadow root has no :root);
//   - body's rule (font, colours) applies to the widget's box, .irc;
//   - the system's dark mode applies only when the author asks (theme="auto"; theme="dark"
//     always): on a light course page a dark widget would look broken, so light is the default.

// Every `@media (prefers-color-scheme: dark) { :root { … } }` block of the site (each section of
// site.css may add its own variables).
const DARK_BLOCK = /@media \(prefers-color-scheme: dark\) \{\s*:root \{([^}]*)\}\s*\}/g;

/**
 * @param {string} siteCss the text of web/css/site.css
 * @returns {string} CSS for the shadow root
 */
export function shadowCss(siteCss) {
  const darkVariables = [...siteCss.matchAll(DARK_BLOCK)].map((match) => match[1]).join('');
  return [
    siteCss
      .replace(DARK_BLOCK, '')
      .replace(/(^|\n):root \{/g, '$1:host {')
      .replace(/(^|\n)body \{/g, '$1.irc {')
      .replace(/(^|\n)html \{[^}]*\}/g, ''),
    `.irc[data-theme='dark'] {${darkVariables} color-scheme: dark; }`,
    `@media (prefers-color-scheme: dark) { .irc[data-theme='auto'] {${darkVariables} color-scheme: dark; } }`,
  ].join('\n');
}
