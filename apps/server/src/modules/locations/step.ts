import type { ChainStep } from '../assistant/index.js';
import type { LocationsService } from './service.js';

/** The locations' step of the answering chain: a "where is …" naming a place of the device. */
export function locationsStep(locations: Pick<LocationsService, 'answer'>): ChainStep {
  return {
    name: 'locations',
    async run({ device, language, text }) {
      const place = await locations.answer(device.id, language, text);
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
