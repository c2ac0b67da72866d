import { describe, expect, it } from 'vitest';
import { DEFAULT_HOME, loginPathFor, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('accepts in-app paths with their query', () => {
    expect(safeRedirect('/system/user?x=1')).toBe('/system/user?x=1');
  });
  it('falls back for empty, external, protocol-relative and login values', () => {
    for (const bad of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil',
      '/user/login',
      '/user/login?redirect=/a',
    ]) {
      expect(safeRedirect(bad)).toBe(DEFAULT_HOME);
    }
  });
});

describe('loginPathFor', () => {
  it('names the requested page', () => {
    expect(loginPathFor('/dashboard/analysis')).toBe('/user/login?redirect=%2Fdashboard%2Fanalysis');
  });
  it('does not redirect back to the root or the login page', () => {
    expect(loginPathFor('/')).toBe('/user/login');
    expect(loginPathFor('/user/login')).toBe('/user/login');
  });
});
