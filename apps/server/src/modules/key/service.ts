import type { Kysely } from 'kysely';
import { ErrorCode, type key as keyContract } from '@console/contract';
import type { DB } from '../../db/schema.ts';
import { ApiError, apiError } from '../../lib/api-error.ts';
import { hasPassed, nowIso, storedInstant } from '../../lib/time.ts';
import { agentInService, agentPathInService, agentsOutOfServiceAmong } from '../agent/public.ts';
import {
  agentExists,
  findAgentKeyWithAgent,
  findKeyByAppId,
  findKeyById,
  insertKey,
  listKeys,
  platformExists,
  setKeySecret,
  setKeyStatus,
  touchKey,
  type KeyFilter,
  type KeyRow,
} from './repository.ts';
import { decryptSecret, encryptSecret, hashSecret, keyEncryptionKey, newAppId, newSecret, SecretUnreadableError, secretMatches, type KeySource } from '../../lib/secret-box.ts';

type KeyType = keyContract.KeyType;

/** What is stored for a new secret: a hash for ingest keys, the encrypted secret for agent keys. */
function storedSecret(type: string, secret: string, keys: KeySource) {
  return type === 'ingest'
    ? { secret_hash: hashSecret(secret), secret_encrypted: null }
    : { secret_hash: null, secret_encrypted: encryptSecret(secret, keyEncryptionKey(keys)) };
}

export interface AddKeyInput {
  agent_id: number;
  type: KeyType;
  remark: string;
  expires_at?: string | null | undefined;
  /** Ingest keys: the agent whose sub-tree the key is limited to; 0 or absent for none. */
  scope_agent_id?: number | undefined;
  /** Ingest keys: the provider whose games the key is limited to; 0 or absent for none. */
  scope_platform_id?: number | undefined;
}

export async function addKey(db: Kysely<DB>, input: AddKeyInput, createdBy: number | null, keys: KeySource) {
  if (input.type === 'ingest' && input.agent_id !== 0) {
    throw apiError(ErrorCode.InvalidParameter, 'agent_id：接入密钥不属于代理，必须为 0', 'agent_id: an ingest key belongs to no agent and must be 0');
  }
  if (input.type === 'agent' && (input.agent_id === 0 || !(await agentExists(db, input.agent_id)))) {
    throw apiError(ErrorCode.InvalidParameter, 'agent_id：代理不存在', 'agent_id: no such agent');
  }
  if (input.type === 'agent' && !(await agentInService(db, input.agent_id))) {
    throw apiError(ErrorCode.InvalidParameter, 'agent_id：代理（或其上级）已停用，不能签发密钥', 'agent_id: the agent (or one above it) is disabled; no key can be issued for it');
  }
  const scopeAgentId = input.scope_agent_id || null;
  const scopePlatformId = input.scope_platform_id || null;
  if (input.type === 'agent' && (scopeAgentId !== null || scopePlatformId !== null)) {
    throw apiError(
      ErrorCode.InvalidParameter,
      'scope_agent_id、scope_platform_id：代理密钥本就只限于其代理及下级，不能再设范围',
      'scope_agent_id, scope_platform_id: an agent key is limited to its agent and sub-tree already; a scope is for ingest keys',
    );
  }
  if (scopeAgentId !== null && !(await agentExists(db, scopeAgentId))) {
    throw apiError(ErrorCode.InvalidParameter, 'scope_agent_id：代理不存在', 'scope_agent_id: no such agent');
  }
  if (scopePlatformId !== null && !(await platformExists(db, scopePlatformId))) {
    throw apiError(ErrorCode.InvalidParameter, 'scope_platform_id：游戏厂商不存在', 'scope_platform_id: no such provider');
  }
  const expiresAt = input.expires_at ? storedInstant(input.expires_at) : null;
  if (expiresAt && hasPassed(expiresAt)) {
    throw apiError(ErrorCode.InvalidParameter, 'expires_at：必须是将来的时间', 'expires_at: must be in the future');
  }
  const secret = newSecret();
  const appId = newAppId(input.type);
  const id = await insertKey(
    db,
    {
      type: input.type,
      agent_id: input.agent_id,
      app_id: appId,
      ...storedSecret(input.type, secret, keys),
      remark: input.remark,
      expires_at: expiresAt,
      created_by: createdBy,
      scope_agent_id: scopeAgentId,
      scope_platform_id: scopePlatformId,
    },
    nowIso(),
  );
  return { id, app_id: appId, secret };
}

async function existingKey(db: Kysely<DB>, id: number): Promise<KeyRow> {
  const key = await findKeyById(db, id);
  if (!key) throw new ApiError(ErrorCode.NotFound);
  return key;
}

