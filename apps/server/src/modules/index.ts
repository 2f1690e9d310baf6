import type { ServerModule } from '../plugins/calls.ts';
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
import { domainModule } from './domain/routes.ts';
import { logModule } from './log/routes.ts';

export type { ServerModule } from '../plugins/calls.ts';

export const modules: ServerModule[] = [userModule, agentModule, currencyModule, gameModule, platformModule, keyModule, billModule, ingestModule, reportModule, exportModule];
modules.push(domainModule, logModule);
import { playerModule } from './player/routes.ts';
import { pointControlModule } from './point-control/routes.ts';
modules.push(playerModule, pointControlModule);
import { agentApiModule } from './agent-api/routes.ts';
modules.push(agentApiModule);
