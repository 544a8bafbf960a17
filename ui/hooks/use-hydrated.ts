// False in the server render and the hydrating render, true right after: controls that only work
// with JavaScript (a login that must not submit as a plain form, a search box's suggestions) wait
// for it.
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
