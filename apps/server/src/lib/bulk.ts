import { BULK_MAX } from '@ambassador/contracts';
import { badRequest, notFound } from './errors.js';

/**
 * The rows a bulk action found (read with a limit of BULK_MAX + 1): refused when there are more
 * than it takes, or none (ids of nothing on the device), before anything changes.
 */
export function checkedPick<T>(picked: T[], nothing: string): T[] {
  if (picked.length > BULK_MAX) {
    throw badRequest(`At most ${BULK_MAX} at a time. Narrow the filter.`, 'bad_request');
  }
  if (picked.length === 0) throw notFound(nothing);
  return picked;
}
