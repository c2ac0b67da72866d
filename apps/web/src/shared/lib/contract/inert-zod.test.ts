import { describe, expect, it } from 'vitest';
import { z } from './inert-zod';

// biome-ignore lint/suspicious/noExplicitAny: the stub stands in for any zod builder chain
const zz = z as any;

describe('inert zod', () => {
  it('evaluates schema declarations of any shape', () => {
    const schema = zz
      .object({ a: zz.string().trim().min(1, 'x').max(64), b: zz.coerce.number().int().default(1) })
      .extend({ c: zz.enum(['a', 'b']).optional() })
      .refine(() => true, 'msg')
      .or(zz.literal(''));
    expect(typeof schema).toBe('function');
    expect([...zz.array(schema)]).toEqual([]);
    expect(`${schema}`).toBe('');
    expect(new zz.ZodError()).toBe(schema);
    expect(schema.then).toBeUndefined();
  });

  it('refuses to validate', () => {
    expect(() => zz.object({}).parse({})).toThrow(/inert in the console bundle/);
    expect(() => zz.string().safeParse('x')).toThrow(/inert/);
  });
});
