/**
 * `@ics/contract`, the console's entry: the route descriptors, the types, and the pieces that
 * need no zod (marks, field specs, constants, codecs). Schemas are exported as types only, so
 * importing this entry loads no zod (`zod-free.test.ts`). The server imports
 * `@ics/contract/server` (the same names, routes bound to their schemas, and every schema), a
 * device `@ics/contract/protocol`.
 */
export * from './alarm/alarm/alarm.codes';
export * from './alarm/alarm/alarm.display';
export * from './alarm/alarm/alarm.routes';
export type * from './alarm/alarm/alarm.schemas';
export * from './alarm/alarm/webhook.fields';
export * from './alarm/workorder/workorder.fields';
export * from './alarm/workorder/workorder.routes';
export type * from './alarm/workorder/workorder.schemas';
export * from './calendar';
export * from './crud-routes';
export * from './env/env/env.codes';
export * from './env/env/env.routes';
export type * from './env/env/env.schemas';
export * from './envelope';
export * from './field-spec';
export * from './form-messages';
export * from './i18n';
export * from './lighting/device/device.fields';
export * from './lighting/device/device.routes';
export type * from './lighting/device/device.schemas';
export * from './lighting/device/protocol';
export type * from './lighting/device/protocol.schemas';
export * from './lighting/display';
export * from './lighting/lighting/lighting.fields';
export * from './lighting/lighting/lighting.routes';
export type * from './lighting/lighting/lighting.schemas';
export * from './lighting/lighting/pole-columns';
export * from './list-query';
export type * from './list-query.schemas';
export * from './marks';
export * from './menu';
export type * from './page-query.schemas';
export * from './route';
export * from './system/announcement/announcement.fields';
export * from './system/announcement/announcement.routes';
export type * from './system/announcement/announcement.schemas';
export * from './system/check/check.fields';
export * from './system/check/check.routes';
export type * from './system/check/check.schemas';
export * from './system/depart/depart.fields';
export * from './system/depart/depart.routes';
export type * from './system/depart/depart.schemas';
export * from './system/dict/dict.fields';
export * from './system/dict/dict.routes';
export type * from './system/dict/dict.schemas';
export * from './system/health/health.routes';
export * from './system/home/home.routes';
export * from './system/i18n/i18n.fields';
export * from './system/i18n/i18n.routes';
export type * from './system/i18n/i18n.schemas';
export * from './system/log/log.routes';
export type * from './system/log/log.schemas';
export * from './system/permission/permission.fields';
export * from './system/permission/permission.routes';
export type * from './system/permission/permission.schemas';
export * from './system/platform/platform.fields';
export * from './system/platform/platform.routes';
export type * from './system/platform/platform.schemas';
export * from './system/project/project.fields';
export * from './system/project/project.routes';
export type * from './system/project/project.schemas';
export * from './system/realtime/realtime.routes';
export type * from './system/realtime/realtime.schemas';
export * from './system/role/role.fields';
export * from './system/role/role.routes';
export type * from './system/role/role.schemas';
export * from './system/session/session.fields';
export * from './system/session/session.routes';
export type * from './system/session/session.schemas';
export * from './system/user/user.fields';
export * from './system/user/user.routes';
export type * from './system/user/user.schemas';
