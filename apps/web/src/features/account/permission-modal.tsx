import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Modal, Typography } from 'antd';
import { normalizePermissions, parsePermissionString, type PermissionNode, type user } from '@console/contract';
import { useEditPermissions } from './api';
import { PermissionTree } from './permission-tree';

interface Props {
  target: user.OperatorUser | null;
  onClose: () => void;
  tree: PermissionNode[] | undefined;
  treeLoading: boolean;
  grantable: ReadonlySet<string>;
}

export function PermissionModal({ target, onClose, tree, treeLoading, grantable }: Props) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [codes, setCodes] = useState<string[]>([]);
  const edit = useEditPermissions();

  useEffect(() => {
    if (target) setCodes(normalizePermissions(parsePermissionString(target.permissions)));
  }, [target]);

  async function save() {
    if (!target) return;
    try {
      await edit.mutateAsync({ user_id: target.id, permissions: codes.join(',') });
    } catch {
      return;
    }
    message.success(t('toast.permissionsSaved'));
    onClose();
  }

  return (
    <Modal
      open={!!target}
      title={t('modal.permissionTitle', { account: target?.account ?? '' })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={edit.isPending}
      destroyOnHidden
      width={560}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('modal.permissionHint')}
      </Typography.Paragraph>
      <PermissionTree tree={tree} loading={treeLoading} value={codes} onChange={setCodes} grantable={grantable} />
    </Modal>
  );
}
