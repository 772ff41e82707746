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
  ZTopic,
  ZTopicNav,
  ZTopicNavQuery,
  ZTopicsQuery,
  ZTopicsResponse,
  ZTrainRequest,
  ZUpdateAvatarMotionRequest,
  ZUpdateCategoryRequest,
  ZUpdateKeywordRequest,
  ZUpdateRelatedIntentsRequest,
  ZUpdateTopicRequest,
  ZUpdateTopicTitleRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okEmpty } from '../../../lib/envelope.js';
import { validate } from '../../../lib/validate.js';
import { deviceIdOf, scoped } from '../../../plugins/guard.js';
import { AI_PAGE, INTENTS } from '../access.js';
import type { TopicsService } from './service.js';

/** Categories, the device's A.I. settings, question topics, their keywords and training. */
export function topicsRoutes(app: FastifyInstance, { topics }: { topics: TopicsService }) {
  // ------------------------------------------------------------ categories
  app.get(`${INTENTS}/category`, { config: AI_PAGE }, async (req) => {
    const q = validate(ZCategoriesQuery, req.query);
    return ok(ZCategoriesResponse, await topics.categories(deviceIdOf(req), q.parent_id));
  });
  app.post(`${INTENTS}/category`, { config: AI_PAGE }, async (req) =>
    ok(ZCategory, await topics.createCategory(scoped(req, ZCreateCategoryRequest, req.body)), {
      message: 'Category added.',
    }),
  );
  app.put(`${INTENTS}/category`, { config: AI_PAGE }, async (req) => {
    const b = validate(ZUpdateCategoryRequest, req.body);
    return ok(ZCategory, await topics.renameCategory(deviceIdOf(req), b.id, b.name), {
      message: 'Category renamed.',
    });
  });
  app.delete(`${INTENTS}/category`, { config: AI_PAGE }, async (req) => {
    const b = validate(ZDeleteByIdRequest, req.body ?? req.query);
    await topics.deleteCategory(deviceIdOf(req), b.id);
    return okEmpty('Category deleted.');
  });

  // ------------------------------------------------------------ settings
  app.get('/ai_config/settings', { config: AI_PAGE }, async (req) => {
    validate(ZDeviceQuery, req.query);
    return ok(ZAiSettings, await topics.settings(deviceIdOf(req)));
  });
  app.put('/ai_config/related_intents/on_off', { config: AI_PAGE }, async (req) => {
    const b = validate(ZUpdateRelatedIntentsRequest, req.body);
    const settings = await topics.setRelatedIntents(deviceIdOf(req), b.is_enabled_related_intents);
    return ok(ZAiSettings, settings, {
      message: b.is_enabled_related_intents ? 'Related intents turned on.' : 'Related intents turned off.',
    });
  });

  // ------------------------------------------------------------ topics
  app.get(`${INTENTS}/intent`, { config: AI_PAGE }, async (req) => {
    const q = validate(ZTopicsQuery, req.query);
    if (q.intent_id !== undefined) return ok(ZTopic, await topics.topic(deviceIdOf(req), q.intent_id));
    const { topics: rows, total } = await topics.topics({ ...q, device_id: deviceIdOf(req) });
    return ok(ZTopicsResponse, rows, { total });
  });
  app.post(`${INTENTS}/intent`, { config: AI_PAGE }, async (req) =>
    ok(ZTopic, await topics.createTopic(scoped(req, ZCreateTopicRequest, req.body)), {
      message: 'Question topic added.',
    }),
  );
  app.put(`${INTENTS}/intent`, { config: AI_PAGE }, async (req) =>
    ok(ZTopic, await topics.updateTopic(scoped(req, ZUpdateTopicRequest, req.body)), {
      message: 'Question topic updated.',
    }),
  );
  app.delete(`${INTENTS}/intent`, { config: AI_PAGE }, async (req) => {
    const b = validate(ZDeleteByIdRequest, req.body ?? req.query);
    await topics.deleteTopic(deviceIdOf(req), b.id);
    return okEmpty('Question topic deleted.');
  });
  app.put(`${INTENTS}/intent_title`, { config: AI_PAGE }, async (req) => {
    const b = validate(ZUpdateTopicTitleRequest, req.body);
    return ok(ZTopic, await topics.updateTopic({ device_id: deviceIdOf(req), id: b.id, name: b.name }), {
      message: 'Title updated.',
    });
  });
  app.get(`${INTENTS}/nav`, { config: AI_PAGE }, async (req) => {
    const q = validate(ZTopicNavQuery, req.query);
    return ok(ZTopicNav, await topics.nav(deviceIdOf(req), q.id));
  });
  app.get(`${INTENTS}/auto_complete`, { config: AI_PAGE }, async (req) => {
    const q = validate(ZAutoCompleteQuery, req.query);
    return ok(ZAutoCompleteResponse, await topics.autoComplete(deviceIdOf(req), q.text));
  });
  app.get(`${INTENTS}/column_finder`, { config: AI_PAGE }, async (req) => {
    const q = validate(ZColumnFinderQuery, req.query);
    return ok(ZColumnFinderResponse, await topics.columnFinder(deviceIdOf(req), q.category_id));
  });
  app.get(`${INTENTS}/finder`, { config: AI_PAGE }, async (req) => {
    validate(ZDeviceQuery, req.query);
    return ok(ZFinderResponse, await topics.finder(deviceIdOf(req)));
  });
  app.get(`${INTENTS}/button_payloads`, { config: AI_PAGE }, async (req) => {
    const q = validate(ZButtonPayloadsQuery, req.query);
    return ok(ZButtonPayloadsResponse, await topics.buttonPayloads(deviceIdOf(req), q.language));
  });
  app.get(`${INTENTS}/avatar_motion`, { config: AI_PAGE }, async (req) => {
    const q = validate(ZAvatarMotionQuery, req.query);
    return ok(ZAvatarMotionResponse, await topics.motion(deviceIdOf(req), q.intent_id));
  });
  app.put(`${INTENTS}/avatar_motion`, { config: AI_PAGE }, async (req) => {
    const b = validate(ZUpdateAvatarMotionRequest, req.body);
    return ok(ZAvatarMotionResponse, await topics.setMotion(deviceIdOf(req), b.intent_id, b.motion), {
      message: 'Avatar motion saved.',
    });
  });

  // ------------------------------------------------------------ keywords and training
  app.get(`${INTENTS}/keywords`, { config: AI_PAGE }, async (req) => {
    const q = validate(ZKeywordsQuery, req.query);
    return ok(ZKeywordsResponse, await topics.keywords(deviceIdOf(req), q.intent_id, q.language));
  });
  app.get(`${INTENTS}/keywords/check`, { config: AI_PAGE }, async (req) => {
    const q = validate(ZKeywordCheckQuery, req.query);
    return ok(
      ZKeywordCheckResponse,
      await topics.checkKeyword(deviceIdOf(req), q.intent_id, q.language, q.text),
    );
  });
  app.post(`${INTENTS}/keywords`, { config: AI_PAGE }, async (req) =>
    ok(ZKeyword, await topics.addKeyword(scoped(req, ZCreateKeywordRequest, req.body)), {
      message: 'Keyword added.',
    }),
  );
  app.put(`${INTENTS}/keywords`, { config: AI_PAGE }, async (req) => {
    const b = validate(ZUpdateKeywordRequest, req.body);
    return ok(ZKeyword, await topics.updateKeyword(deviceIdOf(req), b.id, b.text), {
      message: 'Keyword updated.',
    });
  });
  app.delete(`${INTENTS}/keywords`, { config: AI_PAGE }, async (req) => {
    const b = validate(ZDeleteByIdRequest, req.body ?? req.query);
    await topics.deleteKeyword(deviceIdOf(req), b.id);
    return okEmpty('Keyword deleted.');
  });
  app.post(`${INTENTS}/train`, { config: AI_PAGE }, async (req) =>
    ok(ZKeyword, await topics.train(scoped(req, ZTrainRequest, req.body)), {
      message: 'Trained: the topic now knows this question.',
    }),
  );
}
