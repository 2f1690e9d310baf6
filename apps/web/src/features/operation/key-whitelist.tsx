import { useTranslation } from 'react-i18next';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { agent } from '@console/contract';
import { useCanCall } from '../../components/has-perm';

/** Agent management, where an agent's whitelist is edited (its list filtered by `keyword`). */
export const AGENT_SCREEN = '/agent/manage/index';

/** The agent screen's list narrowed to one agent by its code. */
export const agentScreenLink = (code: string) => `${AGENT_SCREEN}?${new URLSearchParams({ keyword: code }).toString()}`;

/** How many entries show before the rest go into the tooltip. */
const SHOWN = 2;

/**
 * On a phone, under the App ID (the agent column is a sideways scroll away): only an empty
 * whitelist, the one that stops the key, is marked there.
 */
export function KeyWhitelistMark({ whitelist }: { whitelist: readonly string[] | null | undefined }) {
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
 * address, and every address when the list is empty), as `key/list` gives it. It is edited in agent
 * management, which the link opens on the agent for a session that may (code 7).
 */
export function KeyWhitelist({ code, whitelist }: { code: string; whitelist: readonly string[] | null | undefined }) {
  const { t } = useTranslation('operation');
  const canEdit = useCanCall()(agent.agentEdit);
  const small = { fontSize: 12 };
  if (!whitelist) return null;
  const link = canEdit && (
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
