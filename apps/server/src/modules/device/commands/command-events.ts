import type { CommandDto } from '@ics/contract/server';
import type { LiveEvent } from '../live/live-events';
import type { CommandJob } from './command-tracker';

/**
 * A command's outcome (acked, failed or timed out), published as a device live event with who
 * must hear it, as stored with the command when it was sent: its project, the user who sent it
 * and its job.
 */
export type CommandOutcomeEvent = {
  kind: 'device.command';
  projectId: string;
  payload: CommandDto;
  /** The user who sent it; null when the platform did (a strategy, the scheduler). */
  userId: string | null;
  /** The job it belongs to; null when sent on its own. */
  job: CommandJob | null;
};

export const isCommandOutcome = (event: LiveEvent): event is CommandOutcomeEvent =>
  event.kind === 'device.command';

/**
 * Whether the outcome reaches the user who sent it through its job (the job's owner sends it in
 * its own form, such as a lamp control job's `control.outcome` batches), instead of to every user
 * of the project command by command: a job of 10,000 lamps would otherwise send 10,000 messages
 * to each of them, which kept consoles busy for seconds.
 */
export const heardThroughItsJob = (event: CommandOutcomeEvent): boolean =>
  event.job !== null && event.userId !== null;
