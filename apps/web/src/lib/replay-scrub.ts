// Support replay (issue 31): an rrweb event as it leaves the page — what rrweb serialised, less the query strings of
// links and of the page's address (rrweb's Meta event, type 4; the full snapshot, 2; mutations, 3 with source 0). A
// list's URL carries its search words: a guest's name, typed into a masked input, would come back in every link of
// the results. The event is changed in place and returned.
export function scrubbed(event: unknown): unknown {
  if (!isObject(event) || !isObject(event.data)) return event;
  const data = event.data;
  if (event.type === 4 && typeof data.href === 'string') data.href = withoutQuery(data.href);
  if (event.type === 2) scrubNode(data.node);
  if (event.type === 3 && data.source === 0) {
    if (Array.isArray(data.adds)) for (const add of data.adds) if (isObject(add)) scrubNode(add.node);
    if (Array.isArray(data.attributes))
      for (const change of data.attributes) if (isObject(change)) scrubAttributes(change.attributes);
  }
  return event;
}

function scrubNode(node: unknown): void {
  if (!isObject(node)) return;
  scrubAttributes(node.attributes);
  if (Array.isArray(node.childNodes)) for (const child of node.childNodes) scrubNode(child);
}

function scrubAttributes(attributes: unknown): void {
  if (!isObject(attributes)) return;
  for (const name of ['href', 'action'])
    if (typeof attributes[name] === 'string') attributes[name] = withoutQuery(attributes[name]);
}

function withoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
