// Queries written once with Kysely for both dialects, compiled once per dialect and run many times
// (decision 0029). Building and compiling a Kysely query costs more than a simple indexed read on
// SQLite; here the builder runs once, with named placeholders where the values go, and each run only
// puts the values in their slots.
import {
  type Compilable,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { AdminDatabase } from '../admin-schema.ts';
import type { Database as SiteDatabase } from '../schema.ts';

/** Every table both dialects have. */
export type Database = SiteDatabase & AdminDatabase;

export type Dialect = 'sqlite' | 'postgres';

/** "Cold" Kysely instances: they compile, they never connect. */
const compilers: Record<Dialect, Kysely<Database>> = {
  sqlite: new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

/** Stands where a value goes while the query is compiled; replaced by the value on each run. */
class Placeholder {
  constructor(readonly name: string) {}
}

/** A value in the compiled parameters: a fixed one, or the name of an argument. */
type Slot = { fixed: unknown } | { argument: string };

export interface CompiledForDialect {
  sql: string;
  slots: readonly Slot[];
}

export interface PreparedQuery<A extends object, R> {
  /** Names the statement: PostgreSQL prepares it once per connection under this name. */
  readonly name: string;
  compiled(dialect: Dialect): CompiledForDialect;
  parameters(dialect: Dialect, args: A): unknown[];
  /** Only carries the row type. */
  readonly rowType?: R;
}

const names = new Set<string>();

/**
 * Defines a query once for both dialects. `build` receives a cold Kysely instance and the arguments
 * as placeholders: use them where values go (comparisons, limits, inserted values), never to choose
 * the query's shape — that is fixed at the first compile. Lists of values differ by dialect
 * (json_each on SQLite, ANY on PostgreSQL) and belong in a dialect's own implementation.
 */
export function preparedQuery<A extends object, R>(
  name: string,
  build: (db: Kysely<Database>, args: A) => Compilable<R>,
): PreparedQuery<A, R> {
  if (names.has(name)) throw new Error(`Two prepared queries are named ${name}`);
  names.add(name);
  const placeholders = new Proxy({} as A, {
    get: (_target, key) => (typeof key === 'string' ? new Placeholder(key) : undefined),
  });
  const byDialect: Partial<Record<Dialect, CompiledForDialect>> = {};
  const compiled = (dialect: Dialect): CompiledForDialect => {
    let done = byDialect[dialect];
    if (!done) {
      const query = build(compilers[dialect], placeholders).compile();
      done = {
        sql: query.sql,
        slots: query.parameters.map((value) =>
          value instanceof Placeholder ? { argument: value.name } : { fixed: value },
        ),
      };
      byDialect[dialect] = done;
    }
    return done;
  };
  return {
    name,
    compiled,
    parameters(dialect, args) {
      return compiled(dialect).slots.map((slot) => {
        if ('fixed' in slot) return slot.fixed;
        const value = (args as Record<string, unknown>)[slot.argument];
        if (value === undefined) throw new Error(`Query ${name} needs the argument ${slot.argument}`);
        return value;
      });
    },
  };
}
