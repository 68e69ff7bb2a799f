import { useRef } from 'react';

/**
 * `action`, one call at a time: a call while one still runs gets `busy` at once instead of running again. A double
 * tap clicks again before `isPending` has disabled its button, and the second request of the same step was refused
 * (409) with an error beside the success.
 */
export function useOneAtATime<A extends unknown[], R>(action: (...args: A) => Promise<R>, busy: R): (...args: A) => Promise<R> {
  const running = useRef(false);
  return async (...args) => {
    if (running.current) return busy;
    running.current = true;
    try {
      return await action(...args);
    } finally {
      running.current = false;
    }
  };
}
