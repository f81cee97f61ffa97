import { describe, expect, it } from 'vitest';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn } from 'drizzle-orm/pg-core';
import { bookings } from '../../db/schema/index.ts';
import { bookingInsert } from './book-in-one-statement.repo.ts';

const dialect = new PgDialect();
const columns = getTableColumns(bookings) as Record<string, PgColumn>;

// The booking row's part as drizzle's own parts write it, one nested part per column: what bookingInsert must equal
function insertAsDrizzleWritesIt(values: Record<string, unknown>, extra: Record<string, SQL>): SQL {
  const names: SQL[] = [];
  const params: SQL[] = [];
  for (const [key, value] of Object.entries(values)) {
    const column = columns[key];
    if (!column || value === undefined) continue;
    names.push(sql`${sql.identifier(column.name)}`);
    params.push(sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`);
  }
  for (const [name, expression] of Object.entries(extra)) {
    names.push(sql`${sql.identifier(name)}`);
    params.push(expression);
  }
  return sql`(${sql.join(names, sql`, `)}) SELECT ${sql.join(params, sql`, `)}`;
}

// A value of each column's kind; the tricky ones by hand
function everyColumn(): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const type = column.getSQLType();
    values[key] =
      type === 'uuid'
        ? '6f1c1b7e-8d0a-4f4e-9a53-2b0c7d1e5f10'
        : type === 'text'
          ? `${key} «Дубай» "quoted" \\ 'x'`
          : type.startsWith('integer') || type.startsWith('bigint')
            ? 1234567890123
            : type === 'boolean'
              ? true
              : type === 'jsonb'
                ? { en: 'Desert "safari"', ru: 'Сафари', list: [1, null, { a: '\u0000x' }] }
                : type === 'date'
                  ? '2026-12-31'
                  : type.startsWith('timestamp')
                    ? new Date('2026-12-31T19:59:59.123Z')
                    : null;
  }
  return {
    ...values,
    ticketNumbers: ['T-1', 'B"2', 'with space', ''],
    notes: null,
    hotelId: null,
    promoCode: undefined,
    // not a column of bookings: left out
    notAColumn: 'left out',
  };
}

const compiled = (part: SQL) => dialect.sqlToQuery(sql`INSERT INTO bookings ${part}`);

describe('the booking row of the one-statement booking', () => {
  it('is the same text and parameters as drizzle writes from one part per column', () => {
    const values = everyColumn();
    const extra = { extra_column: sql`(SELECT balance_minor FROM bal WHERE x = ${'extra'})` };
    const ours = compiled(bookingInsert(values as never, extra));
    const reference = compiled(insertAsDrizzleWritesIt(values, extra));
    expect(ours.sql).toBe(reference.sql);
    expect(ours.params).toEqual(reference.params);
    // every column but the one left undefined, and the extra one; the one that is not a column is not written
    expect(ours.params).toHaveLength(Object.keys(columns).length - 1 + 1);
    expect(ours.sql).not.toMatch(/not_?a_?column|left out/i);
    expect(ours.sql).toContain('"ticket_numbers"');
  });

  it('is the same with no extra column and with only a few columns', () => {
    const values = { id: '6f1c1b7e-8d0a-4f4e-9a53-2b0c7d1e5f10', reference: 'DXB-1', adults: 2, confirmedAt: null };
    const ours = compiled(bookingInsert(values as never, {}));
    const reference = compiled(insertAsDrizzleWritesIt(values, {}));
    expect(ours.sql).toBe(reference.sql);
    expect(ours.params).toEqual(reference.params);
    expect(ours.sql).toBe(
      'INSERT INTO bookings ("id", "reference", "adults", "confirmed_at") SELECT $1::uuid, $2::text, $3::integer, $4::timestamp with time zone',
    );
  });
});
