import { z } from 'zod';

/**
 * In a browser, zod runs without its JIT: the console's and the kiosk's CSP allows no eval, and
 * zod's `new Function('')` probe, though caught, is reported as a CSP violation. Imported first by
 * index.ts, because an object schema decides when it is made whether to compile its parser. The
 * server keeps the JIT (faster parsing, no CSP).
 */
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') z.config({ jitless: true });
