import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { user } from '@console/contract';
import { registerCall } from '../../plugins/calls.ts';
import * as account from './account-service.ts';
import * as auth from './auth-service.ts';

/**
 * Per-IP request caps of this server instance, in front of the per-account/per-IP failure limit
 * kept in the database (auth-service): they stop floods before any password hashing or SMS.
 */
const perIp = (max: number): RouteShorthandOptions => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });
export const ROUTE_LIMITS = { login: 60, sendcode: 10, passwordChange: 10 } as const;

export function registerUserRoutes(app: FastifyInstance) {
  registerCall(app, user.login, (input, ctx) => auth.login(input, ctx), { route: perIp(ROUTE_LIMITS.login) });
  // Read at call time, so a sender swapped on the app instance (tests) is the one used.
  registerCall(app, user.sendcode, (input, ctx) => auth.sendCode(input, ctx, app.smsSender), { route: perIp(ROUTE_LIMITS.sendcode) });
  registerCall(app, user.agentLogin, (input, ctx) => auth.agentLogin(input, ctx), { route: perIp(ROUTE_LIMITS.login) });
  registerCall(app, user.agentUserInfo, (_input, ctx) => auth.agentInfo(ctx));
  // The caller's own session and account, for both kinds of user: nothing of an agent's sub-tree.
  const own = { agentScope: 'none' } as const;
  registerCall(app, user.logout, (_input, ctx) => auth.logout(ctx), own);
  registerCall(app, user.userInfo, (_input, ctx) => auth.info(ctx));
  registerCall(app, user.googleBindInit, (_input, ctx) => auth.bindInit(ctx), own);
  registerCall(app, user.googleBindConfirm, (input, ctx) => auth.bindConfirm(input, ctx), own);
  // Its handler keeps its own transactions: a wrong current password stays counted as a failure.
  registerCall(app, user.passwordChange, (input, ctx) => auth.changePassword(input, ctx), {
    route: perIp(ROUTE_LIMITS.passwordChange),
    ownTransaction: true,
    ...own,
  });

  registerCall(app, user.userList, (input, ctx) => account.list(input, ctx));
  registerCall(app, user.userAdd, (input, ctx) => account.add(input, ctx));
  registerCall(app, user.userStatusEdit, (input, ctx) => account.editStatus(input, ctx));
  registerCall(app, user.userPasswordEdit, (input, ctx) => account.resetPassword(input, ctx));
  registerCall(app, user.userGoogleClean, (input, ctx) => account.cleanGoogle(input, ctx));
  registerCall(app, user.permissionList, async () => account.permissionTree());
  registerCall(app, user.permissionEdit, (input, ctx) => account.editPermissions(input, ctx));
}
