// A map of some businesses (a page of results, or one business): a marker for each that has
// coordinates, its card when a marker is chosen. The server renders only the map's box, its size
// reserved by CSS so nothing moves when the map arrives; Leaflet (its own chunk, with its CSS) is
// imported when the box comes near the viewport, so a first visit downloads none of it (decision
// 0027). Without JavaScript the box is hidden by CSS (scripting: none): the list and the "View on Map"
// links are the page. Nothing at all is rendered when no business has coordinates.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_MAP_CONFIG, useSiteConfig } from '../../site-config.ts';
import { mapPlacesOf } from './map-places.ts';

type Placeable = Parameters<typeof mapPlacesOf>[0][number];

/** Start loading a little before the box is on screen, so the map is usually there when it is. */
const LOAD_MARGIN = '200px 0px';

const MESSAGES = {
  idle: '',
  loading: '',
  ready: '',
  failed: 'The map could not be loaded. Every business is in the list.',
  noTiles: 'The map pictures could not be loaded; the markers still work.',
} as const;

export function ResultsMap({
  businesses,
  label,
  className,
}: {
  businesses: readonly Placeable[];
  /** The map region's accessible name, e.g. "Map of these results". */
  label: string;
  className?: string;
}) {
  const mapConfig = useSiteConfig().map ?? DEFAULT_MAP_CONFIG;
  const places = useMemo(() => mapPlacesOf(businesses), [businesses]);
  const canvas = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<keyof typeof MESSAGES>('idle');
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    const box = canvas.current;
    if (!box || places.length === 0) return;
    let cancelled = false;
    let mounted: { destroy(): void } | undefined;
    let observer: IntersectionObserver | undefined;
    const load = () => {
      setState('loading');
      import('./leaflet-map.ts')
        .then(({ mountLeafletMap }) => {
          if (cancelled) return;
          mounted = mountLeafletMap(box, places, {
            tileUrl: mapConfig.tileUrl,
            attribution: mapConfig.attribution,
            reducedMotion: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
            navigate: (path) => navigateRef.current(path),
            onTilesFailed: () => {
              if (!cancelled) setState('noTiles');
            },
          });
          setState('ready');
        })
        .catch(() => {
          if (!cancelled) setState('failed');
        });
    };
    if (typeof IntersectionObserver === 'undefined') load();
    else {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          load();
        },
        { rootMargin: LOAD_MARGIN },
      );
      observer.observe(box);
    }
    return () => {
      cancelled = true;
      observer?.disconnect();
      mounted?.destroy();
      setState('idle');
    };
  }, [places, mapConfig]);

  if (places.length === 0) return null;
  return (
    <section className={className ? `rmap ${className}` : 'rmap'} aria-label={label}>
      {/* Leaflet owns this element's children; React renders none. Leaflet makes it focusable (the
          arrow keys pan): the group role gives it a name that says so. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a <fieldset> would say "form"; this is Leaflet's map box */}
      <div
        ref={canvas}
        className="rmap__canvas"
        role="group"
        aria-label="Map: arrow keys move it, plus and minus zoom"
        data-state={state}
      />
      <p className="rmap__note" role="status">
        {MESSAGES[state]}
      </p>
    </section>
  );
}
