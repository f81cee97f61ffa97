import { describe, expect, it } from 'vitest';
import { listPage, listParam, pageParam, readListParams } from './list-params';

const UUID = '0b7f6a8e-3c1d-4f2a-9b5e-6d4c3b2a1f00';
const PARAMS = {
  q: listParam.text(),
  status: listParam.oneOf(['pending', 'approved'] as const),
  agency: listParam.id(),
  agencyId: listParam.uuid(),
  dateFrom: listParam.day(),
};

describe("readListParams: a list's filters from the URL", () => {
  it('reads each filter the list takes', () => {
    const params = new URLSearchParams({
      q: '  palm  ',
      status: 'approved',
      agency: 'a1',
      agencyId: UUID,
      dateFrom: '2026-03-05',
    });
    expect(readListParams(params, PARAMS)).toEqual({
      q: 'palm',
      status: 'approved',
      agency: 'a1',
      agencyId: UUID,
      dateFrom: '2026-03-05',
    });
  });

  it('leaves out what is missing, empty or not a value the list takes', () => {
    const params = new URLSearchParams({
      q: '   ',
      status: 'deleted',
      agency: '',
      agencyId: '42',
      dateFrom: '05.03.2026',
    });
    expect(readListParams(params, PARAMS)).toEqual({
      q: undefined,
      status: undefined,
      agency: undefined,
      agencyId: undefined,
      dateFrom: undefined,
    });
    expect(readListParams(new URLSearchParams(), PARAMS).status).toBeUndefined();
  });
});

describe('the page of a list', () => {
  it('is a whole number from 1, else the first', () => {
    expect(listPage('3')).toBe(3);
    expect(listPage(null)).toBe(1);
    expect(listPage('0')).toBe(1);
    expect(listPage('-2')).toBe(1);
    expect(listPage('2.5')).toBe(1);
    expect(listPage('two')).toBe(1);
  });

  it('keeps the first page out of the URL', () => {
    expect(pageParam(1)).toBeUndefined();
    expect(pageParam(4)).toBe('4');
  });
});
