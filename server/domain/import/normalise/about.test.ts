import { describe, expect, it } from 'vitest';
import { parseAbout } from './about.ts';

const ATTRIBUTES = {
  'Service options': { 'Dine-in': true, Delivery: false },
  Accessibility: { 'Wheelchair accessible entrance': true },
  Payments: { 'Credit cards': true },
};

describe('parseAbout', () => {
  it('reads the JSON object of groups of booleans', () => {
    expect(parseAbout(JSON.stringify(ATTRIBUTES))).toEqual({
      kind: 'attributes',
      attributes: ATTRIBUTES,
      problems: [],
    });
  });

  it('reads the doubled quotes of a CSV round trip', () => {
    const doubled = JSON.stringify(ATTRIBUTES).replaceAll('"', '""');
    expect(parseAbout(doubled)).toEqual({ kind: 'attributes', attributes: ATTRIBUTES, problems: [] });
  });

  it('reads Python-style quotes and True/False', () => {
    expect(parseAbout("{'Service options': {'Dine-in': True, 'Delivery': False}}")).toEqual({
      kind: 'attributes',
      attributes: { 'Service options': { 'Dine-in': true, Delivery: false } },
      problems: [],
    });
  });

  it('gives plain prose back as prose', () => {
    expect(parseAbout('Family-run trattoria since 1982.')).toEqual({
      kind: 'prose',
      text: 'Family-run trattoria since 1982.',
    });
  });

  it('reports broken JSON and facts that are not yes or no, keeping the rest', () => {
    expect(parseAbout('{"Service options": {"Dine-in": tru')).toMatchObject({ kind: 'unreadable' });
    const result = parseAbout('{"Service options": {"Dine-in": true, "Price": "$$"}, "Note": "text"}');
    expect(result).toMatchObject({
      kind: 'attributes',
      attributes: { 'Service options': { 'Dine-in': true } },
    });
    expect(result.kind === 'attributes' && result.problems).toHaveLength(2);
  });

  it('never lets a __proto__ key reach an object', () => {
    const result = parseAbout(
      '{"__proto__": {"polluted": true}, "Payments": {"__proto__": true, "Cash": true}}',
    );
    expect(result).toMatchObject({ kind: 'attributes', attributes: { Payments: { Cash: true } } });
    if (result.kind !== 'attributes') throw new Error('expected attributes');
    expect(Object.getPrototypeOf(result.attributes)).toBe(Object.prototype);
    expect(Object.keys(result.attributes)).toEqual(['Payments']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
