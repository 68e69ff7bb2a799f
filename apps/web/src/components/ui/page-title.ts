import { useEffect } from 'react';
import { site } from '../../app/site.ts';

/** On a restaurant's host its own name ("Menu · Trattoria Demo"), else the platform's. */
const siteNameOf = () => (site.kind === 'tenant' ? site.tenant.name : 'Tavolo');

// The title a page asked for, and a count shown in front of it (the dashboard's waiting orders).
let base = typeof document === 'undefined' ? '' : document.title;
let count = 0;
const render = () => {
  document.title = count > 0 ? `(${count}) ${base}` : base;
};

/** Sets the document title as "<page> · <site>". */
export function usePageTitle(title: string, siteName = siteNameOf()) {
  useEffect(() => {
    base = title ? `${title} · ${siteName}` : siteName;
    render();
  }, [title, siteName]);
}

function setDescription(content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Title and meta description of a page with a head of its own (the server wrote the same ones into index.html);
 * `null` leaves both to the page. Set from a layout, it wins over its pages' usePageTitle (parents' effects run last).
 */
export function usePageMeta(meta: { title: string; description: string } | null, siteName = siteNameOf()) {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title === undefined) return;
    base = `${title} · ${siteName}`;
    render();
  }, [title, siteName]);
  useEffect(() => {
    if (description !== undefined) setDescription(description);
  }, [description]);
}

/** Puts "(3) " in front of the title while `value` is above 0, so a background tab shows what waits. */
export function useTitleCount(value: number) {
  useEffect(() => {
    count = value;
    render();
    return () => {
      count = 0;
      render();
    };
  }, [value]);
}
