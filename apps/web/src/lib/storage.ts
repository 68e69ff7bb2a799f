import type { TAuthUser } from '@tavolo/contracts/auth';

// Keys from SPEC §9.
const TOKEN = 'token';
const USER = 'user';
export const LANGUAGE_KEY = 'language';
/** Set once the dashboard's first-visit tour has been finished or skipped (SPEC §4: shown once per browser). */
export const TOUR_DONE_KEY = 'dashboard_tour_done';
/** What signing out keeps: choices about this browser, not about the account. */
const KEPT_KEYS = [LANGUAGE_KEY, TOUR_DONE_KEY];

export const session = {
  token: (): string | null => localStorage.getItem(TOKEN),
  user(): TAuthUser | null {
    try {
      return JSON.parse(localStorage.getItem(USER) ?? 'null') as TAuthUser | null;
    } catch {
      return null;
    }
  },
  save(token: string, user: TAuthUser) {
    localStorage.setItem(TOKEN, token);
    localStorage.setItem(USER, JSON.stringify(user));
  },
  saveUser(user: TAuthUser) {
    localStorage.setItem(USER, JSON.stringify(user));
  },
  /** Clears everything the app stored except the language the visitor chose and whether they saw the tour. */
  clear() {
    const kept = KEPT_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  },
};

/** A one-shot message for the next page (e.g. the login page after a 401). */
export const flash = {
  set: (key: string) => sessionStorage.setItem('flash', key),
  take(): string | null {
    const key = sessionStorage.getItem('flash');
    sessionStorage.removeItem('flash');
    return key;
  },
};

/** A cookie the page can read (the CSRF token, the language), or undefined. */
export function cookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}
