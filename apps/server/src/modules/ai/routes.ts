import {
  ZAddAliasRequest,
  ZAiSettings,
  ZAliasFinderQuery,
  ZAliasFinderResponse,
  ZAudioPreviewRequest,
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
  ZCreateResponseRequest,
  ZCreateTopicRequest,
  ZDeleteByIdRequest,
  ZDeleteEntityRequest,
  ZEntitiesQuery,
  ZEntitiesResponse,
  ZEntity,
  ZFinderResponse,
  ZKeyword,
  ZKeywordCheckQuery,
  ZKeywordCheckResponse,
  ZKeywordsQuery,
  ZKeywordsResponse,
  ZResponse,
  ZResponsesQuery,
  ZResponsesResponse,
  ZTopic,
  ZTopicNav,
  ZTopicNavQuery,
  ZTopicsQuery,
  ZTopicsResponse,
  ZTrainRequest,
  ZUpdateAvatarMotionRequest,
  ZUpdateCategoryRequest,
  ZUpdateEntityRequest,
  ZUpdateKeywordRequest,
  ZUpdateRelatedIntentsRequest,
  ZUpdateResponseRequest,
  ZUpdateTopicRequest,
  ZUpdateTopicTitleRequest,
  ZUploadQuery,
  ZUploadResponse,
  ZDeviceQuery,
  ZTestConsoleRequest,
  ZTestConsoleResponse,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okEmpty } from '../../lib/envelope.js';
import { saveImageUpload } from '../../lib/uploads.js';
import { validate } from '../../lib/validate.js';
import type { MediaStore } from '../../media/store.js';
import { authOf, deviceIdOf, scoped } from '../../plugins/guard.js';
import type { DevicesService } from '../devices/index.js';
import type { AnswerService } from './console-service.js';
import type { EntitiesService } from './entities-service.js';
import type { ResponsesService } from './responses-service.js';
import { synthesize } from './speech.js';
import type { TopicsService } from './topics-service.js';

const ai = { access: { page: '/ai' } } as const;
const I = '/ai_config/intents';

