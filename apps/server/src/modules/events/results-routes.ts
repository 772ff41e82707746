import {
  DASHBOARD_MAX_DAYS,
  ZDayRangeQuery,
  ZEventParams,
  ZEventResults,
  ZId,
  ZOk,
  ZQuizParams,
  ZQuizResults,
} from '@ambassador/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contractApp, file, ok } from '../../lib/contract.js';
import { attachment, XLSX_TYPE } from '../../lib/downloads.js';
import { deviceIdOf } from '../../plugins/guard.js';
import { RUN_ABANDONED_MINUTES } from './run-flows.js';
import type { ResultsService } from './results-service.js';

const eventPage = { access: { page: '/event' } } as const;
/** Workbooks: the first to wait when the server is busy. */
const heavy = { ...eventPage, priority: 'low' } as const;
const tags = ['Event manager'];
/** A range of days in a zone (ZDayRangeQuery), on a device. */
const ZResultsQuery = ZDayRangeQuery.safeExtend({ device_id: ZId });
const counted =
  `Runs are counted on the day they started (in \`tz\`), at most ${DASHBOARD_MAX_DAYS} days. ` +
  `A run its kiosk stopped reporting on ${RUN_ABANDONED_MINUTES} minutes ago counts as left.`;
/** An export's workbook, as a download under its name. */
const sendXlsx = (reply: FastifyReply, { filename, content }: { filename: string; content: Buffer }) =>
  reply.type(XLSX_TYPE).header('content-disposition', attachment(filename)).send(content);

/** Results of the Event Manager, under /admin_panel: only the caller's project's devices (the guard). */
export function resultsRoutes(parent: FastifyInstance, { results }: { results: ResultsService }) {
  const app = contractApp(parent);
  app.get(
    '/event_manager/event/:event_id/results',
    {
      config: eventPage,
      schema: {
        tags,
        summary: 'An event’s runs over a range of days: outcomes, days, drop-off per activity, correct rates',
        description:
          `${counted} Activities and questions are those of the event’s current flows, per language: \`reached\` counts ` +
          'runs that reached the activity, `dropped` those that ended there without finishing. A run’s question is ' +
          'correct when an attempt within the question’s max attempts was right. Another device’s event is a 404.',
        params: ZEventParams,
        querystring: ZResultsQuery,
        response: { 200: ZOk(ZEventResults) },
      },
    },
    async (req) => ok(await results.eventResults(deviceIdOf(req), req.params.event_id, req.query)),
  );
  app.get(
    '/event_manager/event/:event_id/results/export',
    {
      config: heavy,
      schema: {
        tags,
        summary: 'An event’s results as an xlsx workbook',
        description:
          'Sheets Summary, Days (date cells), Activities and Questions (correct rate as a percentage), with the ' +
          'numbers of GET …/results; named "<event title>-results.xlsx".',
        params: ZEventParams,
        querystring: ZResultsQuery,
        response: { 200: file('The results as .xlsx', XLSX_TYPE) },
      },
    },
    async (req, reply) =>
      sendXlsx(reply, await results.exportEventResults(deviceIdOf(req), req.params.event_id, req.query)),
  );
  app.get(
    '/event_manager/quiz/:quiz_id/results',
    {
      config: eventPage,
      schema: {
        tags,
        summary: 'A quiz’s correct rates per question and language, over every event of the device',
        description: `${counted} Another device’s quiz is a 404.`,
        params: ZQuizParams,
        querystring: ZResultsQuery,
        response: { 200: ZOk(ZQuizResults) },
      },
    },
    async (req) => ok(await results.quizResults(deviceIdOf(req), req.params.quiz_id, req.query)),
  );
  app.get(
    '/event_manager/quiz/:quiz_id/results/export',
    {
      config: heavy,
      schema: {
        tags,
        summary: 'A quiz’s results as an xlsx workbook',
        description:
          'Sheet Questions (title, language, answered, correct, correct rate as a percentage), with the ' +
          'numbers of GET …/results; named "<quiz name>-results.xlsx". Another device’s quiz is a 404.',
        params: ZQuizParams,
        querystring: ZResultsQuery,
        response: { 200: file('The results as .xlsx', XLSX_TYPE) },
      },
    },
    async (req, reply) =>
      sendXlsx(reply, await results.exportQuizResults(deviceIdOf(req), req.params.quiz_id, req.query)),
  );
}
