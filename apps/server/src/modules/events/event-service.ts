import {
  EVENT_MAX_EVENTS,
  EVENT_TITLE_MAX,
  EVENT_UPLOAD_MAX_FILES,
  type Event,
  type EventOverview,
  type EventSummary,
  type Flows,
  type QuizFacts,
  type ValidationIssue,
  type ZCreateEventRequest,
  type ZUpdateEventRequest,
} from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { failedRule, invalidInput } from '../../lib/validate.js';
import type { MediaStore } from '../../media/store.js';
import { IMAGE_OR_VIDEO, saveBatch, type IncomingFile } from '../../media/batch.js';
import type { EventRepo, EventRow } from './event-repo.js';
import { eventIssues, flowsOf } from './flows.js';
import type { KioskEvents } from './kiosk-event.js';
import { languagesOf, loadLibrary } from './library.js';
import type { QuizRepo } from './quiz-repo.js';
import { copyName, mustOffer } from './shared.js';

const noEvent = () => notFound('This event is not on this device (it may have been deleted).');
const tooMany = () =>
  conflict(
    `A device holds at most ${EVENT_MAX_EVENTS} events. Delete some before adding more.`,
    'too_many_events',
  );

/** 400 'Fields incompleted', every field a flow lacks as an issue (the console marks each in its tab). */
function incomplete(issues: ValidationIssue[]) {
  const parts = issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  return new AppError(
    400,
    'validation_error',
    `Fields incompleted. ${[...new Set(parts)].join('; ')}`,
    undefined,
    issues,
  );
}

/**
 * Activities keep their key through reorders and results count by it: two activities of one flow
 * may not share one.
 */
function repeatedKeys(flows: Flows): ValidationIssue[] {
  return Object.entries(flows).flatMap(([language, flow]) => {
    const seen = new Set<string>();
    return (flow ?? []).flatMap((a, i) => {
      if (!seen.has(a.key)) {
        seen.add(a.key);
        return [];
      }
      return [{ ...failedRule('key', 'invalid_value'), path: ['flows', language, i, 'key'] }];
    });
  });
}

/**
 * Events of a device (Event Manager): per language a flow of activities, at most one current.
 * Routes reach this with a device the guard has checked is the caller's project's; an event of
 * another device is 404. Drafts save as they are; an event is checked for completeness whenever it
 * is or becomes current, and every change to the current one reaches the device's kiosks at once.
 */
