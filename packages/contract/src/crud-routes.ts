import type { z } from 'zod';
import type { Page } from './envelope';
import type { ListPage } from './list-query';
import type { Mark } from './marks';
import { type HttpMethod, mark, type RouteAccess, type RouteDef } from './route';

/**
 * The standard operations of a resource below its base path: `GET list`, `GET queryById?id=`,
 * `POST add`, `PUT edit` (POST too: older consoles send it), `DELETE delete?id=`,
 * `DELETE deleteBatch?ids=a,b` and `GET exportXls` (the list's filters, as .xlsx).
 */
export type CrudOperation = 'list' | 'queryById' | 'add' | 'edit' | 'delete' | 'deleteBatch' | 'exportXls';

/** The input schemas of a resource, each for the operations named. */
export type CrudSchemas = {
  /** Query of `list` and `exportXls`. */
  list?: z.ZodType;
  /** Query of `queryById` and `delete`. */
  id?: z.ZodType;
  /** Query of `deleteBatch`. */
  ids?: z.ZodType;
  /** Body of `add`. */
  add?: z.ZodType;
  /** Body of `edit`. */
  edit?: z.ZodType;
};

/** What `list`, `queryById`, `add` and `edit` answer (the others answer null). */
export type CrudResults = { list?: unknown; queryById?: unknown; add?: unknown; edit?: unknown };

type Action = 'list' | 'add' | 'edit' | 'delete' | 'export';
type Slot = 'body' | 'query';

/** Method, the mark's action and where the input goes, of each operation. */
const standard = {
  list: { method: 'GET', action: 'list', slot: 'query', schema: 'list' },
  queryById: { method: 'GET', action: 'list', slot: 'query', schema: 'id' },
  add: { method: 'POST', action: 'add', slot: 'body', schema: 'add' },
  edit: { method: 'PUT', action: 'edit', slot: 'body', schema: 'edit' },
  delete: { method: 'DELETE', action: 'delete', slot: 'query', schema: 'id' },
  deleteBatch: { method: 'DELETE', action: 'delete', slot: 'query', schema: 'ids' },
  exportXls: { method: 'GET', action: 'export', slot: 'query', schema: 'list' },
} as const satisfies Record<
  CrudOperation,
  { method: HttpMethod; action: Action; slot: Slot; schema: keyof CrudSchemas }
>;
type Standard = typeof standard;

const summaries: Record<CrudOperation, (one: string, many: string) => string> = {
  list: (_, many) => `List ${many}`,
  queryById: (one) => `One ${one.replace(/^an? /, '')}`,
  add: (one) => `Add ${one}`,
  edit: (one) => `Edit ${one}`,
  delete: (one) => `Delete ${one}`,
  deleteBatch: (_, many) => `Delete ${many}`,
  exportXls: (_, many) => `Export ${many} as .xlsx`,
};

/** `list`, or `itemList` with the prefix `item`. */
type Key<P extends string, Op extends string> = P extends '' ? Op : `${P}${Capitalize<Op>}`;
const keyOf = (prefix: string, op: string) =>
  prefix ? `${prefix}${op[0]!.toUpperCase()}${op.slice(1)}` : op;

type Get<T, K extends PropertyKey> = K extends keyof T ? T[K] : undefined;
type SchemaOf<S, Op extends CrudOperation> = Get<S, Standard[Op]['schema']>;
type Input<S, Op extends CrudOperation, Wanted extends Slot> = Standard[Op]['slot'] extends Wanted
  ? SchemaOf<S, Op> extends z.ZodType
    ? SchemaOf<S, Op>
    : undefined
  : undefined;

/** The descriptor of one operation of a resource with schemas `S` and results `R`. */
export type CrudRoute<Op extends CrudOperation, S, R> = RouteDef<
  Input<S, Op, 'body'>,
  Input<S, Op, 'query'>,
  undefined,
  Op extends keyof CrudResults ? Get<R, Op> : null
>;

