import { WATCH_MAX_DEVICES } from '@ics/contract';
import { describe, expect, it } from 'vitest';
import { createWatchRegistry, watchMessage } from './live-watch';

const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('live watch', () => {
  it('asks for the union of what the open pages show, all when one shows all or too many', () => {
    expect(watchMessage([])).toEqual({ cmd: 'watch', devices: [] });
    expect(
      watchMessage([
        ['b', 'a'],
        ['a', 'c'],
      ]),
    ).toEqual({ cmd: 'watch', devices: ['a', 'b', 'c'] });
    expect(watchMessage([['a'], 'all'])).toEqual({ cmd: 'watch', devices: 'all' });
    const many = Array.from({ length: WATCH_MAX_DEVICES + 1 }, (_, i) => `lamp-${i}`);
    expect(watchMessage([many])).toEqual({ cmd: 'watch', devices: 'all' });
    expect(watchMessage([many.slice(1)]).devices).toHaveLength(WATCH_MAX_DEVICES);
  });

  it('announces nothing watched at first, then one union per change of the mounted pages', async () => {
    const said: unknown[] = [];
    const registry = createWatchRegistry((text) => said.push(JSON.parse(text)));
    await settle();
    expect(said).toEqual([{ cmd: 'watch', devices: [] }]);
    // A navigation: one page unmounts and two mount in the same task → one announcement.
    const list = registry.watch(['lamp-1', 'lamp-2']);
    await settle();
    const map = registry.watch('all');
    const drawer = registry.watch(['lamp-3']);
    list();
    await settle();
    expect(said.slice(1)).toEqual([
      { cmd: 'watch', devices: ['lamp-1', 'lamp-2'] },
      { cmd: 'watch', devices: 'all' },
    ]);
    map();
    await settle();
    drawer();
    await settle();
    expect(said.slice(3)).toEqual([
      { cmd: 'watch', devices: ['lamp-3'] },
      { cmd: 'watch', devices: [] },
    ]);
  });
});
