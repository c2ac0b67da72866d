import { describe, expect, it } from 'vitest';
import { answerKey } from './response-cache';
import type { Caller } from './routes';

const alice: Caller = { userId: 'u-alice', username: 'alice', orgCode: 'A01', tokenHash: 'h1' };
const bob: Caller = { userId: 'u-bob', username: 'bob', orgCode: 'A01', tokenHash: 'h2' };

describe('answerKey', () => {
  it('is the same for the same read whatever the order of parameters and the cache-buster', () => {
    const a = answerKey('/sys/user/list', alice, 'zh-CN', { pageNo: 1, pageSize: 10, realname: 'x', _t: 1 });
    const b = answerKey('/sys/user/list', alice, 'zh-CN', { realname: 'x', _t: 2, pageSize: 10, pageNo: 1 });
    expect(a).toBe(b);
  });

  it('differs by route, caller, department, language and every parameter value', () => {
    const base = answerKey('/sys/user/list', alice, 'zh-CN', { pageNo: 1 });
    const others = [
      answerKey('/sys/role/list', alice, 'zh-CN', { pageNo: 1 }),
      answerKey('/sys/user/list', bob, 'zh-CN', { pageNo: 1 }),
      answerKey('/sys/user/list', { ...alice, orgCode: 'A02' }, 'zh-CN', { pageNo: 1 }),
      answerKey('/sys/user/list', alice, 'en-US', { pageNo: 1 }),
      answerKey('/sys/user/list', alice, 'zh-CN', { pageNo: 2 }),
      answerKey('/sys/user/list', alice, 'zh-CN', { pageNo: 1, realname: '' }),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it('cannot be forged by a value that looks like separators or another parameter', () => {
    const one = answerKey('/l', alice, 'zh-CN', { a: 'x|"b":"y"' });
    const two = answerKey('/l', alice, 'zh-CN', { a: 'x', b: 'y' });
    expect(one).not.toBe(two);
  });
});
