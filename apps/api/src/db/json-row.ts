import { Column, is, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

type Fields = Record<string, Column | SQL>;

// JSON already gives these their JavaScript shape (and a jsonb string must not be parsed twice)
const AS_IS = new Set(['PgJson', 'PgJsonb']);
// a function takes at most 100 arguments in PostgreSQL
const MAX_FIELDS = 100;

// A row read as one JSON array text instead of one value per column, for reads of many rows (the exports). The
// embedded PGlite decodes every value of a result on its own (a copy and a text decode each): that was a quarter of
// a 50,000-row export's time, and one JSON text per row is read in one go (the export took 5.0-5.4 s, now 3.4-3.8
// s; an object with the names in it instead of an array took 4.1-4.6 s). `decode` gives the row as
// `db.select(fields)` would: each column's own mapping (timestamps to Date, arrays, numbers) applied to its value.
export function jsonRow<F extends Fields>(
  fields: F,
): { text: SQL<string>; decode: (text: string) => SelectResultFields<F> } {
  const keys = Object.keys(fields);
  if (keys.length > MAX_FIELDS) throw new Error(`jsonRow: at most ${MAX_FIELDS} fields`);
  const columns = keys.map((key) => {
    const field = fields[key];
    return { key, mapper: is(field, Column) && !AS_IS.has(field.columnType) ? field : null };
  });
  return {
    text: sql<string>`json_build_array(${sql.join(
      keys.map((key) => sql`${fields[key]}`),
      sql`, `,
    )})::text`,
    decode: (text) => {
      const values = JSON.parse(text) as unknown[];
      const row: Record<string, unknown> = {};
      columns.forEach(({ key, mapper }, i) => {
        const value = values[i];
        row[key] = mapper && value !== null ? mapper.mapFromDriverValue(value) : value;
      });
      return row as SelectResultFields<F>;
    },
  };
}
