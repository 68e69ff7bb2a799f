import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

/**
 * The text of a search box whose settled term lives in the URL: `onSettled` gets the trimmed term 350 ms after
 * typing stops, and when the URL's term changes (back/forward, a reset) the box follows.
 */
export function useDebouncedSearch(urlSearch: string, onSettled: (search: string) => void): [string, (search: string) => void] {
  const [search, setSearch] = useState(urlSearch);
  const [debounced] = useDebouncedValue(search, 350);

  useEffect(() => {
    if (debounced.trim() !== urlSearch.trim()) onSettled(debounced.trim());
    // Only a settled search term goes to the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // Back/forward or a reset changes the URL; the box follows.
  const [seen, setSeen] = useState(urlSearch);
  if (seen !== urlSearch) {
    setSeen(urlSearch);
    if (search.trim() !== urlSearch) setSearch(urlSearch);
  }

  return [search, setSearch];
}
