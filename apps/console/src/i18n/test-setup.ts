import i18n from './i18n';
import aiEn from './packs/ai.en.json';
import aiZhHans from './packs/ai.zhHans.json';
import aiZhHant from './packs/ai.zhHant.json';
import conversationsEn from './packs/conversations.en.json';
import conversationsZhHans from './packs/conversations.zhHans.json';
import conversationsZhHant from './packs/conversations.zhHant.json';
import dashboardEn from './packs/dashboard.en.json';
import dashboardZhHans from './packs/dashboard.zhHans.json';
import dashboardZhHant from './packs/dashboard.zhHant.json';
import devicesEn from './packs/devices.en.json';
import devicesZhHans from './packs/devices.zhHans.json';
import devicesZhHant from './packs/devices.zhHant.json';
import callsEn from './packs/calls.en.json';
import callsZhHans from './packs/calls.zhHans.json';
import callsZhHant from './packs/calls.zhHant.json';
import chatEn from './packs/chat.en.json';
import chatZhHans from './packs/chat.zhHans.json';
import chatZhHant from './packs/chat.zhHant.json';
import pushEn from './packs/push.en.json';
import pushZhHans from './packs/push.zhHans.json';
import pushZhHant from './packs/push.zhHant.json';
import interfaceEn from './packs/interface.en.json';
import interfaceZhHans from './packs/interface.zhHans.json';
import interfaceZhHant from './packs/interface.zhHant.json';
import eventsEn from './packs/events.en.json';
import eventsZhHans from './packs/events.zhHans.json';
import eventsZhHant from './packs/events.zhHant.json';
import mrcEn from './packs/mrc.en.json';
import mrcZhHans from './packs/mrc.zhHans.json';
import mrcZhHant from './packs/mrc.zhHant.json';
import smallTalkEn from './packs/small-talk.en.json';
import smallTalkZhHans from './packs/small-talk.zhHans.json';
import smallTalkZhHant from './packs/small-talk.zhHant.json';

// What `loadStringPack(...)` adds at run time, here at once for every test.
const packs = {
  en: [
    aiEn,
    dashboardEn,
    conversationsEn,
    devicesEn,
    callsEn,
    chatEn,
    pushEn,
    interfaceEn,
    eventsEn,
    mrcEn,
    smallTalkEn,
  ],
  zhHant: [
    aiZhHant,
    dashboardZhHant,
    conversationsZhHant,
    devicesZhHant,
    callsZhHant,
    chatZhHant,
    pushZhHant,
    interfaceZhHant,
    eventsZhHant,
    mrcZhHant,
    smallTalkZhHant,
  ],
  zhHans: [
    aiZhHans,
    dashboardZhHans,
    conversationsZhHans,
    devicesZhHans,
    callsZhHans,
    chatZhHans,
    pushZhHans,
    interfaceZhHans,
    eventsZhHans,
    mrcZhHans,
    smallTalkZhHans,
  ],
} as const;
for (const [language, list] of Object.entries(packs)) {
  for (const strings of list) i18n.addResourceBundle(language, 'translation', strings, true, false);
}
