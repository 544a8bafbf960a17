// The suggestion requests of one search box, for its lifetime: cancelled when the box goes (a
// suggestion chosen, the page left), so that nothing arrives for a box that is not there.
import { useEffect, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { createSuggestionRequests, type SuggestionRequests } from './suggestion-requests.ts';

export function useSuggestionFetch(): SuggestionRequests {
  const api = useApi();
  const [requests] = useState(() =>
    createSuggestionRequests((q, location, signal) => api.suggest(q, location, signal)),
  );
  useEffect(() => requests.cancel, [requests]);
  return requests;
}
