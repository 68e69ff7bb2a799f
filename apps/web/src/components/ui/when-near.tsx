import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once its place on the page comes within a screen's height of the viewport. For heavy parts
 * far down a page, the landing's reservation form and the footer's sign-up form: a guest who never scrolls there
 * does not pay for them (their code, validation schemas, date picker) while the page starts (issue #11). The
 * children render only in the browser, after its first render (the server and hydration show the empty place),
 * and may be lazy: nothing shows until their code is there.
 */
export function WhenNear({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = place.current;
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);
  return near ? <Suspense fallback={null}>{children}</Suspense> : <div ref={place} />;
}
