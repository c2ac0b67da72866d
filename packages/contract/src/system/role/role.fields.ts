import { text } from '../../field-spec';

const CHINESE = /[\u4e00-\u9fa5]/;

/** The role form's fields (also a department's roles). */
export const roleFields = {
  roleName: text({ required: 'form.role_name.length', min: 2, max: 30, message: 'form.role_name.length' }),
  roleCode: text({
    required: 'form.role_code.required',
    max: 64,
    check: { test: (v) => !CHINESE.test(v), message: 'form.role_code.chinese' },
  }),
  description: text({ optional: true, max: 255 }),
};
