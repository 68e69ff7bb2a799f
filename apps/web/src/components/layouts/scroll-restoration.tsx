import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// Where the visitor left each page of this visit, by its history entry.
const positions = new Map<string, number>();

/**
 * A new page starts at its top (or at its #anchor), Back and Forward return to where the visitor was. A change of
 * the query alone (the menu's filters and pages, a list's search) keeps the place, and the first page keeps where
 * the visitor scrolled the server's HTML before the browser took it over.
 */
export function ScrollRestoration() {
  const { key, pathname, hash } = useLocation();
  const action = useNavigationType();
  const shown = useRef<{ pathname: string; hash: string } | null>(null);

  useEffect(() => {
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(key, window.scrollY));
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
    };
  }, [key]);

  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = { pathname, hash };
    if (!before) return;
    if (action === 'POP') {
      const saved = positions.get(key);
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    if (hash && hash !== before.hash) return void document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    if (pathname !== before.pathname) window.scrollTo(0, 0);
  }, [key, pathname, hash, action]);

  return null;
}
