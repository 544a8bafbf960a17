// DELETE /api/admin/delete-all: a backup first, then everything gone; refused while an import runs.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listRecentActivity } from '../../../db/activity-repository.ts';
import { acquireLock, releaseLock } from '../../../db/lock-repository.ts';
import { IMPORT_LOCK } from '../../domain/import/import-lock.ts';
import { type AdminTestEnv, createAdminTestEnv } from './testing/admin-test-app.ts';
import { businessCount, seedBusinesses } from './testing/seed.ts';

let env: AdminTestEnv;
beforeEach(async () => {
  env = await createAdminTestEnv();
});
afterEach(async () => {
  await env.dispose();
});

const deleteAll = () => request(env.app).delete('/api/admin/delete-all').set('Cookie', env.cookie);

describe('DELETE /api/admin/delete-all', () => {
  it('deletes every business after saving a backup that still holds them', async () => {
    seedBusinesses(env.database.sqlite, 10);
    const answer = await deleteAll();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: expect.stringMatching(/10 businesses.*backup/i), deleted: 10 });
    expect(businessCount(env.database.sqlite)).toBe(0);

    const backupDir = join(env.database.dir, 'backups');
    const backups = readdirSync(backupDir);
    expect(backups).toHaveLength(1);
    // The server's paths are not shown to the browser.
    expect(answer.text).not.toContain(backupDir);
    const backup = new BetterSqlite3(join(backupDir, backups[0]!), { readonly: true });
    try {
      expect(backup.prepare('SELECT COUNT(*) FROM businesses').pluck().get()).toBe(10);
    } finally {
      backup.close();
    }
    expect(await listRecentActivity(env.database.store, 5)).toMatchObject([
      { kind: 'delete-all', actor: 'admin:admin', count: 10 },
    ]);
    const stats = await request(env.app).get('/api/admin/sitemap-stats').set('Cookie', env.cookie);
    expect(stats.body.totalBusinesses).toBe(0);
  });

  it('answers 409 while another process holds the import lock, and deletes nothing', async () => {
    seedBusinesses(env.database.sqlite, 4);
    // What a CLI import does in its own process; the lock lives in the database.
    const lock = acquireLock(env.database.sqlite, IMPORT_LOCK, 'cli-import');
    if (!lock.acquired) throw new Error('lock not acquired');
    try {
      const answer = await deleteAll();
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('import_running');
    } finally {
      releaseLock(env.database.sqlite, IMPORT_LOCK, lock.owner);
    }
    expect(businessCount(env.database.sqlite)).toBe(4);
    expect(
      existsSync(join(env.database.dir, 'backups')) ? readdirSync(join(env.database.dir, 'backups')) : [],
    ).toEqual([]);
  });
});
