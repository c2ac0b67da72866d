import type { RouteDef } from './route';

type Present<T> = { [K in keyof T as [T[K]] extends [undefined] ? never : K]: T[K] };

/** The input schemas a descriptor names (`{ body }`, `{ query }`, …; `{}` when it takes none). */
export type RouteSchemas<R> =
  R extends RouteDef<infer Body, infer Query, infer Params, infer _Result>
    ? Present<{ body: Body; query: Query; params: Params }>
    : never;

/** The schemas of every route of a group that takes input, by route name. */
export type GroupSchemas<G> = {
  [K in keyof G as keyof RouteSchemas<G[K]> extends never ? never : K]: RouteSchemas<G[K]>;
};

/** A route of the server: its descriptor with the schemas it names set. */
export type BoundRoute<R> = R & RouteSchemas<R>;
export type BoundGroup<G> = { [K in keyof G]: BoundRoute<G[K]> };

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * `never` in place of each given schema whose type is not exactly the one its descriptor names
 * (a schema assignable to it is not enough: an extra field would slip through), so that a
 * schema that does not match its route does not compile.
 */
type Exactly<Wanted, Given> = {
  [K in keyof Wanted]: K extends keyof Given
    ? {
        [S in keyof Wanted[K]]: S extends keyof Given[K]
          ? Same<Wanted[K][S], Given[K][S]> extends true
            ? Wanted[K][S]
            : never
          : Wanted[K][S];
      }
    : Wanted[K];
};

/**
 * Sets the schemas of a group of descriptors: every route that takes input gets the schemas
 * its descriptor names, checked against those types. Keys of `schemas` that name no route of
 * the group are ignored (`crudBindings` gives every standard operation of a resource).
 */
export function bindRoutes<G extends Record<string, RouteDef>, S extends GroupSchemas<G>>(
  group: G,
  schemas: S & Exactly<GroupSchemas<G>, S>,
): BoundGroup<G> {
  const byName = schemas as Record<string, object | undefined>;
  return Object.fromEntries(
    Object.entries(group).map(([name, route]) => [name, { ...route, ...byName[name] }]),
  ) as BoundGroup<G>;
}
