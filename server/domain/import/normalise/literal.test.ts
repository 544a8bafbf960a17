import { describe, expect, it } from 'vitest';
import { parseLiteral } from './literal.ts';

describe('parseLiteral', () => {
  it('reads JSON', () => {
    expect(parseLiteral('{"Monday": ["9AM-5PM"], "n": 1.5, "ok": true}')).toEqual({
      Monday: ['9AM-5PM'],
      n: 1.5,
      ok: true,
    });
  });

  it('reads Python literals: single quotes, True/False/None, trailing commas, apostrophes', () => {
    expect(parseLiteral("{'Monday': '7AM-7PM', 'a': True, 'b': False, 'c': None, 'd': \"Joe's\",}")).toEqual({
      Monday: '7AM-7PM',
      a: true,
      b: false,
      c: null,
      d: "Joe's",
    });
  });

  it('reads escapes', () => {
    expect(parseLiteral("{'k': 'it\\'s \\u00e9 \\x41\\n'}")).toEqual({ k: "it's é A\n" });
  });

  it('undoes the quote doubling of a CSV round trip', () => {
    expect(parseLiteral('{""Service options"": {""Dine-in"": true}}')).toEqual({
      'Service options': { 'Dine-in': true },
    });
  });

  it('keeps a __proto__ key as data without touching prototypes', () => {
    const parsed = parseLiteral("{'__proto__': {'polluted': True}}") as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('returns undefined for text that is not a literal', () => {
    for (const text of [
      '{',
      "{'a': }",
      '{"a": 1} extra',
      "{'a': 'unterminated}",
      'hello',
      "[[[[[[[[[['deep']]]]]]]]]]",
    ]) {
      expect(parseLiteral(text)).toBeUndefined();
    }
  });
});
