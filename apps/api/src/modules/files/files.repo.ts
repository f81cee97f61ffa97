import { and, eq, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

// A stored file's record; `agencyId` null reads any agency's (the operator's review)
export async function findFile(db: Db, id: string, agencyId: string | null) {
  const scope: SQL[] = [eq(files.id, id)];
  if (agencyId !== null) scope.push(eq(files.agencyId, agencyId));
  const [file] = await db
    .select()
    .from(files)
    .where(and(...scope))
    .limit(1);
  return file ?? null;
}

export type NewFile = typeof files.$inferInsert;

// A stored file's record, written in the transaction that points at it (the bytes are stored before)
export async function insertFile(tx: DbOrTx, file: NewFile): Promise<{ id: string }> {
  const [row] = await tx.insert(files).values(file).returning({ id: files.id });
  if (!row) throw new Error('file insert returned nothing');
  return row;
}
