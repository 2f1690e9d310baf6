import { userCalls } from '@console/contract';
import type { ServerModule } from '../index.ts';
import { registerUserRoutes } from './routes.ts';

/** Operator accounts: login, sessions, the second factor, account management and permissions. */
export const userModule: ServerModule = {
  name: 'user',
  calls: userCalls,
  register: registerUserRoutes,
};
