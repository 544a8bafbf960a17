// The city page's cards carry a View Details button (§2 City page) that the other lists' cards do
// not: the page turns it on around its list, so the shared list components need no option for it.
import { createContext, useContext } from 'react';
import { businessPath } from '../../../server/contract/paths.ts';
import { AppLink } from '../app-link.tsx';

export const ViewDetailsContext = createContext(false);

export function ViewDetailsButton({ slug, name }: { slug: string; name: string }) {
  if (!useContext(ViewDetailsContext)) return null;
  return (
    <p className="bcard__actions">
      <AppLink to={businessPath(slug)} className="bbtn bbtn--outline bcard__details">
        {/* The visible words first, so that voice control finds the link by what it shows. */}
        View Details<span className="bcard-vh"> about {name}</span>
      </AppLink>
    </p>
  );
}
