import { isVoidElement } from '@kitajs/html';
import { escapeHtml, jsonForScript } from '../html.ts';

// What the server's JSX renders to (the .tsx pages of apps/api; docs/decisions/0130-server-html-renderer.md). A child
// or an attribute value is text and is escaped. Only Markup is written as it is, and Markup is made here alone: by an
// element, by raw() for our own static CSS, SVG and text with its tags, and by scriptJson() for JSON in a <script>.

const MADE_HERE = Symbol('markup');

export class Markup {
  readonly #html: string;
  constructor(madeHere: typeof MADE_HERE, html: string) {
    if (madeHere !== MADE_HERE) throw new Error('Markup is made by an element, raw() or scriptJson()');
    this.#html = html;
  }
  toString(): string {
    return this.#html;
  }
}

export type Child = Markup | string | number | boolean | null | undefined | readonly Child[];

// Our own static markup written as it is: the pages' style sheets, the shop's SVG icons, our own text with its tags.
// Never a value from a request, the database or an agency.
export function raw(html: string): Markup {
  return new Markup(MADE_HERE, html);
}

// A value as JSON inside a <script> element (the shop's structured data), escaped for that element
export function scriptJson(value: unknown): Markup {
  return new Markup(MADE_HERE, jsonForScript(value));
}

// A whole page: the doctype, then its <html> element
export function htmlDocument(page: Markup, doctype = '<!doctype html>\n'): string {
  return `${doctype}${page.toString()}`;
}

function childrenToString(child: Child): string {
  if (child === null || child === undefined || typeof child === 'boolean') return '';
  if (child instanceof Markup) return child.toString();
  if (Array.isArray(child)) return child.map(childrenToString).join('');
  return escapeHtml(child as string | number);
}

export type Props = { children?: Child; [name: string]: unknown };

// true writes the attribute's name alone, false, null and undefined leave it out; any other value is text
function attributesToString(props: Props): string {
  let result = '';
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children' || value === undefined || value === null || value === false) continue;
    result += value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`;
  }
  return result;
}

export function element(type: string, props: Props): Markup {
  const attributes = attributesToString(props);
  // a void element as HTML writes it (`<br>`, `<input …>`), never with a closing tag
  if (isVoidElement(type)) return new Markup(MADE_HERE, `<${type}${attributes}>`);
  return new Markup(MADE_HERE, `<${type}${attributes}>${childrenToString(props.children)}</${type}>`);
}

export function fragment(children: Child): Markup {
  return new Markup(MADE_HERE, childrenToString(children));
}
