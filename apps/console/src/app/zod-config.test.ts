import { describe, expect, it } from 'vitest';
import './zod-config';
import { z } from 'zod';
import { ZLoginRequest } from '@ambassador/contracts';

describe('zod in the console', () => {
  it('runs without its JIT (no eval probe for the CSP to report), and schemas still check input', () => {
    expect(z.config().jitless).toBe(true);
    expect(ZLoginRequest.safeParse({ username: 'admin', password: 'x' }).success).toBe(true);
    expect(ZLoginRequest.safeParse({ username: '', password: 'x' }).success).toBe(false);
  });
});
