import type { ErrorItem } from '@portal/contract';
import { MESSAGES } from '@portal/contract';

export type AppErrorCode =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_many_requests'
  | 'maintenance'
  | 'payload_too_large';

const STATUS: Record<AppErrorCode, number> = {
  validation: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  maintenance: 503,
  payload_too_large: 413,
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly items: ErrorItem[];
  // seconds, sent as Retry-After (429 and 503)
  readonly retryAfterSeconds: number | null;

  constructor(code: AppErrorCode, message: string, items: ErrorItem[] = [], retryAfterSeconds: number | null = null) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
    this.name = 'AppError';
    this.code = code;
    this.status = STATUS[code];
    this.items = items;
  }

  static validation(items: ErrorItem[]): AppError {
    return new AppError('validation', MESSAGES.validation, items);
  }

  static field(fieldName: string, errorMessage: string): AppError {
    return AppError.validation([{ fieldName, errorMessage }]);
  }

  static notFound(message: string = MESSAGES.notFound): AppError {
    return new AppError('not_found', message);
  }
}
