import { userCalls } from '@console/contract';
import { registerUserRoutes } from './routes.ts';
import type { ServerModule } from '../../plugins/calls.ts';

/** Operator accounts: login, sessions, the second factor, account management and permissions. */
export const userModule: ServerModule = {
  name: 'user',
  calls: userCalls,
  register: registerUserRoutes,
};
