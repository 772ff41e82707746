import {
  DIRECTORY_DATA_FIELD,
  DIRECTORY_MAX_UNITS,
  SOCKET,
  ZDirectoryUnitFields,
  ZUpdateDirectoryUnitFields,
  type DirectoryImportReport,
  type DirectoryUnit,
  type KioskDirectoryUnit,
} from '@ambassador/contracts';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { createImportGate, type ImportGate } from '../../lib/spreadsheet/import-gate.js';
import { readWorkbook } from '../../lib/spreadsheet/read-workbook.js';
import { XLSX_LIMITS } from '../../lib/spreadsheet/xlsx-limits.js';
import { writeWorkbook } from '../../lib/spreadsheet/xlsx-write.js';
import { jsonField, validate } from '../../lib/validate.js';
import type { MediaStore } from '../../media/store.js';
import type { Notifier } from '../../realtime/types.js';
import type { DirectoryRepo, UnitRow, UnitTexts, UnitWrite } from './repo.js';
import { directorySheet, parseDirectory, planDirectoryImport } from './workbook.js';

/** A multipart form as it streams in: its file parts (the logo), and its fields as they arrived. */
export interface UnitForm {
  files: AsyncIterable<{ stream: Readable; filename: string }>;
  fields: Map<string, string>;
}

/** 409 for a unit added one by one, 413 for a file that brings too many. */
const tooManyUnits = (count?: number, status = 413) =>
  new AppError(
    status,
    'too_many_units',
    `A device's directory holds at most ${DIRECTORY_MAX_UNITS.toLocaleString('en')} units` +
      (count === undefined
        ? '.'
        : `; this file has ${count.toLocaleString('en')}. Split it, or remove units first.`),
  );
const unitTaken = (unitNo: string) =>
  conflict(
    `Unit ${unitNo} is already in this device's directory. Each unit number is used once.`,
    'unit_taken',
  );

/** Rows of a workbook the import reads: a little more than the units it may hold (header, blank rows). */
const IMPORT_LIMITS = {
  ...XLSX_LIMITS,
  rows: DIRECTORY_MAX_UNITS + 1000,
  cells: (DIRECTORY_MAX_UNITS + 1000) * 40,
};

const textsOut = (texts: UnitTexts, pick: 'name' | 'description') =>
  Object.fromEntries([...texts].flatMap(([l, t]) => (t[pick] ? [[l, t[pick]]] : [])));

const toUnit = (r: UnitRow): DirectoryUnit => ({
  id: r.id,
  unit: r.unitNo,
  names: textsOut(r.texts, 'name'),
  descriptions: textsOut(r.texts, 'description'),
  phone: r.phone,
  email: r.email,
  live_chat: r.liveChat,
  logo_media_id: r.logoFilename ? r.logoMediaId : null,
  logo_url: r.logoFilename ? `/media/${r.logoFilename}` : null,
  updated_at: r.updatedAt.toISOString(),
});

/** A chat tag naming a unit: its number and its name in the chat's language (else its first), at most 30 characters. */
export function unitTag(r: UnitRow, language: string) {
  const name = r.texts.get(language)?.name || [...r.texts.values()].find((t) => t.name)?.name || '';
  return [...`${r.unitNo} ${name}`.trim()].slice(0, 30).join('');
}

/**
 * The directory (Interface Settings → Directory), per device. Routes reach this with a device the
 * guard has checked is the caller's project's. Every change tells the device's kiosks
 * (`interface:directory`), which read the directory again, so they change without a reload.
 */
