/**
 * Every authorisation mark of the product, `<module>:<resource>:<action>` (see the sitemap):
 * the marks routes require, and the view and button marks only the menu seed and the console
 * use. The seed (`apps/server/src/db/migrations`) inserts exactly these; a mark is added here
 * in the same change as the migration that seeds it.
 */
const catalogue = {
  system: {
    user: ['list', 'add', 'edit', 'delete', 'export', 'freeze', 'password'],
    role: ['list', 'add', 'edit', 'delete', 'export', 'authorize'],
    permission: ['list', 'add', 'edit', 'delete'],
    depart: ['list', 'add', 'edit', 'delete', 'authorize'],
    dict: ['list', 'add', 'edit', 'delete', 'export'],
    announcement: ['list', 'add', 'edit', 'delete', 'publish', 'export'],
    project: ['list', 'add', 'edit', 'delete', 'export'],
    i18n: ['list', 'add', 'edit', 'delete', 'export'],
    platform: ['edit'],
    log: ['list', 'export'],
    /** Dropping every console socket (reconnect tests, maintenance). */
    realtime: ['admin'],
  },
  lighting: {
    gateway: ['list', 'add', 'edit', 'delete', 'import', 'export', 'reboot', 'credentials'],
    pole: ['list', 'add', 'edit', 'delete', 'import', 'export'],
    device: ['import'],
    lamp: ['list', 'control', 'export'],
    group: ['list', 'add', 'edit', 'delete', 'control', 'export'],
    cabinet: ['list', 'add', 'edit', 'delete', 'export'],
    circuit: ['control'],
    strategy: ['list', 'add', 'edit', 'delete', 'push', 'export'],
    command: ['list', 'export'],
  },
  // The device lists and commands of the modules still to come (their pages are not built yet).
  led: { screen: ['list', 'control'] },
  radio: { speaker: ['list', 'control'] },
  camera: { camera: ['list'] },
  env: { sensor: ['list'], history: ['list', 'export'], threshold: ['edit'] },
  alarm: {
    alarm: ['list', 'ack', 'resolve', 'export'],
    rule: ['list', 'edit'],
    workorder: ['list', 'add', 'edit', 'assign'],
  },
  gis: { map: ['view'] },
  test: { device: ['command'] },
} as const;

type Catalogue = typeof catalogue;

/** `marks.system.user.add` is `'system:user:add'`. */
export type Marks = {
  [M in keyof Catalogue]: {
    [R in keyof Catalogue[M]]: {
      [A in Catalogue[M][R][number & keyof Catalogue[M][R]] & string]: `${M}:${R & string}:${A}`;
    };
  };
};

/** The marks of one resource (`marks.system.user`), keyed by action. */
export type ResourceMarks = Partial<Record<string, Mark>>;

/** Any mark of the catalogue. */
export type Mark = {
  [M in keyof Marks]: { [R in keyof Marks[M]]: Marks[M][R][keyof Marks[M][R]] }[keyof Marks[M]];
}[keyof Marks];

const entries = <T extends object>(value: T) => Object.entries(value) as [string, unknown][];

export const marks = Object.fromEntries(
  entries(catalogue).map(([module, resources]) => [
    module,
    Object.fromEntries(
      entries(resources as object).map(([resource, actions]) => [
        resource,
        Object.fromEntries(
          (actions as readonly string[]).map((action) => [action, `${module}:${resource}:${action}`]),
        ),
      ]),
    ),
  ]),
) as Marks;

/** Every mark, once each (what the seed must insert). */
export const allMarks: readonly Mark[] = Object.values(marks).flatMap((resources) =>
  Object.values(resources).flatMap((actions) => Object.values(actions) as Mark[]),
);
