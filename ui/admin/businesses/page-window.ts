// Which page buttons to show: at most `max` consecutive pages around the current one (§9: up to 5),
// shifted at either end so that there are always `max` of them when the list is long enough.

export function pageWindow(current: number, totalPages: number, max = 5): number[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const size = Math.min(max, totalPages);
  let first = page - Math.floor((size - 1) / 2);
  first = Math.max(1, Math.min(first, totalPages - size + 1));
  return Array.from({ length: size }, (_, index) => first + index);
}
