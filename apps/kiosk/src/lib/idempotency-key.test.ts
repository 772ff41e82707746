import { describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

describe('idempotency keys', () => {
  it('are v4 UUIDs even where randomUUID is missing (plain-HTTP kiosks)', () => {
    vi.stubGlobal('isSecureContext', false);
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
