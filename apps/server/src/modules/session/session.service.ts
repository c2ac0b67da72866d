import type { Language, LoginResult } from '@ics/contract/server';
import type { Caller } from '../../http/routes';
import { AppError, Declined } from '../../lib/errors';
import type { MessageKey } from '../../lib/messages';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import type { DictService } from '../dict';
import { LOG_TYPE, LOGOUT_LOG_KEY, type LogService } from '../log';
import type { PlatformService } from '../platform';
import { toUserInfo, USER_STATUS, type UserRow, type UserService } from '../user';
import type { LoginGuard } from './login-guard';
import type { SessionStore } from './session.store';
import type { SmsCodes } from './sms';

export type ClientInfo = { ip: string; userAgent: string | undefined; lang: Language };

/** Sign-in, sign-out and the signed-in user's own account operations. */
export class SessionService {
  constructor(
    private readonly users: UserService,
    private readonly sessions: SessionStore,
    private readonly guard: LoginGuard,
    private readonly sms: SmsCodes,
    private readonly dicts: DictService,
    private readonly platform: PlatformService,
    private readonly logs: LogService,
  ) {}

  async loginWithPassword(
    input: {
      username: string;
      password: string;
      captcha?: string | undefined;
      checkKey?: string | undefined;
    },
    client: ClientInfo,
  ): Promise<LoginResult> {
    await this.guard.check(input.username, client.ip, input.captcha, input.checkKey);
    const user = await this.users.findByUsername(input.username);
    const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
    if (!user || !valid) {
      const captchaRequired = await this.guard.recordFailure(input.username, client.ip);
      await this.loginLog('log.login.failed', input.username, undefined, client.ip, false);
      // A failed sign-in is not an unauthorised request: declined at HTTP 200 as JeecgBoot does,
      // so that consoles show the message on the form instead of their 401 notice.
      throw new Declined('auth.bad_credentials', {}, { captchaRequired });
    }
    await this.refuseFrozen(user, client);
    await this.guard.recordSuccess(input.username, client.ip);
    return this.startSession(user, client, 'log.login.password');
  }

  async loginWithPhone(mobile: string, code: string, client: ClientInfo): Promise<LoginResult> {
    await this.sms.verify(mobile, 'login', code);
    const user = await this.users.findByPhone(mobile);
    if (!user) throw new AppError(400, 'auth.phone_not_found');
    await this.refuseFrozen(user, client);
    return this.startSession(user, client, 'log.login.phone');
  }

  async loginWithCas(username: string, client: ClientInfo): Promise<LoginResult> {
    const user = await this.users.findByUsername(username);
    if (!user) throw new AppError(401, 'auth.cas_unknown_user', { username });
    await this.refuseFrozen(user, client);
    return this.startSession(user, client, 'log.login.cas');
  }

  /** A line of the login log about `username` (whose id is known unless the sign-in failed). */
  private loginLog(key: MessageKey, username: string, userId: string | undefined, ip: string, ok = true) {
    return this.logs.write({ type: LOG_TYPE.login, key, vars: { username }, userId, username, ip, ok });
  }

  /** A frozen account may not sign in, whatever the way; the refusal goes to the login log. */
  private async refuseFrozen(user: UserRow, client: ClientInfo): Promise<void> {
    if (user.status !== USER_STATUS.frozen) return;
    await this.loginLog('log.login.frozen', user.username, user.id, client.ip, false);
    throw new AppError(403, 'auth.frozen');
  }

  /** Issues a token and the result the console stores: user info, departments, dictionaries. */
  private async startSession(
    user: UserRow,
    client: ClientInfo,
    how: 'log.login.password' | 'log.login.phone' | 'log.login.cas',
  ): Promise<LoginResult> {
    const departs = await this.users.departsOf(user.id);
    let orgCode = user.org_code;
    // With exactly one department it is the current one; with several the console asks.
    if (departs.length === 1 && orgCode !== departs[0]!.orgCode) {
      orgCode = departs[0]!.orgCode;
      await this.users.setOrgCode(user.id, orgCode);
    } else if (orgCode && !departs.some((d) => d.orgCode === orgCode)) {
      orgCode = null;
    }
    const token = await this.sessions.create(user.id, orgCode, client.ip, client.userAgent);
    const [dicts, title] = await Promise.all([
      this.dicts.catalogue(client.lang),
      this.platform.title(client.lang),
    ]);
    await this.loginLog(how, user.username, user.id, client.ip);
    return {
      token,
      userInfo: toUserInfo({ ...user, org_code: orgCode }, departs, title),
      departs,
      multi_depart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
      sysAllDictItems: dicts,
    };
  }

