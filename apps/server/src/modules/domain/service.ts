import { isIP } from 'node:net';
import { domainToASCII, domainToUnicode } from 'node:url';
import { ErrorCode, type CallParsed, type domain } from '@console/contract';
import { apiError } from '../../lib/api-error.ts';
import { changedFields } from '../../lib/changes.ts';
import { nowIso } from '../../lib/time.ts';
import type { CallContext } from '../../plugins/calls.ts';
import { agentLabel } from '../agent/public.ts';
import { isUniqueViolation } from '../user/public.ts';
import { domainTaken, findDomain, insertDomain, listDomains, updateDomain } from './repository.ts';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host name as stored: lower-case ASCII, an internationalised name as punycode (`例子.com` →
 * `xn--fsqu00a.com`), or null when it is no host name: an IP address, a single label, a label
 * empty, too long or with characters a host name cannot hold, or a top-level label of digits.
 */
export function storedHostName(input: string): string | null {
  const text = input.trim();
  if (isIP(text)) return null;
  const ascii = domainToASCII(text);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^\d+$/.test(labels[labels.length - 1]!)) return null;
  return ascii;
}

const shown = (ascii: string) => domainToUnicode(ascii) || ascii;

async function checkAgent(ctx: CallContext, agentId: number) {
  if (!agentId) return null;
  const a = await agentLabel(ctx.db, agentId);
  if (!a) throw apiError(ErrorCode.InvalidParameter, 'agent_id：代理不存在', 'agent_id: no such agent');
  return a.code;
}

export async function domainList(input: CallParsed<typeof domain.domainList>, ctx: CallContext) {
  // A Unicode keyword also finds the punycode names it is part of.
  const keywords = input.keyword ? [...new Set([input.keyword, domainToASCII(input.keyword)].filter(Boolean))] : undefined;
  const { total, rows } = await listDomains(ctx.db, { keywords, type: input.type, agent_id: input.agent_id, status: input.status }, input.page, input.page_size);
  return {
    total,
    list: rows.map((r) => ({ ...r, domain_unicode: shown(r.domain), type: r.type as domain.DomainType, status: r.status as 1 | 2 })),
  };
}

export async function domainAdd(input: CallParsed<typeof domain.domainAdd>, ctx: CallContext): Promise<{ id: number }> {
  const name = storedHostName(input.domain);
  if (!name) {
    throw apiError(
      ErrorCode.InvalidParameter,
      `domain：${input.domain} 不是有效的域名（只填主机名，如 api.example.com，不含协议、路径或端口）`,
      `domain: ${input.domain} is not a valid host name (a host name only, such as api.example.com: no scheme, path or port)`,
    );
  }
  const taken = () => apiError(ErrorCode.Duplicate, `域名 ${shown(name)} 已存在`, `The domain ${shown(name)} already exists`);
  if (await domainTaken(ctx.db, name)) throw taken();
  const agentCode = await checkAgent(ctx, input.agent_id);
  let id: number;
  try {
    id = await insertDomain(ctx.db, { domain: name, type: input.type, agent_id: input.agent_id, remark: input.remark }, nowIso());
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  ctx.audit(`domain:${id} ${name}`, { domain: name, display: shown(name), type: input.type, agent: agentCode, remark: input.remark });
  return { id };
}

export async function domainEdit(input: CallParsed<typeof domain.domainEdit>, ctx: CallContext): Promise<null> {
  const before = await findDomain(ctx.db, input.id);
  if (!before) throw apiError(ErrorCode.NotFound, '域名不存在', 'No such domain');
  if (input.agent_id !== undefined) await checkAgent(ctx, input.agent_id);
  const { id: _id, ...wanted } = input;
  const changes = changedFields(before, wanted);
  if (Object.keys(changes).length) await updateDomain(ctx.db, before.id, Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.after])), nowIso());
  ctx.audit(`domain:${before.id} ${before.domain}`, changes);
  return null;
}
