// Search engines and link previews get the whole page at once (React's onAllReady) rather than a
// streamed shell; a user-agent match is enough because both answers carry the same content.
const CRAWLER =
  /bot\b|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|pinterest|vkshare|w3c_validator|whatsapp|telegram|skypeuripreview|lighthouse|chrome-lighthouse/i;

export function isCrawler(userAgent: string | undefined): boolean {
  return userAgent !== undefined && CRAWLER.test(userAgent);
}
