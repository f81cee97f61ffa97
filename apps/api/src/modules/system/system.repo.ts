import { sql } from 'drizzle-orm';
import type { TelemetryEvent } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { telemetryEvents } from '../../db/schema/index.ts';

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

export async function insertTelemetry(db: Db, event: TelemetryEvent, siteId: string): Promise<void> {
  await db.insert(telemetryEvents).values({ ...event, siteId });
}
