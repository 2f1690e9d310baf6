import { type ReactNode, useCallback } from 'react';
import type { CallDef } from '@console/contract';
import { isCallMounted, type SessionKind } from '../lib/session-kind';
import { useSessionStore } from '../stores/session';

export type PermMode = 'some' | 'every';

export class PermissionListError extends Error {
  constructor() {
    super('hasPerm needs a non-empty list of permission codes, e.g. hasPerm(["1301"])');
    this.name = 'PermissionListError';
  }
}

/**
 * Whether `held` satisfies `required`: any one of the codes (`some`, the default) or all of them.
 * An empty list is a programming error (docs/product.md, "Management screens"), not "allowed" — a button guarded by nothing would
 * silently show to everyone, so it fails loudly instead.
 */
export function checkPerm(held: readonly string[], required: string | readonly string[], mode: PermMode = 'some'): boolean {
  const codes = typeof required === 'string' ? [required] : required;
  if (!codes.length || codes.some((c) => typeof c !== 'string' || !c)) throw new PermissionListError();
  const set = new Set(held);
  return mode === 'every' ? codes.every((c) => set.has(c)) : codes.some((c) => set.has(c));
}

/** `const can = useHasPerm(); can('1301')` — for disabling or hiding actions in code. */
export function useHasPerm(): (required: string | readonly string[], mode?: PermMode) => boolean {
  const permissions = useSessionStore((s) => s.permissions);
  return useCallback((required, mode) => checkPerm(permissions, required, mode), [permissions]);
}

/**
 * Whether a session may make a call: the call exists for its kind (the contract's mount: an agent
 * user has only the calls mounted for agents) and, when the call needs a permission code, the
 * session holds it. The one place a screen asks before offering an action.
 */
export function canCall(def: Pick<CallDef, 'access' | 'mount'>, kind: SessionKind, held: readonly string[]): boolean {
  if (!isCallMounted(def, kind)) return false;
  return typeof def.access === 'object' ? held.includes(def.access.permission) : true;
}

/** `const can = useCanCall(); can(player.playerWalletAdjust)` — for hiding actions a session cannot take. */
export function useCanCall(): (def: Pick<CallDef, 'access' | 'mount'>) => boolean {
  const permissions = useSessionStore((s) => s.permissions);
  const kind = useSessionStore((s) => s.kind);
  return useCallback((def) => canCall(def, kind, permissions), [kind, permissions]);
}

/** `const exists = useCallMounted(); exists(player.playerControlList)` — whether the session's kind has the call at all, whatever its codes. */
export function useCallMounted(): (def: Pick<CallDef, 'mount'>) => boolean {
  const kind = useSessionStore((s) => s.kind);
  return useCallback((def) => isCallMounted(def, kind), [kind]);
}

export interface HasPermProps {
  perm: string | readonly string[];
  mode?: PermMode;
  /** Rendered instead when the user lacks the permission (e.g. a disabled button); nothing by default. */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * Shows its children only to users holding the permission. Hiding an action is a courtesy: the
 * server enforces every call's permission regardless.
 */
export function HasPerm({ perm, mode, fallback = null, children }: HasPermProps) {
  const can = useHasPerm();
  return <>{can(perm, mode) ? children : fallback}</>;
}
