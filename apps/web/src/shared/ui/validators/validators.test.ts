import { describe, expect, it, vi } from 'vitest';
import { checkRule, duplicateCheck } from './validators';

describe('duplicate check', () => {
  it('skips empty values', async () => {
    const fetcher = vi.fn();
    await duplicateCheck({ tableName: 'sys_user', fieldName: 'username' }, fetcher)(null, '  ');
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('passes on success and sends table, field, value and data id', async () => {
    const fetcher = vi.fn(async () => ({ success: true, message: 'ok' }));
    await duplicateCheck({ tableName: 't', fieldName: 'f', dataId: '7' }, fetcher)(null, 'v');
    expect(fetcher).toHaveBeenCalledWith({ tableName: 't', fieldName: 'f', fieldVal: 'v', dataId: '7' });
  });

  it('fails with the returned message', async () => {
    const fetcher = vi.fn(async () => ({ success: false, message: '该值不可用，系统中已存在！' }));
    await expect(duplicateCheck({ tableName: 't', fieldName: 'f' }, fetcher)(null, 'v')).rejects.toThrow(
      '该值不可用，系统中已存在！',
    );
  });
});

describe('check rule', () => {
  it('skips when the rule code or the value is empty', async () => {
    const fetcher = vi.fn();
    await checkRule('', fetcher)(null, 'x');
    await checkRule('code', fetcher)(null, '');
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('passes on success, fails with the message otherwise', async () => {
    await checkRule('r', async () => ({ success: true, message: '' }))(null, 'x');
    await expect(checkRule('r', async () => ({ success: false, message: 'bad' }))(null, 'x')).rejects.toThrow(
      'bad',
    );
  });
});
