import type { TAuthUser } from '@tavolo/contracts/auth';

// Keys from SPEC §9.
const TOKEN = 'token';
const USER = 'user';
export const LANGUAGE_KEY = 'language';

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
  /** Clears everything the app stored except the language the visitor chose. */
  clear() {
    const language = localStorage.getItem(LANGUAGE_KEY);
    localStorage.clear();
    sessionStorage.clear();
    if (language) localStorage.setItem(LANGUAGE_KEY, language);
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
