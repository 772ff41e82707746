import {
  DASHBOARD_MAX_DAYS,
  type Aet,
  type ConversationCount,
  type DashboardDay,
  type DashboardTrendDay,
  type FaqItem,
  type ZDashboardQuery,
} from '@ambassador/contracts';
import type { z } from 'zod';
import { dayRange, daysOf, rethrowUnknownZone } from '../../lib/day-range.js';
import type { DashboardRepo } from './repo.js';

type DashboardQuery = z.output<typeof ZDashboardQuery>;
const FAQ_SIZE = 10;

/** Dashboard figures of one device over calendar days in the caller's zone. */
export function createDashboardService({ repo }: { repo: DashboardRepo }) {
  const rangeOf = (q: DashboardQuery) => dayRange(q, DASHBOARD_MAX_DAYS);

  return {
    /** One point per day of the range, days without activity as zeros. */
    async graph(q: DashboardQuery): Promise<DashboardDay[]> {
      const r = rangeOf(q);
      const days = await repo.byDay(q.device_id, r).catch(rethrowUnknownZone);
      const on = new Map(days.map((d) => [d.day, d]));
      return daysOf(r).map((date) => ({
        date,
        conversations: Number(on.get(date)?.conversations ?? 0),
        fallback_conversations: Number(on.get(date)?.fallback ?? 0),
        q_a_sessions: Number(on.get(date)?.sessions ?? 0),
      }));
    },

    /** Containment and satisfaction per day of the range (rates null on days with nothing to count). */
    async trends(q: DashboardQuery): Promise<DashboardTrendDay[]> {
      const r = rangeOf(q);
      const [sessions, ratings] = await Promise.all([
        repo.containment(q.device_id, r),
        repo.satisfaction(q.device_id, r),
      ]).catch(rethrowUnknownZone);
      const held = new Map(sessions.map((d) => [d.day, d]));
      const rated = new Map(ratings.map((d) => [d.day, d]));
      const share = (part: number, whole: number) =>
        whole === 0 ? null : Math.round((part / whole) * 10000) / 10000;
      return daysOf(r).map((date) => {
        const s = held.get(date);
        const g = rated.get(date);
        const [n, contained] = [Number(s?.sessions ?? 0), Number(s?.contained ?? 0)];
        const [ratingCount, satisfied] = [Number(g?.ratings ?? 0), Number(g?.satisfied ?? 0)];
        return {
          date,
          sessions: n,
          contained,
          containment: share(contained, n),
          ratings: ratingCount,
          satisfied,
          satisfaction: share(satisfied, ratingCount),
        };
      });
    },

    async conversationCount(q: DashboardQuery): Promise<ConversationCount> {
      const totals = await repo.totals(q.device_id, rangeOf(q)).catch(rethrowUnknownZone);
      return {
        conversations: Number(totals.conversations),
        fallback_conversations: Number(totals.fallback),
        q_a_sessions: Number(totals.sessions),
      };
    },

    /** Average engagement time: mean session length in seconds, to the millisecond. */
    async aet(q: DashboardQuery): Promise<Aet> {
      const { average, sessions } = await repo.totals(q.device_id, rangeOf(q)).catch(rethrowUnknownZone);
      return {
        average_seconds: average === null ? null : Math.round(Number(average) * 1000) / 1000,
        sessions: Number(sessions),
      };
    },

    async faq(q: DashboardQuery): Promise<FaqItem[]> {
      const rows = await repo.faq(q.device_id, rangeOf(q), FAQ_SIZE).catch(rethrowUnknownZone);
      return rows.map((r) => ({
        kind: r.kind,
        intent_id: Number(r.intent_id),
        intent_name: r.intent_name,
        category: r.category,
        count: Number(r.count),
      }));
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
