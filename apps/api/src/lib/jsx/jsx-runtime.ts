import type { KitaIntrinsicElements } from './kita-elements.ts';
import { element, fragment, type Child, type Markup, type Props } from './markup.ts';

// The JSX runtime of the API's server-rendered pages (tsconfig `jsxImportSource: "#jsx"`, package.json `imports`):
// @kitajs/html's element and attribute types, rendered to a string with every text child and attribute value escaped
// (markup.ts). @kitajs/html's own runtime writes children as they are unless told `safe`; here nothing needs telling.

type Component = (props: Props) => Markup | null;

export function jsx(type: string | Component, props: Props): Markup {
  if (typeof type !== 'function') return element(type, props);
  return type(props) ?? fragment(null);
}

export const jsxs = jsx;

export function Fragment(props: { children?: Child }): Markup {
  return fragment(props.children);
}

// what an element takes: @kitajs/html's attributes for it, without its own escape switches (`safe`, `attrs`)
type Attributes<T> = Omit<T, 'safe' | 'attrs' | 'children' | 'className'> & { children?: Child };

// eslint-disable-next-line @typescript-eslint/no-namespace -- TypeScript reads JSX's types from this namespace
export namespace JSX {
  export type Element = Markup;
  export type ElementType = string | ((props: never) => Markup | null);
  export type IntrinsicElements = { [K in keyof KitaIntrinsicElements]: Attributes<KitaIntrinsicElements[K]> };
  export interface ElementChildrenAttribute {
    children: unknown;
  }
}
