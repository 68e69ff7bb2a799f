import { session } from '../../lib/storage.ts';

/** SPEC §2.3: every /dashboard path needs a stored token, else /login. */
export const requireToken = () => (session.token() ? null : '/login');

/** Visiting /login (or sign-up) with a token goes to the dashboard home. */
export const guestOnly = (home: string) => () => (session.token() ? home : null);
