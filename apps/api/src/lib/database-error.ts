// The database's own error behind a failed query: the drivers and Drizzle wrap it (in `cause`), so every reader of
// SQLSTATE codes (lock timeouts, unique violations, aborts, data exceptions, logs) finds it here.
export type DatabaseError = { code: string; message: string; constraint?: string; table?: string };

type Candidate = {
  code?: unknown;
  severity?: unknown;
  message?: unknown;
  constraint?: unknown;
  table?: unknown;
  cause?: unknown;
};

export function databaseError(error: unknown): DatabaseError | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as Candidate).cause) {
    const candidate = e as Candidate;
    if (typeof candidate.code !== 'string' || typeof candidate.severity !== 'string') continue;
    return {
      code: candidate.code,
      message: String(candidate.message),
      ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
      ...(typeof candidate.table === 'string' ? { table: candidate.table } : {}),
    };
  }
  return null;
}