export function createEventService({
  repo,
  quizzes,
  live,
  media,
  clock,
}: {
  repo: EventRepo;
  quizzes: QuizRepo;
  live: KioskEvents;
  media: MediaStore;
  clock: Clock;
}) {
  const facts = async (deviceId: number) => (await loadLibrary(quizzes, deviceId)).facts;

  function summaryOf(row: EventRow, library: ReadonlyMap<number, QuizFacts>): EventSummary {
    const languages = languagesOf(row);
    return {
      id: row.id,
      title: row.title,
      languages,
      is_active: row.isActive,
      is_complete: eventIssues(languages, flowsOf(row), library).length === 0,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  const eventOf = (row: EventRow, library: ReadonlyMap<number, QuizFacts>): Event => ({
    ...summaryOf(row, library),
    flows: flowsOf(row),
    version: row.version,
    updated_by: row.updatedBy,
  });

  const changedMeanwhile = (row: EventRow) =>
    conflict(
      `${row.updatedBy ?? 'Someone'} saved this event at ${row.updatedAt.toISOString()}, after you opened it (it is at version ${row.version}). Nothing was changed: reload it to see their changes, then make yours again.`,
      'event_changed',
    );

  return {
    /** The device's events, newest first, and its current one. */
    async overview(deviceId: number): Promise<EventOverview> {
      const [rows, library] = await Promise.all([repo.list(deviceId), facts(deviceId)]);
      const events = rows.map((r) => summaryOf(r, library));
      return { events, active: events.find((e) => e.is_active) ?? null };
    },

    async get(deviceId: number, id: number) {
      const row = await repo.one(deviceId, id);
      if (!row) throw noEvent();
      return eventOf(row, await facts(deviceId));
    },

    /** A new event in some of the device's languages, with empty flows, not current. */
    async create(actor: { username: string }, input: z.output<typeof ZCreateEventRequest>) {
      const deviceId = input.device_id;
      mustOffer(await quizzes.deviceLanguages(deviceId), input.languages);
      if ((await repo.count(deviceId)) >= EVENT_MAX_EVENTS) throw tooMany();
      const row = await repo.insert(
        deviceId,
        { title: input.title, languages: input.languages, flows: {}, updatedBy: actor.username },
        clock.now(),
      );
      return eventOf(row, await facts(deviceId));
    },

    /**
     * Any of title, languages, flows and is_active. With `version`, a save over a newer one is 409
     * event_changed and changes nothing. Flows only in the event's languages (a language taken off
     * drops its flow); a quiz must be the device's. While current (or made current), every flow
     * must be complete. Making it current ends the device's other current event.
     */
    async update(actor: { username: string }, id: number, input: z.output<typeof ZUpdateEventRequest>) {
      const deviceId = input.device_id;
      if (input.languages) mustOffer(await quizzes.deviceLanguages(deviceId), input.languages);
      const library = await facts(deviceId);
      if (input.flows) {
        const repeated = repeatedKeys(input.flows);
        if (repeated.length > 0) throw invalidInput(repeated);
        for (const [language, flow] of Object.entries(input.flows)) {
          for (const [i, a] of (flow ?? []).entries()) {
            if (a.type === 'quiz' && a.quiz_id !== null && !library.has(a.quiz_id)) {
              throw badRequest(
                `flows.${language}.${i}.quiz_id: Quiz ${a.quiz_id} is not in this device’s quiz library.`,
                'quiz_not_on_device',
              );
            }
          }
        }
      }
      const saved = await repo.save(
        deviceId,
        id,
        (row) => {
          if (input.version !== undefined && input.version !== row.version) throw changedMeanwhile(row);
          const languages = input.languages ?? languagesOf(row);
          if (input.flows) mustOffer(languages, Object.keys(input.flows), 'This event');
          const given = input.flows ?? flowsOf(row);
          const flows = Object.fromEntries(languages.flatMap((l) => (given[l] ? [[l, given[l]]] : [])));
          const isActive = input.is_active ?? row.isActive;
          if (isActive) {
            const issues = eventIssues(languages, flows, library);
            if (issues.length > 0) throw incomplete(issues);
          }
          return { title: input.title ?? row.title, languages, flows, isActive, updatedBy: actor.username };
        },
        clock.now(),
      );
      if (!saved) throw noEvent();
      if (saved.before.isActive || saved.after.isActive) await live.announce(deviceId);
      return eventOf(saved.after, library);
    },

    /** A copy titled "<title> (copy)" with the same flows, not current. */
    async duplicate(actor: { username: string }, deviceId: number, id: number) {
      const source = await repo.one(deviceId, id);
      if (!source) throw noEvent();
      if ((await repo.count(deviceId)) >= EVENT_MAX_EVENTS) throw tooMany();
      const row = await repo.insert(
        deviceId,
        {
          title: copyName(source.title, EVENT_TITLE_MAX),
          languages: source.languages,
          flows: source.flows,
          updatedBy: actor.username,
        },
        clock.now(),
      );
      return eventOf(row, await facts(deviceId));
    },

    /**
     * Images and videos for flows and quizzes, each stored by the media pipeline as its bytes say,
     * attached to nothing: a document saved after names them by address (unsaved, they go with the
     * sweep). All or nothing.
     */
    async upload(actor: { projectId: number; userId: number | null }, files: AsyncIterable<IncomingFile>) {
      return saveBatch(media, actor, files, {
        kind: IMAGE_OR_VIDEO,
        room: EVENT_UPLOAD_MAX_FILES,
        full: () => badRequest(`Send at most ${EVENT_UPLOAD_MAX_FILES} files in one upload.`, 'bad_request'),
        commit: async () => undefined,
      });
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;
