// n grey cards shown only during client-side loading (never in server HTML: the loaders fill the data
// first). Use it in place of the card list: it brings the cards' grid (`bcard-grid`, the class a page
// can also give its own list of cards) and one visually hidden "Loading…" status for screen readers.
const LINES = ['bskel__line bskel__line--title', 'bskel__line', 'bskel__line bskel__line--short'] as const;

export function CardSkeletons({ count }: { count: number }) {
  return (
    <div className="bskel-wrap">
      <span role="status" className="bcard-vh">
        Loading…
      </span>
      <div className="bcard-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <div key={i} className="bskel">
            <div className="bskel__media" />
            <div className="bskel__body">
              {LINES.map((line) => (
                <div key={line} className={line} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
