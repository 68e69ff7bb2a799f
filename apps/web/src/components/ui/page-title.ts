import { useEffect } from 'react';

// The title a page asked for, and a count shown in front of it (the dashboard's waiting orders).
let base = document.title;
let count = 0;
const render = () => {
  document.title = count > 0 ? `(${count}) ${base}` : base;
};

/** Sets the document title as "<page> · <site>". */
export function usePageTitle(title: string, siteName = 'Tavolo') {
  useEffect(() => {
    base = title ? `${title} · ${siteName}` : siteName;
    render();
  }, [title, siteName]);
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
