/**
 * A JSON island the server wrote into index.html (`<script type="application/json" id=...>`, server modules/web).
 * Read without Zod on purpose: it runs in the first chunks of a page, and the server wrote it. Empty when the page
 * came without it (another site, `vite preview`) or when there is no document (the server's renderer).
 */
export function readPageData<T extends object>(id: string): Partial<T> {
  if (typeof document === 'undefined') return {};
  try {
    const value = JSON.parse(document.getElementById(id)?.textContent || '{}') as Partial<T> | null;
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}
