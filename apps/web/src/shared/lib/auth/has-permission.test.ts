import type { AllAuthEntry, AuthEntry } from '@ics/contract';
import { describe, expect, it } from 'vitest';
import { hasPermission } from './has-permission';

const entry = (action: string, type: '1' | '2' = '1'): AuthEntry => ({ action, type, describe: action });
const global = (action: string, status: '0' | '1', type: '1' | '2' = '1'): AllAuthEntry => ({
  ...entry(action, type),
  status,
});

describe('hasPermission (the has rule)', () => {
  it('shows a button whose mark the user holds', () => {
    expect(hasPermission('system:user:add', { auth: [entry('system:user:add')], allAuth: [] })).toBe(true);
  });

  it('hides a button whose mark the user lacks', () => {
    expect(hasPermission('system:user:add', { auth: [entry('system:user:edit')], allAuth: [] })).toBe(false);
  });

  it('ignores disable-only (type 2) entries', () => {
    expect(hasPermission('a', { auth: [entry('a', '2')], allAuth: [] })).toBe(false);
  });

  it('shows a mark that is switched off globally (status 0)', () => {
    expect(hasPermission('a', { auth: [], allAuth: [global('a', '0')] })).toBe(true);
    expect(hasPermission('a', { auth: [], allAuth: [global('a', '1')] })).toBe(false);
  });

  it('consults the form permission list first', () => {
    expect(hasPermission('a', { auth: [], allAuth: [] }, [entry('a')])).toBe(true);
  });
});
