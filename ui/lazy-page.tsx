// Route-level code splitting that never suspends where it would hurt: the server (and the browser,
// before hydrating) loads the matched pages' modules first, so they render synchronously — no
// Suspense fallback in server HTML and no streaming script to reveal it. Only a client-side
// navigation to a page whose chunk is not loaded yet suspends, briefly.
import { type ComponentType, createElement, lazy } from 'react';
import type { RouteLoader } from './route-types.ts';

export interface LazyPage {
  Page: ComponentType;
  preload: () => Promise<void>;
  /** The module's path from the project root: its key in Vite's manifest, for modulepreload links. */
  module: string;
}

export function lazyPage<M>(
  module: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = pick(module);
    });
    return pending;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType })));
  // One component per page, made once at module load (not per render), which is what the rule guards.
  // biome-ignore lint/correctness/noComponentHookFactories: created once per route, never in a render
  function Page() {
    return loaded ? createElement(loaded) : createElement(Lazy);
  }
  return { Page, preload, module };
}

/** A loader that lives in the page's own module (so it stays out of the main chunk). */
export function lazyLoader<M>(load: () => Promise<M>, pick: (module: M) => RouteLoader): RouteLoader {
  // import() of a loaded module still goes through the module loader's hooks (tsx's resolver runs
  // on another thread): the module is imported once and its loader kept.
  let loader: Promise<RouteLoader> | undefined;
  return async (context) => {
    loader ??= load().then(pick);
    return (await loader)(context);
  };
}
