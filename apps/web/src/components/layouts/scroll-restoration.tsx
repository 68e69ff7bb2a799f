import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// Where the visitor left each page of this visit, by its history entry.
const positions = new Map<string, number>();

/**
 * A new page starts at its top (or at its #anchor), Back and Forward return to where the visitor was; the first
 * page keeps where the visitor scrolled the server's HTML before the browser took it over.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const action = useNavigationType();
  const first = useRef(true);

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
    if (first.current) {
      first.current = false;
      return;
    }
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (action === 'POP') window.scrollTo(0, positions.get(key) ?? 0);
    else if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, action]);

  return null;
}
