import type { Push, PushDelivery } from '@ambassador/contracts';

/** Test support only: one device's delivery of a push. */
export function aDelivery(
  device_id: number,
  status: PushDelivery['status'],
  patch: Partial<PushDelivery> = {},
) {
  return {
    device_id,
    device_name: device_id === 7 ? 'Lobby' : device_id === 8 ? 'Gate kiosk' : `Device ${device_id}`,
    status,
    delivered_at: status === 'delivered' ? '2025-03-04T02:31:00Z' : null,
    ...patch,
  } satisfies PushDelivery;
}

/** A push as GET /video_call/push lists it. */
export function aPush(id: number, patch: Partial<Push> = {}): Push {
  return {
    id,
    texts: { english: `Message ${id}` },
    image_url: null,
    duration_seconds: 15,
    speak: false,
    created_at: '2025-03-04T02:30:00Z',
    created_by: 'mary',
    deliveries: [aDelivery(7, 'pending')],
    ...patch,
  };
}
