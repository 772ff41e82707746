import { ZAvatarModel, ZAvatarModelQuery, ZAvatarSpeechQuery, ZOk } from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, file, ok } from '../../lib/contract.js';
import type { AvatarsService } from './service.js';

const tags = ['Avatar player'];

/**
 * The avatar player's own calls (`/avatar-player/api/*`): no session, a short-lived token that
 * opens one avatar's model and its spoken sentences. The page itself is served beside them.
 */
export function avatarPlayerRoutes(parent: FastifyInstance, { avatars }: { avatars: AvatarsService }) {
  const app = contractApp(parent);
  app.get(
    '/avatar-player/api/model',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'The avatar a player token opens: its texture, landmarks, colours and motion files',
        description:
          '401 `avatar_token_expired` when the token is unknown, expired or for another avatar; 404 when the avatar was deleted.',
        querystring: ZAvatarModelQuery,
        response: { 200: ZOk(ZAvatarModel) },
      },
    },
    async (req) => ok(await avatars.model(req.query.model_id, req.query.token)),
  );
  app.get(
    '/avatar-player/api/speech',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'A spoken sentence of the motion browser (WAV), for lip sync',
        querystring: ZAvatarSpeechQuery,
        response: { 200: file('The spoken sentence', 'audio/wav') },
      },
    },
    async (req, reply) => {
      const wav = await avatars.sentenceAudio(req.query.model_id, req.query.token, req.query.sentence);
      return reply.type('audio/wav').header('cache-control', 'private, max-age=3600').send(wav);
    },
  );
}
