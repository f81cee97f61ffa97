// The web app's words at run time: resources in i18next's JSON format (packages/i18n, which the API reads with
// i18next itself), resolved the way i18next resolves them for what this app uses — keys by dots, a namespace per
// bundle ('translation' unless named), plural forms by `count` (key_one, key_few… then the bare key), `{{name}}`
// values (a value not passed stays as written, one passed as null or undefined is empty), `$t(key)` nesting after
// the values, `defaultValue`, whole subtrees (`tree`), and English for a key the language on screen lacks. Some
// 2 KB instead of i18next and react-i18next's 17 KB on every page's first load (issue 32, decision 0157).
export type TOptions = {
  [name: string]: unknown;
  count?: number;
  defaultValue?: string;
  ns?: string;
};

export type TFunction = (key: string, options?: TOptions) => string;

type Tree = { [key: string]: unknown };

const DEFAULT_NS = 'translation';
const VALUE = /\{\{\s*([^{}\s]+)\s*\}\}/g;
const NESTED = /\$t\(([^()]+)\)/g;

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

function merged(into: Tree, from: Tree): Tree {
  const result: Tree = { ...into };
  for (const [key, value] of Object.entries(from))
    result[key] = isTree(value) && isTree(result[key]) ? merged(result[key], value) : value;
  return result;
}

export class Translator {
  language: string;
  private readonly bundles = new Map<string, Tree>();
  private readonly listeners = new Set<() => void>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();
  private version = 0;

  constructor(
    language: string,
    private readonly fallback: string,
    private readonly onMissing: (key: string) => void = () => undefined,
  ) {
    this.language = language;
  }

  // a part of a language's words, merged into what is there (a later part's key wins)
  addResourceBundle(language: string, ns: string, resources: Tree): void {
    const id = `${language}:${ns}`;
    this.bundles.set(id, merged(this.bundles.get(id) ?? {}, resources));
    this.changed();
  }

  async changeLanguage(language: string): Promise<void> {
    this.language = language;
    this.changed();
  }

  exists(key: string, options: TOptions = {}): boolean {
    return this.find(key, options) !== undefined;
  }

  readonly t: TFunction = (key, options = {}) => {
    const found = this.find(key, options);
    if (typeof found === 'string') return this.render(found, options);
    if (found === undefined && options.defaultValue !== undefined) return this.render(options.defaultValue, options);
    this.onMissing(key);
    return key;
  };

  // a whole subtree of words (i18next's returnObjects), every text in it with its values
  tree(key: string, options: TOptions = {}): unknown {
    const found = this.find(key, options);
    if (found === undefined) this.onMissing(key);
    return found === undefined ? undefined : this.renderAll(found, options);
  }

  // for React: listeners hear of every new bundle and language; the version says whether anything changed
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getVersion = (): number => this.version;

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  private find(key: string, options: TOptions): unknown {
    const ns = options.ns ?? DEFAULT_NS;
    const languages = this.language === this.fallback ? [this.language] : [this.language, this.fallback];
    for (const language of languages) {
      const bundle = this.bundles.get(`${language}:${ns}`);
      if (!bundle) continue;
      const keys =
        typeof options.count === 'number' ? [`${key}_${this.pluralOf(language, options.count)}`, key] : [key];
      for (const candidate of keys) {
        const value = valueAt(bundle, candidate);
        if (value !== undefined) return value;
      }
    }
    return undefined;
  }

  private pluralOf(language: string, count: number): string {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    return rules.select(count);
  }

  private render(text: string, options: TOptions): string {
    const withValues = text.replace(VALUE, (written, name: string) => {
      if (!Object.prototype.hasOwnProperty.call(options, name)) return written;
      const value = options[name];
      return value === undefined || value === null ? '' : String(value);
    });
    return withValues.replace(NESTED, (_, nested: string) => this.t(nested.trim(), { ns: options.ns }));
  }

  private renderAll(value: unknown, options: TOptions): unknown {
    if (typeof value === 'string') return this.render(value, options);
    if (Array.isArray(value)) return value.map((item) => this.renderAll(item, options));
    if (isTree(value))
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.renderAll(item, options)]));
    return value;
  }
}

// The value at a dotted key. A level may also hold keys with dots of their own ("agency.updated"): at each level the
// shortest run of the key's parts that names something is taken, a text only when it ends the key (as i18next reads)
function valueAt(tree: Tree, key: string): unknown {
  if (Object.prototype.hasOwnProperty.call(tree, key)) return tree[key];
  const parts = key.split('.');
  let node: unknown = tree;
  for (let i = 0; i < parts.length; ) {
    if (!isTree(node)) return undefined;
    let next: unknown;
    let j = i;
    for (let name = parts[i] ?? ''; j < parts.length; name += `.${parts[++j] ?? ''}`) {
      next = Object.prototype.hasOwnProperty.call(node, name) ? node[name] : undefined;
      if (next !== undefined && (isTree(next) || Array.isArray(next) || j === parts.length - 1)) break;
      next = undefined;
    }
    if (next === undefined) return undefined;
    node = next;
    i = j + 1;
  }
  return node;
}