/** The admin API of SPEC §7 rows Categories … Alias finder. Thin: parse, call the service, answer. */
export function aiRoutes(
  app: FastifyInstance,
  deps: {
    topics: TopicsService;
    responses: ResponsesService;
    entities: EntitiesService;
    media: MediaStore;
    answers: AnswerService;
    devices: DevicesService;
  },
) {
  const { topics, responses, entities, media, answers, devices } = deps;

  // ------------------------------------------------------------ categories
  app.get(`${I}/category`, { config: ai }, async (req) => {
    const q = validate(ZCategoriesQuery, req.query);
    return ok(ZCategoriesResponse, await topics.categories(deviceIdOf(req), q.parent_id));
  });
  app.post(`${I}/category`, { config: ai }, async (req) =>
    ok(ZCategory, await topics.createCategory(scoped(req, ZCreateCategoryRequest, req.body)), {
      message: 'Category added.',
    }),
  );
  app.put(`${I}/category`, { config: ai }, async (req) => {
    const b = validate(ZUpdateCategoryRequest, req.body);
    return ok(ZCategory, await topics.renameCategory(deviceIdOf(req), b.id, b.name), {
      message: 'Category renamed.',
    });
  });
  app.delete(`${I}/category`, { config: ai }, async (req) => {
    const b = validate(ZDeleteByIdRequest, req.body ?? req.query);
    await topics.deleteCategory(deviceIdOf(req), b.id);
    return okEmpty('Category deleted.');
  });

  // ------------------------------------------------------------ settings
  app.get('/ai_config/settings', { config: ai }, async (req) => {
    validate(ZDeviceQuery, req.query);
    return ok(ZAiSettings, await topics.settings(deviceIdOf(req)));
  });
  app.put('/ai_config/related_intents/on_off', { config: ai }, async (req) => {
    const b = validate(ZUpdateRelatedIntentsRequest, req.body);
    const settings = await topics.setRelatedIntents(deviceIdOf(req), b.is_enabled_related_intents);
    return ok(ZAiSettings, settings, {
      message: b.is_enabled_related_intents ? 'Related intents turned on.' : 'Related intents turned off.',
    });
  });

  // ------------------------------------------------------------ topics
  app.get(`${I}/intent`, { config: ai }, async (req) => {
    const q = validate(ZTopicsQuery, req.query);
    if (q.intent_id !== undefined) return ok(ZTopic, await topics.topic(deviceIdOf(req), q.intent_id));
    const { topics: rows, total } = await topics.topics({ ...q, device_id: deviceIdOf(req) });
    return ok(ZTopicsResponse, rows, { total });
  });
  app.post(`${I}/intent`, { config: ai }, async (req) =>
    ok(ZTopic, await topics.createTopic(scoped(req, ZCreateTopicRequest, req.body)), {
      message: 'Question topic added.',
    }),
  );
  app.put(`${I}/intent`, { config: ai }, async (req) =>
    ok(ZTopic, await topics.updateTopic(scoped(req, ZUpdateTopicRequest, req.body)), {
      message: 'Question topic updated.',
    }),
  );
  app.delete(`${I}/intent`, { config: ai }, async (req) => {
    const b = validate(ZDeleteByIdRequest, req.body ?? req.query);
    await topics.deleteTopic(deviceIdOf(req), b.id);
    return okEmpty('Question topic deleted.');
  });
  app.put(`${I}/intent_title`, { config: ai }, async (req) => {
    const b = validate(ZUpdateTopicTitleRequest, req.body);
    return ok(ZTopic, await topics.updateTopic({ device_id: deviceIdOf(req), id: b.id, name: b.name }), {
      message: 'Title updated.',
    });
  });
  app.get(`${I}/nav`, { config: ai }, async (req) => {
    const q = validate(ZTopicNavQuery, req.query);
    return ok(ZTopicNav, await topics.nav(deviceIdOf(req), q.id));
  });
  app.get(`${I}/auto_complete`, { config: ai }, async (req) => {
    const q = validate(ZAutoCompleteQuery, req.query);
    return ok(ZAutoCompleteResponse, await topics.autoComplete(deviceIdOf(req), q.text));
  });
  app.get(`${I}/column_finder`, { config: ai }, async (req) => {
    const q = validate(ZColumnFinderQuery, req.query);
    return ok(ZColumnFinderResponse, await topics.columnFinder(deviceIdOf(req), q.category_id));
  });
  app.get(`${I}/finder`, { config: ai }, async (req) => {
    validate(ZDeviceQuery, req.query);
    return ok(ZFinderResponse, await topics.finder(deviceIdOf(req)));
  });
  app.get(`${I}/button_payloads`, { config: ai }, async (req) => {
    const q = validate(ZButtonPayloadsQuery, req.query);
    return ok(ZButtonPayloadsResponse, await topics.buttonPayloads(deviceIdOf(req), q.language));
  });
  app.get(`${I}/avatar_motion`, { config: ai }, async (req) => {
    const q = validate(ZAvatarMotionQuery, req.query);
    return ok(ZAvatarMotionResponse, await topics.motion(deviceIdOf(req), q.intent_id));
  });
  app.put(`${I}/avatar_motion`, { config: ai }, async (req) => {
    const b = validate(ZUpdateAvatarMotionRequest, req.body);
    return ok(ZAvatarMotionResponse, await topics.setMotion(deviceIdOf(req), b.intent_id, b.motion), {
      message: 'Avatar motion saved.',
    });
  });

  // ------------------------------------------------------------ keywords and training
  app.get(`${I}/keywords`, { config: ai }, async (req) => {
    const q = validate(ZKeywordsQuery, req.query);
    return ok(ZKeywordsResponse, await topics.keywords(deviceIdOf(req), q.intent_id, q.language));
  });
  app.get(`${I}/keywords/check`, { config: ai }, async (req) => {
    const q = validate(ZKeywordCheckQuery, req.query);
    return ok(
      ZKeywordCheckResponse,
      await topics.checkKeyword(deviceIdOf(req), q.intent_id, q.language, q.text),
    );
  });
  app.post(`${I}/keywords`, { config: ai }, async (req) =>
    ok(ZKeyword, await topics.addKeyword(scoped(req, ZCreateKeywordRequest, req.body)), {
      message: 'Keyword added.',
    }),
  );
  app.put(`${I}/keywords`, { config: ai }, async (req) => {
    const b = validate(ZUpdateKeywordRequest, req.body);
    return ok(ZKeyword, await topics.updateKeyword(deviceIdOf(req), b.id, b.text), {
      message: 'Keyword updated.',
    });
  });
  app.delete(`${I}/keywords`, { config: ai }, async (req) => {
    const b = validate(ZDeleteByIdRequest, req.body ?? req.query);
    await topics.deleteKeyword(deviceIdOf(req), b.id);
    return okEmpty('Keyword deleted.');
  });
  app.post(`${I}/train`, { config: ai }, async (req) =>
    ok(ZKeyword, await topics.train(scoped(req, ZTrainRequest, req.body)), {
      message: 'Trained: the topic now knows this question.',
    }),
  );

  // ------------------------------------------------------------ responses
  app.get(`${I}/responses`, { config: ai }, async (req) => {
    const q = validate(ZResponsesQuery, req.query);
    const rows = await responses.list(deviceIdOf(req), q.intent_id, {
      ...(q.language && { language: q.language }),
      ...(q.device_type && { deviceType: q.device_type }),
    });
    return ok(ZResponsesResponse, rows);
  });
  app.post(`${I}/responses`, { config: ai }, async (req) =>
    ok(ZResponse, await responses.create(scoped(req, ZCreateResponseRequest, req.body)), {
      message: 'Response added.',
    }),
  );
  app.put(`${I}/responses`, { config: ai }, async (req) =>
    ok(ZResponse, await responses.update(scoped(req, ZUpdateResponseRequest, req.body)), {
      message: 'Response updated.',
    }),
  );
  app.delete(`${I}/responses`, { config: ai }, async (req) => {
    const b = validate(ZDeleteByIdRequest, req.body ?? req.query);
    await responses.remove(deviceIdOf(req), b.id);
    return okEmpty('Response deleted.');
  });
  app.post(`${I}/audio_preview`, { config: ai }, async (req, reply) => {
    const b = validate(ZAudioPreviewRequest, req.body);
    const wav = await synthesize(b.text, b.language);
    return reply.type('audio/wav').header('cache-control', 'no-store').send(wav);
  });

  // ------------------------------------------------------------ upload
  app.post('/ai_config/upload', { config: { ...ai, upload: true } }, async (req) => {
    validate(ZUploadQuery, req.query);
    return ok(ZUploadResponse, await saveImageUpload(req, media), { message: 'Image uploaded.' });
  });

  // ------------------------------------------------------------ test console
  app.post('/ai_config/test_console', { config: ai }, async (req) => {
    const b = validate(ZTestConsoleRequest, req.body);
    const device = await devices.get(authOf(req), deviceIdOf(req));
    return ok(ZTestConsoleResponse, await answers.ask(device.id, device.kind, b.language, b.text));
  });

  // ------------------------------------------------------------ aliases (entities)
  app.get('/ai_config/entities', { config: ai }, async (req) => {
    const { entities: rows, total } = await entities.list(scoped(req, ZEntitiesQuery, req.query));
    return ok(ZEntitiesResponse, rows, { total });
  });
  app.put('/ai_config/entities', { config: ai }, async (req) => {
    const b = validate(ZUpdateEntityRequest, req.body);
    return ok(ZEntity, await entities.update(deviceIdOf(req), b.entity_id, b.aliases), {
      message: 'Aliases saved.',
    });
  });
  app.delete('/ai_config/entities', { config: ai }, async (req) => {
    const b = validate(ZDeleteEntityRequest, req.body ?? req.query);
    await entities.remove(deviceIdOf(req), b.entity_id);
    return okEmpty('Aliases deleted.');
  });
  app.get('/ai_config/alias_finder', { config: ai }, async (req) => {
    const q = validate(ZAliasFinderQuery, req.query);
    return ok(ZAliasFinderResponse, await entities.finder(deviceIdOf(req), q));
  });
  app.post('/ai_config/alias_finder', { config: ai }, async (req) => {
    const b = validate(ZAddAliasRequest, req.body);
    return ok(ZEntity, await entities.addAlias(deviceIdOf(req), b.keyword, b.alias), {
      message: 'Alias added.',
    });
  });
}
