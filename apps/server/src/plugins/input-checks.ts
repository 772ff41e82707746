import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.js';

/** In unicode mode a valid pair is one code point, so only an unpaired surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;
/** How deep a body may nest before it is refused rather than walked (no real call nests past 10). */
const MAX_DEPTH = 64;

/**
 * The first place in a value holding text the database cannot keep as sent: U+0000 (PostgreSQL
 * refuses it in text) or a lone UTF-16 surrogate (it would be stored as U+FFFD, silently changed).
 */
export function findBadText(value: unknown, where: string, depth = 0): string | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return `${where} contains a NUL character (U+0000)`;
    if (LONE_SURROGATE.test(value)) return `${where} contains a broken Unicode character (a lone surrogate)`;
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return `${where} is nested too deeply`;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const path = `${where}.${String(key)}`;
    const inKey = typeof key === 'string' ? findBadText(key, `${where} (a field name)`, depth) : undefined;
    const found = inKey ?? findBadText(item, path, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every call, admin and device alike: text in the path, query and body is checked once, before
 * any route or the guard sees it, so no service has to (and none can forget to).
 */
export function registerInputChecks(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const bad =
      findBadText(req.params, 'path') ?? findBadText(req.query, 'query') ?? findBadText(req.body, 'body');
    if (bad) throw badRequest(`Invalid input. ${bad}.`, 'invalid_text');
  });
}
