import { useTranslation } from 'react-i18next';
import { useQueries } from '@tanstack/react-query';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { agent, type key } from '@console/contract';
import { useCanCall } from '../../components/has-perm';
import { call } from '../../lib/api';

/** Agent management, where an agent's whitelist is edited (its list filtered by `keyword`). */
export const AGENT_SCREEN = '/agent/manage/index';

/** The agent screen's list narrowed to one agent by its code. */
export const agentScreenLink = (code: string) => `${AGENT_SCREEN}?${new URLSearchParams({ keyword: code }).toString()}`;

/** How many entries show before the rest go into the tooltip. */
const SHOWN = 2;

/**
 * The IP whitelists of the agents of the agent keys on a page, by agent id: undefined while
 * loading, and for every agent when the session may not read agent management (code 7). The agent
 * list has no id filter: each agent is looked up by its code (a keyword, which also matches
 * names) and picked out by its id.
 */
export function useKeyWhitelists(keys: readonly key.KeyItem[]): { allowed: boolean; whitelists: ReadonlyMap<number, readonly string[]> } {
  const allowed = useCanCall()(agent.agentList);
  const agents = new Map<number, string>();
  for (const k of keys) if (k.type === 'agent' && k.agent_code && !agents.has(k.agent_id)) agents.set(k.agent_id, k.agent_code);
  const wanted = allowed ? [...agents] : [];
  const answers = useQueries({
    queries: wanted.map(([, code]) => ({
      queryKey: ['agent', 'list', { keyword: code, page: 1, page_size: 100 }],
      queryFn: ({ signal }: { signal: AbortSignal }) => call(agent.agentList, { keyword: code, page: 1, page_size: 100 }, { signal }),
      staleTime: 30_000,
    })),
  });
  const whitelists = new Map<number, readonly string[]>();
  wanted.forEach(([id], i) => {
    const found = answers[i]?.data?.list.find((a) => a.id === id);
    if (found) whitelists.set(id, found.ip_whitelist);
  });
  return { allowed, whitelists };
}

/**
 * On a phone, under the App ID (the agent column is a sideways scroll away): only an empty
 * whitelist, the one that stops the key, is marked there.
 */
export function KeyWhitelistMark({ whitelist }: { whitelist: readonly string[] | undefined }) {
  const { t } = useTranslation('operation');
  if (!whitelist || whitelist.length) return null;
  return (
    <Tag color="orange" style={{ marginInlineEnd: 0, fontSize: 12, alignSelf: 'flex-start' }} data-testid="key-whitelist-mark">
      {t('key.whitelist.emptyShort')}
    </Tag>
  );
}

/**
 * Where an agent key may be used from: its agent's IP whitelist (the agent API refuses every other
 * address, and every address when the list is empty), edited in agent management, which the link
 * opens on the agent. Without code 7 the list cannot be read: the line only says that it applies.
 */
export function KeyWhitelist({ code, whitelist, allowed }: { code: string; whitelist: readonly string[] | undefined; allowed: boolean }) {
  const { t } = useTranslation('operation');
  const small = { fontSize: 12 };
  if (!allowed) {
    return (
      <Typography.Text type="secondary" style={small}>
        {t('key.whitelist.applies')}
      </Typography.Text>
    );
  }
  if (!whitelist) return null;
  const link = (
    <Link to={agentScreenLink(code)} style={{ ...small, whiteSpace: 'nowrap' }} data-testid="key-whitelist-link">
      {t('key.whitelist.edit')}
    </Link>
  );
  if (!whitelist.length) {
    return (
      <Flex vertical gap={2} align="start" data-testid="key-whitelist">
        <Tooltip title={t('key.whitelist.emptyHint')}>
          <Tag color="orange" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
            {t('key.whitelist.empty')}
          </Tag>
        </Tooltip>
        {link}
      </Flex>
    );
  }
  const rest = whitelist.length - SHOWN;
  return (
    <Flex vertical gap={0} align="start" data-testid="key-whitelist">
      <Typography.Text type="secondary" style={small}>
        {t('key.whitelist.label')}
      </Typography.Text>
      <Typography.Text style={{ ...small, maxWidth: 180, overflowWrap: 'anywhere' }}>
        {whitelist.slice(0, SHOWN).join(', ')}
        {rest > 0 && (
          // The whole list on hover; from the keyboard, the link below opens it in agent management.
          <Tooltip title={whitelist.join(', ')}>
            <Typography.Text type="secondary" style={{ ...small, whiteSpace: 'nowrap' }}>
              {' '}
              {t('key.whitelist.more', { count: rest })}
            </Typography.Text>
          </Tooltip>
        )}
      </Typography.Text>
      {link}
    </Flex>
  );
}
