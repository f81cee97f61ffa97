import { expect } from 'vitest';

// docs/decisions/0130: server pages are JSX whose runtime escapes every text and attribute. A value that would run as
// a script or break out of an attribute, and how it must read in the page's HTML.
export const HOSTILE = `<script>alert(1)</script>"'&`;
export const HOSTILE_ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;';

// the page shows the hostile value, and only ever escaped
export function expectOnlyEscaped(html: string): void {
  const count = (text: string) => html.split(text).length - 1;
  expect(count(HOSTILE_ESCAPED)).toBeGreaterThan(0);
  expect(count('alert(1)')).toBe(count(HOSTILE_ESCAPED));
  expect(html).not.toContain(`"'&`);
}
