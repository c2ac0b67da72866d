/**
 * A stand-in for `zod` used only when the console is bundled, and only for modules of
 * `packages/contract` (see vite.config.ts). The contract builds its request schemas at module
 * load; the console needs nothing of them at run time (it is typed by them, and the server
 * validates), yet bundling zod would cost about a tenth of the login page's budget.
 *
 * Every builder call and property returns the same inert value, so schema declarations of any
 * shape evaluate harmlessly; using a schema (`parse`, `safeParse`, ...) throws, so a console
 * that starts validating with contract schemas learns at once that it must remove the alias.
 */
const USE = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'spa',
  'decode',
  'encode',
  'safeDecode',
  'safeEncode',
  'decodeAsync',
  'encodeAsync',
]);

function refuse(): never {
  throw new Error(
    'zod schemas from @ics/contract are inert in the console bundle (see apps/web/vite.config.ts, plugin "contract-inert-zod")',
  );
}

// A plain function (not an arrow) so that `new` works on the proxy as well.
const target = function inert() {} as unknown as object;

export const inert: unknown = new Proxy(target, {
  get(_, key) {
    if (key === Symbol.iterator) return function* empty() {};
    if (key === Symbol.toPrimitive) return () => '';
    if (key === 'then') return undefined; // never look like a promise
    if (typeof key === 'string' && USE.has(key)) return refuse;
    return inert;
  },
  apply: () => inert,
  construct: () => inert as object,
});

export const z = inert;
export const NEVER = inert;
export default inert;
