import { SOCKET, type KioskNotice } from '@ambassador/contracts';
import type { Notifier } from '../../realtime/types.js';

/** Example area: each device's notice, kept in memory, sent to its kiosks when set. */
export function createNoticeService({ notifier }: { notifier: Notifier }) {
  const notices = new Map<number, KioskNotice>();
  return {
    get: (deviceId: number) => notices.get(deviceId) ?? null,
    set(deviceId: number, text: string) {
      const notice = text ? { text } : null;
      if (notice) notices.set(deviceId, notice);
      else notices.delete(deviceId);
      notifier.toDevice(deviceId, SOCKET.notice, notice);
      return notice;
    },
  };
}
export type NoticeService = ReturnType<typeof createNoticeService>;
