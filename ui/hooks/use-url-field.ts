// A form field whose value comes from the URL (?search=, ?q=…) and can be edited in between.
// It is reset on every history change, not only when the URL's value changes: react-router runs
// navigations as transitions, so a submit followed at once by Back is rendered as one update in which
// the value never changed (and Back restores the old entry's key), and a field keyed on the value
// or the key would keep the stale typed text. The location object is new on every history change.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

export function useUrlField(fromUrl: string): [string, (value: string) => void] {
  const location = useLocation();
  const [value, setValue] = useState(fromUrl);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the history change itself is the trigger.
  useEffect(() => setValue(fromUrl), [fromUrl, location]);
  return [value, setValue];
}
