import { bigint, integer, text, timestamp, uuid, type ReferenceConfig } from 'drizzle-orm/pg-core';

// The columns every table file writes the same way, built fresh for each table (a builder belongs to one column).
// Not exported from index.ts: they are no tables, and the migrations are made from what it exports.

export const CURRENCIES = ['aed', 'usd'] as const;
export const LANGUAGES = ['en', 'ru'] as const;

// Every point in time is stored with its zone.
export const timestamptz = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true });

// A bigint read as a JavaScript number: money in minor units, counters and ids stay far below 2^53.
export const bigint53 = <TName extends string>(name: TName) => bigint(name, { mode: 'number' });

export const uuidPk = () => uuid('id').primaryKey().defaultRandom();
export const identityPk = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

export const currency = () => text('currency', { enum: CURRENCIES }).notNull();
export const language = () => text('language', { enum: LANGUAGES }).notNull();

// A required link to another table's key.
export const uuidRef = <TName extends string>(
  name: TName,
  target: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) => uuid(name).notNull().references(target, actions);
export const integerRef = <TName extends string>(
  name: TName,
  target: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) => integer(name).notNull().references(target, actions);
