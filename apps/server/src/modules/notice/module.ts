import { defineModule, type Core } from '../../core/module.js';
import { noticeRoutes } from './routes.js';
import { createNoticeService } from './service.js';

const build = ({ notifier }: Core) => ({ notice: createNoticeService({ notifier }) });

declare module '../../core/module.js' {
  interface Modules {
    notice: ReturnType<typeof build>;
  }
}

export const noticeModule = defineModule({
  name: 'notice',
  build,
  admin: (scope, { notice }) => noticeRoutes(scope, { notice }),
  kiosk: ({ notice }) => [{ key: 'notice', read: async (deviceId) => notice.get(deviceId) }],
});
