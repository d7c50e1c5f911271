import { config, z } from 'zod';

// The browser's CSP forbids eval. Left to itself, zod probes for it (`new Function`) when an object
// schema is built, to compile faster parsers, and the refused probe is a CSP error on every page.
// Every contract imports `z` from here, so this runs before the first schema exists, on both sides.
config({ jitless: true });

export { z };
