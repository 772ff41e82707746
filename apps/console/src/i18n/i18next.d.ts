import 'i18next';
import type en from './en.json';
import type aiEn from './packs/ai.en.json';
import type auditEn from './packs/audit.en.json';
import type callsEn from './packs/calls.en.json';
import type chatEn from './packs/chat.en.json';
import type conversationsEn from './packs/conversations.en.json';
import type dashboardEn from './packs/dashboard.en.json';
import type devicesEn from './packs/devices.en.json';
import type pushEn from './packs/push.en.json';
import type interfaceEn from './packs/interface.en.json';
import type eventsEn from './packs/events.en.json';
import type mrcEn from './packs/mrc.en.json';
import type searchEn from './packs/search.en.json';
import type smallTalkEn from './packs/small-talk.en.json';
import type shellEn from './packs/shell.en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en &
        typeof shellEn &
        typeof aiEn &
        typeof dashboardEn &
        typeof conversationsEn &
        typeof devicesEn &
        typeof callsEn &
        typeof chatEn &
        typeof pushEn &
        typeof interfaceEn &
        typeof eventsEn &
        typeof mrcEn &
        typeof searchEn &
        typeof smallTalkEn &
        typeof auditEn;
    };
  }
}
