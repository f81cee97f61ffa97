import { firstPageRoute } from './paths.ts';
import { z } from 'zod';
import { Language, MAX_DB_ID, PeopleCounts } from './common.ts';
import { ANY_AGENT, defineRoute } from './define-route.ts';
import { BOOKING_MESSAGES, CATALOGUE_MESSAGES, MESSAGES } from './messages.ts';
import { CatalogueDate, CatalogueId, MAX_PEOPLE_PER_QUERY, TimeOfDay } from './catalogue.ts';

// "Notify me" (issue 9): an agent asks to be e-mailed, once, when seats for an option on a date (and time) come back

const PeopleNumber = z
  .number({ error: CATALOGUE_MESSAGES.peopleCount })
  .int(CATALOGUE_MESSAGES.peopleCount)
  .min(0, CATALOGUE_MESSAGES.peopleCount)
  .max(MAX_PEOPLE_PER_QUERY, CATALOGUE_MESSAGES.peopleCount);

export const CreateStockWatchBody = z
  .object({
    offerId: z
      .number({ error: MESSAGES.required })
      .int(CATALOGUE_MESSAGES.wholeNumber)
      .positive(CATALOGUE_MESSAGES.wholeNumber)
      .max(MAX_DB_ID, CATALOGUE_MESSAGES.wholeNumber),
    date: CatalogueDate,
    // null: any time that day (opening hours, or the whole date of a timeslot option)
    time: TimeOfDay.nullable().optional().default(null),
    adults: PeopleNumber,
    children: PeopleNumber.optional().default(0),
    infants: PeopleNumber.optional().default(0),
    // the language of the e-mail (the page's); missing → the site's
    language: Language.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.adults + body.children === 0)
      ctx.addIssue({ code: 'custom', path: ['adults'], message: BOOKING_MESSAGES.noPeople });
  });
export type CreateStockWatchBody = z.infer<typeof CreateStockWatchBody>;

export const StockWatchesQuery = z.object({ offerId: CatalogueId, date: CatalogueDate });
export type StockWatchesQuery = z.infer<typeof StockWatchesQuery>;

export const StockWatch = z.object({
  id: z.string(),
  offerId: z.number().int(),
  date: z.string(),
  time: z.string().nullable(),
  ...PeopleCounts.shape,
  language: Language,
  createdAt: z.string(),
});
export type StockWatch = z.infer<typeof StockWatch>;

export const StockWatchIdParams = z.object({ id: z.uuid(CATALOGUE_MESSAGES.unknownStockWatch) });

const tags = ['catalogue'] as const;

export const stockWatchRoutes = {
  createStockWatch: defineRoute({
    ...firstPageRoute('createStockWatch'),
    summary:
      'Notify me: one e-mail when seats for this option and date (and time) come back; asking again changes the same request',
    tags,
    access: ANY_AGENT,
    body: CreateStockWatchBody,
    response: StockWatch,
  }),
  cancelStockWatch: defineRoute({
    ...firstPageRoute('cancelStockWatch'),
    summary: 'Stop a notify-me request of the calling agent (asking twice answers the same)',
    tags,
    access: ANY_AGENT,
    params: StockWatchIdParams,
    response: z.object({ id: z.string() }),
  }),
  stockWatches: defineRoute({
    ...firstPageRoute('stockWatches'),
    summary: "The calling agent's open notify-me requests for an option on a date",
    tags,
    access: ANY_AGENT,
    query: StockWatchesQuery,
    response: z.array(StockWatch),
  }),
};
