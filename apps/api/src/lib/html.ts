// Server-rendered HTML: every value put into markup goes through one of these, once, called by the JSX runtime
// (lib/jsx/markup.ts) alone — the widget shops and their checkout, the sandbox pay page, the web app's shell tags and
// the dev mailbox are all .tsx. A page that wrote these by hand would step around it.

// Text or an attribute value
export function escapeHtml(value: string | number): string {
  return String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

// JSON inside a <script> element: nothing in it may close the element or start a comment
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
