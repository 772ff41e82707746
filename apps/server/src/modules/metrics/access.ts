import { createHash, timingSafeEqual } from 'node:crypto';

/** What a scrape brings to be let in: its Authorization header, its TCP peer, whether a proxy relayed it. */
export interface Scraper {
  authorization: string | undefined;
  peer: string | undefined;
  proxied: boolean;
}

export type Admission = 'ok' | 'unauthorized' | 'forbidden';

/** Headers a proxy adds: a request carrying one came from somewhere else than its TCP peer. */
export const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export const isLoopback = (address: string | undefined) =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/i.test(address));

/**
 * Who may read /metrics. With a token: whoever sends it as a bearer token, from anywhere (the
 * digests are compared in constant time, whatever the lengths). Without one: only a scrape made on
 * this host straight to the server. A proxy on the same host would make every visitor look local,
 * so a relayed request (it carries a forwarding header) needs the token; so does any other address,
 * private ones included: kiosks and visitors' devices share a venue's private network.
 */
export function admit(scraper: Scraper, token: string | undefined): Admission {
  if (token) {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(scraper.authorization ?? '')?.[1] ?? '';
    return timingSafeEqual(digest(given), digest(token)) ? 'ok' : 'unauthorized';
  }
  return !scraper.proxied && isLoopback(scraper.peer) ? 'ok' : 'forbidden';
}
