import type { RealtimeMessage } from '@ics/contract';
import { describe, expect, it } from 'vitest';
import { isNewAlarm, toAlarmPush } from './alarm-push';

describe('toAlarmPush', () => {
  it('takes alarm pushes and leaves device events and notices alone', () => {
    const push = {
      cmd: 'alarm',
      kind: 'raised',
      projectId: 'p1',
      count: 1,
      alarms: [],
    } as unknown as RealtimeMessage;
    expect(toAlarmPush(push)).toMatchObject({ kind: 'raised', projectId: 'p1', count: 1 });
    expect(isNewAlarm(toAlarmPush(push)!)).toBe(true);
    expect(toAlarmPush({ cmd: 'device', kind: 'state', payload: {} } as RealtimeMessage)).toBeNull();
    expect(toAlarmPush({ cmd: 'topic', msgId: '1', msgTxt: 'x' })).toBeNull();
    expect(toAlarmPush({ cmd: 'alarm', kind: 'raised' } as unknown as RealtimeMessage)).toBeNull();
  });
});
