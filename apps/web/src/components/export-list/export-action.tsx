import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Drawer, Grid, Progress, Space, Tooltip } from 'antd';
import { DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useHasPerm } from '../has-perm';
import { ApiError, TransportError } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { ExportList } from './export-list';
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

export interface ExportActionProps {
  /** What is exported (the export list's name of it: a report's, or "bill"): one export of it at a time on screen. */
  name: string;
  /** The export call's path, e.g. "bill/list/export". */
  path: string;
  /** The filters and order on screen, without paging. */
  body: Record<string, unknown>;
  /** The file's name when the answer does not say. */
  fileName: string;
  testId?: string;
}

/**
 * Exports a list (a report, the ledger) with the filters and order on screen: the button shows how
 * far it is, the screen stays usable, and the result is told in a notification with the way to
 * Export management, or, for a user without it, to their own exports in a drawer.
 *
 * The notification stays until it is closed (its close button, or following its link): a link that
 * vanished after a few seconds could not be reached in time, least of all from the keyboard. The
 * export button is disabled while the export runs, which leaves the keyboard focus nowhere; when
 * the focus is still nowhere (or on the button) as the result arrives, it moves to the
 * notification's link, and it comes back to the button when the notification closes.
 */
export function ExportAction({ name, path, body, fileName, testId = 'report-export' }: ExportActionProps) {
  const { t } = useTranslation('export');
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const phone = Grid.useBreakpoint().md === false;
  const canManage = useHasPerm()(EXPORT_MANAGEMENT.permission);
  const [myExports, setMyExports] = useState(false);
  const task = useExportTasks((s) => s.tasks[name]);
  const running = task?.status === 'preparing' || task?.status === 'downloading';
  const seconds = useElapsed(task?.startedAt, running);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Set while the notification's link is followed: the focus goes where the link leads, not back.
  const following = useRef(false);

  // A button (not an anchor without a destination), so Tab reaches it.
  const where = (key: string, focus: boolean) => (
    <Button
      type="link"
      size="small"
      style={{ paddingInline: 0 }}
      ref={(el) => {
        if (el && focus && !el.dataset.focused) {
          el.dataset.focused = '1';
          el.focus();
        }
      }}
      onClick={() => {
        following.current = true;
        notification.destroy(key);
        if (canManage) void navigate(EXPORT_MANAGEMENT.path);
        else setMyExports(true);
      }}
      data-testid="export-result-link"
    >
      {t(canManage ? 'run.management' : 'run.myExports')}
    </Button>
  );

  /** Whether the keyboard focus is nowhere (the disabled button dropped it) or still on the button. */
  const focusIdle = () => {
    const active = document.activeElement;
    return !active || active === document.body || active === buttonRef.current;
  };
  /** Back to the export button when the notification goes, unless the focus has moved on elsewhere. */
  const onClose = () => {
    if (following.current) {
      following.current = false;
      return;
    }
    setTimeout(() => {
      // Nowhere, or still in the closing notification (its leave motion keeps it a moment).
      const active = document.activeElement;
      if (!active || active === document.body || active.closest('.ant-notification')) buttonRef.current?.focus();
    }, 0);
  };

  async function start() {
    following.current = false;
    const done = await runExport(name, path, body, fileName);
    const key = `export-${name}-${done.startedAt}`;
    const focus = focusIdle();
    if (done.status === 'done') {
      notification.success({
        key,
        title: t('run.doneTitle'),
        description: (
          <Space orientation="vertical" size={4}>
            {t('run.done', { file: done.fileName })}
            {where(key, focus)}
          </Space>
        ),
        duration: 0,
        onClose,
      });
      return;
    }
    const error = done.error;
    const timedOut = error instanceof ApiError && error.code === TransportError.Timeout;
    notification[timedOut ? 'info' : 'error']({
      key,
      title: t(timedOut ? 'run.doneTitle' : 'run.failedTitle'),
      description: (
        <Space orientation="vertical" size={4}>
          {timedOut ? t('run.timeout') : (error?.message ?? '')}
          {where(key, focus)}
        </Space>
      ),
      duration: 0,
      onClose,
    });
  }

  let button;
  if (!running) {
    button = (
      <Button ref={buttonRef} icon={<DownloadOutlined />} onClick={() => void start()} data-testid={testId}>
        {t('run.button')}
      </Button>
    );
  } else {
    const percent = task.status === 'downloading' && task.total ? Math.round((task.received / task.total) * 100) : undefined;
    const label = task.status === 'downloading' ? t('run.downloading', { size: percent !== undefined ? `${percent}%` : formatBytes(task.received) }) : t('run.preparing', { seconds });
    button = (
      <Tooltip title={t('run.runningHint')}>
        <Button disabled data-testid={testId} aria-busy="true" icon={percent === undefined ? <LoadingOutlined /> : <Progress type="circle" size={14} percent={percent} showInfo={false} />}>
          {label}
        </Button>
      </Tooltip>
    );
  }
  return (
    <>
      {button}
      <Drawer open={myExports} onClose={() => setMyExports(false)} title={t('run.myExports')} size={phone ? '100%' : 960} destroyOnHidden>
        <ExportList id={`my-exports-${name}`} embedded />
      </Drawer>
    </>
  );
}
