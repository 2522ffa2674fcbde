// zod for every shared schema, without its JIT: the JIT probes with `new Function`, which our Content-Security-Policy
// (script-src 'self') refuses in the browser, and the probe alone is logged as a CSP violation.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
