import type { Pdf } from './pdf-layout.ts';
import { COLORS, MARGIN, contentWidth, ensureSpace, style } from './pdf-layout.ts';

// Parts of the invoices and the statement: a party block (supplier, customer), table rows and the totals box.

export function party(
  doc: Pdf,
  x: number,
  y: number,
  width: number,
  heading: string,
  name: string,
  lines: string[],
): number {
  style(doc, 'bold', 8, COLORS.brand).text(heading.toUpperCase(), x, y, { width, characterSpacing: 0.8 });
  style(doc, 'bold', 11, COLORS.ink).text(name, x, doc.y + 4, { width });
  style(doc, 'regular', 9, COLORS.ink);
  for (const line of lines.filter(Boolean)) doc.text(line, x, doc.y + 2, { width });
  return doc.y;
}

export type Column = { width: number; align: 'left' | 'right' };

export function tableRow(doc: Pdf, cells: string[], columns: Column[], options: { header?: boolean }): void {
  const padding = 8;
  const fontSize = options.header ? 7.5 : 9.5;
  style(doc, options.header ? 'bold' : 'regular', fontSize, options.header ? COLORS.muted : COLORS.ink);
  const height =
    Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: (columns[i]?.width ?? 0) - 2 * padding }))) +
    2 * 7;
  ensureSpace(doc, height);
  const y = doc.y;
  const width = contentWidth(doc);
  if (options.header) doc.save().rect(MARGIN, y, width, height).fill(COLORS.tint).restore();
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const column = columns[i];
    if (!column) return;
    style(doc, options.header ? 'bold' : 'regular', fontSize, options.header ? COLORS.muted : COLORS.ink);
    doc.text(options.header ? cell.toUpperCase() : cell, x + padding, y + 7, {
      width: column.width - 2 * padding,
      align: column.align,
    });
    x += column.width;
  });
  doc
    .save()
    .moveTo(MARGIN, y + height)
    .lineTo(MARGIN + width, y + height)
    .lineWidth(0.6)
    .strokeColor(COLORS.rule)
    .stroke()
    .restore();
  doc.x = MARGIN;
  doc.y = y + height;
}

export type TotalRow = { label: string; value: string; kind?: 'total' | 'note' };

export function totalsBlock(doc: Pdf, rows: TotalRow[]): void {
  const width = 320;
  const x = MARGIN + contentWidth(doc) - width;
  doc.y += 10;
  ensureSpace(doc, rows.length * 20 + 20);
  for (const row of rows) {
    const isTotal = row.kind === 'total';
    const isNote = row.kind === 'note';
    if (isTotal) {
      doc.y += 4;
      doc.save().roundedRect(x, doc.y, width, 28, 4).fill(COLORS.brand).restore();
    }
    const y = doc.y + (isTotal ? 8 : 3);
    const color = isTotal ? COLORS.white : isNote ? COLORS.muted : COLORS.ink;
    const size = isTotal ? 11.5 : isNote ? 8.5 : 9.5;
    style(doc, isTotal ? 'bold' : 'regular', size, color).text(row.label, x + 10, y, { width: width - 130 });
    const labelBottom = doc.y;
    style(doc, isTotal ? 'bold' : 'regular', size, color).text(row.value, x + width - 130, y, {
      width: 120,
      align: 'right',
    });
    doc.y = Math.max(labelBottom, doc.y) + (isTotal ? 12 : 3);
  }
  doc.x = MARGIN;
}
