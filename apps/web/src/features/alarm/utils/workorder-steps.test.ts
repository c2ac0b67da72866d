import { describe, expect, it } from 'vitest';
import { availableSteps } from './workorder-steps';

describe('availableSteps', () => {
  const worker = { userId: 'u1', dispatcher: false, editor: true };
  const dispatcher = { userId: 'd1', dispatcher: true, editor: true };

  it('gives the assignee start, finish and close', () => {
    expect(availableSteps({ status: 'assigned', assigneeId: 'u1' }, worker)).toEqual(['start', 'close']);
    expect(availableSteps({ status: 'in_progress', assigneeId: 'u1' }, worker)).toEqual(['finish', 'close']);
    expect(availableSteps({ status: 'done', assigneeId: 'u1' }, worker)).toEqual(['close']);
  });

  it('gives a dispatcher verify, reject, close and reopen, never another’s start', () => {
    expect(availableSteps({ status: 'assigned', assigneeId: 'u1' }, dispatcher)).toEqual(['close']);
    expect(availableSteps({ status: 'done', assigneeId: 'u1' }, dispatcher)).toEqual([
      'verify',
      'close',
      'reject',
    ]);
    expect(availableSteps({ status: 'closed', assigneeId: 'u1' }, dispatcher)).toEqual(['reopen']);
  });

  it('gives nothing to someone who may not edit work orders', () => {
    expect(availableSteps({ status: 'assigned', assigneeId: 'u1' }, { ...worker, editor: false })).toEqual(
      [],
    );
  });
});
