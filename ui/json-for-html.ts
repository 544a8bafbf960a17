// JSON placed inside an HTML <script> element (page data, JSON-LD) must not be able to close the
// element or start a comment: escape <, >, & and the two line separators JavaScript parsers choke on.
export function escapeJsonForHtml(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
