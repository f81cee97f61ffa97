import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { InsightCell, InsightTable } from './insight-admin-export.ts';

// An Insight table as CSV (RFC 4180, UTF-8 with a byte-order mark so a spreadsheet reads Russian as Russian). DESIGN
// "formula-safe": a text that a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) is
// written after an apostrophe, the way a spreadsheet keeps such a text as text.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function quoted(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const dubaiClock = (iso: string) =>
  new Date(Date.parse(iso) + 4 * 60 * 60_000).toISOString().slice(0, 16).replace('T', ' ');

function cellText(cell: InsightCell): string {
  switch (cell.kind) {
    case 'text':
      return cell.value === null ? '' : quoted(FORMULA_START.test(cell.value) ? `'${cell.value}` : cell.value);
    case 'count':
      return String(cell.value);
    case 'share':
      return cell.value === null ? '' : String(cell.value);
    case 'money':
      return cell.value.toFixed(2);
    case 'date':
      return cell.value ?? '';
    case 'instant':
      return cell.value === null ? '' : dubaiClock(cell.value);
  }
}

function* lines(table: InsightTable): Generator<string> {
  yield `\uFEFF${table.headers.map((header) => quoted(header)).join(',')}\r\n`;
  for (const row of table.rows) yield `${row.map(cellText).join(',')}\r\n`;
}

export function sendCsv(reply: FastifyReply, table: InsightTable): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${table.fileName}.csv"`)
    .header('Cache-Control', 'private, no-store')
    .send(Readable.from(lines(table)));
}
