// Links from the sheet are only ever rendered as http(s) absolute URLs: anything else (javascript:,
// data:, protocol-relative //evil, spaces, control characters, credentials in the host) is dropped.

export const MAX_URL_LENGTH = 2_048;

/** Scheme, a host (letters, digits, dots, hyphens, IDN letters; or an [IPv6] literal), an optional port,
 *  then a path/query/fragment without whitespace, quotes, angle brackets, backslashes or controls. */
const HTTP_URL =
  /^https?:\/\/(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?(?:[/?#][^\s"<>\\`\u0000-\u001F\u007F-\u009F]*)?$/iu;

/** The URL when it is a safe absolute http(s) URL, else null. The text must already be trimmed. */
export function httpUrl(text: string): string | null {
  if (text.length === 0 || text.length > MAX_URL_LENGTH) return null;
  return HTTP_URL.test(text) ? text : null;
}

const PHOTO_SEPARATOR = /\s*,\s*(?=https?:\/\/)|\s+/i;
export const MAX_PHOTOS = 20;

/** The photo cell holds one URL, or a few separated by commas, spaces or new lines. The split is only
 *  trusted when every part is a URL: "https://a b.example" is one broken URL, not "https://a" and junk. */
export function splitPhotoUrls(text: string): string[] | null {
  const urls: string[] = [];
  for (const part of text.split(PHOTO_SEPARATOR)) {
    if (part === '') continue;
    const url = httpUrl(part);
    if (url === null) return null;
    if (urls.length < MAX_PHOTOS && !urls.includes(url)) urls.push(url);
  }
  return urls.length > 0 ? urls : null;
}

const EMAIL =
  /^[^\s@<>()[\]\\,;:"]+@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)+$/u;
const MAILTO = /^mailto:/i;

/** An e-mail address as written, when it looks like one (local@domain.tld, at most 254 characters). */
export function emailAddress(text: string): string | null {
  const address = text.replace(MAILTO, '');
  if (address.length > 254) return null;
  return EMAIL.test(address) ? address : null;
}
