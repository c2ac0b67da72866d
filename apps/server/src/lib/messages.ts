import type { Language } from '@ics/contract/server';

/**
 * The texts the server answers with, in both languages. Each module keeps its own in
 * `<module>.messages.ts` (`defineMessages({ zhCN, enUS })`) and registers them when it is
 * created, so this file knows no module. The zh-CN texts keep the wording of the contract the
 * console descends from, so older consoles show them as before.
 */
export type MessageKey = string;

/** One module's texts: every zh-CN key has its en-US text (a missing one fails type-checking). */
export type MessageCatalogue<K extends string = string> = {
  zhCN: Readonly<Record<K, string>>;
  enUS: Readonly<Record<K, string>>;
};

export function defineMessages<const Z extends Record<string, string>>(catalogue: {
  zhCN: Z;
  enUS: Record<keyof Z, string>;
}): MessageCatalogue<Extract<keyof Z, string>> {
  return catalogue as MessageCatalogue<Extract<keyof Z, string>>;
}

const texts: Record<Language, Map<string, string>> = { 'zh-CN': new Map(), 'en-US': new Map() };
const registered = new Set<MessageCatalogue>();

/**
 * Adds a module's texts. Registering the same catalogue again does nothing; a key that another
 * catalogue already defines is a programming error (two modules would answer with one key).
 */
export function registerMessages(catalogue: MessageCatalogue): void {
  if (registered.has(catalogue)) return;
  for (const key of Object.keys(catalogue.zhCN)) {
    if (texts['zh-CN'].has(key)) throw new Error(`message key "${key}" is defined twice`);
  }
  registered.add(catalogue);
  for (const [key, text] of Object.entries(catalogue.zhCN)) texts['zh-CN'].set(key, text);
  for (const [key, text] of Object.entries(catalogue.enUS)) texts['en-US'].set(key, text);
}

/** Whether some registered catalogue defines `key` (the message-key test checks every key used). */
export function hasMessage(key: string): boolean {
  return texts['zh-CN'].has(key);
}

/** The text of `key` with `{name}` placeholders filled; an unknown key answers as itself. */
export function translate(
  lang: Language,
  key: MessageKey,
  vars: Record<string, string | number> = {},
): string {
  const text = texts[lang].get(key) ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export const coreMessages = defineMessages({
  zhCN: {
    ok: '操作成功！',
    'auth.login_ok': '登录成功',
    'auth.logout_ok': '退出登录成功！',
    'auth.logout_no_token': '退出登录失败！',
    'auth.bad_credentials': '用户名或密码错误',
    'auth.frozen': '该用户已冻结',
    'auth.locked': '该账户在此地址登录失败次数过多，已锁定，请{minutes}分钟后再试',
    'auth.slowed': '该账户登录失败次数过多，请{seconds}秒后再试',
    'auth.ip_locked': '该地址登录失败次数过多，请{minutes}分钟后再试',
    'auth.captcha_required': '请输入验证码',
    'auth.captcha_invalid': '验证码错误',
    'auth.token_missing': '未授权，请重新登录',
    'auth.token_invalid': 'Token失效，请重新登录',
    'auth.forbidden': '没有权限，请联系管理员授权',
    'auth.not_own_user': '只能查询当前登录用户',
    'auth.no_departs': '您尚未设置部门信息!',
    'auth.depart_not_member': '您不属于该部门',
    'auth.old_password_wrong': '旧密码输入错误!',
    'auth.password_mismatch': '两次输入密码不一致!',
    'auth.password_changed': '密码修改成功，请重新登录!',
    'auth.password_reset': '密码重置成功!',
    'auth.user_not_found': '该用户不存在，请注册',
    'auth.phone_not_found': '该手机号未注册',
    'auth.sms_sent': '验证码已发送',
    'auth.sms_too_soon': '发送过于频繁，请{seconds}秒后再试',
    'auth.sms_invalid': '手机验证码错误或已过期',
    'auth.cas_not_configured': '未配置CAS单点登录服务',
    'auth.cas_failed': 'CAS票据校验失败',
    'auth.cas_unknown_user': 'CAS用户{username}在本系统中不存在',
    'auth.register_disabled': '系统未开放注册',
    'auth.register_ok': '注册成功',
    'auth.username_taken': '用户名已存在',
    'auth.phone_taken': '手机号已被注册',
    'auth.email_taken': '邮箱已被注册',
    'error.validation': '参数校验失败：{field}',
    'error.not_found': '很抱歉，资源未找到!',
    'error.internal': '操作失败，服务器内部错误',
    'error.payload_too_large': '请求内容过大',
  },
  enUS: {
    ok: 'Done.',
    'auth.login_ok': 'Signed in',
    'auth.logout_ok': 'Signed out.',
    'auth.logout_no_token': 'Sign-out failed: no token.',
    'auth.bad_credentials': 'Wrong username or password',
    'auth.frozen': 'This account is frozen',
    'auth.locked':
      'Too many failed sign-ins to this account from this address: locked, try again in {minutes} minutes',
    'auth.slowed': 'Too many failed sign-ins to this account, try again in {seconds} seconds',
    'auth.ip_locked': 'Too many failed sign-ins from this address, try again in {minutes} minutes',
    'auth.captcha_required': 'Please enter the captcha',
    'auth.captcha_invalid': 'Wrong captcha',
    'auth.token_missing': 'Unauthorised, please log in again',
    'auth.token_invalid': 'Token expired, please log in again',
    'auth.forbidden': 'Permission denied, ask an administrator to grant it',
    'auth.not_own_user': 'Only the signed-in user can be queried',
    'auth.no_departs': 'You have no department yet!',
    'auth.depart_not_member': 'You do not belong to that department',
    'auth.old_password_wrong': 'The old password is wrong!',
    'auth.password_mismatch': 'The two passwords differ!',
    'auth.password_changed': 'Password changed, please sign in again!',
    'auth.password_reset': 'Password reset!',
    'auth.user_not_found': 'No such user, please register',
    'auth.phone_not_found': 'This phone number is not registered',
    'auth.sms_sent': 'Code sent',
    'auth.sms_too_soon': 'Too frequent, try again in {seconds} seconds',
    'auth.sms_invalid': 'Wrong or expired phone code',
    'auth.cas_not_configured': 'No CAS single sign-on server is configured',
    'auth.cas_failed': 'The CAS ticket was not accepted',
    'auth.cas_unknown_user': 'CAS user {username} does not exist here',
    'auth.register_disabled': 'Self-registration is not enabled',
    'auth.register_ok': 'Registered',
    'auth.username_taken': 'That username is taken',
    'auth.phone_taken': 'That phone number is already registered',
    'auth.email_taken': 'That email is already registered',
    'error.validation': 'Invalid input: {field}',
    'error.not_found': 'Sorry, the resource was not found!',
    'error.internal': 'The operation failed: internal server error',
    'error.payload_too_large': 'The request is too large',
  },
});
registerMessages(coreMessages);
