import { config } from 'zod';

// zod compiles object parsers with `new Function` after probing whether it may; the page's CSP
// (script-src 'self') forbids it, and the browser reports the probe as a CSP violation even though
// zod catches it. start.tsx imports this first: an object schema reads the setting when it is made.
config({ jitless: true });
