import {
  ZDeviceQuery,
  ZMrcAnswer,
  ZMrcProject,
  ZMrcProjectRequest,
  ZMrcQueryRequest,
  ZOk,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../../lib/contract.js';
import { deviceIdOf, pinned } from '../../../plugins/guard.js';
import { MRC_PAGE, MRC_TAGS } from '../access.js';
import type { RetrievalService } from './service.js';

const tags = MRC_TAGS;

/** Answering from a device's documents (the console's test panel) and its index. Thin: the service acts. */
export function retrievalRoutes(parent: FastifyInstance, { retrieval }: { retrieval: RetrievalService }) {
  const app = contractApp(parent);
  app.get(
    '/mrc/projects',
    {
      config: MRC_PAGE,
      schema: {
        tags,
        summary: 'The device’s document index: documents, passages, when it was built',
        description:
          '`built_at` is null until the index is built (by the first question or POST /mrc/projects).',
        querystring: ZDeviceQuery,
        response: { 200: ZOk(ZMrcProject) },
      },
    },
    async (req) => ok(await retrieval.project(deviceIdOf(req), false)),
  );
  app.post(
    '/mrc/projects',
    {
      config: MRC_PAGE,
      schema: {
        tags,
        summary: 'Build the device’s document index now (when missing or out of date)',
        description: 'Waits for the build, so the next question is answered at once.',
        body: ZMrcProjectRequest,
        response: { 200: ZOk(ZMrcProject) },
      },
    },
    async (req) => ok(await retrieval.project(deviceIdOf(req), true)),
  );
  app.post(
    '/mrc/query',
    {
      config: MRC_PAGE,
      schema: {
        tags,
        summary: 'Ask the device’s documents a question, as its kiosk would',
        description:
          'Ranks the passages of the device’s Ready documents (BM25 over text, heading and file name, with Traditional/Simplified, Cantonese/Mandarin and synonyms folded) and quotes the sentences that answer, with their place in the passage (`highlight`). `score` is 0..1; under `threshold` the question is not answered (`answered: false`) and the kiosk would fall back. With a language model configured, it writes the answer from the top passages (`generative: true`).',
        body: ZMrcQueryRequest,
        response: { 200: ZOk(ZMrcAnswer) },
      },
    },
    async (req) => ok(await retrieval.query(pinned(req, req.body))),
  );
}