/** A resource's standard operations. */
export type CrudResource<P extends string> = {
  /** `/sys/user`: the operations are `${base}/list`, `${base}/add`, … */
  base: string;
  tag: string;
  /** The resource's marks by action (`marks.system.user`): list (also queryById), add, edit, delete, export. */
  marks: Partial<Record<Action, Mark>>;
  /** The resource in the summaries: one (with its article) and many, `['a user', 'users']`. */
  name: readonly [one: string, many: string];
  /** Names the operations `${prefix}List`, `${prefix}Add`, … when a group holds several resources. */
  prefix?: P;
};

/**
 * The marks of a resource written under another's mark (a road under the poles' edit mark):
 * `write` for add, edit and delete, `list` for its list when it has one of its own.
 */
export const writtenUnder = (write: Mark, list?: Mark): Partial<Record<Action, Mark>> => ({
  ...(list ? { list } : {}),
  add: write,
  edit: write,
  delete: write,
});

/** What one operation changes of its standard form (`alsoMethods: []`: an `edit` reached by PUT alone). */
export type CrudOverride = { summary?: string; access?: RouteAccess; alsoMethods?: HttpMethod[] };

/** Every standard operation, for a resource that has them all. */
export const crudOperations = [
  'list',
  'queryById',
  'add',
  'edit',
  'delete',
  'deleteBatch',
  'exportXls',
] as const satisfies readonly CrudOperation[];

/**
 * The descriptors of a resource's standard operations. `S` names the types of its input
 * schemas (`typeof userCrudSchemas`, which `crudBindings` binds on the server) and `R` its
 * results; the second call names the operations it has and what differs in some of them:
 *
 * ```ts
 * const users = crudRoutes<typeof userCrudSchemas, SysResults<UserRecord>>({
 *   base: '/sys/user', tag, marks: marks.system.user, name: ['a user', 'users'] });
 * users(crudOperations, { list: { summary: 'List users (filters username, …)' } });
 * ```
 */
export function crudRoutes<S extends CrudSchemas, R extends CrudResults, P extends string = ''>(
  resource: CrudResource<P>,
) {
  return <const Ops extends readonly CrudOperation[]>(
    operations: Ops,
    overrides: Partial<Record<Ops[number], CrudOverride>> = {},
  ): { [Op in Ops[number] as Key<P, Op>]: CrudRoute<Op, S, R> } => {
    const [one, many] = resource.name;
    const routes = operations.map((op) => {
      const { method, action } = standard[op];
      const override: CrudOverride = overrides[op as Ops[number]] ?? {};
      const resourceMark = resource.marks[action];
      const access = override.access ?? (resourceMark && mark(resourceMark));
      if (!access) throw new Error(`${resource.base}/${op}: no ${action} mark and no access given`);
      const route: RouteDef = {
        method,
        path: `${resource.base}/${op}`,
        access,
        summary: override.summary ?? summaries[op](one, many),
        tag: resource.tag,
      };
      const alsoMethods = override.alsoMethods ?? (op === 'edit' ? ['POST'] : []);
      return [keyOf(resource.prefix ?? '', op), alsoMethods.length ? { ...route, alsoMethods } : route];
    });
    return Object.fromEntries(routes) as never;
  };
}

/**
 * The schemas of a resource's standard operations, by operation name (with the same prefix
 * as its `crudRoutes`), for `bindRoutes`: every operation its schemas serve, whether the
 * resource has it or not.
 */
export function crudBindings<S extends CrudSchemas, P extends string = ''>(
  schemas: S,
  prefix?: P,
): {
  [Op in CrudOperation as Standard[Op]['schema'] extends keyof S ? Key<P, Op> : never]: Record<
    Standard[Op]['slot'],
    S[Standard[Op]['schema'] & keyof S]
  >;
} {
  const bindings = Object.entries(standard).flatMap(([op, { slot, schema }]) =>
    schemas[schema] ? [[keyOf(prefix ?? '', op), { [slot]: schemas[schema] }]] : [],
  );
  return Object.fromEntries(bindings);
}

/** Results of a system resource: a page with dictionary texts, the record, the new id, nothing on edit. */
export type SysResults<T> = { list: ListPage<T>; queryById: T; add: { id: string }; edit: null };

/** Results of a device-side resource: a page, and the record after every read and write. */
export type DtoResults<T> = { list: Page<T>; queryById: T; add: T; edit: T };
