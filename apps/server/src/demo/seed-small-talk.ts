import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { createSmallTalkRepo } from '../modules/small-talk/index.js';

/** An example topic filter per demo language (saved, switched off like any new device's). */
const FILTERS = [
  {
    language: 'english',
    topics: ['politics', 'religion'],
    speech: '',
    text: 'Sorry, I’d rather not talk about politics or religion. Can I help you with something else?',
  },
  {
    language: 'cantonese',
    topics: ['政治', '宗教'],
    speech: '',
    text: '唔好意思，我唔會講政治同宗教嘅話題。有冇其他嘢可以幫到你？',
  },
  {
    language: 'mandarin',
    topics: ['政治', '宗教'],
    speech: '',
    text: '不好意思，我不谈论政治和宗教话题。还有其他可以帮你的吗？',
  },
];

/** The demo device's small talk: the starter sets as they are, and an example topic filter. */
export async function seedDemoSmallTalk(
  db: Db,
  clock: Clock,
  device: { id: number; languages: readonly string[] },
) {
  const repo = createSmallTalkRepo(db);
  for (const filter of FILTERS) {
    if (device.languages.includes(filter.language)) await repo.saveFilter(device.id, filter, clock.now());
  }
}
