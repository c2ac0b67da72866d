import { type RouteDef, sessionRoutes as routes } from '@ics/contract/server';
import type { FastifyInstance } from 'fastify';
import { type AccessGuard, addRoute, type HandlerContext, withMessage } from '../../http/routes';
import { AppError } from '../../lib/errors';
import type { PermissionService } from '../permission';
import type { PlatformService } from '../platform';
import { validateCasTicket } from './cas';
import type { LoginGuard } from './login-guard';
import type { ClientInfo, SessionService } from './session.service';
import { SMS_PURPOSE_BY_MODE } from './sms';

export type SessionRoutesDeps = {
  sessions: SessionService;
  loginGuard: LoginGuard;
  permissions: PermissionService;
  platform: PlatformService;
  casUrl: string | undefined;
};

const client = (ctx: Pick<HandlerContext<RouteDef>, 'ip' | 'request' | 'lang'>): ClientInfo => ({
  ip: ctx.ip,
  userAgent: ctx.request.headers['user-agent'],
  lang: ctx.lang,
});

export function registerSessionRoutes(
  app: FastifyInstance,
  guard: AccessGuard,
  deps: SessionRoutesDeps,
): void {
  const { sessions } = deps;

  addRoute(app, guard, routes.login, async (ctx) => {
    const { username, password, captcha } = ctx.body;
    const checkKey = ctx.body.checkKey === undefined ? undefined : String(ctx.body.checkKey);
    const result = await sessions.loginWithPassword({ username, password, captcha, checkKey }, client(ctx));
    return withMessage(result, 'auth.login_ok');
  });

  addRoute(app, guard, routes.randomImage, (ctx) => deps.loginGuard.issueCaptcha(ctx.params.key));

  addRoute(app, guard, routes.sms, async (ctx) => {
    await sessions.sendSmsCode(ctx.body.mobile, SMS_PURPOSE_BY_MODE[ctx.body.smsmode]);
    return withMessage(null, 'auth.sms_sent');
  });

  addRoute(app, guard, routes.phoneLogin, async (ctx) =>
    withMessage(
      await sessions.loginWithPhone(ctx.body.mobile, ctx.body.captcha, client(ctx)),
      'auth.login_ok',
    ),
  );

  addRoute(app, guard, routes.logout, async (ctx) => {
    await sessions.logout(ctx.token, ctx.caller, ctx.ip);
    return withMessage(null, 'auth.logout_ok');
  });

  addRoute(app, guard, routes.getLoginUser, async (ctx) => {
    const caller = ctx.caller!;
    if (ctx.params.username.toLowerCase() !== caller.username.toLowerCase())
      throw new AppError(403, 'auth.not_own_user');
    return sessions.currentUser(caller, ctx.lang);
  });

  addRoute(app, guard, routes.permissions, (ctx) =>
    deps.permissions.userPermissionsJson(ctx.caller!.userId, ctx.lang),
  );

  addRoute(app, guard, routes.currentUserDeparts, (ctx) => sessions.currentDeparts(ctx.caller!));

  addRoute(app, guard, routes.selectDepart, async (ctx) => {
    const caller = ctx.caller!;
    if (ctx.body.username.toLowerCase() !== caller.username.toLowerCase())
      throw new AppError(403, 'auth.not_own_user');
    return sessions.selectDepart(caller, ctx.body.orgCode, ctx.lang);
  });

  addRoute(app, guard, routes.updatePassword, async (ctx) => {
    const caller = ctx.caller!;
    if (ctx.body.username.toLowerCase() !== caller.username.toLowerCase())
      throw new AppError(403, 'auth.not_own_user');
    await sessions.updatePassword(caller, ctx.body, ctx.ip);
    return withMessage(null, 'auth.password_changed');
  });

  addRoute(app, guard, routes.casValidate, async (ctx) => {
    if (!deps.casUrl) throw new AppError(501, 'auth.cas_not_configured');
    const username = await validateCasTicket(deps.casUrl, ctx.query.ticket, ctx.query.service);
    return withMessage(await sessions.loginWithCas(username, client(ctx)), 'auth.login_ok');
  });

  addRoute(app, guard, routes.register, async (ctx) => {
    const { registerEnabled } = await deps.platform.settings();
    return withMessage(await sessions.register(ctx.body, registerEnabled), 'auth.register_ok');
  });

  addRoute(app, guard, routes.passwordReset, async (ctx) => {
    await sessions.resetPassword(ctx.body);
    return withMessage(null, 'auth.password_reset');
  });

  addRoute(app, guard, routes.platformSettings, (ctx) => deps.platform.publicSettings(ctx.lang));
}
