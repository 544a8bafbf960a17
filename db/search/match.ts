// A full-text condition as data: what the domain's search rules produce and each database compiles
// to its own syntax (FTS5 MATCH here; a tsquery for PostgreSQL). The index holds one column of terms
// (terms.ts): every condition is a term, a sequence of words (matched as their consecutive pairs), or
// a combination, so that FTS5 never reads positions or columns (decision 0020).

/** One index term; `prefix`: any term starting with it. */
export interface Term {
  term: string;
  prefix?: boolean;
}

export type Match = Term | { all: readonly Match[] } | { any: readonly Match[] } | { but: Match; not: Match };

export const isTerm = (match: Match): match is Term => 'term' in match;

export function allOf(parts: readonly Match[]): Match {
  return parts.length === 1 ? parts[0]! : { all: parts };
}

export function anyOf(parts: readonly Match[]): Match {
  return parts.length === 1 ? parts[0]! : { any: parts };
}

/** The FTS5 MATCH text of a condition. Terms are analyzer output (letters, digits and "_"), quoted
 *  so that nothing in them is read as an operator. */
export function toFts5(match: Match): string {
  if (isTerm(match)) return `"${match.term.replaceAll('"', '""')}"${match.prefix ? '*' : ''}`;
  if ('all' in match) return join(match.all, ' AND ');
  if ('any' in match) return join(match.any, ' OR ');
  return `(${toFts5(match.but)}) NOT (${toFts5(match.not)})`;
}

function join(parts: readonly Match[], operator: string): string {
  if (parts.length === 1) return toFts5(parts[0]!);
  return parts.map((part) => (isTerm(part) ? toFts5(part) : `(${toFts5(part)})`)).join(operator);
}

/** A stable key of a condition (caches, and telling two tiers apart). */
export const matchKey = (match: Match): string => toFts5(match);
