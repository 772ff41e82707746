import {
  ZAiVersionParams,
  ZAiVersionsResponse,
  ZDeviceQuery,
  ZOk,
  ZOkEmpty,
  ZPublishRequest,
  ZVersionDeviceRequest,
} from '@ambassador/contracts';
import { z } from 'zod';
import { ok, type ContractApp } from '../../../lib/contract.js';
import { authOf, deviceIdOf } from '../../../plugins/guard.js';
import { AI_PAGE, AI_TAGS } from '../access.js';
import type { VersionsService } from './service.js';

const VERSIONS = '/ai_config/versions';

/** Draft and publish of a device's AI configuration. */
export function versionsRoutes(app: ContractApp, versions: VersionsService) {
  app.get(
    VERSIONS,
    {
      config: AI_PAGE,
      schema: {
        tags: AI_TAGS,
        summary: 'The live version, what the draft changed since, and the versions kept',
        querystring: ZDeviceQuery,
        response: { 200: ZOk(ZAiVersionsResponse) },
      },
    },
    async (req) => ok(await versions.overview(deviceIdOf(req))),
  );
  app.post(
    VERSIONS,
    {
      config: AI_PAGE,
      schema: {
        tags: AI_TAGS,
        summary: 'Publish the draft: the kiosks answer from it from now on',
        description:
          'Takes every topic, phrase, response, category, alias and setting of the device into a new ' +
          'version and makes it live. The first publish turns drafts on: edits reach the kiosks only ' +
          'when published. 409 `nothing_to_publish` when the draft equals the live version.',
        body: ZPublishRequest,
        response: { 200: ZOk(z.object({ id: z.number().int(), number: z.number().int() })) },
      },
    },
    async (req) => {
      const version = await versions.publish(authOf(req), deviceIdOf(req), req.body.note);
      return ok(version, { message: `Version ${version.number} is live.` });
    },
  );
  app.post(
    `${VERSIONS}/:version_id/restore`,
    {
      config: AI_PAGE,
      schema: {
        tags: AI_TAGS,
        summary: 'Restore a version: it becomes the draft and goes live',
        description: 'An unpublished draft is first kept as a version of its own.',
        params: ZAiVersionParams,
        body: ZVersionDeviceRequest,
        response: { 200: ZOk(z.object({ number: z.number().int() })) },
      },
    },
    async (req) => {
      const restored = await versions.restore(authOf(req), deviceIdOf(req), req.params.version_id);
      return ok(restored, { message: `Version ${restored.number} is restored and live.` });
    },
  );
  app.delete(
    `${VERSIONS}/live`,
    {
      config: AI_PAGE,
      schema: {
        tags: AI_TAGS,
        summary: 'Stop drafts: the kiosks answer every edit at once again',
        description: 'The versions are kept. 409 `not_published` when nothing is live.',
        querystring: ZDeviceQuery,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      await versions.stop(deviceIdOf(req));
      return ok(null, { message: 'Edits reach the kiosks at once again.' });
    },
  );
}
