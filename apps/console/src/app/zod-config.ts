/**
 * zod without its JIT in the console: the CSP allows no eval, and zod's `new Function('')` probe,
 * though caught, is reported as a CSP violation. An object schema decides when it is made whether
 * to compile its parser, so this runs first (main.tsx imports it before anything else), before any
 * contract module builds a schema.
 *
 * It sets zod's global configuration object (`globalThis.__zod_globalConfig`, which every copy of
 * zod 4 shares and `z.config()` writes) rather than calling `z.config`: importing zod here would put
 * its core into the login page's JS. It lives here, not in the contracts: they are free of side
 * effects (`sideEffects: false`), so a screen's chunk holds only the contract modules it uses.
 * zod-config.test.ts checks that zod reads it.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
