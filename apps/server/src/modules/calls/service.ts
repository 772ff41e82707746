import { randomUUID } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_CHANNEL,
  LIVE_EVENT,
  SOCKET,
  ZCallSignal,
  type Call,
  type CallEvent,
  type IceServer,
  type Language,
  type NotificationChannel,
  type OfflineHours,
  type StartCallResponse,
  type ZCallListQuery,
} from '@ambassador/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { AdminSocketContext, Notifier } from '../../realtime/types.js';
import type { AuthContext } from '../auth/index.js';
import type { DeviceContext } from '../devices/index.js';
import { isOffline } from './hours.js';
import type { CallRow, CallSettingsRow, CallsRepo } from './repo.js';

/** What a kiosk shows during offline hours when the operator wrote nothing for its language. */
const DEFAULT_OFFLINE_RESPONSE: Record<Language, string> = {
  english: 'Our staff are not available for video calls right now. Please try again during opening hours.',
  cantonese: '而家暫時冇職員可以接聽視像通話，請喺服務時間內再試。',
  mandarin: '现在暂时没有工作人员可以接听视频通话，请在服务时间内再试。',
  chinese: '現在暫時沒有工作人員可以接聽視像通話，請在服務時間內再試。',
  japanese: '現在、ビデオ通話に対応できるスタッフがおりません。営業時間内に再度お試しください。',
  korean: '지금은 화상 통화를 받을 수 있는 직원이 없습니다. 운영 시간에 다시 시도해 주세요.',
  portuguese:
    'De momento não há funcionários disponíveis para videochamadas. Tente novamente no horário de atendimento.',
  german:
    'Derzeit ist niemand für Videoanrufe erreichbar. Bitte versuchen Sie es während der Öffnungszeiten erneut.',
};

