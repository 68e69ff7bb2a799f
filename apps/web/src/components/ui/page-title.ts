import { useEffect } from 'react';

/** Sets the document title as "<page> · <site>". */
export function usePageTitle(title: string, siteName = 'Tavolo') {
  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
}
