import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n.ts';
import { confirmDiscard } from './use-discard-guard.ts';
import { guardHistory } from '../../app/history-guard.ts';

/** The settings forms on screen with changes not saved yet. */
const unsaved = new Set<symbol>();

/**
 * A settings page with unsaved changes (its "Discard / Save changes" bar showing): leaving it by a link in the app or
 * by Back asks first (see useLeaveGuardHost), and a reload or a closed tab gets the browser's own question. A stray tap on the
 * sidebar threw long forms (opening hours, ordering rules) away without a word.
 */
export function useLeaveGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const id = Symbol('unsaved form');
    unsaved.add(id);
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      unsaved.delete(id);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}

/** The router's place in the tab's history (React Router keeps it in `history.state.idx`). */
const historyIndex = (state: unknown): number | null => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

/**
 * Mounted once by the dashboard: holds back a click on a link to another page of the app, or the browser's Back and
 * Forward, while a form has unsaved changes, and goes on once the user chooses to discard them. (The app's router has
 * no blocker of its own: that needs a data router, which would weigh on the storefront's first load.)
 */
export function useLeaveGuardHost() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { key } = useLocation();
  // The history entry on screen: set after each of the router's navigations, not by a Back this guard undid.
  const shown = useRef<number | null>(null);
  useEffect(() => {
    shown.current = historyIndex(window.history.state);
  }, [key]);
  useEffect(() => {
    // Back or Forward to another page of the app is hidden from the router and undone, the undoing too (a popstate).
    let undoing = false;
    guardHistory((event) => {
      if (undoing) {
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      const [next, now] = [historyIndex(event.state), shown.current];
      if (!unsaved.size || next === null || now === null || next === now) return;
      event.stopImmediatePropagation();
      undoing = true;
      window.history.go(now - next);
      confirmDiscard(t, () => {
        unsaved.clear();
        window.history.go(next - now);
      });
    });
    return () => guardHistory(null);
  }, [t]);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!unsaved.size || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin || (to.pathname === window.location.pathname && to.search === window.location.search)) return;
      event.preventDefault();
      event.stopPropagation();
      confirmDiscard(t, () => {
        unsaved.clear();
        void navigate(`${to.pathname}${to.search}${to.hash}`);
      });
    };
    // Capture: before the router's own link handler navigates.
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [t, navigate]);
}
