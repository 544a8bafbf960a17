// Opens each end of a copy at this version's schema: a SQLite file as every command opens it
// (migrated, its indexes current), a PostgreSQL database migrated. A source must already exist.
import { existsSync } from 'node:fs';
import type { DatabaseAddress } from '../../../db/address.ts';
import type { CopySource, CopyTarget } from '../../../db/copy/copy-side.ts';
import { postgresCopySide } from '../../../db/copy/postgres-copy-side.ts';
import { sqliteCopySide } from '../../../db/copy/sqlite-copy-side.ts';
import { openPostgres } from '../../../db/postgres/connection.ts';
import { migratePostgresToLatest } from '../../../db/postgres/migrate.ts';
import { openAndPrepareDatabase } from '../open-database.ts';

export async function openCopySource(address: DatabaseAddress): Promise<CopySource> {
  if (address.dialect === 'sqlite' && address.path !== ':memory:' && !existsSync(address.path)) {
    throw Object.assign(new Error(`No such file: ${address.path}`), { code: 'ENOENT', path: address.path });
  }
  return openCopyTarget(address);
}

export async function openCopyTarget(address: DatabaseAddress): Promise<CopyTarget> {
  if (address.dialect === 'sqlite') {
    const handle = await openAndPrepareDatabase(address.path);
    return sqliteCopySide(handle.sqlite, address.display, () => handle.close());
  }
  const handle = openPostgres(address.url, address.display, { poolSize: 2 });
  try {
    await handle.pool.query('SELECT 1').catch((error: Error) => {
      throw new Error(`Cannot reach the PostgreSQL database ${address.display}: ${error.message}`);
    });
    await migratePostgresToLatest(handle.db);
    return await postgresCopySide(handle.pool, address.display, () => handle.close());
  } catch (error) {
    await handle.close();
    throw error;
  }
}
