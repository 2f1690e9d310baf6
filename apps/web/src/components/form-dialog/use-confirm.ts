import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { App } from 'antd';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  /** A destructive action: the OK button is red. */
  danger?: boolean;
  okText?: ReactNode;
  /** Runs on OK; the dialog waits for it (its button spins) and closes when it settles. */
  onOk: () => unknown;
}

/**
 * `const confirm = useConfirm(); confirm({title, content, danger: true, onOk})`: asks before an
 * action, with the console's OK and Cancel texts and the theme of antd's App.
 */
export function useConfirm(): (options: ConfirmOptions) => void {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  return ({ title, content, danger = false, okText, onOk }) => {
    modal.confirm({
      title,
      content,
      okText: okText ?? t('action.confirm'),
      cancelText: t('action.cancel'),
      okButtonProps: { danger },
      onOk: async () => {
        await onOk();
      },
    });
  };
}
