import {
  INTERFACE_SECTIONS,
  SOCKET,
  type InterfaceSection,
  type KioskSections,
  type ZUpdateInterfaceSectionRequest,
} from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import type { Notifier } from '../../realtime/types.js';
import type { InterfaceRepo } from './repo.js';

type Saved = Map<string, Record<string, boolean>>;

/** The catalogue with what the device saved; a section or component it never saved is at its default. */
function resolve(saved: Saved): InterfaceSection[] {
  return INTERFACE_SECTIONS.map((section) => {
    const stored = saved.get(section.id);
    return {
      id: section.id,
      later: 'later' in section && section.later === true,
      components: section.components.map((c) => ({
        id: c.id,
        is_enabled: stored?.[c.id] ?? c.default,
        later: 'later' in c && c.later === true,
      })),
    };
  });
}

/** The kiosk's shape of the same: section → component → on. */
export function toKioskSections(sections: InterfaceSection[]): KioskSections {
  return Object.fromEntries(
    sections.map((s) => [s.id, Object.fromEntries(s.components.map((c) => [c.id, c.is_enabled]))]),
  );
}

/**
 * Interface sections (Interface Settings): which components of a kiosk's screens are on, per
 * device. Routes reach this with a device the guard has checked is the caller's project's. A save
 * is sent at once to the device's kiosks, so they change without a reload.
 */
export function createInterfaceService({
  repo,
  notifier,
  clock,
}: {
  repo: InterfaceRepo;
  notifier: Notifier;
  clock: Clock;
}) {
  const sections = async (deviceId: number) => resolve(await repo.sections(deviceId));

  return {
    sections,

    /** What the kiosk reads in its config. */
    async kioskSections(deviceId: number): Promise<KioskSections> {
      return toKioskSections(await sections(deviceId));
    },

    /** Switches one section's components: the selected ones on, the section's others off. */
    async update(input: z.output<typeof ZUpdateInterfaceSectionRequest>): Promise<InterfaceSection[]> {
      const section = INTERFACE_SECTIONS.find((s) => s.id === input.section_id);
      if (!section) {
        throw badRequest(`section_id: There is no section "${input.section_id}".`, 'unknown_section');
      }
      const known = new Set<string>(section.components.map((c) => c.id));
      const unknown = input.selected_comp_ids.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw badRequest(
          `selected_comp_ids: The ${section.id} section has no component ${unknown.map((id) => `"${id}"`).join(', ')}.`,
          'unknown_component',
        );
      }
      const selected = new Set(input.selected_comp_ids);
      // Every component of the catalogue as it is now, so one added later starts at its default.
      const components = Object.fromEntries(section.components.map((c) => [c.id, selected.has(c.id)]));
      await repo.save(input.device_id, section.id, components, clock.now());
      const after = await sections(input.device_id);
      notifier.toDevice(input.device_id, SOCKET.interfaceSections, toKioskSections(after));
      return after;
    },
  };
}

export type InterfaceService = ReturnType<typeof createInterfaceService>;
