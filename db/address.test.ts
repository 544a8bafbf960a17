import { describe, expect, it } from 'vitest';
import { DatabaseAddressError, parseDatabaseAddress } from './address.ts';

describe('database addresses', () => {
  it('takes a postgres:// or postgresql:// URL as PostgreSQL, password hidden when shown', () => {
    expect(parseDatabaseAddress('postgres://app:s3cret@db.internal:5432/directory')).toEqual({
      dialect: 'postgres',
      url: 'postgres://app:s3cret@db.internal:5432/directory',
      display: 'postgres://app:***@db.internal:5432/directory',
    });
    expect(parseDatabaseAddress('POSTGRESQL://db/site?sslmode=require').dialect).toBe('postgres');
  });

  it('takes anything else as a SQLite file, including file: URLs', () => {
    expect(parseDatabaseAddress('./data/directory.db')).toEqual({
      dialect: 'sqlite',
      path: './data/directory.db',
      display: './data/directory.db',
    });
    expect(parseDatabaseAddress('file:///srv/site%20one.db')).toMatchObject({
      dialect: 'sqlite',
      path: '/srv/site one.db',
    });
    expect(parseDatabaseAddress('C:data.db').dialect).toBe('sqlite');
  });

  it('refuses other schemes, an empty address and a URL without a database, in words', () => {
    expect(() => parseDatabaseAddress('mysql://root@localhost/site')).toThrow(
      'Unsupported database address "mysql://…": give a SQLite file path or a postgres:// URL.',
    );
    expect(() => parseDatabaseAddress('  ')).toThrow(DatabaseAddressError);
    expect(() => parseDatabaseAddress('postgres://u:pw@host:5432/')).toThrow(
      /postgres:\/\/u:\*\*\*@host:5432\/ names no database/,
    );
    expect(() => parseDatabaseAddress('postgres://u:pw@host:notaport/x')).toThrow(
      'The database address postgres://u:***@host:notaport/x is not a valid postgres:// URL.',
    );
  });
});
