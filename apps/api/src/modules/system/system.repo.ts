import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
