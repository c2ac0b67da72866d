import { beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('../../lib/http', async (original) => ({
  ...(await original<typeof import('../../lib/http')>()),
  call: (...args: unknown[]) => call(...args),
}));

const { uniqueRule } = await import('./unique-rule');

const validate = (value: string) => {
  const rule = uniqueRule('sys_user', 'username', 'id-7') as {
    validator: (rule: unknown, value: unknown) => Promise<void>;
  };
  return rule.validator({}, value);
};

describe('uniqueRule', () => {
  beforeEach(() => call.mockReset());

  it('passes a free value, sending the trimmed value and the edited row', async () => {
    call.mockResolvedValue({ success: true, message: '该值可用！', code: 200, result: null, timestamp: 0 });
    await expect(validate(' amy ')).resolves.toBeUndefined();
    expect(call.mock.calls[0]![1]).toEqual({
      query: { tableName: 'sys_user', fieldName: 'username', fieldVal: 'amy', dataId: 'id-7' },
    });
  });

  it('fails a taken value, which the server declines with HTTP 200 and success false', async () => {
    call.mockResolvedValue({
      success: false,
      message: '该值不可用，系统中已存在！',
      code: 500,
      result: null,
      timestamp: 0,
    });
    await expect(validate('admin')).rejects.toThrow('该值不可用，系统中已存在！');
  });
});
