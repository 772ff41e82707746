import {
  ZAiSettings,
  ZAutoCompleteQuery,
  ZAutoCompleteResponse,
  ZAvatarMotionQuery,
  ZAvatarMotionResponse,
  ZButtonPayloadsQuery,
  ZButtonPayloadsResponse,
  ZCategoriesQuery,
  ZCategoriesResponse,
  ZCategory,
  ZColumnFinderQuery,
  ZColumnFinderResponse,
  ZCreateCategoryRequest,
  ZCreateKeywordRequest,
  ZCreateTopicRequest,
  ZDeleteByIdRequest,
  ZDeviceQuery,
  ZFinderResponse,
  ZKeyword,
  ZKeywordCheckQuery,
  ZKeywordCheckResponse,
  ZKeywordsQuery,
  ZKeywordsResponse,
  ZOk,
  ZOkEmpty,
  ZTopic,
  ZTopicNav,
  ZTopicNavQuery,
  ZTopicsQuery,
  ZTopicsResponse,
  ZTrainRequest,
  ZUpdateAvatarMotionRequest,
  ZUpdateCategoryRequest,
  ZUpdateKeywordRequest,
  ZUpdateAnswerConfidenceRequest,
  ZUpdateRelatedIntentsRequest,
  ZUpdateTopicRequest,
  ZUpdateTopicTitleRequest,
  ZUndoTicket,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bodyOrQuery, contractApp, done, ok, type ContractApp } from '../../../lib/contract.js';
import { authOf, deviceIdOf, pinned } from '../../../plugins/guard.js';
import { AI_PAGE, INTENTS } from '../access.js';
import type { TopicsBulk } from './bulk.js';
import { topicsBulkRoutes } from './bulk-routes.js';
import type { TopicsService } from './service.js';

const tags = ['AI configuration'];

const byId = bodyOrQuery(ZDeleteByIdRequest);

/** Categories, the device's A.I. settings, question topics, their keywords and training. */
export function topicsRoutes(
  parent: FastifyInstance,
  { topics, topicsBulk }: { topics: TopicsService; topicsBulk: TopicsBulk },
) {
  const app = contractApp(parent);
  categoryRoutes(app, topics);
  settingsRoutes(app, topics);
  topicRoutes(app, topics, topicsBulk);
  topicsBulkRoutes(app, topicsBulk);
  topicBrowserRoutes(app, topics);
  keywordRoutes(app, topics, topicsBulk);
}

/** Topic categories: the tree, adding, renaming and deleting one. */
function categoryRoutes(app: ContractApp, topics: TopicsService) {
  app.get(
    `${INTENTS}/category`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'The device’s categories',
        description:
          'The whole tree as one flat list; with `parent_id`, only the categories directly under it.',
        querystring: ZCategoriesQuery,
        response: { 200: ZOk(ZCategoriesResponse) },
      },
    },
    async (req) => ok(await topics.categories(deviceIdOf(req), req.query.parent_id)),
  );
  app.post(
    `${INTENTS}/category`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Add a category',
        description:
          '409 `category_name_taken` when a category of the same name (any case) is already under the same parent.',
        body: ZCreateCategoryRequest,
        response: { 200: ZOk(ZCategory) },
      },
    },
    async (req) =>
      ok(await topics.createCategory(pinned(req, req.body)), {
        message: 'Category added.',
      }),
  );
  app.put(
    `${INTENTS}/category`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Rename a category',
        description:
          '409 `category_name_taken` when a category of the same name (any case) is already under the same parent.',
        body: ZUpdateCategoryRequest,
        response: { 200: ZOk(ZCategory) },
      },
    },
    async (req) =>
      ok(await topics.renameCategory(deviceIdOf(req), req.body.id, req.body.name), {
        message: 'Category renamed.',
      }),
  );
  app.delete(
    `${INTENTS}/category`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Delete a category',
        description:
          'Refused (409 `category_in_use`) while a topic is filed under it or under one of its sub-categories; ' +
          'its empty sub-categories are deleted with it. The id comes in the body; clients that cannot send ' +
          'a body with DELETE may use `?id=`.',
        ...byId.schema,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      const b = byId.read(req);
      await topics.deleteCategory(deviceIdOf(req), b.id);
      return done('Category deleted.');
    },
  );
}