export function createDirectoryService({
  repo,
  media,
  notifier,
  clock,
  gate = createImportGate(),
  onChange,
}: {
  repo: DirectoryRepo;
  media: MediaStore;
  notifier: Notifier;
  clock: Clock;
  gate?: ImportGate;
  /** After any change of a device's units (the carousel's unit links show their number and name). */
  onChange?: (deviceId: number) => void;
}) {
  const changed = (deviceId: number) => {
    notifier.toDevice(deviceId, SOCKET.interfaceDirectory, { changed_at: clock.now().toISOString() });
    onChange?.(deviceId);
  };

  const mustUnit = async (deviceId: number, id: number) => {
    const unit = await repo.one(deviceId, id);
    if (!unit) throw notFound('This unit is not in the directory of this device (it may have been deleted).');
    return unit;
  };

  /** Stores the form's logo (if any) while it streams in; its fields once all have arrived. */
  async function receive(
    actor: { projectId: number; userId: number | null },
    deviceId: number,
    form: UnitForm,
  ) {
    let logo: number | null = null;
    try {
      for await (const file of form.files) {
        const saved = await media.save(file.stream, {
          projectId: actor.projectId,
          userId: actor.userId,
          originalName: file.filename,
          kind: 'image',
        });
        logo = saved.media_id;
      }
      const named = form.fields.get('device_id');
      if (named !== undefined && Number(named) !== deviceId) {
        throw badRequest(
          `The request names two devices (device_id ${deviceId} and ${named}). Name one.`,
          'device_conflict',
        );
      }
      const raw = form.fields.get(DIRECTORY_DATA_FIELD);
      if (raw === undefined)
        throw badRequest(`${DIRECTORY_DATA_FIELD}: Required (the unit's fields as JSON).`);
      // Checked against the contract (and the device's languages) by `checked`.
      const data = jsonField(z.unknown(), DIRECTORY_DATA_FIELD, raw);
      return { data, logo };
    } catch (e) {
      if (logo !== null) await media.discard([logo]);
      throw e;
    }
  }

  /** The unit's fields checked against the contract and the device's languages. */
  async function checked(deviceId: number, data: unknown): Promise<UnitWrite> {
    const input = validate(ZDirectoryUnitFields, data);
    const offered = await repo.deviceLanguages(deviceId);
    const used = [...new Set([...Object.keys(input.names), ...Object.keys(input.descriptions)])];
    const foreign = used.find((l) => !offered.includes(l));
    if (foreign) {
      throw badRequest(
        `This device does not offer ${foreign} (it offers ${offered.join(', ')}).`,
        'language_not_offered',
      );
    }
    const texts: UnitTexts = new Map(
      used.map((l) => [
        l,
        {
          name: input.names[l as keyof typeof input.names] ?? '',
          description: input.descriptions[l as keyof typeof input.descriptions] ?? '',
        },
      ]),
    );
    return { unitNo: input.unit, phone: input.phone, email: input.email, liveChat: input.live_chat, texts };
  }

  /** Runs a write; a unit number in use becomes `unit_taken`, and the new logo goes if it fails. */
  async function writing<T>(unitNo: string, logo: number | null, write: () => Promise<T>) {
    try {
      return await write();
    } catch (e) {
      if (logo !== null) await media.discard([logo]);
      if (isUniqueViolation(e)) throw unitTaken(unitNo);
      throw e;
    }
  }

  return {
    async list(deviceId: number, query: { search: string; limit: number; offset: number }) {
      const { rows, total } = await repo.page(deviceId, query.search, query.limit, query.offset);
      return { units: rows.map(toUnit), total };
    },

    /** The kiosk's directory: every unit, in unit order. */
    async kioskDirectory(deviceId: number): Promise<KioskDirectoryUnit[]> {
      return (await repo.all(deviceId)).map(toUnit);
    },

    /** The tag of a device's unit for a chat in `language`, or null when the unit is not the device's. */
    async chatTag(deviceId: number, unitId: number, language: string) {
      const unit = await repo.one(deviceId, unitId);
      return unit ? unitTag(unit, language) : null;
    },

    async create(actor: { projectId: number; userId: number | null }, deviceId: number, form: UnitForm) {
      const { data, logo } = await receive(actor, deviceId, form);
      const unit = await checked(deviceId, data).catch(async (e: unknown) => {
        if (logo !== null) await media.discard([logo]);
        throw e;
      });
      const id = await writing(unit.unitNo, logo, async () => {
        if ((await repo.count(deviceId)) >= DIRECTORY_MAX_UNITS) throw tooManyUnits(undefined, 409);
        return repo.insert(deviceId, unit, logo, clock.now());
      });
      changed(deviceId);
      return toUnit(await mustUnit(deviceId, id));
    },

    async update(actor: { projectId: number; userId: number | null }, deviceId: number, form: UnitForm) {
      const { data, logo } = await receive(actor, deviceId, form);
      let ref: z.output<typeof ZUpdateDirectoryUnitFields>;
      let unit: UnitWrite;
      let before: UnitRow;
      try {
        ref = validate(ZUpdateDirectoryUnitFields, data);
        unit = await checked(deviceId, data);
        before = await mustUnit(deviceId, ref.id);
      } catch (e) {
        if (logo !== null) await media.discard([logo]);
        throw e;
      }
      const nextLogo = logo ?? (ref.remove_logo ? null : undefined);
      await writing(unit.unitNo, logo, () => repo.update(deviceId, ref.id, unit, nextLogo, clock.now()));
      // The logo replaced or removed is no longer anyone's.
      if (nextLogo !== undefined && before.logoMediaId !== null) await media.discard([before.logoMediaId]);
      changed(deviceId);
      return toUnit(await mustUnit(deviceId, ref.id));
    },

    /** After a delete or its undo (directory/bulk.ts): what every other change tells the kiosks. */
    changed,

    /** The device's units as the workbook the import reads back. */
    async exportWorkbook(deviceId: number) {
      const languages = await repo.deviceLanguages(deviceId);
      return writeWorkbook([directorySheet(await repo.all(deviceId), languages)]);
    },

    /**
     * Checks the whole workbook against the device; in apply mode with no problem, writes it all in
     * one transaction (planned again there, against the units as they are). One import per project
     * at a time; `upload.read` reads the file once the import may run.
     */
    importWorkbook(
      projectId: number,
      deviceId: number,
      upload: { name: string; read: () => Promise<Buffer> },
      mode: 'preview' | 'apply',
    ): Promise<DirectoryImportReport> {
      return gate.run(projectId, async () => {
        const wb = await readWorkbook(await upload.read(), upload.name, {
          limits: IMPORT_LIMITS,
          tooManyRows: () => tooManyUnits(),
        });
        const languages = await repo.deviceLanguages(deviceId);
        const parsed = parseDirectory(wb, languages, (rows) => tooManyUnits(rows));
        const plan = (current: UnitRow[]) => {
          const p = planDirectoryImport(current, parsed, languages);
          if (p.report.errors.length === 0 && current.length + p.add.length > DIRECTORY_MAX_UNITS) {
            throw tooManyUnits(current.length + p.add.length);
          }
          return p;
        };
        if (mode === 'preview') return plan(await repo.all(deviceId)).report;
        let report: DirectoryImportReport | undefined;
        await repo.applyImport(deviceId, clock.now(), (current) => {
          const p = plan(current);
          report = p.report;
          return p.report.errors.length > 0 ? null : p;
        });
        if (report!.errors.length > 0) return report!;
        changed(deviceId);
        return { ...report!, applied: true };
      });
    },
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
