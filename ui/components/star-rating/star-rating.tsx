// §9: five stars, whole stars filled = floor(rating), the number with one decimal. Screen readers
// hear one phrase ("Rated 4.5 out of 5"); the glyphs are decoration.
const STARS = [1, 2, 3, 4, 5] as const;

function clampRating(rating: number): number {
  return Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0;
}

export function formatRating(rating: number): string {
  return clampRating(rating).toFixed(1);
}

export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const shown = formatRating(rating);
  const filled = Math.floor(clampRating(rating));
  return (
    <span
      role="img"
      aria-label={`Rated ${shown} out of 5`}
      className={`bstars${className ? ` ${className}` : ''}`}
    >
      <span aria-hidden="true" className="bstars__glyphs">
        {STARS.map((n) => (
          <span key={n} className={n <= filled ? 'bstars__star bstars__star--on' : 'bstars__star'}>
            ★
          </span>
        ))}
      </span>
      <span aria-hidden="true" className="bstars__value">
        {shown}
      </span>
    </span>
  );
}
