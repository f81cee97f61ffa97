import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Language } from '@portal/contract';

export type Pdf = PDFKit.PDFDocument;

export const COLORS = {
  brand: '#2637AA',
  brandLight: '#D4D8F2',
  tint: '#EEF0FA',
  ink: '#1B1F2A',
  muted: '#6B7185',
  rule: '#D9DCE8',
  white: '#FFFFFF',
} as const;

export const FONT = { regular: 'body', bold: 'body-bold' } as const;
export const MARGIN = 48;
const FOOTER_HEIGHT = 40;
const BAND_HEIGHT = 86;

type FontFiles = { regular: Buffer; bold: Buffer };
let fontFiles: Promise<FontFiles> | null = null;

// pdfkit's standard fonts have no Cyrillic; DejaVu Sans covers Latin and Cyrillic and is subset on embedding.
function loadFonts(): Promise<FontFiles> {
  if (!fontFiles) {
    const require = createRequire(import.meta.url);
    const load = (file: string) => readFile(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    fontFiles = Promise.all([load('DejaVuSans.ttf'), load('DejaVuSans-Bold.ttf')]).then(([regular, bold]) => ({
      regular,
      bold,
    }));
    fontFiles.catch(() => {
      fontFiles = null;
    });
  }
  return fontFiles;
}

export type PdfHandle = { doc: Pdf; done: Promise<Buffer> };

export async function createPdf(meta: {
  title: string;
  author: string;
  subject: string;
  language: Language;
  createdAt: Date;
}): Promise<PdfHandle> {
  const fonts = await loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_HEIGHT / 2, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: meta.language,
    info: {
      Title: meta.title,
      Author: meta.author,
      Subject: meta.subject,
      Creator: meta.author,
      CreationDate: meta.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  doc.font(FONT.regular).fillColor(COLORS.ink);
  return { doc, done };
}

export function contentWidth(doc: Pdf): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function contentBottom(doc: Pdf): number {
  return doc.page.height - MARGIN - FOOTER_HEIGHT;
}

export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height <= contentBottom(doc)) return;
  doc.addPage();
  doc.x = MARGIN;
  doc.y = MARGIN;
}

export function style(doc: Pdf, font: keyof typeof FONT, size: number, color: string): Pdf {
  return doc.font(FONT[font]).fontSize(size).fillColor(color);
}

// The brand band at the top of the first page: issuer on the left, document title and number on the right.
// Largest size from `max` down to `min` at which `text` fits on one line of `width`.
export function fitFontSize(
  doc: Pdf,
  text: string,
  font: keyof typeof FONT,
  max: number,
  min: number,
  width: number,
  characterSpacing = 0,
): number {
  let size = max;
  while (size > min && doc.font(FONT[font]).fontSize(size).widthOfString(text, { characterSpacing }) > width)
    size -= 0.5;
  return size;
}

// One line at most: longer text ends with an ellipsis instead of wrapping.
export function singleLine(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  options: { width: number; align?: 'left' | 'right' | 'center'; characterSpacing?: number },
): void {
  doc.text(text, x, y, { ...options, height: doc.currentLineHeight(true), ellipsis: true });
}

