import { isUuid } from '@portal/contract/plain';

// Reads one URL parameter of a list: its value, or undefined when it is missing or not one the list takes
export type ListParam<T> = (raw: string | null) => T | undefined;
export type ListParams = Record<string, ListParam<unknown>>;
export type ListValues<P extends ListParams> = { [K in keyof P]: ReturnType<P[K]> };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const listParam = {
  // typed text (a search): trimmed, empty is none
  text: (): ListParam<string> => (raw) => raw?.trim() || undefined,
  // an id as the URL has it (the server refuses one it does not know)
  id: (): ListParam<string> => (raw) => raw || undefined,
  uuid: (): ListParam<string> => (raw) => (raw && isUuid(raw) ? raw : undefined),
  // a yyyy-MM-dd date
  day: (): ListParam<string> => (raw) => (raw && DAY.test(raw) ? raw : undefined),
  oneOf:
    <T extends string>(options: readonly T[]): ListParam<T> =>
    (raw) =>
      options.find((option) => option === raw),
};

export function readListParams<P extends ListParams>(params: URLSearchParams, parsers: P): ListValues<P> {
  return Object.fromEntries(
    Object.entries(parsers).map(([key, parse]) => [key, parse(params.get(key))]),
  ) as ListValues<P>;
}

// The page a list shows: a whole number from 1, else the first
export function listPage(raw: string | null): number {
  const page = Number(raw ?? '1');
  return Number.isInteger(page) && page > 0 ? page : 1;
}

// The page as the URL keeps it: the first page is no parameter
export function pageParam(page: number): string | undefined {
  return page > 1 ? String(page) : undefined;
}
