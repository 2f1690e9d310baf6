// One-way dependencies (DESIGN.md §7), checked on every import:
//   web → contract ← server; web and server never import each other; the contract imports neither.
//   In the web app: components/ and lib/ (shared) → features/ → app/; a feature never imports
//   another feature, and shared code never imports features or app.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function area(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (rel.startsWith('packages/contract/')) return { part: 'contract' };
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
          else if (from.part === 'web' && to.part === 'web') {
            if (from.feature && to.feature && from.feature !== to.feature) why = `feature "${from.feature}" imports feature "${to.feature}"; move the shared piece to components/ or lib/`;
            else if (SHARED_WEB_LAYERS.has(from.layer) && (to.layer === 'features' || to.layer === 'app')) why = `shared ${from.layer}/ must not import ${to.layer}/`;
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
  },
};
