// "Use my location" on the search page (issue 16). The browser is asked for the position only when
// the button is clicked; the answer becomes the same search with lat/lng (rounded to ~100 m) and
// sort=distance. The position is kept nowhere and logged nowhere but that URL. A refusal or a failure
// is said politely in a live region that is in the page from the start, and the page stays usable.
// The button needs JavaScript, so it appears only once the page has hydrated.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  filteredHref,
  type ResultFilters,
  roundCoordinate,
} from '../../components/result-filters/result-filters.ts';
import { useHydrated } from '../../hooks/use-hydrated.ts';

const PERMISSION_DENIED = 1;

export function UseMyLocation({
  path,
  own,
  filters,
}: {
  path: string;
  own: Record<string, string>;
  filters: ResultFilters;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const locate = () => {
    if (busy) return;
    if (!('geolocation' in navigator)) {
      setMessage('This browser cannot share your location. You can type a place in the search form instead.');
      return;
    }
    setBusy(true);
    setMessage('Finding your location…');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setBusy(false);
        setMessage('');
        const point = { lat: roundCoordinate(coords.latitude), lng: roundCoordinate(coords.longitude) };
        navigate(filteredHref(path, own, filters, { point, sort: 'distance' }));
      },
      (error) => {
        setBusy(false);
        setMessage(
          error.code === PERMISSION_DENIED
            ? 'Your location was not shared, so results are not sorted by distance. You can type a place in the search form instead.'
            : 'Sorry, your location could not be found just now. You can try again or type a place in the search form.',
        );
      },
      // A recent position is good enough to sort by; a slow answer gives up rather than hang.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  };

  return (
    <div className="rfilters__locate">
      {hydrated && (
        <button
          type="button"
          className="btn btn--outline rfilters__locate-btn"
          onClick={locate}
          // aria-disabled, not disabled: the focused button keeps focus while the browser answers.
          aria-disabled={busy || undefined}
        >
          Use my location
        </button>
      )}
      <p className="rfilters__locate-status" role="status">
        {message}
      </p>
    </div>
  );
}
