// The `about` column: usually groups of yes/no facts as JSON ({"Service options": {"Dine-in": true}}),
// sometimes with doubled quotes (CSV round trip) or Python quotes, sometimes plain prose.
import type { BusinessAttributes } from '../../../contract/business.ts';
import { isRecord, parseLiteral } from './literal.ts';
import { cleanLine, detached } from './text.ts';

export type AboutResult =
  | { kind: 'attributes'; attributes: BusinessAttributes; problems: string[] }
  | { kind: 'prose'; text: string }
  | { kind: 'unreadable'; problem: string };

const MAX_GROUPS = 50;
const MAX_ITEMS_PER_GROUP = 200;
const MAX_KEY_LENGTH = 200;
const LOOKS_STRUCTURED = /^[{[]/;
/** Assigning this key on a plain object would replace its prototype: such a key is never kept. */
const FORBIDDEN_KEY = '__proto__';

/** The same attribute sets recur across thousands of rows: each distinct cell is read once. Results
 *  are frozen so rows can share them; the cache is emptied when it fills up. */
const cache = new Map<string, AboutResult>();
const CACHE_LIMIT = 5_000;

/** `text` is the trimmed cell. */
export function parseAbout(text: string): AboutResult {
  if (!LOOKS_STRUCTURED.test(text)) return { kind: 'prose', text };
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const result = readAbout(text);
  if (result.kind === 'attributes') {
    for (const facts of Object.values(result.attributes)) Object.freeze(facts);
    Object.freeze(result.attributes);
    Object.freeze(result.problems);
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(detached(text), result);
  return result;
}

function readAbout(text: string): AboutResult {
  const literal = parseLiteral(text);
  if (!isRecord(literal)) {
    return { kind: 'unreadable', problem: 'looks like JSON but is not an object of attribute groups' };
  }
  const attributes: BusinessAttributes = {};
  const problems: string[] = [];
  let groups = 0;
  for (const [rawGroup, members] of Object.entries(literal)) {
    const group = cleanLine(rawGroup).slice(0, MAX_KEY_LENGTH);
    if (group === FORBIDDEN_KEY) {
      problems.push('a group named "__proto__" is dropped');
      continue;
    }
    if (!isRecord(members)) {
      if (members !== null) problems.push(`group ${JSON.stringify(group)} is not a list of yes/no facts`);
      continue;
    }
    if (groups >= MAX_GROUPS) {
      problems.push(`more than ${MAX_GROUPS} groups; the rest are dropped`);
      break;
    }
    const facts: Record<string, boolean> = {};
    let count = 0;
    for (const [rawFact, value] of Object.entries(members)) {
      const fact = cleanLine(rawFact).slice(0, MAX_KEY_LENGTH);
      const flag =
        value === true || value === 'true' ? true : value === false || value === 'false' ? false : null;
      if (flag === null || fact === '' || fact === FORBIDDEN_KEY) {
        problems.push(`${JSON.stringify(group)} › ${JSON.stringify(fact)} is not yes or no`);
        continue;
      }
      if (count >= MAX_ITEMS_PER_GROUP) break;
      facts[fact] = flag;
      count++;
    }
    if (group !== '' && count > 0) {
      attributes[group] = facts;
      groups++;
    }
  }
  return { kind: 'attributes', attributes, problems };
}
