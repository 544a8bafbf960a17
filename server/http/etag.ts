// Entity tags (RFC 9110 §8.8.3), shared by the answer cache and the page validator.

/** The tag without its weakness indicator, for the weak comparison If-None-Match uses. */
export function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}