  async logout(token: string | undefined, caller: Caller | null, ip: string): Promise<void> {
    if (!token) throw new AppError(400, 'auth.logout_no_token');
    const revoked = await this.sessions.revoke(token);
    if (!revoked) throw new AppError(401, 'auth.token_invalid');
    if (caller) await this.loginLog(LOGOUT_LOG_KEY, caller.username, caller.userId, ip);
  }

  async currentUser(caller: Caller, lang: Language) {
    const user = await this.users.findById(caller.userId);
    if (!user) throw new AppError(401, 'auth.token_invalid');
    const departs = await this.users.departsOf(user.id);
    return toUserInfo(
      { ...user, org_code: caller.orgCode ?? user.org_code },
      departs,
      await this.platform.title(lang),
    );
  }

  async currentDeparts(caller: Caller) {
    const list = await this.users.departsOf(caller.userId);
    return { list, orgCode: caller.orgCode };
  }

  async selectDepart(caller: Caller, orgCode: string, lang: Language) {
    const departs = await this.users.departsOf(caller.userId);
    if (departs.length === 0) throw new AppError(400, 'auth.no_departs');
    if (!departs.some((d) => d.orgCode === orgCode)) throw new AppError(403, 'auth.depart_not_member');
    await this.users.setOrgCode(caller.userId, orgCode);
    await this.sessions.setOrgCode(caller.tokenHash, orgCode);
    return { userInfo: await this.currentUser({ ...caller, orgCode }, lang) };
  }

  /** Changes one's own password and signs out every other session of the account. */
  async updatePassword(
    caller: Caller,
    input: { oldpassword: string; password: string; confirmpassword: string },
    ip: string,
  ) {
    if (input.password !== input.confirmpassword) throw new AppError(400, 'auth.password_mismatch');
    const user = await this.users.findById(caller.userId);
    if (!user) throw new AppError(401, 'auth.token_invalid');
    // A wrong current password is a guess like a failed sign-in: counted and held the same way,
    // so that a session left open does not let anyone try passwords without limit.
    await this.guard.refuseHeld(user.username, ip);
    if (!(await verifyPassword(user.password_hash, input.oldpassword))) {
      await this.guard.recordFailure(user.username, ip);
      throw new AppError(400, 'auth.old_password_wrong');
    }
    await this.guard.recordSuccess(user.username, ip);
    await this.users.setPasswordHash(user.id, await hashPassword(input.password));
    await this.sessions.revokeUser(user.id, caller.tokenHash);
  }

  /** Forgets cached sessions, so that the next request reads the database (after changes made in SQL). */
  clearCache(): void {
    this.sessions.clearCache();
  }

  async sendSmsCode(mobile: string, purpose: 'register' | 'login' | 'reset'): Promise<void> {
    // No codes for a registration that cannot happen (and no SMS bill from anonymous callers).
    if (purpose === 'register' && !(await this.platform.settings()).registerEnabled)
      throw new AppError(403, 'auth.register_disabled');
    const existing = await this.users.findByPhone(mobile);
    if (purpose === 'register' && existing) throw new AppError(409, 'auth.phone_taken');
    // For login and reset the answer is the same whether or not the number is known,
    // so the endpoint cannot be used to find out who is registered.
    if (purpose !== 'register' && !existing) return;
    await this.sms.send(mobile, purpose);
  }

  async register(
    input: { username: string; password: string; phone: string; smscode: string; email?: string | undefined },
    registerEnabled: boolean,
  ) {
    if (!registerEnabled) throw new AppError(403, 'auth.register_disabled');
    // Taken names are refused before the code is checked, so a typo does not burn the code.
    if (await this.users.findByUsername(input.username)) throw new AppError(409, 'auth.username_taken');
    if (await this.users.findByPhone(input.phone)) throw new AppError(409, 'auth.phone_taken');
    await this.sms.verify(input.phone, 'register', input.smscode);
    const passwordHash = await hashPassword(input.password);
    // A new account has no role until an administrator grants one.
    await this.users.register({
      username: input.username,
      passwordHash,
      phone: input.phone,
      email: input.email ? input.email : null,
    });
    return { username: input.username };
  }

  async resetPassword(input: { phone: string; smscode: string; password: string }) {
    await this.sms.verify(input.phone, 'reset', input.smscode);
    const user = await this.users.findByPhone(input.phone);
    if (!user) throw new AppError(400, 'auth.phone_not_found');
    await this.users.setPasswordHash(user.id, await hashPassword(input.password));
    await this.sessions.revokeUser(user.id);
    // Whoever holds the phone may sign in with the new password at once, lock or not.
    await this.guard.recordSuccess(user.username);
  }
}
