import {
  DEFAULT_SMALL_TALK_LANGUAGE,
  SMALL_TALK_MAX_ITEMS,
  TOPIC_FILTER_MAX_TOPICS,
  ZOk,
  ZSmallTalkLanguageQuery,
  ZSmallTalkPrompt,
  ZSmallTalkPromptRequest,
  ZSmallTalkQuestions,
  ZSmallTalkQuestionsRequest,
  ZSmallTalkSettings,
  ZSmallTalkSettingsRequest,
  ZTopicFilter,
  ZTopicFilterRequest,
  ZTopicFilters,
} from '@ambassador/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import { authOf, deviceIdOf, pinned } from '../../plugins/guard.js';
import type { DevicesService } from '../devices/index.js';
import { SMALL_TALK_PAGE as config, SMALL_TALK_TAGS as tags } from './access.js';
import type { SmallTalkService } from './service.js';

const ZDeviceQuery = ZSmallTalkLanguageQuery.pick({ device_id: true });

/** Small talk of a device. Thin: the contract and the guard check, the service acts. */
export function smallTalkRoutes(
  parent: FastifyInstance,
  { smallTalk, devices }: { smallTalk: SmallTalkService; devices: DevicesService },
) {
  const app = contractApp(parent);
  const deviceOf = (req: FastifyRequest) => devices.get(authOf(req), deviceIdOf(req));

  app.get(
    '/small_talk/settings',
    {
      config,
      schema: {
        tags,
        summary: 'Whether the device answers small talk, and whether its topic filters decline questions',
        description: 'A device that saved nothing answers small talk and filters no topic.',
        querystring: ZDeviceQuery,
        response: { 200: ZOk(ZSmallTalkSettings) },
      },
    },
    async (req) => ok(await smallTalk.settings(deviceIdOf(req))),
  );
  app.put(
    '/small_talk/settings',
    {
      config,
      schema: {
        tags,
        summary: 'Switch small talk or the topic filter on or off (either alone, or both)',
        body: ZSmallTalkSettingsRequest,
        response: { 200: ZOk(ZSmallTalkSettings) },
      },
    },
    async (req) =>
      ok(await smallTalk.saveSettings(pinned(req, req.body)), { message: 'Small talk settings saved.' }),
  );

  app.get(
    '/small_talk/questions',
    {
      config,
      schema: {
        tags,
        summary: 'A language’s small-talk entries: the ways a visitor says each, and the answer',
        description: `\`language\` defaults to ${DEFAULT_SMALL_TALK_LANGUAGE} when the device offers it, else to its first language; one it does not offer is a 400 \`language_not_offered\`. A language that saved nothing shows (and answers with) the built-in starter set, \`is_starter\` true.`,
        querystring: ZSmallTalkLanguageQuery,
        response: { 200: ZOk(ZSmallTalkQuestions) },
      },
    },
    async (req) => {
      const list = await smallTalk.questions(await deviceOf(req), req.query.language);
      return ok(list, { total: list.items.length });
    },
  );
  app.put(
    '/small_talk/questions',
    {
      config,
      schema: {
        tags,
        summary: 'Save a language’s whole list of entries, in order; or reset it to the starter set',
        description: `At most ${SMALL_TALK_MAX_ITEMS} entries. An entry sent with the \`id\` it was read with keeps it; others get fresh ids. With \`reset\` the items are ignored and the language answers with the starter set again.`,
        body: ZSmallTalkQuestionsRequest,
        response: { 200: ZOk(ZSmallTalkQuestions) },
      },
    },
    async (req) => {
      const list = await smallTalk.saveQuestions(await deviceOf(req), authOf(req).userId, req.body);
      return ok(list, { message: req.body.reset ? 'Small talk reset.' : 'Small talk saved.' });
    },
  );

  app.get(
    '/small_talk/topic_filters',
    {
      config,
      schema: {
        tags,
        summary:
          'The topic filter of each language the device offers: topics declined, and the speech and text said instead',
        querystring: ZDeviceQuery,
        response: { 200: ZOk(ZTopicFilters) },
      },
    },
    async (req) => {
      const filters = await smallTalk.topicFilters(await deviceOf(req));
      return ok(filters, { total: filters.length });
    },
  );
  app.put(
    '/small_talk/topic_filters',
    {
      config,
      schema: {
        tags,
        summary: 'Save one language’s topic filter',
        description: `At most ${TOPIC_FILTER_MAX_TOPICS} topics; topics that read alike once folded (case, width, Traditional/Simplified) are kept once. Topics need a \`text\` to decline with (400 \`validation_error\`, rule \`field_required\` on \`text\`). While the filter is on, a question mentioning a topic (a Latin topic as whole words, a Chinese one anywhere) is declined whatever else would answer it.`,
        body: ZTopicFilterRequest,
        response: { 200: ZOk(ZTopicFilter) },
      },
    },
    async (req) =>
      ok(await smallTalk.saveTopicFilter(await deviceOf(req), req.body), { message: 'Topic filter saved.' }),
  );

  app.get(
    '/small_talk/prompt',
    {
      config,
      schema: {
        tags,
        summary: 'The persona prompt a language model is given when one is configured',
        querystring: ZDeviceQuery,
        response: { 200: ZOk(ZSmallTalkPrompt) },
      },
    },
    async (req) => ok(await smallTalk.prompt(deviceIdOf(req))),
  );
  app.put(
    '/small_talk/prompt',
    {
      config,
      schema: {
        tags,
        summary: 'Save the persona prompt',
        body: ZSmallTalkPromptRequest,
        response: { 200: ZOk(ZSmallTalkPrompt) },
      },
    },
    async (req) => {
      const { device_id, prompt } = pinned(req, req.body);
      return ok(await smallTalk.savePrompt(device_id, prompt), { message: 'Prompt saved.' });
    },
  );
}
