import { ZDeviceQuery } from '@ambassador/contracts';
import { bodyOrQuery } from '../../lib/contract.js';

/** Every Event Manager call needs the `/event` page. */
export const EVENT_PAGE = { access: { page: '/event' } } as const;
export const EVENT_TAGS = ['Event manager'];
/** DELETE and duplicate name the device in the body or, for clients that cannot send one, the query. */
export const deviceRef = bodyOrQuery(ZDeviceQuery);
