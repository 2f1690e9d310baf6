import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Badge, Button, Flex, Form, Grid, Input, InputNumber, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { platform } from '@console/contract';
import { FormDialog, useConfirm, useDialogTarget, zodRule } from '../../components/form-dialog';
import { type ListColumn, ListTable, useLocalListState } from '../../components/list';
import { useAppStore } from '../../stores/app';
import { useAddPlatform, useEditPlatform, usePlatformList } from './api';
import { textOrder, useLocalList } from './local-list';

type Platform = platform.PlatformItem;
const { CatalogueStatus } = platform;
const fields = platform.platformAdd.request.shape;
type SortField = 'code' | 'name' | 'status' | 'sort' | 'games';

interface Values {
  code: string;
  name: string;
  sort?: number | null;
}

function PlatformDialog({ target, onClose }: { target: Platform | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('catalogue');
  const add = useAddPlatform();
  const edit = useEditPlatform();
  const editing = target && target !== 'new' ? target : null;
  return (
    <FormDialog<Values>
      open={!!target}
      title={editing ? t('platform.modal.editTitle', { code: editing.code }) : t('platform.modal.addTitle')}
      name={editing ? 'edit-platform' : 'add-platform'}
      onClose={onClose}
      successMessage={t(editing ? 'platform.toast.saved' : 'platform.toast.added')}
      initialValues={editing ? { code: editing.code, name: editing.name, sort: editing.sort } : { sort: 0 }}
      onSubmit={async (v) => {
        const sort = v.sort ?? 0;
        if (editing) await edit.mutateAsync({ id: editing.id, name: v.name.trim(), sort });
        else await add.mutateAsync({ code: v.code.trim(), name: v.name.trim(), sort });
      }}
    >
      <Form.Item
        name="code"
        label={t('field.code')}
        required={!editing}
        extra={t(editing ? 'platform.hint.codeFixed' : 'platform.hint.code')}
        rules={editing ? [] : [zodRule(fields.code, { required: t('rule.code'), invalid: t('platform.rule.codeFormat') })]}
      >
        <Input placeholder={editing ? undefined : t('platform.placeholder.code')} readOnly={!!editing} variant={editing ? 'filled' : undefined} autoFocus={!editing} autoComplete="off" maxLength={16} />
      </Form.Item>
      <Form.Item name="name" label={t('field.name')} required rules={[zodRule(fields.name, { required: t('rule.name'), tooLong: t('rule.nameLength') })]}>
        <Input placeholder={t('platform.placeholder.name')} autoFocus={!!editing} maxLength={64} />
      </Form.Item>
      <Form.Item name="sort" label={t('field.sort')} extra={t('hint.sort')}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: 140 }} />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * The game providers: code, name, status, order and how many games each has; add, edit, enable and
 * disable. A provider's game count shows its games in the list below.
 */
export function PlatformList({ canManage, gameCounts, onShowGames }: { canManage: boolean; gameCounts: ReadonlyMap<number, number> | undefined; onShowGames: (p: Platform) => void }) {
  const { t } = useTranslation('catalogue');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const screens = Grid.useBreakpoint();
  const language = useAppStore((s) => s.language);
  const list = useLocalListState<object, SortField>('catalogue-platforms', 10);
  const query = usePlatformList();
  const edit = useEditPlatform();
  const { target, open: openDialog, close: closeDialog } = useDialogTarget<Platform | 'new'>();

  const compare = useMemo(() => {
    const text = textOrder(language);
    const count = (p: Platform) => gameCounts?.get(p.id) ?? 0;
    return {
      code: (a: Platform, b: Platform) => text(a.code, b.code),
      name: (a: Platform, b: Platform) => text(a.name, b.name),
      status: (a: Platform, b: Platform) => a.status - b.status,
      sort: (a: Platform, b: Platform) => a.sort - b.sort || a.id - b.id,
      games: (a: Platform, b: Platform) => count(a) - count(b),
    };
  }, [language, gameCounts]);
  const rows = useLocalList(query, { ...list, compare });

  const toggle = useCallback(
    (p: Platform) => {
      const enabled = p.status === CatalogueStatus.Enabled;
      confirm({
        title: t(enabled ? 'platform.action.disable' : 'platform.action.enable'),
        content: t(enabled ? 'platform.confirm.disable' : 'platform.confirm.enable', { name: p.name, code: p.code, count: gameCounts?.get(p.id) ?? 0 }),
        danger: enabled,
        okText: t(enabled ? 'platform.action.disable' : 'platform.action.enable'),
        onOk: async () => {
          try {
            await edit.mutateAsync({ id: p.id, status: enabled ? CatalogueStatus.Disabled : CatalogueStatus.Enabled });
          } catch {
            return;
          }
          message.success(t(enabled ? 'platform.toast.disabled' : 'platform.toast.enabled'));
        },
      });
    },
    [confirm, edit, gameCounts, message, t],
  );

  const columns: ListColumn<Platform>[] = [
    {
      title: t('field.code'),
      dataIndex: 'code',
      settable: false,
      keyColumn: true,
      sorter: true,
      render: (code: string, p) => (
        <Flex vertical gap={0}>
          <Typography.Text strong>{code}</Typography.Text>
          {!screens.sm && <Typography.Text type="secondary">{p.name}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('field.name'), dataIndex: 'name', sorter: true, responsive: ['sm'] },
    {
      title: t('field.status'),
      dataIndex: 'status',
      sorter: true,
      render: (s: number) => <Badge status={s === CatalogueStatus.Enabled ? 'success' : 'default'} text={t(`status.${s}`)} style={{ whiteSpace: 'nowrap' }} />,
    },
    { title: t('field.sort'), dataIndex: 'sort', sorter: true, align: 'right', responsive: ['md'] },
    {
      title: t('platform.field.games'),
      key: 'games',
      sorter: true,
      align: 'right',
      render: (_, p) => {
        // While the games load the count is unknown; once they are in, a provider without any has 0.
        const n = gameCounts && (gameCounts.get(p.id) ?? 0);
        if (n === undefined) return <Typography.Text type="secondary">–</Typography.Text>;
        return (
          <Button type="link" size="small" onClick={() => onShowGames(p)} aria-label={t('platform.showGames', { name: p.name, count: n })} style={{ paddingInline: 0 }}>
            {n}
          </Button>
        );
      },
    },
  ];
  if (canManage) {
    columns.push({
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      render: (_, p) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => openDialog(p)}>
            {t('action.edit')}
          </Button>
          <Button type="link" size="small" danger={p.status === CatalogueStatus.Enabled} onClick={() => toggle(p)}>
            {t(p.status === CatalogueStatus.Enabled ? 'action.disable' : 'action.enable')}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <>
      <ListTable<Platform, SortField>
        list={list}
        query={rows}
        rowKey="id"
        columns={columns}
        title={t('platform.title')}
        emptyText={t('platform.empty')}
        pageSizeOptions={[10, 20, 50]}
        extra={
          canManage && (
            <Button type="primary" icon={<PlusOutlined />} aria-label={t('platform.add')} onClick={() => openDialog('new')}>
              {screens.sm ? t('platform.add') : null}
            </Button>
          )
        }
      />
      {canManage && <PlatformDialog target={target} onClose={() => closeDialog()} />}
    </>
  );
}
