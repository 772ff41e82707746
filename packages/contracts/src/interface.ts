import { z } from 'zod';
import { ZId } from './common.js';

/**
 * Interface sections (Interface Settings → sections; GET, PUT /interface/sections): what a kiosk
 * shows, per device, as sections of its screens whose components an operator switches on or off.
 * The catalogue is data shared by the server (it validates and fills defaults), the console (it
 * lists the switches) and the kiosk (it hides what is off). `later: true` marks what the kiosk has
 * no screen for yet: its switches are kept, and the kiosk simply has nothing to show until it does.
 * docs/decisions.md says why these sections and no others.
 */
export const INTERFACE_SECTIONS = [
  {
    id: 'start',
    components: [
      { id: 'greeting', default: true },
      { id: 'carousel', default: true },
    ],
  },
  {
    id: 'ask',
    components: [
      { id: 'voice_input', default: true },
      { id: 'related_topics', default: true },
      { id: 'rating', default: true },
    ],
  },
  {
    id: 'staff',
    components: [
      { id: 'chat_with_staff', default: true },
      { id: 'call_staff', default: true },
    ],
  },
  {
    id: 'directory',
    components: [
      { id: 'search', default: true },
      { id: 'unit_list', default: true },
    ],
  },
  { id: 'events', components: [{ id: 'event_list', default: true }] },
  { id: 'map', components: [{ id: 'floor_map', default: true }] },
] as const satisfies ReadonlyArray<{
  id: string;
  later?: boolean;
  components: ReadonlyArray<{ id: string; default: boolean; later?: boolean }>;
}>;

export type InterfaceSectionId = (typeof INTERFACE_SECTIONS)[number]['id'];
export type InterfaceComponentId = (typeof INTERFACE_SECTIONS)[number]['components'][number]['id'];

/** An interface section: id, components each with id and is_enabled. */
export const ZInterfaceComponent = z.object({ id: z.string(), is_enabled: z.boolean() });
export const ZInterfaceSection = z.object({
  id: z.string(),
  /** The kiosk has no screen for it yet (see INTERFACE_SECTIONS). */
  later: z.boolean(),
  components: z.array(ZInterfaceComponent.extend({ later: z.boolean() })),
});
export type InterfaceSection = z.infer<typeof ZInterfaceSection>;
export const ZInterfaceSections = z.array(ZInterfaceSection);

/** GET /interface/sections?device_id= */
export const ZInterfaceSectionsQuery = z.object({ device_id: ZId });

/**
 * PUT /interface/sections: one section's switched-on components; the section's others are off.
 * Unknown section or component ids are refused (400 unknown_section / unknown_component).
 */
export const ZUpdateInterfaceSectionRequest = z.object({
  device_id: ZId,
  section_id: z.string().trim().min(1).max(50),
  selected_comp_ids: z.array(z.string().trim().min(1).max(50)).max(50),
});
export type UpdateInterfaceSectionRequest = z.input<typeof ZUpdateInterfaceSectionRequest>;

/**
 * What a kiosk reads (device config `sections`, and the `interface:sections` socket event): per
 * section, per component, whether it is on. A kiosk treats a missing entry as on, so an older
 * server's config shows everything, as kiosks always did.
 */
export const ZKioskSections = z.record(z.string(), z.record(z.string(), z.boolean()));
export type KioskSections = z.infer<typeof ZKioskSections>;

/** The catalogue with every component at its default: what a device without a selection shows. */
export function defaultKioskSections(): KioskSections {
  return Object.fromEntries(
    INTERFACE_SECTIONS.map((s) => [s.id, Object.fromEntries(s.components.map((c) => [c.id, c.default]))]),
  );
}
