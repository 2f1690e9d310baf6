import { useTranslation } from 'react-i18next';
import { Alert } from 'antd';
import { REPLICA_LAG_NOTICE_SECONDS } from '@console/contract';
import { useReplicaLag } from '../lib/replica-lag';

/** On report screens and the bill ledger: the figures come from a replica more than 5 s behind. */
export function ReplicaLagNotice() {
  const { t } = useTranslation();
  const lag = useReplicaLag();
  if (lag <= REPLICA_LAG_NOTICE_SECONDS) return null;
  return <Alert type="warning" showIcon title={t('common:replicaLag', { seconds: lag })} data-testid="replica-lag-notice" />;
}
