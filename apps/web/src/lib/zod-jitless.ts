import { z } from 'zod';

/**
 * zod compiles object schemas with `new Function` when it may, and tests once whether it may: under
 * the console's Content-Security-Policy (no 'unsafe-eval') that test is refused, and the browser
 * reports a CSP violation for it on every load. The console checks only small forms, so zod's plain
 * checking is all it needs. Imported first by main.tsx, before any schema runs.
 */
z.config({ jitless: true });
