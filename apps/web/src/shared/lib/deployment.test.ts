import { describe, expect, it } from 'vitest';
import { modulesOfViews } from './deployment';

describe('modulesOfViews', () => {
  it('names only the modules that have views, in catalogue order', () => {
    expect(
      modulesOfViews(['system/UserList', 'gis/GlrGis', 'lighting/LampList', 'lighting/PoleList']),
    ).toEqual(['lighting', 'map']);
  });

  it('names nothing for a console without device modules', () => {
    expect(modulesOfViews(['system/UserList', 'dashboard/Analysis'])).toEqual([]);
  });
});
