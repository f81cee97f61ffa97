import type { ErrorItem } from '@portal/contract';
import { MESSAGES } from '@portal/contract';

// Deeper than any request of the contract (a booking body is three levels deep)
export const MAX_INPUT_DEPTH = 32;
// C0 control characters but tab, line feed and carriage return: PostgreSQL refuses NUL in text, and none of the
// others belongs in a name, an address or a note
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

// the field's path is kept as a link to its parent and spelt out only for a refusal: the happy path builds no arrays
type Pending = { value: unknown; key: string | null; parent: Pending | null; depth: number };

function fieldNameOf(item: Pending, root: string): string {
  const path: string[] = [];
  for (let at: Pending | null = item; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.length > 0 ? path.reverse().join('.') : root;
}

// Checked for every route before its schema: a text with a control character is a 422 on its field, a body nested
// deeper than MAX_INPUT_DEPTH a 422 on `root`. Iterative, so no input can exhaust the stack.
export function checkInput(value: unknown, root: string): ErrorItem | null {
  const pending: Pending[] = [{ value, key: null, parent: null, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value === 'string') {
      if (CONTROL_CHARACTERS.test(item.value))
        return { fieldName: fieldNameOf(item, root), errorMessage: MESSAGES.controlCharacters };
      continue;
    }
    if (!item.value || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_INPUT_DEPTH) return { fieldName: root, errorMessage: MESSAGES.bodyTooDeep };
    for (const [key, child] of Object.entries(item.value)) {
      if (CONTROL_CHARACTERS.test(key)) return { fieldName: root, errorMessage: MESSAGES.controlCharacters };
      pending.push({ value: child, key, parent: item, depth: item.depth + 1 });
    }
  }
  return null;
}
