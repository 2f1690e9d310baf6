// One-way dependencies (docs/architecture.md), checked on every import:
//   web → contract ← server; web and server never import each other; the contract imports neither.
//   In the web app: components/ and lib/ (shared) → features/ → app/; a feature never imports
//   another feature, and shared code never imports features or app; lib/ imports no store or component.
//   In the server (src/): lib/ is the bottom and imports nothing of the server outside lib/;
//   config/ imports only lib/; db/ imports only db/ and lib/ (never a module); plugins/ import no
//   module; in a module, routes never import a repository, a repository never imports a service or
//   routes. A module is used from outside it (another module, the CLI, the start files) only
//   through its declared public surface, `modules/<name>/public.ts` (the registry,
//   modules/index.ts, takes each module's routes), and the modules' own graph has no cycle: an
//   import that closes one is refused, whichever files it passes through.
// A second rule, no-import-cycles, fails any file that is part of an import cycle.
import path from 'node:path';
import { importCycles, importGraph, moduleGraph } from '../imports/graph.mjs';

const root = path.resolve(import.meta.dirname, '../..');

function area(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (rel.startsWith('packages/contract/')) return { part: 'contract' };
  if (rel.startsWith('apps/server/src/')) {
    const parts = rel.slice('apps/server/src/'.length).split('/');
    if (parts.length === 1) return { part: 'server', layer: 'top' };
    const [layer, name, file] = parts;
    if (layer === 'modules') {
      if (!file) return { part: 'server', layer: 'registry' }; // modules/index.ts
      return { part: 'server', layer, module: name, kind: file.replace(/\.tsx?$/, '') };
    }
    return { part: 'server', layer };
  }
  if (rel.startsWith('apps/server/')) return { part: 'server' };
  if (rel.startsWith('apps/web/src/')) {
    const [layer, name] = rel.slice('apps/web/src/'.length).split('/');
    return { part: 'web', layer, feature: layer === 'features' ? name : undefined };
  }
  if (rel.startsWith('apps/web/')) return { part: 'web' };
  return { part: 'other' };
}

function targetOf(source, importer) {
  if (source === '@console/contract' || source.startsWith('@console/contract/')) return { part: 'contract' };
  if (source.startsWith('@console/server')) return { part: 'server' };
  if (source.startsWith('@console/web')) return { part: 'web' };
  if (source.startsWith('.')) return area(path.resolve(path.dirname(importer), source));
  return null; // a package
}

const SHARED_WEB_LAYERS = new Set(['components', 'lib', 'locales', 'stores']);

/** What the server's layers may import, by the importer's layer (other layers: anything). */
const SERVER_LAYERS_ALLOWED = {
  lib: new Set(['lib']),
  config: new Set(['config', 'lib']),
  db: new Set(['db', 'lib']),
  plugins: new Set(['plugins', 'config', 'db', 'lib']),
};
/** The one file of a module that code outside the module may import. */
const MODULE_SURFACE = 'public';

function serverRule(from, to) {
  if (!from.layer || !to.layer) return undefined;
  const allowed = SERVER_LAYERS_ALLOWED[from.layer];
  if (allowed && !allowed.has(to.layer)) return `server ${from.layer}/ must not import ${to.layer === 'top' ? 'the start files' : `${to.layer}/`} (layers point one way: lib ← db ← modules)`;
  if (to.layer !== 'modules' || !to.module || from.module === to.module) {
    if (from.kind === 'routes' && to.kind === 'repository') return 'routes never import a repository: go through a service';
    if (from.kind === 'repository' && (to.kind === 'service' || to.kind === 'routes')) return 'a repository never imports a service or routes';
    return undefined;
  }
  if (from.layer === 'registry') return undefined;
  const user = from.module ? `module "${from.module}"` : `${from.layer}/`;
  if (to.kind !== MODULE_SURFACE) return `${user} may use module "${to.module}" only through its public surface, modules/${to.module}/public.ts`;
  const back = from.module && modulePath(to.module, from.module);
  if (back) return `this import closes a cycle of modules (${[from.module, ...back].join(' → ')}); make one of them depend on the other only`;
  return undefined;
}

let modules;
/** A path of the server modules' graph from module `start` to module `goal`, if any (built once per lint run). */
function modulePath(start, goal) {
  modules ??= moduleGraph(importGraph([path.join(root, 'apps/server/src')]), path.join(root, 'apps/server/src/modules'));
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const m = queue.shift();
    if (m === goal) {
      const out = [];
      for (let at = m; at !== null; at = cameFrom.get(at)) out.unshift(at);
      return out;
    }
    for (const next of modules.get(m) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, m);
        queue.push(next);
      }
    }
  }
  return null;
}

let cyclicFiles;
/** Every file of ours that is part of an import cycle (computed once per lint run). */
function filesInCycles() {
  if (!cyclicFiles) {
    const graph = importGraph(['packages/contract/src', 'apps/server/src', 'apps/server/test', 'apps/web/src', 'bench', 'e2e'].map((d) => path.join(root, d)));
    cyclicFiles = new Map();
    for (const cycle of importCycles(graph)) for (const file of cycle) cyclicFiles.set(file, cycle);
  }
  return cyclicFiles;
}

export default {
  rules: {
    'one-way-imports': {
      meta: { type: 'problem', schema: [], messages: { bad: '{{why}}' } },
      create(context) {
        const importer = context.filename;
        const from = area(importer);
        function check(node, source) {
          if (typeof source !== 'string') return;
          const to = targetOf(source, importer);
          if (!to) return;
          let why;
          if (from.part === 'contract' && to.part !== 'contract') why = 'the contract depends on zod only';
          else if (from.part === 'web' && to.part === 'server') why = 'the web never imports the server';
          else if (from.part === 'server' && to.part === 'web') why = 'the server never imports the web';
          else if (from.part === 'server' && to.part === 'server') why = serverRule(from, to);
          else if (from.part === 'web' && to.part === 'web') {
            if (from.feature && to.feature && from.feature !== to.feature) why = `feature "${from.feature}" imports feature "${to.feature}"; move the shared piece to components/ or lib/`;
            else if (SHARED_WEB_LAYERS.has(from.layer) && (to.layer === 'features' || to.layer === 'app')) why = `shared ${from.layer}/ must not import ${to.layer}/`;
            else if (from.layer === 'lib' && (to.layer === 'stores' || to.layer === 'components')) why = `lib/ is the bottom of the web app and must not import ${to.layer}/`;
          }
          if (why) context.report({ node, messageId: 'bad', data: { why } });
        }
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
        };
      },
    },
    'no-import-cycles': {
      meta: { type: 'problem', schema: [], messages: { cycle: 'this file is part of an import cycle: {{files}}' } },
      create(context) {
        return {
          Program(node) {
            const cycle = filesInCycles().get(path.resolve(context.filename));
            if (cycle) context.report({ node, messageId: 'cycle', data: { files: cycle.map((f) => path.relative(root, f)).join(' → ') } });
          },
        };
      },
    },
  },
};
