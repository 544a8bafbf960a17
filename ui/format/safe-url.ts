// URLs from imported data (photos, websites) go into src and href only when they are http(s):
// a `javascript:` or `data:` value from a spreadsheet must never become a link or an image source.
export function safeHttpUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

// Paths from the search API (suggestions, corrections, alternatives) are followed on this site only:
// a value the browser would read as another host ('//evil.example', '/\evil.example') is refused.
export function sitePath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/')) return undefined;
  if (value[1] === '/' || value[1] === '\\') return undefined;
  // Tabs and newlines are dropped by the URL parser ('/\t/evil.example' is '//evil.example').
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value;
}
