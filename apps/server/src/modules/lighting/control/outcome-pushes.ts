import type { ControlOutcomeMessage } from '@ics/contract/server';
import type { CommandOutcomeEvent, CommandService, UserPush } from '../../device';

/** The job kind of a control job's commands (strategies and schedule pushes run as control jobs too). */
export const LIGHTING_JOB = 'lighting';

/**
 * Outcomes of one job heard on this node, buffered so a 10,000-lamp job sends a few messages, not
 * 10,000; with whom to tell, as its commands carry it: the user who started it, and a project.
 */
type OutcomeBuffer = {
  userId: string;
  projectId: string;
  outcomes: ControlOutcomeMessage['payload']['outcomes'];
  timer: NodeJS.Timeout;
};

/**
 * Outcomes are gathered this long before one push: at most ten pushes a second per job, and
 * the operator sees the last outcome within a tenth of a second.
 */
const FLUSH_MS = 100;

/**
 * Pushes the outcomes of a control job's commands live to the user who started it, as
 * `control.outcome` batches with the job's counts.
 *
 * With several API nodes an outcome is heard on whichever node ingested the gateway's ack (the
 * external broker's shared subscription), not necessarily the node that started the job. So
 * every node pushes the outcomes it hears to the job's owner (its commands carry the user), and
 * the push goes through the realtime fan-out, which reaches the owner's console on any node.
 * Outcomes of jobs without a user (the scheduler's) reach the project's users as device events.
 */
export class OutcomePushes {
  private readonly buffers = new Map<string, OutcomeBuffer>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly commands: CommandService,
    private readonly push: UserPush,
  ) {
    this.unsubscribe = commands.onOutcome((event) => this.heard(event));
  }

  close(): void {
    this.unsubscribe();
    for (const b of this.buffers.values()) clearTimeout(b.timer);
    this.buffers.clear();
  }

  /** Buffers the outcome of a command of a job started by a user, for its `control.outcome` batch. */
  private heard({ job, userId, projectId, payload: dto }: CommandOutcomeEvent): void {
    if (job?.kind !== LIGHTING_JOB || !userId || dto.status === 'pending') return;
    let buffer = this.buffers.get(job.id);
    if (!buffer) {
      const jobId = job.id;
      buffer = { userId, projectId, outcomes: [], timer: setTimeout(() => void this.flush(jobId), FLUSH_MS) };
      this.buffers.set(jobId, buffer);
    }
    buffer.outcomes.push({
      deviceId: dto.deviceId,
      commandId: dto.id,
      status: dto.status,
      reason: dto.reason,
    });
  }

  /** Pushes the outcomes this node heard for a job, with the job's counts, to its owner. */
  private async flush(jobId: string) {
    const buffer = this.buffers.get(jobId);
    if (!buffer) return;
    this.buffers.delete(jobId);
    try {
      const counts = (await this.commands.jobCounts([jobId])).get(jobId)!;
      const message: ControlOutcomeMessage = {
        cmd: 'device',
        kind: 'control.outcome',
        projectId: buffer.projectId,
        payload: { jobId, counts, done: counts.pending === 0, outcomes: buffer.outcomes },
      };
      await this.push.sendToUsers([buffer.userId], message);
    } catch {
      // A lost push is recovered by polling the job.
    }
  }
}