const DEFAULT_SETTINGS: CallSettingsRow = {
  offlineHours: [],
  timeZone: 'UTC',
  offlineResponse: {},
  notification: DEFAULT_NOTIFICATION_CHANNEL,
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toCall(row: CallRow): Call {
  const answered = row.answeredAt ? new Date(row.answeredAt).getTime() : null;
  const ended = row.endedAt ? new Date(row.endedAt).getTime() : null;
  return {
    real_session_id: row.id,
    project_id: row.projectId,
    device_id: row.deviceId,
    device_name: row.deviceName,
    status: row.status,
    created_at: iso(row.createdAt)!,
    answered_at: iso(row.answeredAt),
    ended_at: iso(row.endedAt),
    answered_by: row.answeredByName,
    duration_seconds:
      answered !== null && ended !== null ? Math.max(0, Math.round((ended - answered) / 1000)) : null,
  };
}

/** The `new_call` / `refresh_call` live event of a call, for the consoles of its project. */
function callEvent(row: CallRow, name: CallEvent['name'], notification: NotificationChannel): CallEvent {
  return {
    name,
    project_id: row.projectId,
    real_session_id: row.id,
    device_id: row.deviceId,
    device_name: row.deviceName,
    status: row.status,
    notification,
    sent_at: Date.now(),
  };
}

export interface CallsServiceDeps {
  repo: CallsRepo;
  notifier: Notifier;
  clock: Clock;
  log: FastifyBaseLogger;
  iceServers: IceServer[];
  /** Whether a device of the project exists (403 otherwise). */
  deviceInProject(deviceId: number, projectId: number): Promise<boolean>;
}

/**
 * Video calls: the state machine (ringing → answered → ended; ringing → missed), the hours the
 * desk is offline, who hears about a call, and the relay of WebRTC signalling between the kiosk and the
 * one console tab that answered.
 */
export function createCallsService({
  repo,
  notifier,
  clock,
  log,
  iceServers,
  deviceInProject,
}: CallsServiceDeps) {
  const timers = new Map<string, NodeJS.Timeout>();

  const settingsOf = async (deviceId: number) => ({
    ...DEFAULT_SETTINGS,
    ...(await repo.settings(deviceId)),
  });

  /** Tells the device and every console of the project what became of a call. */
  /** `known`: the device's channel when the caller has just read it (a new call), saving a read. */
  async function announce(
    rows: CallRow[],
    name: 'new_call' | 'refresh_call' = LIVE_EVENT.refreshCall,
    known?: NotificationChannel,
  ) {
    for (const row of rows) {
      const timer = timers.get(row.id);
      if (timer && row.status !== 'ringing') {
        clearTimeout(timer);
        timers.delete(row.id);
      }
      const notification = known ?? (await settingsOf(row.deviceId)).notification;
      notifier.toProject(row.projectId, callEvent(row, name, notification));
      if (name === LIVE_EVENT.refreshCall) {
        notifier.toDevice(row.deviceId, SOCKET.callUpdate, { real_session_id: row.id, status: row.status });
      }
    }
  }

  async function expire(now = clock.now()) {
    const rows = await repo.finish(repo.expiredRinging(now), now, 'missed');
    await announce(rows);
    return rows.length;
  }

  async function callOfProject(actor: AuthContext, id: string) {
    const row = await repo.find(id);
    // Another project's call reads as unknown: its existence is not ours to reveal.
    if (!row || row.projectId !== actor.projectId) throw notFound('Call not found.');
    return row;
  }

  return {
    iceServers: () => iceServers,

    // ------------------------------------------------------------ device side

    /** A kiosk calls: offline during its offline hours, otherwise ringing at every console. */
    async start(device: DeviceContext, language: Language): Promise<StartCallResponse> {
      const now = clock.now();
      const settings = await settingsOf(device.id);
      if (isOffline(settings.offlineHours, settings.timeZone, now)) {
        const text = settings.offlineResponse[language]?.trim() || DEFAULT_OFFLINE_RESPONSE[language];
        return { status: 'offline', offline_response: text };
      }
      // One live call per kiosk: an earlier one it lost track of (reload) ends here.
      await announce(await repo.finish(repo.byDevice(device.id), now, 'missed'));
      const id = randomUUID();
      const ringSeconds = settings.notification.ring_seconds;
      await repo.insert({
        id,
        deviceId: device.id,
        createdAt: now,
        ringUntil: new Date(now.getTime() + ringSeconds * 1000),
      });
      const row = (await repo.find(id))!;
      await announce([row], LIVE_EVENT.newCall, settings.notification);
      // This instance's timer; the housekeeping sweep catches calls of an instance that stopped.
      timers.set(
        id,
        setTimeout(
          () => {
            timers.delete(id);
            expire().catch((err: unknown) => log.error({ err }, 'marking missed calls failed'));
          },
          ringSeconds * 1000 + 50,
        ).unref(),
      );
      return { status: 'ringing', call: toCall(row), ring_seconds: ringSeconds, ice_servers: iceServers };
    },

    /** The visitor hangs up (or gives up while it rings: missed). */
    async endByDevice(device: DeviceContext, id: string): Promise<Call> {
      const row = await repo.find(id);
      if (!row || row.deviceId !== device.id) throw notFound('Call not found.');
      const changed = await repo.finish(repo.byId(id), clock.now(), 'missed');
      await announce(changed);
      return toCall(changed[0] ?? row);
    },

    /** The kiosk's socket closed: its live calls cannot go on. */
    async deviceGone(device: DeviceContext) {
      if (await notifier.deviceOnline(device.id)) return;
      await announce(await repo.finish(repo.byDevice(device.id), clock.now(), 'missed'));
    },

    /** Housekeeping: ringing calls whose time is up become missed. */
    expire,

    // ------------------------------------------------------------ console side

    /**
     * A console tab that (re)connects hears of calls still ringing, as `new_call`: a banner is not
     * lost because the call came while the tab was loading or its network dropped.
     */
    async adminConnected(admin: AdminSocketContext) {
      await expire();
      const { rows } = await repo.list(admin.projectId, {
        status: 'ringing',
        search: '',
        limit: 20,
        offset: 0,
      });
      for (const row of rows.reverse()) {
        const { notification } = await settingsOf(row.deviceId);
        notifier.toClient(
          admin.projectId,
          admin.clientId,
          SOCKET.event,
          callEvent(row, LIVE_EVENT.newCall, notification),
        );
      }
    },

    async list(actor: AuthContext, projectId: number, q: z.output<typeof ZCallListQuery>) {
      if (projectId !== actor.projectId) throw forbidden('This project is not yours.');
      // Calls past their ring time read as missed even before the timer or the sweep got to them.
      await expire();
      const { rows, total } = await repo.list(projectId, {
        status: q.status,
        search: q.search,
        deviceId: q.device_id,
        limit: q.limit,
        offset: q.offset,
      });
      return { calls: rows.map(toCall), total };
    },

    /** An operator answers (first one wins) or hangs up. */
    async setStatus(
      actor: AuthContext,
      deviceId: number,
      input: { real_session_id: string; status: 'answered' | 'ended'; client_id?: string | undefined },
    ): Promise<Call> {
      const row = await callOfProject(actor, input.real_session_id);
      if (row.deviceId !== deviceId) throw notFound('Call not found.');
      const now = clock.now();
      if (input.status === 'answered') {
        const answered = await repo.answer(
          row.id,
          now,
          { id: actor.userId, name: actor.username },
          input.client_id ?? null,
        );
        if (!answered) {
          const current = (await repo.find(row.id))!;
          if (current.status === 'answered') {
            throw conflict(
              `${current.answeredByName ?? 'Another operator'} already answered this call.`,
              'call_taken',
            );
          }
          throw conflict(
            `This call has already ${current.status === 'missed' ? 'been missed' : 'ended'}.`,
            'call_over',
          );
        }
        await announce([answered]);
        return toCall(answered);
      }
      // Hanging up a ringing call declines it: it ends without an answer.
      const changed = await repo.finish(repo.byId(row.id), now, 'ended');
      await announce(changed);
      return toCall(changed[0] ?? row);
    },

    async offlineHours(actor: AuthContext, deviceId: number): Promise<OfflineHours> {
      if (!(await deviceInProject(deviceId, actor.projectId)))
        throw forbidden('This device is not in your project.');
      const s = await settingsOf(deviceId);
      return { offline_hours: s.offlineHours, time_zone: s.timeZone, offline_response: s.offlineResponse };
    },

    async saveOfflineHours(actor: AuthContext, deviceId: number, input: OfflineHours): Promise<OfflineHours> {
      if (!(await deviceInProject(deviceId, actor.projectId)))
        throw forbidden('This device is not in your project.');
      const offlineResponse = Object.fromEntries(
        Object.entries(input.offline_response).filter(([, text]) => (text ?? '').trim() !== ''),
      ) as Record<string, string>;
      await repo.saveSettings(
        deviceId,
        { offlineHours: input.offline_hours, timeZone: input.time_zone, offlineResponse },
        clock.now(),
      );
      return this.offlineHours(actor, deviceId);
    },

    async notification(actor: AuthContext, deviceId: number): Promise<NotificationChannel> {
      if (!(await deviceInProject(deviceId, actor.projectId)))
        throw forbidden('This device is not in your project.');
      return (await settingsOf(deviceId)).notification;
    },

    async saveNotification(actor: AuthContext, deviceId: number, input: NotificationChannel) {
      if (!(await deviceInProject(deviceId, actor.projectId)))
        throw forbidden('This device is not in your project.');
      await repo.saveSettings(deviceId, { notification: input }, clock.now());
      return this.notification(actor, deviceId);
    },

    // ------------------------------------------------------------ signalling relay

    /** Console → kiosk: only the tab that answered, only while the call is answered. */
    async signalFromAdmin(admin: AdminSocketContext, payload: unknown) {
      const signal = ZCallSignal.parse(payload);
      const row = await repo.find(signal.real_session_id);
      if (!row || row.projectId !== admin.projectId) throw notFound('Call not found.');
      if (row.status !== 'answered' || row.answeredClient !== admin.clientId) {
        throw conflict('This call is not connected to you.', 'not_your_call');
      }
      notifier.toDevice(row.deviceId, SOCKET.callSignal, signal);
    },

    /** Kiosk → the console tab that answered. */
    async signalFromDevice(device: DeviceContext, payload: unknown) {
      const signal = ZCallSignal.parse(payload);
      const row = await repo.find(signal.real_session_id);
      if (!row || row.deviceId !== device.id) throw notFound('Call not found.');
      if (row.status !== 'answered' || !row.answeredClient) {
        throw conflict('This call is not connected.', 'not_connected');
      }
      notifier.toClient(row.projectId, row.answeredClient, SOCKET.callSignal, signal);
    },

    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
