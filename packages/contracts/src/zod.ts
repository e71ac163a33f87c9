import { z } from 'zod';

// Zod probes for `new Function` when the first object schema is made, and the site's CSP (no
// eval) reports that probe as a violation: in a browser it parses without compiling. Every schema
// module imports zod from here, so this runs before any schema exists.
if ('window' in globalThis) z.config({ jitless: true });

export { z };
