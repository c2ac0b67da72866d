import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  normalisePreferences,
  readPreferences,
  THEME_COLORS,
} from './preferences-store';

describe('preferences', () => {
  it('defaults: dark, side menu, fixed width, multi-page, #0E6FD1', () => {
    expect(readPreferences(null)).toEqual(DEFAULT_PREFERENCES);
    expect(DEFAULT_PREFERENCES).toMatchObject({
      navTheme: 'dark',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      multipage: true,
      primaryColor: '#0E6FD1',
    });
    expect(THEME_COLORS).toHaveLength(8);
  });

  it('keeps the rules between options', () => {
    const base = { ...DEFAULT_PREFERENCES };
    expect(normalisePreferences({ ...base, contentWidth: 'Fluid' }).contentWidth).toBe('Fixed');
    expect(normalisePreferences({ ...base, layout: 'topmenu', contentWidth: 'Fluid' }).contentWidth).toBe(
      'Fluid',
    );
    expect(normalisePreferences({ ...base, layout: 'topmenu', fixSiderbar: true }).fixSiderbar).toBe(false);
    expect(normalisePreferences({ ...base, autoHideHeader: true }).autoHideHeader).toBe(false);
    expect(normalisePreferences({ ...base, fixedHeader: true, autoHideHeader: true }).autoHideHeader).toBe(
      true,
    );
  });

  it('ignores stored values of the wrong type', () => {
    const read = readPreferences({ navTheme: 'light', multipage: 'yes', primaryColor: 'red', layout: 'x' });
    expect(read.navTheme).toBe('light');
    expect(read.multipage).toBe(true);
    expect(read.primaryColor).toBe('#0E6FD1');
    expect(read.layout).toBe('sidemenu');
  });
});
