import {
  BULK_MAX,
  EVENT_MAX_EVENTS,
  EVENT_UPLOAD_MAX_FILES,
  IMAGE_UPLOAD_MAX_BYTES,
  VIDEO_UPLOAD_MAX_BYTES,
  ZBulkResult,
  ZCreateEventRequest,
  ZDeviceQuery,
  ZEvent,
  ZEventOverview,
  ZEventParams,
  ZEventsBulkRequest,
  ZEventUploadQuery,
  ZOk,
  ZUndoTicket,
  ZUpdateEventRequest,
  ZUploadResponse,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contractApp, ok } from '../../lib/contract.js';
import { manyFiles } from '../../media/uploads.js';
import { authOf, deviceIdOf, pinned } from '../../plugins/guard.js';
import { checkDeviceField } from '../../media/batch.js';
import { EVENT_PAGE, EVENT_TAGS as tags, deviceRef } from './access.js';
import type { EventManagerBulk } from './bulk.js';
import type { EventService } from './event-service.js';

const EVENT = '/event_manager/event';
const MB = 1024 * 1024;
const pushed =
  'Paired kiosks get what they play now at once (`event:active`) when the current event changes.';

/** Events of a device and their media. Thin: the contract and the guard check, the service acts. */
export function eventRoutes(
  parent: FastifyInstance,
  { events, bulk }: { events: EventService; bulk: EventManagerBulk },
) {
  const app = contractApp(parent);
  app.get(
    '/event_manager/overview',
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'The device’s events, newest first, and its current one',
        description:
          '`is_complete`: every language’s flow passes the save rules, so the event can be made current.',
        querystring: ZDeviceQuery,
        response: { 200: ZOk(ZEventOverview) },
      },
    },
    async (req) => ok(await events.overview(deviceIdOf(req))),
  );
  app.post(
    '/event_manager/upload',
    {
      config: { ...EVENT_PAGE, upload: true },
      schema: {
        tags,
        summary: 'Upload images or videos for flows and quizzes (multipart, fields `files`)',
        description: `\`device_id\` in the query. Each file must be, by its content, a PNG, JPEG, GIF or WebP image of at most ${IMAGE_UPLOAD_MAX_BYTES / MB} MB or an MP4 or WebM video of at most ${VIDEO_UPLOAD_MAX_BYTES / MB} MB (415 \`unsupported_type\`, 413 \`file_too_large\`), at most ${EVENT_UPLOAD_MAX_FILES} files a request; a refused file stores none of the request's. Answers each file's media item in order: put its \`url\` in a flow or a quiz and save that. An upload nothing names is deleted after a day.`,
        querystring: ZEventUploadQuery,
        response: { 200: ZOk(z.array(ZUploadResponse)) },
      },
    },
    async (req) => {
      const deviceId = deviceIdOf(req);
      const files = manyFiles(req, {
        maxBytes: Math.max(IMAGE_UPLOAD_MAX_BYTES, VIDEO_UPLOAD_MAX_BYTES),
        maxFiles: EVENT_UPLOAD_MAX_FILES,
        onField: (name, value) => checkDeviceField(deviceId, name, value),
      });
      const saved = await events.upload(authOf(req), files);
      return ok(saved, { total: saved.length, message: 'Files uploaded.' });
    },
  );
  app.post(
    EVENT,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'Add an event (title and languages), with empty flows, not current',
        description: `Languages among the device’s (400 \`language_not_offered\`). A device holds at most ${EVENT_MAX_EVENTS} events (409 \`too_many_events\`).`,
        body: ZCreateEventRequest,
        response: { 200: ZOk(ZEvent) },
      },
    },
    async (req) => ok(await events.create(authOf(req), pinned(req, req.body)), { message: 'Event added.' }),
  );
  app.get(
    `${EVENT}/:event_id`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'An event with its flows and version',
        params: ZEventParams,
        querystring: ZDeviceQuery,
        response: { 200: ZOk(ZEvent) },
      },
    },
    async (req) => ok(await events.get(deviceIdOf(req), req.params.event_id)),
  );
  app.put(
    `${EVENT}/:event_id`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'Save an event: any of title, languages, flows, is_active',
        description: [
          'With `version` (the one loaded), a save over a newer one is 409 `event_changed` (the message names who saved it and when) and changes nothing.',
          'Flows only in the event’s languages (400 `language_not_offered`; a language taken off drops its flow); a quiz must be one of the device’s (400 `quiz_not_on_device`); two activities of a flow may not share a `key`.',
          'Drafts save as they are; making the event current, or saving the current one, with anything missing is 400 `validation_error` “Fields incompleted” with every failing field in `issues` (path `flows.<language>.<index>.<field>`, rule key such as `event_video_required`, `event_quiz_language`).',
          `\`is_active: true\` ends the device’s other current event. ${pushed}`,
        ].join(' '),
        params: ZEventParams,
        body: ZUpdateEventRequest,
        response: { 200: ZOk(ZEvent) },
      },
    },
    async (req) =>
      ok(await events.update(authOf(req), req.params.event_id, pinned(req, req.body)), {
        message: 'Event saved.',
      }),
  );
  app.post(
    `${EVENT}/bulk`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'Delete many events at once, with their runs',
        description:
          '`selection` is `{ ids }` or `{ all: true, filter: {} }` (every event of the device). ' +
          `At most ${BULK_MAX}, in one transaction. The current event (kiosks play it) stays and is counted ` +
          'as `skipped`; the answer’s `undo` ticket puts the others back with their runs (`POST /undo`).',
        body: ZEventsBulkRequest,
        response: { 200: ZOk(ZBulkResult) },
      },
    },
    async (req) => {
      const result = await bulk.events(authOf(req), pinned(req, req.body));
      return ok(result, { message: `${result.count} events deleted.` });
    },
  );
  app.delete(
    `${EVENT}/:event_id`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'Delete an event and its runs (the current one too)',
        description: `The answer is the undo ticket (\`POST /undo\`), which puts it back with its runs. ${pushed}`,
        params: ZEventParams,
        ...deviceRef.schema,
        response: { 200: ZOk(ZUndoTicket) },
      },
    },
    async (req) =>
      ok(await bulk.removeEvent(authOf(req), deviceIdOf(req), req.params.event_id), {
        message: 'Event deleted.',
      }),
  );
  app.post(
    `${EVENT}/:event_id/duplicate`,
    {
      config: EVENT_PAGE,
      schema: {
        tags,
        summary: 'Copy an event as “<title> (copy)”, with its flows, not current',
        description: `Counts against the ${EVENT_MAX_EVENTS} events a device holds (409 \`too_many_events\`).`,
        params: ZEventParams,
        ...deviceRef.schema,
        response: { 200: ZOk(ZEvent) },
      },
    },
    async (req) =>
      ok(await events.duplicate(authOf(req), deviceIdOf(req), req.params.event_id), {
        message: 'Event duplicated.',
      }),
  );
}
