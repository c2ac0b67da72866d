import {
  type ControlCounts,
  type ControlJobDto,
  type ControlOutcome,
  type ControlOutcomeMessage,
  controlRoutes,
  type RealtimeMessage,
} from '@ics/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, unwrap } from '../http';
import { realtime } from './index';

const POLL_MS = 1_000;
/** Outcomes fetched per poll (the counts are always complete). */
const OUTCOME_LIMIT = 5_000;
const QUIET = [0, 502, 503, 504];

/** A job with its outcomes (names and addresses included), quietly through restarts. */
const fetchJob = async (id: string): Promise<ControlJobDto> =>
  unwrap(await call(controlRoutes.job, { query: { id, limit: OUTCOME_LIMIT } }, { silentStatuses: QUIET }));

/** The live outcome messages of one job (`control.outcome` pushes). */
export function toOutcomeMessage(message: RealtimeMessage): ControlOutcomeMessage | null {
  const m = message as Partial<ControlOutcomeMessage>;
  return m.cmd === 'device' && m.kind === 'control.outcome' && m.payload
    ? (m as ControlOutcomeMessage)
    : null;
}

/** Merges pushed outcomes into a job (new object when something changed). */
export function applyOutcomes(job: ControlJobDto, message: ControlOutcomeMessage['payload']): ControlJobDto {
  if (message.jobId !== job.id) return job;
  const byCommand = new Map((job.outcomes ?? []).map((o) => [o.commandId, o]));
  for (const o of message.outcomes) {
    const current = byCommand.get(o.commandId);
    byCommand.set(o.commandId, {
      deviceName: null,
      address: null,
      gatewayId: '',
      ackTime: null,
      ...current,
      ...o,
    } as ControlOutcome);
  }
  return { ...job, ...message.counts, done: message.done, outcomes: [...byCommand.values()] };
}

export const emptyCounts: ControlCounts = { total: 0, pending: 0, acked: 0, failed: 0, timeout: 0 };

/**
 * Follows a control job (switch/dim of lamps, groups, circuits) to the end: the outcomes the
 * server pushes as they arrive, and a poll of the job every second (a push may be missed
 * while the socket reconnects) until the job is done.
 */
export function useControlJob() {
  const [job, setJob] = useState<ControlJobDto | null>(null);
  const current = useRef<ControlJobDto | null>(null);
  current.current = job;

  const track = useCallback((started: ControlJobDto) => setJob(started), []);
  const clear = useCallback(() => setJob(null), []);

  useEffect(() => {
    realtime.start();
    return realtime.subscribe((message) => {
      const outcome = toOutcomeMessage(message);
      if (outcome) setJob((j) => (j ? applyOutcomes(j, outcome.payload) : j));
    });
  }, []);

  const jobId = job?.id;
  const done = job?.done ?? true;
  useEffect(() => {
    if (!jobId || done) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const fresh = await fetchJob(jobId);
        if (!stopped) setJob((j) => (j?.id === fresh.id ? fresh : j));
        if (fresh.done) return;
      } catch {
        // try again
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [jobId, done]);

  // Pushed outcomes carry ids only; a job done before its first poll is fetched once more so
  // that every outcome shows its lamp's name and address.
  const unnamed = done && (job?.outcomes ?? []).some((o) => o.deviceId && !o.deviceName && !o.address);
  useEffect(() => {
    if (!jobId || !unnamed) return;
    let stopped = false;
    fetchJob(jobId).then(
      (fresh) => {
        if (!stopped) setJob((j) => (j?.id === fresh.id ? fresh : j));
      },
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, [jobId, unnamed]);

  return { job, track, clear };
}
