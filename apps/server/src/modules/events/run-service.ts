import {
  buttonAnswer,
  isBlankButton,
  LIVE_EVENT,
  SOCKET,
  ZQuestionContent,
  type EventRun,
  type Language,
  type LiveRun,
  type RunControl,
  type RunOutcome,
} from '@ambassador/contracts';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Notifier } from '../../realtime/types.js';
import type { DeviceContext } from '../devices/index.js';
import { flowIn, flowsOf } from './flows.js';
import { abandonedBefore, activityOf, isLive } from './run-flows.js';
import type { RunRepo, RunRow } from './run-repo.js';

type Flows = Record<string, unknown[]>;

const runEnded = () => conflict('This run has already ended.', 'run_ended');
const eventNotFound = () => notFound('No such event on this device.');

/** A run as control mode shows it; the activity's type is read from the event's flows (none: null). */
export function toLiveRun(row: RunRow, flows: Flows | null): LiveRun {
  return {
    run_id: row.id,
    event_id: row.eventId,
    language: row.language as Language,
    activity_index: row.activityIndex,
    activity_type: (flows && activityOf(flows, row.language, row.activityKey)?.type) ?? null,
    step: row.step,
    started_at: row.startedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Whether a pressed button answers a question right in a language: the answer must be what one of
 * its buttons answers (its payload, or its text when it has none) and one of the correct answers.
 */
export function answersRight(contents: Record<string, unknown>, language: string, answer: string) {
  const content = ZQuestionContent.safeParse(contents[language] ?? {});
  if (!content.success) return false;
  const given = answer.trim();
  const buttons = content.data.buttons.values.filter((b) => !isBlankButton(b)).map(buttonAnswer);
  return given !== '' && buttons.includes(given) && content.data.correct_answers.includes(given);
}

export interface RunServiceDeps {
  repo: RunRepo;
  notifier: Notifier;
  clock: Clock;
}

/**
 * Runs of an event on a kiosk: the kiosk starts one in the device's current event, reports each
 * activity it reaches and each answer, and ends it; the consoles of the project hear each step
 * (`event_run`) and may skip an activity or stop the run (`event:control` to the device). A run
 * its kiosk stops reporting on counts as left after RUN_ABANDONED_MINUTES.
 */
export function createRunService({ repo, notifier, clock }: RunServiceDeps) {
  /** Tells the project's consoles where a run is (or that it ended). */
  const announce = (projectId: number, row: RunRow, flows: Flows | null) =>
    notifier.toProject(
      projectId,
      {
        name: LIVE_EVENT.eventRun,
        ...toLiveRun(row, flows),
        device_id: row.deviceId,
        ended: row.endedAt !== null,
      },
      '/event',
    );

  /** Ends abandoned runs (all, or one) and tells their consoles; how many ended. */
  async function closeAbandoned(runId?: number) {
    const closed = await repo.closeAbandoned(abandonedBefore(clock.now()), runId);
    for (const row of closed) announce(row.projectId, row, null);
    return closed.length;
  }

  /** The device's run still going on, with its event's flows: another device's is unknown (404). */
  async function liveRunOf(device: DeviceContext, runId: number) {
    const run = await repo.run(runId, device.id);
    if (!run) throw notFound('No such run on this device.');
    if (!isLive(run, clock.now())) {
      if (run.endedAt === null) await closeAbandoned(run.id);
      throw runEnded();
    }
    const event = await repo.event(run.eventId, device.id);
    return { run, flows: event?.flows ?? {} };
  }

  return {
    closeAbandoned,

    /** A visitor starts the device's current event in one of its languages. */
    async start(
      device: DeviceContext,
      input: { event_id: number; version: number; language: Language },
    ): Promise<EventRun> {
      const event = await repo.event(input.event_id, device.id);
      if (!event?.isActive)
        throw conflict('This event is not running on the device now.', 'event_not_current');
      if (!event.languages.includes(input.language) || flowIn(flowsOf(event), input.language).length === 0) {
        throw badRequest(`This event is not offered in ${input.language}.`, 'language_not_offered');
      }
      const row = await repo.start({
        eventId: event.id,
        deviceId: device.id,
        language: input.language,
        eventVersion: input.version,
        at: clock.now(),
      });
      announce(device.projectId, row, event.flows);
      return {
        run_id: row.id,
        event_id: row.eventId,
        language: input.language,
        started_at: row.startedAt.toISOString(),
      };
    },

    /** The kiosk reached an activity (or a step inside it). */
    async progress(
      device: DeviceContext,
      runId: number,
      input: { activity_index: number; activity_key: string; step: string },
    ) {
      const { flows, run } = await liveRunOf(device, runId);
      // A key the current flows lack is one of an older version the kiosk still plays.
      const type = activityOf(flows, run.language, input.activity_key)?.type ?? 'unknown';
      const row = await repo.progress(
        run.id,
        device.id,
        {
          activityIndex: input.activity_index,
          activityKey: input.activity_key,
          activityType: type,
          step: input.step,
        },
        clock.now(),
      );
      if (!row) throw runEnded();
      announce(device.projectId, row, flows);
    },

    /** The visitor pressed a button of a quiz question: right or wrong in the run's language. */
    async answer(
      device: DeviceContext,
      runId: number,
      input: { question_id: number; attempt: number; answer: string },
    ) {
      const { run } = await liveRunOf(device, runId);
      const question = await repo.question(input.question_id, device.id);
      if (!question) throw notFound('No such question on this device.');
      const kept = await repo.answer(
        run.id,
        device.id,
        {
          quizId: question.quizId,
          questionId: question.id,
          attempt: input.attempt,
          answer: input.answer,
          correct: answersRight(question.contents, run.language, input.answer),
        },
        clock.now(),
      );
      if (!kept) throw runEnded();
      return { correct: kept.correct };
    },

    /** The run ended (the first end stands; a later one, or one of a run left long ago, is ignored). */
    async end(device: DeviceContext, runId: number, input: { outcome: RunOutcome; activity_index: number }) {
      const run = await repo.run(runId, device.id);
      if (!run) throw notFound('No such run on this device.');
      if (!isLive(run, clock.now())) {
        if (run.endedAt === null) await closeAbandoned(run.id);
        return;
      }
      const row = await repo.end(run.id, device.id, input.outcome, input.activity_index, clock.now());
      if (!row) return;
      const event = await repo.event(row.eventId, device.id);
      announce(device.projectId, row, event?.flows ?? null);
    },

    /** The event's runs going on now on the device (control mode). */
    async live(deviceId: number, eventId: number): Promise<LiveRun[]> {
      const event = await repo.event(eventId, deviceId);
      if (!event) throw eventNotFound();
      const rows = await repo.live(eventId, deviceId, abandonedBefore(clock.now()));
      return rows.map((row) => toLiveRun(row, event.flows));
    },

    /**
     * An operator skips the run's current activity or stops the run: the device's kiosks are told.
     * A stop with no kiosk of the device connected ends the run here, so it leaves control mode.
     */
    async control(projectId: number, deviceId: number, eventId: number, input: RunControl) {
      const event = await repo.event(eventId, deviceId);
      if (!event) throw eventNotFound();
      const run = await repo.run(input.run_id, deviceId);
      if (!run || run.eventId !== eventId || !isLive(run, clock.now())) throw runEnded();
      const control: RunControl = { run_id: run.id, action: input.action };
      notifier.toDevice(deviceId, SOCKET.eventControl, control);
      if (input.action === 'stop' && !(await notifier.deviceOnline(deviceId))) {
        const row = await repo.end(run.id, deviceId, 'stopped', run.activityIndex, clock.now());
        if (row) announce(projectId, row, event.flows);
      }
    },
  };
}

export type RunService = ReturnType<typeof createRunService>;