/** The device’s A.I. settings: related intents, answer confidence. */
function settingsRoutes(app: ContractApp, topics: TopicsService) {
  app.get(
    '/ai_config/settings',
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'The device’s A.I. settings',
        querystring: ZDeviceQuery,
        response: { 200: ZOk(ZAiSettings) },
      },
    },
    async (req) => ok(await topics.settings(deviceIdOf(req))),
  );
  app.put(
    '/ai_config/related_intents/on_off',
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Turn related intents on or off for the device',
        body: ZUpdateRelatedIntentsRequest,
        response: { 200: ZOk(ZAiSettings) },
      },
    },
    async (req) => {
      const on = req.body.is_enabled_related_intents;
      return ok(await topics.setRelatedIntents(deviceIdOf(req), on), {
        message: on ? 'Related intents turned on.' : 'Related intents turned off.',
      });
    },
  );
  app.put(
    '/ai_config/answer_confidence',
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Set the device’s answer confidence, or go back to the default',
        description:
          'The least match score (0.05–0.95) that answers a question; below it the device falls back. ' +
          '`null` uses the default (`default_answer_confidence`). Applies from the next question.',
        body: ZUpdateAnswerConfidenceRequest,
        response: { 200: ZOk(ZAiSettings) },
      },
    },
    async (req) => {
      const value = req.body.answer_confidence;
      return ok(await topics.setAnswerConfidence(deviceIdOf(req), value), {
        message: value === null ? 'Answer confidence reset to the default.' : 'Answer confidence saved.',
      });
    },
  );
}

/** Question topics: one or a page of them, adding, changing, renaming and deleting one. */
function topicRoutes(app: ContractApp, topics: TopicsService, bulk: TopicsBulk) {
  app.get(
    `${INTENTS}/intent`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'One question topic, or a page of them',
        description:
          'With `intent_id`, that one topic; otherwise the topics matching the filters, sorted and paged, ' +
          'with `total`.',
        querystring: ZTopicsQuery,
        response: { 200: ZOk(z.union([ZTopic, ZTopicsResponse])) },
      },
    },
    async (req) => {
      const q = req.query;
      if (q.intent_id !== undefined) return ok(await topics.topic(deviceIdOf(req), q.intent_id));
      const { topics: rows, total } = await topics.topics({ ...q, device_id: deviceIdOf(req) });
      return ok(rows, { total });
    },
  );
  app.post(
    `${INTENTS}/intent`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Add a question topic',
        description:
          'A sub-topic names its parent (`parent_id`) and takes the parent’s category. ' +
          '409 `topic_name_taken` when the device already has a topic of that name (any case).',
        body: ZCreateTopicRequest,
        response: { 200: ZOk(ZTopic) },
      },
    },
    async (req) =>
      ok(await topics.createTopic(pinned(req, req.body)), {
        message: 'Question topic added.',
      }),
  );
  app.put(
    `${INTENTS}/intent`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Change a question topic',
        description:
          'Only the fields sent change. A topic moved to another category takes its sub-topics with it; ' +
          'a sub-topic keeps its parent’s category (400 `subtopic_category`). ' +
          '409 `topic_name_taken` when the device already has a topic of that name (any case).',
        body: ZUpdateTopicRequest,
        response: { 200: ZOk(ZTopic) },
      },
    },
    async (req) =>
      ok(await topics.updateTopic(pinned(req, req.body)), {
        message: 'Question topic updated.',
      }),
  );
  app.delete(
    `${INTENTS}/intent`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Delete a question topic',
        description:
          'Its sub-topics, keywords and responses are deleted with it. The id comes in the body; clients ' +
          'that cannot send a body with DELETE may use `?id=`. The answer is the undo ticket (`POST /undo`).',
        ...byId.schema,
        response: { 200: ZOk(ZUndoTicket) },
      },
    },
    async (req) => {
      const b = byId.read(req);
      return ok(await bulk.deleteOne(authOf(req), deviceIdOf(req), b.id), {
        message: 'Question topic deleted.',
      });
    },
  );
  app.put(
    `${INTENTS}/intent_title`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Rename a question topic',
        description: '409 `topic_name_taken` when the device already has a topic of that name (any case).',
        body: ZUpdateTopicTitleRequest,
        response: { 200: ZOk(ZTopic) },
      },
    },
    async (req) =>
      ok(await topics.updateTopic({ device_id: deviceIdOf(req), id: req.body.id, name: req.body.name }), {
        message: 'Title updated.',
      }),
  );
}

