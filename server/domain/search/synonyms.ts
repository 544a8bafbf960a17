// Synonyms of the trade: groups of terms that mean the same service to a visitor (mechanic, auto
// repair, garage). The file format is Solr's synonyms.txt, which the administrator's files share:
// one group a line, terms separated by commas, a term one or more words; `#` starts a comment.
// Terms are matched by their word forms, so "mechanics" finds the group of "mechanic".
import { formsOf, words } from '../../../db/search/analyzer.ts';

export interface SynonymFileError {
  line: number;
  message: string;
}

export interface ParsedSynonyms {
  /** Each group's terms, as folded words joined by one space, in file order, without repeats. */
  groups: string[][];
  errors: SynonymFileError[];
}

/** The longest term, in words, that a query is searched for as one unit. */
export const MAX_TERM_WORDS = 4;
const MAX_GROUP_TERMS = 50;

export function parseSynonymFile(text: string): ParsedSynonyms {
  const groups: string[][] = [];
  const errors: SynonymFileError[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) return;
    const lineNumber = index + 1;
    if (line.includes('=>')) {
      errors.push({
        line: lineNumber,
        message: 'one-way rules ("=>") are not supported: list equivalent terms',
      });
      return;
    }
    const terms = [
      ...new Set(
        line
          .split(',')
          .map((term) => words(term).join(' '))
          .filter(Boolean),
      ),
    ];
    if (terms.length < 2) {
      errors.push({
        line: lineNumber,
        message: 'a group needs at least two different terms, separated by commas',
      });
      return;
    }
    const tooLong = terms.find((term) => term.split(' ').length > MAX_TERM_WORDS);
    if (tooLong) {
      errors.push({ line: lineNumber, message: `"${tooLong}" has more than ${MAX_TERM_WORDS} words` });
      return;
    }
    if (terms.length > MAX_GROUP_TERMS) {
      errors.push({ line: lineNumber, message: `a group has at most ${MAX_GROUP_TERMS} terms` });
      return;
    }
    groups.push(terms);
  });
  return { groups, errors };
}

/** The groups looked up by the word forms of a term. */
export class SynonymIndex {
  private readonly byForms = new Map<string, number[]>();
  /** Each group's terms as word forms joined by spaces (the key each term is found under). */
  private readonly groupForms: string[][];
  /** Every term's words: typo correction may land on a synonym no business uses ("mechanic"). */
  readonly termWords = new Set<string>();

  constructor(readonly groups: readonly (readonly string[])[]) {
    this.groupForms = groups.map((terms) => terms.map((term) => formsOf(term).join(' ')));
    groups.forEach((terms, id) => {
      for (const [index, term] of terms.entries()) {
        const key = this.groupForms[id]![index]!;
        const ids = this.byForms.get(key);
        if (!ids) this.byForms.set(key, [id]);
        else if (!ids.includes(id)) ids.push(id);
        for (const word of term.split(' ')) this.termWords.add(word);
      }
    });
  }

  /** The other terms of every group a term (given as word forms) belongs to. */
  alternativesOf(forms: readonly string[]): string[] {
    const key = forms.join(' ');
    const ids = this.byForms.get(key);
    if (!ids) return [];
    const out = new Set<string>();
    for (const id of ids)
      this.groups[id]!.forEach((term, index) => {
        if (this.groupForms[id]![index] !== key) out.add(term);
      });
    return [...out];
  }

  has(forms: readonly string[]): boolean {
    return this.byForms.has(forms.join(' '));
  }
}
