import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import boundaries from './boundaries.js';
import { importCycles, moduleGraph } from '../imports/graph.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const server = (rel: string) => path.join(root, 'apps/server/src', rel);
const web = (rel: string) => path.join(root, 'apps/web/src', rel);

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const bad = { messageId: 'bad' };

tester.run('one-way-imports', boundaries.rules['one-way-imports'], {
  valid: [
    { filename: server('lib/time.ts'), code: "import { x } from './api-error.ts';" },
    { filename: server('lib/time.ts'), code: "import { x } from '@console/contract';" },
    { filename: server('db/sql.ts'), code: "import { x } from '../lib/time.ts';" },
    { filename: server('plugins/calls.ts'), code: "import { x } from '../db/database.ts';" },
    { filename: server('modules/report/routes.ts'), code: "import { x } from './service.ts';" },
    { filename: server('modules/report/service.ts'), code: "import { x } from '../agent/public.ts';" },
    { filename: server('modules/ingest/repository.ts'), code: "import { x } from '../aggregate/public.ts';" },
    { filename: server('modules/ingest/service.ts'), code: "import { x } from './repository.ts';" },
    { filename: server('modules/index.ts'), code: "import { x } from './report/routes.ts';" },
    { filename: server('server.ts'), code: "import { x } from './modules/demo/public.ts';" },
    { filename: server('cli/ingest.ts'), code: "import { x } from '../modules/ingest/public.ts';" },
    { filename: web('features/account/account-screen.tsx'), code: "import { x } from '../../components/list/list-table.tsx';" },
  ],
  invalid: [
    { filename: server('lib/time.ts'), code: "import { x } from '../db/sql.ts';", errors: [bad] },
    { filename: server('lib/time.ts'), code: "import { x } from '../modules/game/service.ts';", errors: [bad] },
    { filename: server('db/seed/index.ts'), code: "import { x } from '../../modules/demo/generator.ts';", errors: [bad] },
    { filename: server('db/sql.ts'), code: "import { x } from '../plugins/calls.ts';", errors: [bad] },
    { filename: server('plugins/calls.ts'), code: "import { x } from '../modules/index.ts';", errors: [bad] },
    { filename: server('config/index.ts'), code: "import { x } from '../db/database.ts';", errors: [bad] },
    { filename: server('modules/game/routes.ts'), code: "import { x } from './repository.ts';", errors: [bad] },
    { filename: server('modules/game/routes.ts'), code: "import { x } from '../agent/repository.ts';", errors: [bad] },
    { filename: server('modules/game/repository.ts'), code: "import { x } from './service.ts';", errors: [bad] },
    { filename: server('modules/game/service.ts'), code: "import { x } from '../agent/routes.ts';", errors: [bad] },
    { filename: server('modules/ingest/service.ts'), code: "import { x } from '../player/cache.ts';", errors: [bad] },
    { filename: server('modules/report/service.ts'), code: "import { x } from '../agent/repository.ts';", errors: [bad] },
    { filename: server('modules/ingest/service.ts'), code: "import { x } from '../aggregate/types.ts';", errors: [bad] },
    { filename: server('server.ts'), code: "import { x } from './modules/demo/first-start.ts';", errors: [bad] },
    { filename: server('cli/ingest.ts'), code: "import { x } from '../modules/ingest/file.ts';", errors: [bad] },
    // An import that would close a cycle of modules: the wallet module's ledger is below the player module.
    { filename: server('modules/wallet/repository.ts'), code: "import { x } from '../player/public.ts';", errors: [bad] },
    { filename: web('lib/api.ts'), code: "import { x } from '../features/account/api.ts';", errors: [bad] },
    { filename: web('features/account/api.ts'), code: "import { x } from '../dashboard/api.ts';", errors: [bad] },
    { filename: web('lib/api.ts'), code: "import { x } from '@console/server/app';", errors: [bad] },
    { filename: web('lib/theme.ts'), code: "import { x } from '../stores/settings';", errors: [bad] },
    { filename: web('lib/theme.ts'), code: "import { x } from '../components/chart';", errors: [bad] },
  ],
});

describe('import cycles', () => {
  it('finds a cycle of three files and a file that imports itself, and nothing in a chain', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(importCycles(graph)).toEqual(expect.arrayContaining([['a', 'b', 'c'], ['e']]));
    expect(importCycles(graph)).toHaveLength(2);
  });
});

describe('module graph', () => {
  it('folds files into their server modules, so a cycle through different files of two modules is one cycle', () => {
    const m = (rel: string) => path.join(root, 'apps/server/src/modules', rel);
    const graph = new Map([
      [m('player/service.ts'), [m('wallet/public.ts'), m('player/repository.ts')]],
      [m('player/repository.ts'), []],
      [m('wallet/public.ts'), [m('wallet/repository.ts')]],
      [m('wallet/repository.ts'), [m('player/public.ts')]],
      [m('player/public.ts'), [m('player/repository.ts')]],
      [m('index.ts'), [m('player/service.ts')]],
    ]);
    const modules = moduleGraph(graph, path.join(root, 'apps/server/src/modules'));
    expect(modules).toEqual(new Map([['player', ['wallet']], ['wallet', ['player']]]));
    expect(importCycles(graph)).toEqual([]);
    expect(importCycles(modules)).toEqual([['player', 'wallet']]);
  });
});
