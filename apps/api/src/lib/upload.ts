import type { FastifyRequest } from 'fastify';
import type { ErrorItem } from '@portal/contract';
import { MESSAGES, unsupportedFormatMessage } from '@portal/contract';
import { AppError } from './app-error.ts';
import { detectFileType, type DetectedFileType } from './file-type.ts';

// One uploaded file as the multipart plugin gave it: `truncated` when it passed the size limit (UPLOAD_LIMIT_BYTES)
export type RawUpload = { data: Buffer; filename: string; truncated: boolean };

// A file that passed the checks: its type comes from its content, never from its name
export type CheckedUpload = { data: Buffer; filename: string; type: DetectedFileType };

export type MultipartForm<F extends string> = { values: Record<string, string>; files: Partial<Record<F, RawUpload>> };

// Reads a whole multipart form: text fields, and the first file of each expected name (other files are read and
// dropped). A form the parser cannot read (no boundary, cut off) is the sender's mistake: 422, not a 500.
export async function readMultipartForm<F extends string>(
  request: FastifyRequest,
  fileFields: readonly F[],
): Promise<MultipartForm<F>> {
  const isFileField = (name: string): name is F => (fileFields as readonly string[]).includes(name);
  const values: Record<string, string> = {};
  const files: Partial<Record<F, RawUpload>> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!isFileField(part.fieldname) || files[part.fieldname]) continue;
        if (data.length === 0 && !part.filename) continue;
        files[part.fieldname] = { data, filename: part.filename, truncated: part.file.truncated };
      } else if (typeof part.value === 'string') {
        values[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw AppError.field('body', MESSAGES.malformedBody);
  }
  return { values, files };
}

// SPEC §5: PDF, JPG or PNG (by content), at most 5 MB; the problem as the field's error item
export function checkUpload(
  field: string,
  raw: RawUpload,
): { upload: CheckedUpload; error: null } | { upload: null; error: ErrorItem } {
  if (raw.truncated) return { upload: null, error: { fieldName: field, errorMessage: MESSAGES.fileTooLarge } };
  const type = detectFileType(raw.data);
  if (!type) return { upload: null, error: { fieldName: field, errorMessage: unsupportedFormatMessage } };
  return { upload: { data: raw.data, filename: raw.filename || `${field}.${type.extension}`, type }, error: null };
}

// The one file of a single-file form (multipart `file`), checked; a form without one is refused on `file` with the
// route's own words
export async function readOneUpload(request: FastifyRequest, missingMessage: string): Promise<CheckedUpload> {
  if (!request.isMultipart()) throw AppError.field('file', missingMessage);
  const { files } = await readMultipartForm(request, ['file']);
  if (!files.file) throw AppError.field('file', missingMessage);
  const checked = checkUpload('file', files.file);
  if (checked.error) throw AppError.validation([checked.error]);
  return checked.upload;
}

// The name as the uploader's computer had it, for people to recognise (never a path, never control characters)
export function uploadDisplayName(filename: string, fallback: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return (
    base
      .replace(/\p{Cc}/gu, '')
      .trim()
      .slice(0, 200) || fallback
  );
}
