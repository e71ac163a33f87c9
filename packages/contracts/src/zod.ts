import { z } from 'zod';

// Zod compiles object parsers with `new Function` where it can, probing for that when the
// first object schema is made. A browser under the site's CSP (no eval) reports the probe as a
// policy violation, which Lighthouse lists as a logged issue (best practices 96 on /login). In a
// browser Zod parses without compiling; on the server it compiles. Every schema module imports
// zod from here, so this runs before any schema exists.
if ('window' in globalThis) z.config({ jitless: true });

export { z };
