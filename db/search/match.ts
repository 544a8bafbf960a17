// A full-text condition as data: what the domain's search rules produce and each database compiles
// to its own syntax (FTS5 MATCH here; a tsquery for PostgreSQL). Tokens are analyzer output (folded
// words or forms: letters and digits only).

/** The index's columns. */
export type SearchField =
  | 'name'
  | 'category'
  | 'name_forms'
  | 'category_forms'
  | 'other'
  | 'city'
  | 'state'
  | 'zip_code'
  | 'country'
  | 'facets';

/** A phrase of tokens in any of the fields; `prefix`: its last token may be the start of a word;
 *  `initial`: it must begin the field ("york" as a city is not "new york"). */
export interface Phrase {
  fields: readonly SearchField[];
  tokens: readonly string[];
  prefix?: boolean;
  initial?: boolean;
}

export type Match =
  | Phrase
  | { all: readonly Match[] }
  | { any: readonly Match[] }
  | { but: Match; not: Match };

export const isPhrase = (match: Match): match is Phrase => 'tokens' in match;

/** The FTS5 MATCH text of a condition. */
export function toFts5(match: Match): string {
  if (isPhrase(match)) {
    const fields = match.fields.length === 1 ? match.fields[0] : `{${match.fields.join(' ')}}`;
    const phrase = `"${match.tokens.map((token) => token.replaceAll('"', '""')).join(' ')}"`;
    return `${fields} : ${match.initial ? '^ ' : ''}${phrase}${match.prefix ? ' *' : ''}`;
  }
  if ('all' in match) return joinAll(match.all, ' AND ');
  if ('any' in match) return joinAll(match.any, ' OR ');
  return `(${toFts5(match.but)}) NOT (${toFts5(match.not)})`;
}

function joinAll(parts: readonly Match[], operator: string): string {
  if (parts.length === 1) return toFts5(parts[0]!);
  return parts.map((part) => `(${toFts5(part)})`).join(operator);
}

/** A stable key of a condition (caches, and telling two tiers apart). */
export const matchKey = (match: Match): string => toFts5(match);
