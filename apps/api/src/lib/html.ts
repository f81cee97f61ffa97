// Server-rendered HTML: every value put into markup goes through one of these, once — in the .tsx pages (widget shops
// and their checkout, the sandbox pay page) by the JSX runtime (lib/jsx), in the web app's shell and the dev mailbox
// by hand.

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
