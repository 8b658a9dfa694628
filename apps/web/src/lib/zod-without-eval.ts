import { z } from 'zod';

// The Content-Security-Policy allows no eval. Without this, zod probes `new Function` on its first
// parse, which the browser reports as a CSP violation even though zod catches the refusal. Imported
// first in main.tsx, since some modules parse while they load.
z.config({ jitless: true });
