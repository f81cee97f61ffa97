import { z } from 'zod';

// The paging fields of a list's query string: a page number and a page size up to `maxOnPage`
const PageNumber = z.coerce.number().int().min(1).max(100_000).optional().default(1);
export const pagingQuery = (maxOnPage: number, defaultOnPage: number) => ({
  page: PageNumber,
  onPage: z.coerce.number().int().min(1).max(maxOnPage).optional().default(defaultOnPage),
});

// The same for the account pages (agents, audit), whose bad values answer 'Must be a positive whole number'
const WholeNumber = () => z.coerce.number({ error: 'Must be a positive whole number' }).int().min(1);
export const accountPagingQuery = {
  page: WholeNumber().max(10_000).default(1),
  onPage: WholeNumber().max(100).default(20),
};

// What a page of a list says besides its rows: how many rows there are in all, and which page this is
export const pageCounts = { total: z.number().int(), page: z.number().int(), onPage: z.number().int() };
export const pageShape = <T extends z.ZodType>(item: T) => ({ items: z.array(item), ...pageCounts });
export const pageOf = <T extends z.ZodType>(item: T) => z.object(pageShape(item));
