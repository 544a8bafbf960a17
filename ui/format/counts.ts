// §9: counts abbreviated — 1,000,000 and above as 'x.xM', 1,000 and above as 'xk'.
export function abbreviateCount(value: number): string {
  if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(1)}M`;
  if (value >= 1_000) return `${Math.floor(value / 1_000)}k`;
  return String(value);
}

/** "1 business", "1,234 businesses". */
export function businessCountText(count: number): string {
  return count === 1 ? '1 business' : `${count.toLocaleString('en-US')} businesses`;
}
