import { config } from 'zod';

// The CSP forbids eval. Left to itself, zod probes for it (`new Function`) to compile fast parsers
// when a schema is built, and the refused probe is a CSP error in the console of every page. It must
// run before any schema exists, so main.tsx imports this module first.
config({ jitless: true });
