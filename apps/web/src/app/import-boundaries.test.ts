import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The console's import rules, read from the sources (README "Layout"): imports go one way,
 * app → layouts → features → shared, and a feature is entered only through its public files.
 *
 * - a feature imports another feature only through that feature's index.ts;
 * - a feature imports neither app/ nor layouts/;
 * - shared/ imports no feature, no layout and nothing of app/;
 * - app/ and layouts/ import a feature through its index.ts; app/ may also import its
 *   pages.ts, the lazy loaders of its pages;
 * - pages.ts holds nothing but `import()` of the feature's pages, so that the router's static
 *   import of it carries no feature code into the login bundle.
 *
 * Tests may assemble a feature inside the app's providers, so test files are not checked.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Source = { file: string; code: string };
type Violation = { file: string; specifier: string; rule: string };

/** Every module specifier of a file: static imports and re-exports, side-effect imports, `import()`. */
function specifiers(code: string): { specifier: string; dynamic: boolean }[] {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: { specifier: string; dynamic: boolean }[] = [];
  for (const m of text.matchAll(/\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]/g))
    found.push({ specifier: (m[1] ?? m[2]) as string, dynamic: false });
  for (const m of text.matchAll(/\bimport\(\s*['"`]([^'"`]+)['"`]\s*\)/g))
    found.push({ specifier: m[1] as string, dynamic: true });
  return found;
}

/** Where a path of src/ lies: its top folder, and for features the feature and the path inside it. */
function place(file: string): { area: string; feature?: string; inner?: string } {
  const [area = '', feature, ...rest] = file.split('/');
  if (area !== 'features' || !feature) return { area };
  return { area, feature, inner: rest.join('/').replace(/\.tsx?$/, '') };
}

const isPublic = (inner: string | undefined, allowPages: boolean) =>
  inner === '' || inner === 'index' || (allowPages && inner === 'pages');

/** The rule each import of `sources` breaks (paths relative to src/, with `/`). */
function boundaryViolations(sources: readonly Source[]): Violation[] {
  const violations: Violation[] = [];
  for (const { file, code } of sources) {
    const from = place(file);
    const refs = specifiers(code);
    if (from.area === 'features' && from.inner === 'pages' && refs.some((r) => !r.dynamic))
      violations.push({ file, specifier: '(static import)', rule: 'pages.ts holds only import() of pages' });
    for (const { specifier } of refs) {
      if (!specifier.startsWith('.')) continue;
      const to = place(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
      const add = (rule: string) => violations.push({ file, specifier, rule });
      if (from.area === 'shared' && ['features', 'layouts', 'app'].includes(to.area))
        add(`shared/ imports ${to.area}/`);
      if (from.area === 'features' && (to.area === 'app' || to.area === 'layouts'))
        add(`a feature imports ${to.area}/`);
      if (to.area !== 'features' || to.feature === from.feature) continue;
      if (from.area === 'features' && !isPublic(to.inner, false))
        add(`a feature imports features/${to.feature} other than through its index.ts`);
      if (from.area !== 'features' && !isPublic(to.inner, from.area === 'app'))
        add(`${from.area}/ imports features/${to.feature} other than through its public files`);
    }
  }
  return violations;
}

function sourcesOf(dir: string): Source[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => {
      const file = f.split(path.sep).join('/');
      return { file, code: readFileSync(path.join(dir, f), 'utf8') };
    });
}

describe('import boundaries', () => {
  it('hold for every source file of the console', () => {
    const sources = sourcesOf(SRC);
    expect(sources.length).toBeGreaterThan(100);
    expect(boundaryViolations(sources)).toEqual([]);
  });

  it('find imports and re-exports, side-effect imports and import() over several lines', () => {
    const code = [
      '/** e.g. `import x from "./commented"` */',
      "import a, {\n  b,\n} from './a';",
      "export { c } from '../c';",
      "import './style.css';",
      "const page = () => import('./page');",
      "// import d from './d';",
    ].join('\n');
    expect(specifiers(code)).toEqual([
      { specifier: './a', dynamic: false },
      { specifier: '../c', dynamic: false },
      { specifier: './style.css', dynamic: false },
      { specifier: './page', dynamic: true },
    ]);
  });

  const sourcesFrom = (files: [string, string][]): Source[] => files.map(([file, code]) => ({ file, code }));

  it('allow the public files and a feature’s own paths', () => {
    const ok = sourcesFrom([
      ['features/user/components/page.tsx', "import { useDepartTree } from '../../depart';"],
      ['features/user/components/list.tsx', "import { x } from '../api/save-user';"],
      ['layouts/header.tsx', "import { NoticeBell } from '../features/announcement/index';"],
      ['app/view-registry.ts', "import { userListPage } from '../features/user/pages';"],
      ['features/user/pages.ts', "export const p = () => import('./components/page');"],
      ['shared/ui/x.tsx', "import { call } from '../lib/http';"],
    ]);
    expect(boundaryViolations(ok)).toEqual([]);
  });

  it('refuse each kind of crossing', () => {
    const bad = sourcesFrom([
      ['features/user/components/a.tsx', "import { x } from '../../depart/api/get-depart-tree';"],
      ['features/user/components/b.tsx', "const p = () => import('../../role/components/page');"],
      ['features/user/components/c.tsx', "import { p } from '../../role/pages';"],
      ['features/user/components/d.tsx', "import { AppProviders } from '../../../app/providers';"],
      ['shared/ui/e.tsx', "import { NoticeBell } from '../../features/announcement';"],
      ['shared/lib/f.ts', "import { router } from '../../app/router';"],
      ['shared/lib/g.ts', "import '../../layouts/locales';"],
      ['layouts/h.tsx', "import { X } from '../features/session/components/x';"],
      ['layouts/i.tsx', "import { loginPage } from '../features/session/pages';"],
      ['app/j.ts', "export { X } from '../features/user/components/x';"],
      ['features/user/pages.ts', "import './locales';"],
    ]);
    expect(boundaryViolations(bad).map((v) => v.file)).toEqual(bad.map((s) => s.file));
  });
});
