import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { App, Badge, Button, Flex, Form, Grid, Input, InputNumber, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { z } from 'zod';
import { game, platform } from '@console/contract';
import { gameName } from '../../components/dict-select';
import { FormDialog, useConfirm, useDialogTarget, zodRule } from '../../components/form-dialog';
import { type ListColumn, ListFilters, type ListState, ListTable, StatusFilter, useListState } from '../../components/list';
import { useAppStore } from '../../stores/app';
import { useAddGame, useEditGame } from './api';
import { textOrder, useLocalList, type WholeQuery } from './local-list';

type Game = game.GameItem;
type Platform = platform.PlatformItem;
const { CatalogueStatus } = platform;
const fields = platform.gameAdd.request.shape;
const TYPE_COLORS: Record<game.GameType, string> = { card: 'blue', slot: 'purple', fishing: 'cyan', live: 'gold' };

/** The games list's filters, in the URL as the list kit keeps them: provider, type, status, keyword. */
export const GAME_FILTERS = z.object({
  platform_id: z.number().int().positive().optional(),
  type: z.enum(game.GAME_TYPES).optional(),
  status: z.union([z.literal(1), z.literal(2)]).optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type GameFilters = z.output<typeof GAME_FILTERS>;
const SORT_FIELDS = ['name', 'code', 'platform', 'type', 'status', 'sort'] as const;
type SortField = (typeof SORT_FIELDS)[number];
export type GameListState = ListState<GameFilters, SortField>;

export function useGameListState(): GameListState {
  return useListState({ id: 'catalogue-games', filters: GAME_FILTERS, sortFields: SORT_FIELDS });
}

/** The house default config of one game: its list filtered to the game's provider and code. */
export const dealerLink = (g: Pick<Game, 'code' | 'platform_id'>) => `/game/manage/dealer?${new URLSearchParams({ platform_id: String(g.platform_id), keyword: g.code })}`;

interface Values {
  code: string;
  name_zh: string;
  name_en: string;
  platform_id?: number;
  type?: game.GameType;
  sort?: number | null;
}

function GameDialog({ target, platforms, defaultPlatform, onClose }: { target: Game | 'new' | null; platforms: readonly Platform[]; defaultPlatform?: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('catalogue');
  const add = useAddGame();
  const edit = useEditGame();
  const editing = target && target !== 'new' ? target : null;
  const platformOptions = useMemo(
    () =>
      platforms.map((p) => ({
        value: p.id,
        label: `${p.name} (${p.code})${p.status === CatalogueStatus.Enabled ? '' : ` · ${t('status.2')}`}`,
      })),
    [platforms, t],
  );
  return (
    <FormDialog<Values>
      open={!!target}
      title={editing ? t('game.modal.editTitle', { code: editing.code }) : t('game.modal.addTitle')}
      name={editing ? 'edit-game' : 'add-game'}
      onClose={onClose}
      successMessage={t(editing ? 'game.toast.saved' : 'game.toast.added')}
      intro={editing ? undefined : <Typography.Paragraph type="secondary">{t('game.hint.newGame')}</Typography.Paragraph>}
      initialValues={
        editing
          ? { code: editing.code, name_zh: editing.name_zh, name_en: editing.name_en, platform_id: editing.platform_id, type: editing.type as game.GameType, sort: editing.sort }
          : { sort: 0, ...(defaultPlatform ? { platform_id: defaultPlatform } : {}) }
      }
      onSubmit={async (v) => {
        const names = { name_zh: v.name_zh.trim(), name_en: v.name_en.trim(), type: v.type!, sort: v.sort ?? 0 };
        if (editing) await edit.mutateAsync({ id: editing.id, ...names });
        else await add.mutateAsync({ code: v.code.trim(), platform_id: v.platform_id!, ...names });
      }}
    >
      <Form.Item
        name="code"
        label={t('field.code')}
        required={!editing}
        extra={t(editing ? 'game.hint.codeFixed' : 'game.hint.code')}
        rules={editing ? [] : [zodRule(fields.code, { required: t('rule.code'), invalid: t('game.rule.codeFormat') })]}
      >
        <Input placeholder={editing ? undefined : t('game.placeholder.code')} readOnly={!!editing} variant={editing ? 'filled' : undefined} autoFocus={!editing} autoComplete="off" maxLength={32} />
      </Form.Item>
      <Form.Item
        name="platform_id"
        label={t('game.field.platform')}
        required={!editing}
        extra={editing ? t('game.hint.platformFixed') : undefined}
        rules={editing ? [] : [{ required: true, message: t('game.rule.platform') }]}
      >
        <Select
          options={platformOptions}
          disabled={!!editing}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('game.placeholder.platform')}
          notFoundContent={t('game.noPlatform')}
          data-testid="game-platform"
        />
      </Form.Item>
      <Form.Item name="name_zh" label={t('game.field.nameZh')} required rules={[zodRule(fields.name_zh, { required: t('game.rule.nameZh'), tooLong: t('rule.nameLength') })]}>
        <Input placeholder={t('game.placeholder.nameZh')} autoFocus={!!editing} maxLength={64} />
      </Form.Item>
      <Form.Item name="name_en" label={t('game.field.nameEn')} required rules={[zodRule(fields.name_en, { required: t('game.rule.nameEn'), tooLong: t('rule.nameLength') })]}>
        <Input placeholder={t('game.placeholder.nameEn')} maxLength={64} />
      </Form.Item>
      <Space size={16} wrap align="start">
        <Form.Item name="type" label={t('game.field.type')} required rules={[{ required: true, message: t('game.rule.type') }]}>
          <Select style={{ width: 160 }} data-testid="game-type" placeholder={t('game.placeholder.type')} options={game.GAME_TYPES.map((ty) => ({ value: ty, label: t(`type.${ty}`) }))} />
        </Form.Item>
        <Form.Item name="sort" label={t('field.sort')} extra={t('hint.sort')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 140 }} />
        </Form.Item>
      </Space>
    </FormDialog>
  );
}

const toForm = (f: Partial<GameFilters>) => f as Record<string, unknown>;
const fromForm = (v: Record<string, unknown>): Partial<GameFilters> => ({
  platform_id: (v.platform_id as number) || undefined,
  type: (v.type as game.GameType) || undefined,
  status: (v.status as 1 | 2) || undefined,
  keyword: ((v.keyword as string) ?? '').trim() || undefined,
});

/**
 * The games: filtered by provider, type, status and a keyword (code or either name), sorted by any
 * column, each linked to its house default config; add, edit, enable and disable.
 */
export function GameList({
  list,
  query,
  platforms: loaded,
  canManage,
}: {
  list: GameListState;
  query: WholeQuery<Game>;
  /** The providers; undefined while they load. */
  platforms: readonly Platform[] | undefined;
  canManage: boolean;
}) {
  const platforms = useMemo(() => loaded ?? [], [loaded]);
  // A game needs a provider: without any, adding one says so instead of opening.
  const noProvider = loaded !== undefined && !loaded.length;
  const { t } = useTranslation('catalogue');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const screens = Grid.useBreakpoint();
  const language = useAppStore((s) => s.language);
  const edit = useEditGame();
  const { target, open: openDialog, close: closeDialog } = useDialogTarget<Game | 'new'>();
  const platformById = useMemo(() => new Map(platforms.map((p) => [p.id, p])), [platforms]);
  const { platform_id, type, status, keyword } = list.filters;

  const filter = useCallback(
    (g: Game) => {
      if (platform_id && g.platform_id !== platform_id) return false;
      if (type && g.type !== type) return false;
      if (status && g.status !== status) return false;
      if (keyword) {
        const k = keyword.toLowerCase();
        if (![g.code, g.name_zh, g.name_en].some((s) => s.toLowerCase().includes(k))) return false;
      }
      return true;
    },
    [platform_id, type, status, keyword],
  );
  const compare = useMemo(() => {
    const text = textOrder(language);
    return {
      name: (a: Game, b: Game) => text(gameName(a, language), gameName(b, language)),
      code: (a: Game, b: Game) => text(a.code, b.code),
      platform: (a: Game, b: Game) => text(a.platform_name, b.platform_name) || a.platform_id - b.platform_id,
      type: (a: Game, b: Game) => text(t(`type.${a.type}`), t(`type.${b.type}`)),
      status: (a: Game, b: Game) => a.status - b.status,
      sort: (a: Game, b: Game) => a.sort - b.sort || a.id - b.id,
    };
  }, [language, t]);
  const rows = useLocalList(query, { ...list, filter, compare });

  function toggle(g: Game) {
    const enabled = g.status === CatalogueStatus.Enabled;
    const name = gameName(g, language);
    confirm({
      title: t(enabled ? 'game.action.disable' : 'game.action.enable'),
      content: t(enabled ? 'game.confirm.disable' : 'game.confirm.enable', { name, code: g.code }),
      danger: enabled,
      okText: t(enabled ? 'game.action.disable' : 'game.action.enable'),
      onOk: async () => {
        try {
          await edit.mutateAsync({ id: g.id, status: enabled ? CatalogueStatus.Disabled : CatalogueStatus.Enabled });
        } catch {
          return;
        }
        message.success(t(enabled ? 'game.toast.disabled' : 'game.toast.enabled'));
      },
    });
  }

  const columns: ListColumn<Game>[] = [
    {
      title: t('game.field.game'),
      key: 'name',
      settable: false,
      keyColumn: true,
      sorter: true,
      render: (_, g) => (
        <Flex vertical gap={0}>
          <Typography.Text strong>{gameName(g, language)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: g.code }}>
            {g.code}
          </Typography.Text>
          {/* On a phone the status column is off to the side: a disabled game says so here. */}
          {!screens.sm && g.status !== CatalogueStatus.Enabled && <Badge status="default" text={t(`status.${g.status}`)} />}
        </Flex>
      ),
    },
    { title: t('game.field.nameZh'), dataIndex: 'name_zh', responsive: ['lg'] },
    { title: t('game.field.nameEn'), dataIndex: 'name_en', responsive: ['lg'] },
    {
      title: t('game.field.platform'),
      key: 'platform',
      sorter: true,
      responsive: ['sm'],
      render: (_, g) => (
        <Flex vertical gap={0}>
          <span>{g.platform_name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {g.platform_code}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('game.field.type'), dataIndex: 'type', sorter: true, responsive: ['md'], render: (ty: game.GameType) => <Tag color={TYPE_COLORS[ty]}>{t(`type.${ty}`, { defaultValue: ty })}</Tag> },
    {
      title: t('field.status'),
      dataIndex: 'status',
      sorter: true,
      render: (s: number, g) => {
        const provider = platformById.get(g.platform_id);
        const providerOff = s === CatalogueStatus.Enabled && provider?.status === CatalogueStatus.Disabled;
        return (
          <Flex vertical gap={0}>
            <Badge status={s === CatalogueStatus.Enabled && !providerOff ? 'success' : 'default'} text={t(`status.${s}`)} style={{ whiteSpace: 'nowrap' }} />
            {providerOff && (
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {t('game.platformOff')}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    { title: t('field.sort'), dataIndex: 'sort', sorter: true, align: 'right', responsive: ['md'] },
    {
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      render: (_, g) => (
        <Space size={0} wrap={false}>
          <Tooltip title={screens.md ? undefined : t('game.houseConfig')}>
            <Link to={dealerLink(g)} aria-label={t('game.houseConfigOf', { name: gameName(g, language) })} data-testid={`game-dealer-${g.code}`} style={{ paddingInline: 7, whiteSpace: 'nowrap' }}>
              <SettingOutlined /> {screens.md ? t('game.houseConfig') : null}
            </Link>
          </Tooltip>
          {canManage && (
            <Button type="link" size="small" onClick={() => openDialog(g)}>
              {t('action.edit')}
            </Button>
          )}
          {canManage && (
            <Button type="link" size="small" danger={g.status === CatalogueStatus.Enabled} onClick={() => toggle(g)}>
              {t(g.status === CatalogueStatus.Enabled ? 'action.disable' : 'action.enable')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const activeCount = [platform_id, type, status, keyword].filter(Boolean).length;
  const summary = activeCount ? t('game.filtered', { count: rows.data?.total ?? 0 }) : t('game.allGames');

  return (
    <>
      <ListFilters list={list} name="catalogue-game-filters" toForm={toForm} fromForm={fromForm} phoneDrawer summary={summary} activeCount={activeCount}>
        <Form.Item name="platform_id" label={t('game.field.platform')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('game.allPlatforms')}
            style={{ width: 180 }}
            options={platforms.map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }))}
          />
        </Form.Item>
        <Form.Item name="type" label={t('game.field.type')}>
          <Select allowClear placeholder={t('game.allTypes')} style={{ width: 140 }} options={game.GAME_TYPES.map((ty) => ({ value: ty, label: t(`type.${ty}`) }))} />
        </Form.Item>
        <StatusFilter label={t('field.status')} width={140} />
        <Form.Item name="keyword" label={t('game.keyword')}>
          <Input placeholder={t('game.keywordPlaceholder')} allowClear style={{ width: 200 }} maxLength={64} />
        </Form.Item>
      </ListFilters>
      <ListTable<Game, SortField>
        list={list}
        query={rows}
        rowKey="id"
        columns={columns}
        title={t('game.title')}
        emptyText={query.data?.list.length ? t('game.empty') : t('game.none')}
        extra={
          canManage && (
            <Button type="primary" icon={<PlusOutlined />} aria-label={t('game.add')} onClick={() => openDialog('new')} disabled={noProvider} title={noProvider ? t('game.noPlatform') : undefined}>
              {screens.sm ? t('game.add') : null}
            </Button>
          )
        }
      />
      {canManage && <GameDialog target={target} platforms={platforms} defaultPlatform={platform_id} onClose={() => closeDialog()} />}
    </>
  );
}
