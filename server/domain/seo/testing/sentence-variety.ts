// Measures how much generated texts differ: the share of distinct sentences across many texts.
import type { SeoFacts } from '../seo-facts.ts';
// Two figures: raw (sentences as written) and skeleton (the business's own values masked), because
// a sentence that differs only by the name it contains still reads as a template.

export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…”])\s+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export interface VarietyReport {
  totalSentences: number;
  distinctSentences: number;
  /** distinct / total, raw sentences. */
  share: number;
  distinctSkeletons: number;
  /** distinct / total with each business's values masked. */
  skeletonShare: number;
  /** Distinct whole-text skeletons / texts: how many pages share an identical template. */
  distinctTextSkeletonShare: number;
  /** Mean share of one page's masked sentences that also occur on another page, over pairs of the
   *  first 200 texts: how alike two pages read. */
  meanPairwiseOverlap: number;
}

const PAIR_SAMPLE = 200;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces the given values (longest first) and every number with placeholders. */
export function maskValues(text: string, values: readonly string[]): string {
  let masked = text;
  const sorted = values.filter((v) => v.length > 0).sort((a, b) => b.length - a.length);
  for (const value of sorted) masked = masked.replace(new RegExp(escapeRegExp(value), 'g'), '∎');
  return masked.replace(/\d+(?:[.,:]\d+)*/g, '#');
}

export function measureVariety(items: readonly { text: string; values: readonly string[] }[]): VarietyReport {
  const distinct = new Set<string>();
  const skeletons = new Set<string>();
  const textSkeletons = new Set<string>();
  const sampleSets: Set<string>[] = [];
  let total = 0;
  for (const item of items) {
    const sentences = splitSentences(item.text);
    total += sentences.length;
    for (const s of sentences) distinct.add(s);
    const masked = splitSentences(maskValues(item.text, item.values));
    for (const s of masked) skeletons.add(s);
    textSkeletons.add(masked.join(' '));
    if (sampleSets.length < PAIR_SAMPLE) sampleSets.push(new Set(masked));
  }
  let overlapSum = 0;
  let pairs = 0;
  for (let i = 0; i < sampleSets.length; i++) {
    const a = sampleSets[i] as Set<string>;
    for (let j = i + 1; j < sampleSets.length; j++) {
      const b = sampleSets[j] as Set<string>;
      let shared = 0;
      for (const s of a) if (b.has(s)) shared++;
      overlapSum += shared / Math.max(1, Math.min(a.size, b.size));
      pairs++;
    }
  }
  return {
    totalSentences: total,
    distinctSentences: distinct.size,
    share: total === 0 ? 0 : distinct.size / total,
    distinctSkeletons: skeletons.size,
    skeletonShare: total === 0 ? 0 : skeletons.size / total,
    distinctTextSkeletonShare: items.length === 0 ? 0 : textSkeletons.size / items.length,
    meanPairwiseOverlap: pairs === 0 ? 0 : overlapSum / pairs,
  };
}

/** The values of one business as they appear in its text (cleaned), for masking. */
export function businessValues(f: SeoFacts): string[] {
  const values = [f.name, f.category, f.city, f.state, f.country, f.place, f.address, f.description];
  for (const g of f.availableGroups) values.push(g.group, g.group.toLowerCase(), ...g.items);
  values.push(...f.unavailable);
  return values.filter((v): v is string => typeof v === 'string' && v.length > 0);
}
