// Every `import … from 'zod'` in the web build resolves to this module (see vite.config.ts). The Content-Security-Policy
// allows no eval; without `jitless`, zod probes `new Function` on its first parse, which the browser reports as a CSP
// violation even though zod catches the refusal. Configuring zod here, where it is first loaded, runs before any module
// can parse, in whichever chunk zod ends up.
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
