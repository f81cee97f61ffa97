import { describe, expect, it } from 'vitest';
import { scrubbed } from './replay-scrub';

describe('scrubbed: what a recording keeps of the addresses on the page', () => {
  it("drops the query string of the page's address", () => {
    const meta = {
      type: 4,
      timestamp: 1,
      data: { href: 'http://localhost/bookings?search=Maria+Lopez#top', width: 1 },
    };
    expect(scrubbed(meta)).toEqual({ type: 4, timestamp: 1, data: { href: 'http://localhost/bookings', width: 1 } });
  });

  it('drops the query strings of links and forms in a full snapshot, at any depth, and keeps the rest', () => {
    const link = { type: 2, tagName: 'a', attributes: { href: '/bookings/1?search=Maria', class: 'row' }, id: 3 };
    const form = { type: 2, tagName: 'form', attributes: { action: '/x?phone=%2B34600', method: 'get' }, id: 4 };
    const image = { type: 2, tagName: 'img', attributes: { src: '/media/1?w=400' }, id: 5 };
    const tree = { type: 0, id: 1, childNodes: [{ type: 2, tagName: 'div', id: 2, childNodes: [link, form, image] }] };
    scrubbed({ type: 2, timestamp: 1, data: { node: tree } });
    expect(link.attributes).toEqual({ href: '/bookings/1', class: 'row' });
    expect(form.attributes).toEqual({ action: '/x', method: 'get' });
    expect(image.attributes.src).toBe('/media/1?w=400');
  });

  it('drops them from added nodes and changed attributes of a mutation', () => {
    const added = { type: 2, tagName: 'a', attributes: { href: '/bookings/2?search=Lopez' }, id: 9 };
    const changed = { id: 3, attributes: { href: '/bookings?page=2&search=Maria' } };
    const mutation = {
      type: 3,
      timestamp: 2,
      data: { source: 0, adds: [{ parentId: 1, node: added }], attributes: [changed], texts: [], removes: [] },
    };
    scrubbed(mutation);
    expect(added.attributes.href).toBe('/bookings/2');
    expect(changed.attributes.href).toBe('/bookings');
  });

  it('leaves other events and odd shapes alone', () => {
    const input = { type: 3, timestamp: 3, data: { source: 5, text: '****', id: 7 } };
    expect(scrubbed(input)).toEqual({ type: 3, timestamp: 3, data: { source: 5, text: '****', id: 7 } });
    expect(scrubbed(null)).toBeNull();
    expect(scrubbed({ type: 2, data: { node: 'x' } })).toEqual({ type: 2, data: { node: 'x' } });
  });
});
