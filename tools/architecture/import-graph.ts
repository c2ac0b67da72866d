import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** One import of a source file: what it names and, for a relative import, the file it reaches. */
export type ImportEdge = {
  from: string;
  specifier: string;
  /** Absolute path of the imported file; undefined for packages and unresolvable paths. */
  to: string | undefined;
  typeOnly: boolean;
};

const SOURCE = /\.(ts|tsx)$/;
const TEST = /(\.(test|e2e)\.tsx?|(^|\/)test-[^/]*\.tsx?)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data']);

/** Every TypeScript file under `root`, tests included unless `withTests` is false. */
export function sourceFiles(root: string, withTests = true): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (SKIP_DIRS.has(name)) continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts') && (withTests || !TEST.test(name)))
        out.push(full);
    }
  };
  walk(root);
  return out.sort();
}

export const isTest = (file: string) => TEST.test(file);

// Static imports and re-exports (`import … from`, `export … from`, bare `import '…'`) and
// dynamic `import('…')`. Comments are removed first so that an example in a comment is no edge.
const STATIC = /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[\w*\s{},$]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** The imports of one file. */
export function importsOf(file: string): ImportEdge[] {
  const text = stripComments(readFileSync(file, 'utf8'));
  const edges: ImportEdge[] = [];
  for (const m of text.matchAll(STATIC)) {
    const specifier = m[3]!;
    edges.push({ from: file, specifier, to: resolveRelative(file, specifier), typeOnly: Boolean(m[2]) });
  }
  for (const m of text.matchAll(DYNAMIC)) {
    const specifier = m[1]!;
    edges.push({ from: file, specifier, to: resolveRelative(file, specifier), typeOnly: false });
  }
  return edges;
}

/** The import cycles among `files` (each a list of files, strongly connected), found with Tarjan's algorithm. */
export function importCycles(files: string[]): string[][] {
  const inScope = new Set(files);
  const next = new Map(
    files.map((f) => [f, importsOf(f).flatMap((e) => (e.to && inScope.has(e.to) ? [e.to] : []))]),
  );
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const f of files) if (!indexOf.has(f)) visit(f);
  return cycles;
}
