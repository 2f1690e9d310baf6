import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Progress, Space, Tooltip, Typography } from 'antd';
import { DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { report } from '@console/contract';
import { useHasPerm } from '../../components/has-perm';
import { ApiError, TransportError } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { runExport, useExportTasks } from './export-tasks';

export const EXPORT_MANAGEMENT = { path: '/background/export', permission: '1305' } as const;

/** Seconds since `since`, ticking while `on`. */
function useElapsed(since: number | undefined, on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return since ? Math.max(0, Math.round((now - since) / 1000)) : 0;
}

/**
 * Exports the report with the filters and order on screen: the button shows how far it is, the
 * screen stays usable, and the result is told in a notification with the way to Export management
 * (or, for a user without it, to their own exports).
 */
export function ExportButton({ def, body, fileName, onMyExports }: { def: report.ReportDef; body: Record<string, unknown>; fileName: string; onMyExports: () => void }) {
  const { t } = useTranslation('report');
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const canManage = useHasPerm()(EXPORT_MANAGEMENT.permission);
  const task = useExportTasks((s) => s.tasks[def.key]);
  const running = task?.status === 'preparing' || task?.status === 'downloading';
  const seconds = useElapsed(task?.startedAt, running);

  const where = (key: string) => (
    <Typography.Link
      onClick={() => {
        notification.destroy(key);
        if (canManage) void navigate(EXPORT_MANAGEMENT.path);
        else onMyExports();
      }}
    >
      {t(canManage ? 'export.management' : 'export.myExports')}
    </Typography.Link>
  );

  async function start() {
    const done = await runExport(def.key, def.path, body, fileName);
    const key = `export-${def.key}-${done.startedAt}`;
    if (done.status === 'done') {
      notification.success({ key, title: t('export.doneTitle'), description: <Space direction="vertical" size={4}>{t('export.done', { file: done.fileName })}{where(key)}</Space> });
      return;
    }
    const error = done.error;
    const timedOut = error instanceof ApiError && error.code === TransportError.Timeout;
    notification[timedOut ? 'info' : 'error']({
      key,
      title: t(timedOut ? 'export.doneTitle' : 'export.failedTitle'),
      description: (
        <Space direction="vertical" size={4}>
          {timedOut ? t('export.timeout') : (error?.message ?? '')}
          {where(key)}
        </Space>
      ),
      duration: 8,
    });
  }

  if (!running) {
    return (
      <Button icon={<DownloadOutlined />} onClick={() => void start()} data-testid="report-export">
        {t('export.button')}
      </Button>
    );
  }
  const percent = task.status === 'downloading' && task.total ? Math.round((task.received / task.total) * 100) : undefined;
  const label = task.status === 'downloading' ? t('export.downloading', { size: percent !== undefined ? `${percent}%` : formatBytes(task.received) }) : t('export.preparing', { seconds });
  return (
    <Tooltip title={t('export.runningHint')}>
      <Button disabled data-testid="report-export" aria-busy="true" icon={percent === undefined ? <LoadingOutlined /> : <Progress type="circle" size={14} percent={percent} showInfo={false} />}>
        {label}
      </Button>
    </Tooltip>
  );
}
