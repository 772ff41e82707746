import type { ChainStep } from '../assistant/index.js';
import type { LocationsService } from './service.js';

type Answering = Pick<LocationsService, 'answer'>;

function step(name: 'named_location' | 'locations', locations: Answering, named: boolean): ChainStep {
  return {
    name,
    async run({ device, language, text }) {
      const place = await locations.answer(device.id, language, text, { named });
      if (!place) return { result: 'off' };
      const { hit } = place;
      if (!hit) return { result: 'no_match' };
      return {
        result: 'answered',
        score: hit.score,
        detail: hit.location.name,
        answer: {
          kind: 'location',
          text: hit.text,
          location: hit.answer,
          locationRef: { id: hit.location.id, name: hit.location.name },
        },
      };
    },
  };
}

/** The locations' step of the answering chain: a "where is …" naming a place of the device. */
export const locationsStep = (locations: Answering) => step('locations', locations, false);

/**
 * Before topics: a question that names a place outright, by its name or another name of it
 * ("Where is the food hall?" for Food Court), gets the place with its map — a topic sharing its
 * words (a Dining topic) used to answer it instead.
 */
export const namedLocationStep = (locations: Answering) => step('named_location', locations, true);
