import { describe, expect, it, vi } from 'vitest';

// Records whether any module loaded zod, passing the real one through.
const loaded = vi.hoisted(() => ({ zod: false }));
vi.mock('zod', async (importOriginal) => {
  loaded.zod = true;
  return importOriginal();
});

describe('entries', () => {
  it('@ics/contract loads no zod (the console bundles it)', async () => {
    const contract = await import('./index');
    expect(contract.userRoutes.add.path).toBe('/sys/user/add');
    expect(loaded.zod).toBe(false);
  });

  it('@ics/contract/server does, and binds the same routes to their schemas', async () => {
    const server = await import('./server');
    expect(loaded.zod).toBe(true);
    expect(server.userRoutes.add.body.safeParse({}).success).toBe(false);
  });
});
