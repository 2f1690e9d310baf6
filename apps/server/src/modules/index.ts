import type { FastifyInstance } from 'fastify';
import type { CallDef } from '@console/contract';
import { userModule } from './user/index.ts';
import { agentModule } from './agent/routes.ts';
import { billModule } from './bill/routes.ts';
import { currencyModule } from './currency/routes.ts';
import { gameModule } from './game/routes.ts';
import { ingestModule } from './ingest/routes.ts';
import { keyModule } from './key/routes.ts';
import { platformModule } from './platform/routes.ts';
import { reportModule } from './report/routes.ts';
import { exportModule } from './export/routes.ts';

/** One entry per domain module: the contract calls it serves and how it registers them. */
export interface ServerModule {
  name: string;
  calls: readonly CallDef[];
  register(app: FastifyInstance): Promise<void> | void;
}

export const modules: ServerModule[] = [userModule, agentModule, currencyModule, gameModule, platformModule, keyModule, billModule, ingestModule, reportModule, exportModule];