/** Finding topics (breadcrumb, autocomplete, browser columns, the tree), button payloads and avatar motions. */
function topicBrowserRoutes(app: ContractApp, topics: TopicsService) {
  app.get(
    `${INTENTS}/nav`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'A topic’s breadcrumb: its categories, its parent topics and its sub-topics',
        querystring: ZTopicNavQuery,
        response: { 200: ZOk(ZTopicNav) },
      },
    },
    async (req) => ok(await topics.nav(deviceIdOf(req), req.query.id)),
  );
  app.get(
    `${INTENTS}/auto_complete`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Up to 10 topics whose name contains the typed text',
        description: 'Names that start with the text come first, then shorter names.',
        querystring: ZAutoCompleteQuery,
        response: { 200: ZOk(ZAutoCompleteResponse) },
      },
    },
    async (req) => ok(await topics.autoComplete(deviceIdOf(req), req.query.text)),
  );
  app.get(
    `${INTENTS}/column_finder`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'One column of the topic browser: a category’s sub-categories and top-level topics',
        description: 'Without `category_id`, the root: the top categories and the topics filed under none.',
        querystring: ZColumnFinderQuery,
        response: { 200: ZOk(ZColumnFinderResponse) },
      },
    },
    async (req) => ok(await topics.columnFinder(deviceIdOf(req), req.query.category_id)),
  );
  app.get(
    `${INTENTS}/finder`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'The whole tree of categories and topics, for the diagram view',
        querystring: ZDeviceQuery,
        response: { 200: ZOk(ZFinderResponse) },
      },
    },
    async (req) => ok(await topics.finder(deviceIdOf(req))),
  );
  app.get(
    `${INTENTS}/button_payloads`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'What a button to each topic asks, in a language',
        description:
          'A topic’s payload is its earliest keyword in that language, or its name when it has none.',
        querystring: ZButtonPayloadsQuery,
        response: { 200: ZOk(ZButtonPayloadsResponse) },
      },
    },
    async (req) => ok(await topics.buttonPayloads(deviceIdOf(req), req.query.language)),
  );
  app.get(
    `${INTENTS}/avatar_motion`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'A topic’s avatar motion, and the motions to choose from',
        querystring: ZAvatarMotionQuery,
        response: { 200: ZOk(ZAvatarMotionResponse) },
      },
    },
    async (req) => ok(await topics.motion(deviceIdOf(req), req.query.intent_id)),
  );
  app.put(
    `${INTENTS}/avatar_motion`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Set a topic’s avatar motion, or clear it with `null`',
        body: ZUpdateAvatarMotionRequest,
        response: { 200: ZOk(ZAvatarMotionResponse) },
      },
    },
    async (req) =>
      ok(await topics.setMotion(deviceIdOf(req), req.body.intent_id, req.body.motion), {
        message: 'Avatar motion saved.',
      }),
  );
}

/** A topic’s keywords and training phrases. */
function keywordRoutes(app: ContractApp, topics: TopicsService, bulk: TopicsBulk) {
  app.get(
    `${INTENTS}/keywords`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'A topic’s keywords and training phrases',
        description: 'Each lists, as `conflicts`, the other topics of the device that use the same text.',
        querystring: ZKeywordsQuery,
        response: { 200: ZOk(ZKeywordsResponse) },
      },
    },
    async (req) => ok(await topics.keywords(deviceIdOf(req), req.query.intent_id, req.query.language)),
  );
  app.get(
    `${INTENTS}/keywords/check`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Check a keyword before adding it',
        description:
          'Whether the topic already has it in this language (`duplicate`), and which other topics use it.',
        querystring: ZKeywordCheckQuery,
        response: { 200: ZOk(ZKeywordCheckResponse) },
      },
    },
    async (req) =>
      ok(await topics.checkKeyword(deviceIdOf(req), req.query.intent_id, req.query.language, req.query.text)),
  );
  app.post(
    `${INTENTS}/keywords`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Add a keyword to a topic',
        description:
          '409 `keyword_exists` when the topic already has the same text (keyword or phrase) in this language.',
        body: ZCreateKeywordRequest,
        response: { 200: ZOk(ZKeyword) },
      },
    },
    async (req) =>
      ok(await topics.addKeyword(pinned(req, req.body)), {
        message: 'Keyword added.',
      }),
  );
  app.put(
    `${INTENTS}/keywords`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Change a keyword',
        description:
          '409 `keyword_exists` when the topic already has the same text (keyword or phrase) in this language.',
        body: ZUpdateKeywordRequest,
        response: { 200: ZOk(ZKeyword) },
      },
    },
    async (req) =>
      ok(await topics.updateKeyword(deviceIdOf(req), req.body.id, req.body.text), {
        message: 'Keyword updated.',
      }),
  );
  app.delete(
    `${INTENTS}/keywords`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Delete a keyword or training phrase',
        description:
          'The id comes in the body; clients that cannot send a body with DELETE may use `?id=`. ' +
          'The answer is the undo ticket (`POST /undo`).',
        ...byId.schema,
        response: { 200: ZOk(ZUndoTicket) },
      },
    },
    async (req) =>
      ok(await bulk.deleteKeyword(authOf(req), deviceIdOf(req), byId.read(req).id), {
        message: 'Keyword deleted.',
      }),
  );
  app.post(
    `${INTENTS}/train`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Teach a topic a question, as a training phrase',
        description:
          '409 `keyword_exists` when the topic already has the same text (keyword or phrase) in this language.',
        body: ZTrainRequest,
        response: { 200: ZOk(ZKeyword) },
      },
    },
    async (req) =>
      ok(await topics.train(pinned(req, req.body)), {
        message: 'Trained: the topic now knows this question.',
      }),
  );
}
