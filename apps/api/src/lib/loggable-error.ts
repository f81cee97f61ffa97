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
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const candidate = e as {
      code?: unknown;
      message?: unknown;
      constraint?: unknown;
      table?: unknown;
      severity?: unknown;
    };
    if (typeof candidate.code === 'string' && typeof candidate.severity === 'string') {
      out.code = candidate.code;
      // "invalid input syntax for type integer: "<the value>"": the value is the caller's data
      out.reason = String(candidate.message).replace(/: ".*"$/s, ': "[redacted]"');
      if (typeof candidate.constraint === 'string') out.constraint = candidate.constraint;
      if (typeof candidate.table === 'string') out.table = candidate.table;
      break;
    }
  }
  return out;
}