// The brand band at the top of each page: issuer on the left, document title and number on the right.
export function drawBand(
  doc: Pdf,
  band: { issuerName: string; issuerLines: string[]; title: string; subtitle: string; logo?: Buffer | null },
): void {
  const width = doc.page.width;
  const title = band.title.toUpperCase();
  const titleWidth = doc.font(FONT.bold).fontSize(18).widthOfString(title, { characterSpacing: 0.5 });
  const subtitleWidth = doc.font(FONT.regular).fontSize(9.5).widthOfString(band.subtitle);
  const rightWidth = Math.min(240, Math.max(titleWidth, subtitleWidth) + 4);
  const rightX = width - MARGIN - rightWidth;
  doc.save().rect(0, 0, width, BAND_HEIGHT).fill(COLORS.brand).restore();
  // the logo on a white tile at the left; a file the PDF library cannot read leaves the band without it
  let left = MARGIN;
  if (band.logo) {
    try {
      doc.save().roundedRect(MARGIN, 16, 48, 48, 6).fill(COLORS.white).restore();
      doc.image(band.logo, MARGIN + 4, 20, { fit: [40, 40], align: 'center', valign: 'center' });
      left = MARGIN + 58;
    } catch {
      left = MARGIN;
    }
  }
  const leftWidth = width - MARGIN - left - rightWidth - 24;

  style(doc, 'bold', fitFontSize(doc, band.issuerName, 'bold', 14, 10, leftWidth), COLORS.white);
  singleLine(doc, band.issuerName, left, 26, { width: leftWidth });
  style(doc, 'regular', 7.5, COLORS.brandLight);
  let y = 46;
  for (const line of band.issuerLines.filter(Boolean)) {
    singleLine(doc, line, left, y, { width: leftWidth });
    y += 10;
  }

  style(doc, 'bold', fitFontSize(doc, title, 'bold', 18, 10, rightWidth, 0.5), COLORS.white);
  singleLine(doc, title, rightX, 24, { width: rightWidth, align: 'right', characterSpacing: 0.5 });
  const subtitleY = 24 + doc.currentLineHeight(true) + 2;
  style(doc, 'regular', 9.5, COLORS.brandLight);
  singleLine(doc, band.subtitle, rightX, subtitleY, { width: rightWidth, align: 'right' });
  doc.x = MARGIN;
  doc.y = BAND_HEIGHT + 24;
  doc.fillColor(COLORS.ink);
}

export function sectionTitle(doc: Pdf, title: string): void {
  ensureSpace(doc, 48);
  doc.y += 10;
  const y = doc.y;
  style(doc, 'bold', 8, COLORS.brand).text(title.toUpperCase(), MARGIN, y, {
    characterSpacing: 0.8,
    width: contentWidth(doc),
  });
  const ruleY = doc.y + 3;
  doc
    .save()
    .moveTo(MARGIN, ruleY)
    .lineTo(MARGIN + contentWidth(doc), ruleY)
    .lineWidth(0.6)
    .strokeColor(COLORS.rule)
    .stroke()
    .restore();
  doc.x = MARGIN;
  doc.y = ruleY + 8;
}

export type Field = { label: string; value: string; emphasis?: boolean };

const LABEL_SIZE = 7.5;
const VALUE_SIZE = 10;

function labelHeight(doc: Pdf, field: Field, width: number): number {
  style(doc, 'regular', LABEL_SIZE, COLORS.muted);
  return doc.heightOfString(field.label, { width });
}

function valueStyle(doc: Pdf, field: Field): Pdf {
  return style(doc, field.emphasis ? 'bold' : 'regular', field.emphasis ? 12 : VALUE_SIZE, COLORS.ink);
}

function valueHeight(doc: Pdf, field: Field, width: number, clip: boolean): number {
  valueStyle(doc, field);
  return clip ? doc.currentLineHeight(true) : doc.heightOfString(field.value || '—', { width });
}

type RowLayout = { x: number; widths: number[]; gap: number; clip: boolean };

function rowHeight(doc: Pdf, fields: Field[], layout: RowLayout): number {
  const labels = Math.max(...fields.map((f, i) => labelHeight(doc, f, layout.widths[i] ?? 0)));
  const values = Math.max(...fields.map((f, i) => valueHeight(doc, f, layout.widths[i] ?? 0, layout.clip)));
  return labels + 2 + values;
}

// Labels of one row may wrap differently: values start on a common line below the tallest label.
function drawFieldRow(doc: Pdf, fields: Field[], y: number, layout: RowLayout): number {
  const labelsHeight = Math.max(...fields.map((f, i) => labelHeight(doc, f, layout.widths[i] ?? 0)));
  let left = layout.x;
  fields.forEach((field, i) => {
    const width = layout.widths[i] ?? 0;
    style(doc, 'regular', LABEL_SIZE, COLORS.muted).text(field.label, left, y, { width });
    valueStyle(doc, field);
    if (layout.clip) singleLine(doc, field.value || '—', left, y + labelsHeight + 2, { width });
    else doc.text(field.value || '—', left, y + labelsHeight + 2, { width });
    left += width + layout.gap;
  });
  return rowHeight(doc, fields, layout);
}

