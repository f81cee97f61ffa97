import { BOOKING_MESSAGES } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';

// OCTO's error answers: { error, errorMessage } plus the offending id; 400 for every bad input (as the standard
// says), 401 without a valid key, 403 when the agency may not use the API, 404 for an unknown path.
export type OctoErrorCode =
  | 'INVALID_PRODUCT_ID'
  | 'INVALID_OPTION_ID'
  | 'INVALID_UNIT_ID'
  | 'INVALID_AVAILABILITY_ID'
  | 'INVALID_BOOKING_UUID'
  | 'BAD_REQUEST'
  | 'UNPROCESSABLE_ENTITY'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR';

const STATUS: Record<OctoErrorCode, number> = {
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  BAD_REQUEST: 400,
  UNPROCESSABLE_ENTITY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

export class OctoError extends Error {
  readonly status: number;
  constructor(
    readonly code: OctoErrorCode,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
  body() {
    return { error: this.code, errorMessage: this.message, ...this.extra };
  }
}

export const invalidProduct = (productId: unknown) =>
  new OctoError('INVALID_PRODUCT_ID', 'The productId was missing or invalid', { productId: String(productId ?? '') });
export const invalidOption = (optionId: unknown) =>
  new OctoError('INVALID_OPTION_ID', 'The optionId was missing or invalid', { optionId: String(optionId ?? '') });
export const invalidUnit = (unitId: unknown) =>
  new OctoError('INVALID_UNIT_ID', 'The unitId was missing or invalid', { unitId: String(unitId ?? '') });
export const invalidAvailability = (availabilityId: unknown) =>
  new OctoError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', {
    availabilityId: String(availabilityId ?? ''),
  });
export const invalidBooking = (uuid: unknown) =>
  new OctoError('INVALID_BOOKING_UUID', 'The uuid was already used, missing or invalid', { uuid: String(uuid ?? '') });
export const badRequest = (message: string) => new OctoError('BAD_REQUEST', message);
export const unprocessable = (message: string) => new OctoError('UNPROCESSABLE_ENTITY', message);

// The kernel's answers in OCTO's words: its field errors are the reasons a reseller can act on
export async function withOctoErrors<T>(run: () => Promise<T>, uuid = ''): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const message = error.items[0]?.errorMessage ?? error.message;
    const field = error.items[0]?.fieldName;
    if (error.status === 401) throw new OctoError('UNAUTHORIZED', message);
    if (error.status === 403) throw new OctoError('FORBIDDEN', message);
    if (error.status === 404) throw unprocessable(message);
    if (field === 'uuid' && message === BOOKING_MESSAGES.uuidUsed)
      throw new OctoError('INVALID_BOOKING_UUID', message, { uuid });
    if (field === 'time' || field === 'date')
      throw new OctoError('INVALID_AVAILABILITY_ID', message, { availabilityId: '' });
    throw unprocessable(message);
  }
}
