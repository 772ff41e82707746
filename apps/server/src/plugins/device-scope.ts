import { ZId } from '@ambassador/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors.js';

/**
 * The devices one admin request acts on, read from every place a request can name one: the query
 * string, a JSON body and the path. Resolved once, by the guard, before any route runs; routes take
 * the device from here (`deviceIdOf`), never from their own copy of the input.
 */
export interface DeviceScope {
  /** The one device the request is about (`device_id`), when it names one. */
  deviceId: number | undefined;
  /** Every device id the request names anywhere (device_id, device_ids, route-declared fields). */
  all: number[];
}

/** Per route (`config.devices`): other fields that name devices, e.g. `source_id` of a copy. */
export interface DeviceFields {
  /** Body or query fields holding one device id each. */
  fields?: readonly string[];
  /** The route works on archived devices too (restore, rename, delete); others answer 409. */
  archived?: boolean;
}

const SINGLE = 'device_id';
const LIST = 'device_ids';

const record = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

function parseId(value: unknown, where: string): number {
  const parsed = ZId.safeParse(value);
  if (!parsed.success) {
    throw badRequest(`${where}: must be a whole number from 1 to 2147483647.`, 'invalid_device_id');
  }
  return parsed.data;
}

/** `device_ids` as a comma-joined query value or a JSON array. */
function parseList(value: unknown, where: string): number[] {
  const items = typeof value === 'string' ? value.split(',').filter(Boolean) : value;
  if (!Array.isArray(items)) throw badRequest(`${where}: must be a list of device ids.`, 'invalid_device_id');
  return items.map((item) => parseId(item, where));
}

/**
 * Reads the scope of a request. A malformed id anywhere is a 400; two places naming different
 * devices is a 400 too (a request is about one device), so no route can be led to act on a device
 * other than the one the guard checked.
 */
export function readDeviceScope(req: FastifyRequest, declared: DeviceFields = {}): DeviceScope {
  const sources: [string, Record<string, unknown> | undefined][] = [
    ['query', record(req.query)],
    ['body', record(req.body)],
    ['path', record(req.params)],
  ];
  const named: number[] = [];
  const all: number[] = [];
  for (const [where, source] of sources) {
    if (!source) continue;
    const single = source[SINGLE];
    // An empty query value (`?device_id=`) names nothing, as a console with no device selected sends.
    if (single !== undefined && single !== null && !(where === 'query' && single === '')) {
      named.push(parseId(single, `${where} ${SINGLE}`));
    }
    const list = source[LIST];
    if (list !== undefined && list !== null && where !== 'path') {
      all.push(...parseList(list, `${where} ${LIST}`));
    }
    for (const field of declared.fields ?? []) {
      const value = source[field];
      if (value !== undefined && value !== null) all.push(parseId(value, `${where} ${field}`));
    }
  }
  const distinct = [...new Set(named)];
  if (distinct.length > 1) {
    throw badRequest(
      `The request names two devices (device_id ${distinct.join(' and ')}). Name one.`,
      'device_conflict',
    );
  }
  return { deviceId: distinct[0], all: [...new Set([...distinct, ...all])] };
}
