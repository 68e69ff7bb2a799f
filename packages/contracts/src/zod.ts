import { z } from 'zod';

/**
 * The `z` every contracts module and the web app import (never 'zod' itself; eslint enforces it), so this runs
 * before the first schema is built. Zod's object schemas probe for `new Function('')` when they are built (a
 * faster, compiled parser); in the browser our CSP has no 'unsafe-eval', so the probe is a CSP violation that Chrome
 * reports (Lighthouse's 'Issues' audit) even though Zod catches the error. Browsers therefore parse without the
 * JIT; the server (no `window`) keeps it, as it parses every request body.
 */
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