export async function rotateKey(db: Kysely<DB>, id: number, keys: KeySource) {
  const key = await existingKey(db, id);
  const secret = newSecret();
  await setKeySecret(db, id, storedSecret(key.type, secret, keys), nowIso());
  return { id, app_id: key.app_id, secret };
}

export async function editKeyStatus(db: Kysely<DB>, id: number, status: number) {
  const key = await existingKey(db, id);
  await setKeyStatus(db, id, status, nowIso());
  return key;
}

export async function keyList(db: Kysely<DB>, filter: KeyFilter, page: number, pageSize: number) {
  const { total, rows } = await listKeys(db, filter, page, pageSize);
  const off = await agentsOutOfServiceAmong(db, rows.filter((r) => r.type === 'agent').map((r) => r.agent_id));
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      type: r.type as KeyType,
      agent_id: r.agent_id,
      agent_code: r.agent_code ?? null,
      app_id: r.app_id,
      status: r.status as 1 | 2,
      remark: r.remark,
      expires_at: r.expires_at,
      last_used_at: r.last_used_at,
      last_used_ip: r.last_used_ip ?? null,
      rotated_at: r.rotated_at,
      created_at: r.created_at,
      agent_active: r.type === 'agent' ? !off.has(r.agent_id) : null,
      agent_ip_whitelist: r.type === 'agent' ? String(r.agent_ip_whitelist ?? '').split(',').map((s) => s.trim()).filter(Boolean) : null,
      scope_agent_id: r.scope_agent_id,
      scope_agent_code: r.scope_agent_code ?? null,
      scope_platform_id: r.scope_platform_id,
      scope_platform_code: r.scope_platform_code ?? null,
    })),
  };
}

/** last_used_at is written at most once a minute per key, not on every ingest request. */
const TOUCH_AFTER_MS = 60_000;

/**
 * The ingest key named by `Authorization: Bearer <app_id>:<secret>`, or null when the header is
 * malformed or the key is unknown, not an ingest key, disabled, expired or the secret is wrong.
 */
export async function authenticateIngestKey(db: Kysely<DB>, authorization: string | undefined): Promise<KeyRow | null> {
  const m = /^Bearer\s+([^:\s]+):(\S+)\s*$/i.exec(authorization ?? '');
  if (!m) return null;
  const key = await findKeyByAppId(db, m[1]!);
  const now = nowIso();
  if (!key || key.type !== 'ingest' || key.status !== 1) return null;
  if (key.expires_at && hasPassed(key.expires_at)) return null;
  if (!secretMatches(m[2]!, key.secret_hash)) return null;
  if (!key.last_used_at || Date.now() - Date.parse(key.last_used_at) > TOUCH_AFTER_MS) await touchKey(db, key.id, now);
  return key;
}

/**
 * The agent key of an agent API request and its secret (to check the request's signature with),
 * or null when the key is unknown, not an agent key, disabled or expired, or its agent is out of
 * service (the agent or one above it disabled).
 */
export async function agentKeyForSigning(db: Kysely<DB>, appId: string, keys: KeySource) {
  const found = await findAgentKeyWithAgent(db, appId);
  if (!found) return null;
  const { key, agent } = found;
  if (key.status !== 1 || !key.secret_encrypted) return null;
  if (key.expires_at && hasPassed(key.expires_at)) return null;
  if (!(await agentPathInService(db, agent.path))) return null;
  try {
    return { key, agent, secret: decryptSecret(key.secret_encrypted, keyEncryptionKey(keys)) };
  } catch (err) {
    if (!(err instanceof SecretUnreadableError)) throw err;
    // Sealed under another key-encryption key, or damaged: a clear refusal naming the remedy.
    throw apiError(
      ErrorCode.SecretUnreadable,
      `代理密钥 ${appId} 由另一把加密密钥加密（或已损坏），无法校验签名：请在密钥管理中轮换（重新签发）该密钥`,
      `The agent key ${appId} was sealed with another key-encryption key (or is damaged), so signatures cannot be checked: rotate (re-issue) it in Key management`,
    );
  }
}

/** Records an agent key's use and the address it came from, at most once a minute per key unless the address changed. */
export async function noteAgentKeyUse(db: Kysely<DB>, key: KeyRow & { last_used_ip?: string | null }, ip: string): Promise<void> {
  if (key.last_used_at && Date.now() - Date.parse(key.last_used_at) <= TOUCH_AFTER_MS && key.last_used_ip === ip) return;
  await touchKey(db, key.id, nowIso(), ip);
}

