import { key as keyContract } from '@console/contract';
import { registerCall, type ServerModule } from '../../plugins/calls.ts';
import { addKey, editKeyStatus, keyList, rotateKey } from './service.ts';

export const keyModule: ServerModule = {
  name: 'key',
  calls: keyContract.keyCalls,
  register(app) {
    registerCall(app, keyContract.keyList, async (input, ctx) =>
      keyList(ctx.db, { type: input.type, agent_id: input.agent_id, status: input.status }, input.page, input.page_size),
    );
    registerCall(app, keyContract.keyAdd, async (input, ctx) => {
      const out = await addKey(ctx.db, input, ctx.user?.id ?? null, ctx.config);
      ctx.audit(`key:${out.id}`, {
        type: input.type,
        agent_id: input.agent_id,
        app_id: out.app_id,
        remark: input.remark,
        expires_at: input.expires_at ?? null,
        scope_agent_id: input.scope_agent_id || null,
        scope_platform_id: input.scope_platform_id || null,
      });
      return out;
    });
    registerCall(app, keyContract.keyStatusEdit, async (input, ctx) => {
      const key = await editKeyStatus(ctx.db, input.id, input.status);
      ctx.audit(`key:${input.id}`, { app_id: key.app_id, status: { before: key.status, after: input.status } });
      return null;
    });
    registerCall(app, keyContract.keyRotate, async (input, ctx) => {
      const out = await rotateKey(ctx.db, input.id, ctx.config);
      ctx.audit(`key:${out.id}`, { app_id: out.app_id, rotated: true });
      return out;
    });
  },
};
