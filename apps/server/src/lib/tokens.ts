import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as SHA-256: high-entropy input needs no slow hash. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A short name for a credential's bucket (throttles, cooldowns): it never keeps the credential. */
export const tokenTag = (token: string) => hashToken(token).slice(0, 24);
