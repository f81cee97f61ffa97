import { databaseError } from './database-error.ts';

// What an error log line may carry. A failed query's message lists its parameters (guest names, e-mails, phones),
// so those are cut; the database's own reason and code, which the wrapped error hides in `cause`, are added.
const PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

export type LoggableError = {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  reason?: string;
};

function redact(text: string | undefined): string {
  return (text ?? '').replace(PARAMS, '\nparams: [redacted]');
}

export function loggableError(error: unknown): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error thrown', stack: '' };
  const out: LoggableError = { type: error.name, message: redact(error.message), stack: redact(error.stack) };
  const database = databaseError(error);
  if (!database) return out;
  // "invalid input syntax for type integer: "<the value>"": the value is the caller's data
  const reason = database.message.replace(/: ".*"$/s, ': "[redacted]"');
  return { ...out, code: database.code, reason, constraint: database.constraint, table: database.table };
}
