// The import graph of our own TypeScript sources, and the cycles in it. Used by the lint test that
// keeps the code free of import cycles (type-only imports count: they tie modules together too).
import fs from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** file → the files of ours it imports (relative imports only; packages are leaves). */
export function importGraph(dirs) {
  const graph = new Map();
  for (const dir of dirs) {
    for (const file of walk(path.resolve(dir))) {
      const text = fs.readFileSync(file, 'utf8');
      const deps = new Set();
      for (const m of text.matchAll(IMPORT)) {
        const target = resolve(file, m[1] ?? m[2]);
        if (target) deps.add(target);
      }
      graph.set(file, [...deps]);
    }
  }
  return graph;
}

/** Each strongly connected component of more than one file (or a file importing itself). */
export function importCycles(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const cycles = [];
  function strong(v) {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  }
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return cycles;
}

/**
 * The server modules' graph: module name → the modules its files import (a file of
 * `modulesDir/<name>/…` belongs to module <name>; the registry `modulesDir/index.ts` to none).
 */
export function moduleGraph(graph, modulesDir) {
  const root = path.resolve(modulesDir) + path.sep;
  const moduleOf = (file) => {
    if (!file.startsWith(root)) return null;
    const rest = file.slice(root.length).split(path.sep);
    return rest.length > 1 ? rest[0] : null;
  };
  const modules = new Map();
  for (const [file, deps] of graph) {
    const from = moduleOf(file);
    if (!from) continue;
    if (!modules.has(from)) modules.set(from, new Set());
    for (const dep of deps) {
      const to = moduleOf(dep);
      if (to && to !== from) modules.get(from).add(to);
    }
  }
  return new Map([...modules].map(([m, deps]) => [m, [...deps].sort()]));
}
