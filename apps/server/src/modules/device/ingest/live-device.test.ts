import { describe, expect, it } from 'vitest';
import { LiveDevice } from './live-device';

describe('live device state', () => {
  it('keeps the fault list it holds while a lamp keeps reporting the same one', () => {
    const d = new LiveDevice('dev-1', 'project-1', 'gw-1', {
      at: 1,
      online: true,
      on: true,
      level: 50,
      faults: [],
    });
    d.merge({ on: true, level: 50 }, true);
    d.reportFaults([]);
    const held = d.faults;
    // Each report is a new array parsed from its message; holding on to each one until the next
    // report is what kept 100,000 arrays a second alive through young-generation collections.
    d.reportFaults([]);
    d.reportFaults(JSON.parse('[]'));
    expect(d.faults).toBe(held);
    expect(d.isUrgent()).toBe(false);

    const failing = JSON.parse('["lampFailure"]') as string[];
    d.reportFaults(failing);
    expect(d.faults).toEqual(['lampFailure']);
    expect(d.isUrgent()).toBe(true);
    d.takeRow(2);
    d.reportFaults(JSON.parse('["lampFailure"]'));
    expect(d.faults).toBe(failing);
    expect(d.isUrgent()).toBe(false);

    d.reportFaults([]);
    expect(d.faults).toEqual([]);
    expect(d.isUrgent()).toBe(true);
  });

  it('pushes a reported fault list once, and the row writes it', () => {
    const d = new LiveDevice('dev-1', 'project-1', 'gw-1');
    d.reportFaults(['relayFailure']);
    expect(d.pushEntry().faults).toEqual(['relayFailure']);
    expect(d.pushEntry().faults).toBeUndefined();
    expect(d.takeRow(1).f).toEqual(['relayFailure']);
    expect(d.takeRow(2).f).toBeNull();
  });
});
