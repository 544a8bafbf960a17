// Test support: a real failure from inside the database when one business is deleted, until removed —
// a SQLite temporary trigger on the routes' own connection, or a PostgreSQL trigger on the table.
import type { Store } from '../../../../db/store/store.ts';

/** Makes deleting business `id` fail; the returned call puts things back. */
export async function refuseDeleting(store: Store, id: number): Promise<() => Promise<void>> {
  const safeId = Math.trunc(id);
  if (store.dialect === 'sqlite') {
    store.sqlite.exec(
      `CREATE TEMP TRIGGER refuse_delete BEFORE DELETE ON main.businesses WHEN old.id = ${safeId}
       BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`,
    );
    return async () => {
      store.sqlite.exec('DROP TRIGGER temp.refuse_delete');
    };
  }
  await store.query(
    `CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION 'refused for the test'; END $$;
     CREATE TRIGGER refuse_delete BEFORE DELETE ON businesses FOR EACH ROW
       WHEN (OLD.id = ${safeId}) EXECUTE FUNCTION refuse_delete();`,
  );
  return async () => {
    await store.query('DROP TRIGGER refuse_delete ON businesses; DROP FUNCTION refuse_delete();');
  };
}
