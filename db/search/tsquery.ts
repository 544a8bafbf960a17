// A search condition (match.ts) as a PostgreSQL tsquery over the index's tsvectors (decision 0035).
// Terms are analyzer output; each is quoted so that nothing in it is read as an operator, and taken
// verbatim (the query is cast, not parsed by a text search configuration).

import { isTerm, type Match } from './match.ts';

function lexeme(term: string): string {
  return `'${term.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

export function toTsquery(match: Match): string {
  if (isTerm(match)) return `${lexeme(match.term)}${match.prefix ? ':*' : ''}`;
  if ('all' in match) return join(match.all, ' & ');
  if ('any' in match) return join(match.any, ' | ');
  return `(${toTsquery(match.but)}) & !(${toTsquery(match.not)})`;
}

function join(parts: readonly Match[], operator: string): string {
  if (parts.length === 1) return toTsquery(parts[0]!);
  return parts.map((part) => (isTerm(part) ? toTsquery(part) : `(${toTsquery(part)})`)).join(operator);
}
