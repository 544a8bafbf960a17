// What --db and DATABASE_URL name: a postgres:// (or postgresql://) URL is a PostgreSQL database,
// anything else the path of a SQLite file (decision 0029). Other URL schemes are refused by name
// rather than taken for a file called "mysql:".
export type DatabaseAddress =
  | { dialect: 'sqlite'; path: string; display: string }
  | { dialect: 'postgres'; url: string; display: string };

export class DatabaseAddressError extends Error {
  readonly code = 'database_address';

  constructor(message: string) {
    super(message);
    this.name = 'DatabaseAddressError';
  }
}

const POSTGRES_SCHEME = /^postgres(?:ql)?:\/\//i;
const ANY_SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

export function parseDatabaseAddress(value: string): DatabaseAddress {
  const text = value.trim();
  if (text === '')
    throw new DatabaseAddressError('The database address is empty: give a SQLite file or a postgres:// URL.');
  if (POSTGRES_SCHEME.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new DatabaseAddressError(`The database address ${redact(text)} is not a valid postgres:// URL.`);
    }
    if (url.pathname.replace(/^\//, '') === '') {
      throw new DatabaseAddressError(
        `The database address ${displayUrl(url)} names no database: add it after the host, e.g. postgres://user@host:5432/directory.`,
      );
    }
    return { dialect: 'postgres', url: text, display: displayUrl(url) };
  }
  const scheme = ANY_SCHEME.exec(text)?.[1];
  if (scheme && scheme.toLowerCase() !== 'file') {
    throw new DatabaseAddressError(
      `Unsupported database address "${scheme}://…": give a SQLite file path or a postgres:// URL.`,
    );
  }
  const path = scheme ? decodeURIComponent(new URL(text).pathname) : text;
  return { dialect: 'sqlite', path, display: path };
}

/** The URL with its password hidden: addresses are printed and logged, passwords never. */
function displayUrl(url: URL): string {
  const shown = new URL(url.href);
  if (shown.password) shown.password = '***';
  return shown.href;
}

function redact(text: string): string {
  return text.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');
}
