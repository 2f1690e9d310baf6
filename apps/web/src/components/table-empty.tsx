import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';

/** The part of a list query (TanStack Query's result) the table's empty area needs. */
export interface ListQueryState {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a table shows where its rows would be (antd Table's `locale.emptyText`): when its list call
 * failed, that it failed and a way to ask again, so a failed load never passes for an empty
 * result; otherwise the screen's own "nothing matches" text.
 */
export function TableEmpty({ query, emptyText }: { query: ListQueryState; emptyText: ReactNode }) {
  const { t } = useTranslation('components');
  if (!query.isError) return <>{emptyText}</>;
  // The API client's messages are already in the user's language (and were toasted as well).
  const reason = query.error instanceof Error ? query.error.message : '';
  return (
    <div role="alert" data-testid="table-load-error">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text type="danger">{t('loadFailed')}</Typography.Text>
            {reason && (
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                {reason}
              </Typography.Paragraph>
            )}
          </>
        }
      >
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
          {t('common:action.retry')}
        </Button>
      </Empty>
    </div>
  );
}
