import { bigserial, customType, index, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidRef } from './columns.ts';
import { insightSessions } from './insight.ts';

// node-postgres reads bytea as a Buffer, PGlite as a Uint8Array: both are read as a Buffer
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

// Issue 31 item 3: support replay. One upload of a recorded session's rrweb events, gzip-compressed as stored, in the
// order the server received them (`sequence`, from 0 per session). Kept REPLAY_RETENTION_DAYS (modules/retention);
// a session deleted by the insight retention takes its recordings with it.
export const replayRecordings = pgTable(
  'replay_recordings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuidRef('session_id', () => insightSessions.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    bytes: bytea('bytes').notNull(),
    // the compressed length (what a session keeps is counted without reading the bytes)
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('replay_recordings_session_sequence_idx').on(t.sessionId, t.sequence),
    index('replay_recordings_created_idx').on(t.createdAt),
  ],
);

// What a recorded session has uploaded so far: the next recording's sequence and the compressed bytes it keeps, so an
// upload is one statement (its row is the lock two tabs of one session take in turn, and the cap is checked on its
// latest version). `size` counts what it uploaded: a session lives 24 hours, so with REPLAY_RETENTION_DAYS of 1 or
// more that is what it keeps (with 0, the cap still bounds what one session may send).
export const replaySessions = pgTable('replay_sessions', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => insightSessions.id, { onDelete: 'cascade' }),
  nextSequence: integer('next_sequence').notNull(),
  size: integer('size').notNull(),
});
