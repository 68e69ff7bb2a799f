import { useCallback } from 'react';
import { useSearchParams as useRouterSearchParams, type SetURLSearchParams } from 'react-router';

/**
 * react-router's useSearchParams, except that a functional update starts from the address bar's query, not from the
 * query of the render that made the setter. The router commits a navigation as a transition, so a second update
 * before that render (a debounced search landing just after a click opened a row) would otherwise start from the old
 * query and undo the first: the row's drawer closed again.
 */
export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useRouterSearchParams();
  const set = useCallback<SetURLSearchParams>(
    (next, options) => setParams(typeof next === 'function' ? () => next(new URLSearchParams(window.location.search)) : next, options),
    [setParams],
  );
  return [params, set];
}
