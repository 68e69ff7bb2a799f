import { useState } from 'react';
import { useMounted } from '@mantine/hooks';

/**
 * False until `opened` first turns true, then true for good: a drawer or dialog whose code loads lazily mounts on
 * its first opening (not with the page, issue #11 JavaScript budget) and stays mounted for its closing transition.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/**
 * `opened`, but false on the first render, for a lazily loaded drawer or dialog: Mantine's Modal and Drawer note the
 * element to give the focus back to when `opened` changes, so one mounted already open would not return the focus.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  return useMounted() && opened;
}
