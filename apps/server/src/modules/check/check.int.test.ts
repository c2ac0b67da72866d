import { expect, it } from 'vitest';
import { adminApi, describeWithApp } from '../../../test/harness';

describeWithApp('check: check rules', (ctx) => {
  const api = adminApi(ctx);

  it('checks values against check rules', async () => {
    const bad = await api('POST', '/sys/checkRule/add', {
      ruleCode: 'r1',
      ruleName: 'R',
      ruleJson: '[{"x":1}]',
    });
    expect(bad.body.message).toBe('规则内容无效：应为 [{digits, pattern, message}] 且正则表达式有效');
    await api('POST', '/sys/checkRule/add', {
      ruleCode: 'code2',
      ruleName: 'Two letters then digits',
      ruleJson: JSON.stringify([
        { digits: 2, pattern: '[A-Z]+', message: '前两位必须是大写字母' },
        { digits: '*', pattern: '\\d+', message: '其余必须是数字' },
      ]),
    });
    const ok = await api('GET', '/sys/checkRule/checkByCode?ruleCode=code2&value=AB123');
    expect(ok.body.success).toBe(true);
    const fail = await api('GET', '/sys/checkRule/checkByCode?ruleCode=code2&value=AB12x');
    // A value that fails is a successful check with a negative answer (as Jeecg consoles expect).
    expect(fail.status).toBe(200);
    expect(fail.body).toMatchObject({ success: false, message: '其余必须是数字' });
    expect(fail.body.result).toMatchObject({ beginIndex: 2, endIndex: 5, passed: false });
    const unknown = await api('GET', '/sys/checkRule/checkByCode?ruleCode=nope&value=1');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('该编码不存在');
  });
});
