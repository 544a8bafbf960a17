import { describe, expect, it } from 'vitest';
import { PositionSet } from './position-set.ts';

describe('PositionSet', () => {
  it('counts the members of any run of positions as testing each one does', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const size = 5_000;
    // Dense stretches, empty ones, whole 32-bit words set (bit 31 too) and the last position.
    const members = new Set<number>();
    for (let p = 0; p < size; p++) if ((p >= 64 && p < 160) || random() < 0.2) members.add(p);
    members.add(size - 1);
    const set = new PositionSet(size, (visit) => {
      for (const p of members) visit(p);
    });
    for (let p = 0; p < size; p++) expect(set.has(p)).toBe(members.has(p));
    const runs = [
      [0, size],
      [0, 0],
      [31, 33],
      [64, 96],
      [63, 161],
      [size - 1, size],
      ...Array.from({ length: 300 }, () => {
        const a = Math.floor(random() * size);
        return [a, a + Math.floor(random() * 400)];
      }),
    ];
    for (const [from, to] of runs) {
      let expected = 0;
      for (let p = from!; p < Math.min(to!, size); p++) if (members.has(p)) expected++;
      expect(set.countIn(from!, Math.min(to!, size)), `${from}–${to}`).toBe(expected);
    }
    expect(set.countIn(10, 5)).toBe(0);
  });
});
