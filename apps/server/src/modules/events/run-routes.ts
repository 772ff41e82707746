import {
  ZControlRunRequest,
  ZEventParams,
  ZEventRun,
  ZId,
  ZLiveRuns,
  ZOk,
  ZOkEmpty,
  ZRunAnswerRequest,
  ZRunAnswerResponse,
  ZRunEndRequest,
  ZRunParams,
  ZRunProgressRequest,
  ZStartRunRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contractApp, done, ok } from '../../lib/contract.js';
import { deviceOf } from '../../plugins/device-auth.js';
import { authOf, deviceIdOf } from '../../plugins/guard.js';
import { RUN_ABANDONED_MINUTES } from './run-flows.js';
import type { RunService } from './run-service.js';

const eventPage = { access: { page: '/event' } } as const;
const tags = ['Event manager'];
const deviceTags = ['Device API'];
const ZDeviceQuery = z.object({ device_id: ZId });
const ended = `A run its kiosk has not reported on for ${RUN_ABANDONED_MINUTES} minutes counts as ended (left).`;

/** `/device_api/v1/event_runs`: a kiosk's runs of the device's current event. Another device's run is a 404. */
export function runDeviceRoutes(parent: FastifyInstance, { runs }: { runs: RunService }) {
  const app = contractApp(parent);
  app.post(
    '/event_runs',
    {
      schema: {
        tags: deviceTags,
        summary: 'A visitor starts the current event',
        description:
          'An event that is not the device’s current one is 409 `event_not_current`; a language the event does not ' +
          'play is 400 `language_not_offered`. The consoles of the project hear `event_run`.',
        body: ZStartRunRequest,
        response: { 200: ZOk(ZEventRun) },
      },
    },
    async (req) => ok(await runs.start(deviceOf(req), req.body)),
  );
  app.post(
    '/event_runs/:run_id/progress',
    {
      schema: {
        tags: deviceTags,
        summary: 'The run reached an activity, or a step inside it',
        description: `After the run ended: 409 \`run_ended\`. ${ended}`,
        params: ZRunParams,
        body: ZRunProgressRequest,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      await runs.progress(deviceOf(req), req.params.run_id, req.body);
      return done('Progress recorded.');
    },
  );
  app.post(
    '/event_runs/:run_id/answers',
    {
      schema: {
        tags: deviceTags,
        summary: 'The visitor answered a quiz question; the server says whether it was right',
        description:
          'Right when the answer is what one of the question’s buttons answers (its payload, or its text without one) ' +
          'and one of its correct answers in the run’s language. An attempt already recorded answers as it did then. ' +
          `After the run ended: 409 \`run_ended\`. ${ended}`,
        params: ZRunParams,
        body: ZRunAnswerRequest,
        response: { 200: ZOk(ZRunAnswerResponse) },
      },
    },
    async (req) => ok(await runs.answer(deviceOf(req), req.params.run_id, req.body)),
  );
  app.post(
    '/event_runs/:run_id/end',
    {
      schema: {
        tags: deviceTags,
        summary: 'The run ended: finished, left, idle or stopped',
        description: 'The first end stands; a later one is ignored (still 200).',
        params: ZRunParams,
        body: ZRunEndRequest,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      await runs.end(deviceOf(req), req.params.run_id, req.body);
      return done('Run ended.');
    },
  );
}

/** Control mode of an event, under /admin_panel (page Event Manager; the guard checked the device). */
export function runRoutes(parent: FastifyInstance, { runs }: { runs: RunService }) {
  const app = contractApp(parent);
  app.get(
    '/event_manager/event/:event_id/runs/live',
    {
      config: eventPage,
      schema: {
        tags,
        summary: 'The event’s runs going on now on the device',
        description: `Oldest first. ${ended} Another device’s event is a 404.`,
        params: ZEventParams,
        querystring: ZDeviceQuery,
        response: { 200: ZOk(ZLiveRuns) },
      },
    },
    async (req) => ok(await runs.live(deviceIdOf(req), req.params.event_id)),
  );
  app.post(
    '/event_manager/event/:event_id/control',
    {
      config: eventPage,
      schema: {
        tags,
        summary: 'Skip the run’s current activity, or stop the run',
        description:
          'The device’s kiosks get `event:control`. A run that is not going on (unknown, ended, or another event’s) ' +
          'is 409 `run_ended`. A stop while no kiosk of the device is connected ends the run at once (stopped).',
        params: ZEventParams,
        body: ZControlRunRequest,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      await runs.control(authOf(req).projectId, deviceIdOf(req), req.params.event_id, req.body);
      return done(req.body.action === 'skip' ? 'Activity skipped.' : 'Run stopped.');
    },
  );
}