function columnWidths(total: number, gap: number, columns: number, weights: readonly number[] | undefined): number[] {
  const free = total - gap * (columns - 1);
  const w = Array.from({ length: columns }, (_, i) => weights?.[i] ?? 1);
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((weight) => (free * weight) / sum);
}

// Label-over-value cells laid out in rows of `columns` (relative `weights` per column; `clip` keeps values to one line).
export function fieldGrid(
  doc: Pdf,
  fields: Field[],
  columns: number,
  options: { x?: number; width?: number; weights?: readonly number[]; clip?: boolean } = {},
): void {
  const x = options.x ?? MARGIN;
  const gap = 16;
  const layout: RowLayout = {
    x,
    widths: columnWidths(options.width ?? contentWidth(doc), gap, columns, options.weights),
    gap,
    clip: options.clip ?? false,
  };
  for (let start = 0; start < fields.length; start += columns) {
    const row = fields.slice(start, start + columns);
    ensureSpace(doc, rowHeight(doc, row, layout));
    const y = doc.y;
    const height = drawFieldRow(doc, row, y, layout);
    doc.x = x;
    doc.y = y + height + 10;
  }
}

// A tinted box holding the key facts in one row.
export function summaryBox(doc: Pdf, fields: Field[]): void {
  const padding = 14;
  const gap = 16;
  const width = contentWidth(doc);
  const layout: RowLayout = {
    x: MARGIN + padding,
    widths: columnWidths(width - 2 * padding, gap, fields.length, undefined),
    gap,
    clip: false,
  };
  const height = rowHeight(doc, fields, layout) + 2 * padding;
  ensureSpace(doc, height);
  const y = doc.y;
  doc.save().roundedRect(MARGIN, y, width, height, 6).fill(COLORS.tint).restore();
  drawFieldRow(doc, fields, y + padding, layout);
  doc.x = MARGIN;
  doc.y = y + height + 6;
}

export function paragraph(
  doc: Pdf,
  text: string,
  options: { size?: number; color?: string; bold?: boolean } = {},
): void {
  style(doc, options.bold ? 'bold' : 'regular', options.size ?? VALUE_SIZE, options.color ?? COLORS.ink);
  const width = contentWidth(doc);
  ensureSpace(doc, Math.min(doc.heightOfString(text, { width }), 120));
  doc.text(text, MARGIN, doc.y, { width, lineGap: 2 });
  doc.x = MARGIN;
}

export function bulletList(doc: Pdf, items: string[]): void {
  const width = contentWidth(doc) - 14;
  for (const item of items) {
    style(doc, 'regular', VALUE_SIZE, COLORS.ink);
    const height = doc.heightOfString(item, { width });
    ensureSpace(doc, height);
    const y = doc.y;
    doc
      .save()
      .circle(MARGIN + 3, y + 5.5, 1.8)
      .fill(COLORS.brand)
      .restore();
    style(doc, 'regular', VALUE_SIZE, COLORS.ink).text(item, MARGIN + 14, y, { width });
    doc.y += 3;
  }
  doc.x = MARGIN;
}

// Footer on every buffered page: issuer contacts and page numbers.
export function drawFooters(doc: Pdf, text: string, pageLabel: (index: number, count: number) => string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // writing inside the bottom margin would otherwise start a new page
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 14;
    const width = contentWidth(doc);
    doc
      .save()
      .moveTo(MARGIN, y - 8)
      .lineTo(MARGIN + width, y - 8)
      .lineWidth(0.6)
      .strokeColor(COLORS.rule)
      .stroke()
      .restore();
    style(doc, 'regular', 7.5, COLORS.muted);
    singleLine(doc, text, MARGIN, y, { width: width - 110 });
    singleLine(doc, pageLabel(i - range.start + 1, range.count), MARGIN + width - 100, y, {
      width: 100,
      align: 'right',
    });
    doc.page.margins.bottom = bottom;
  }
}
