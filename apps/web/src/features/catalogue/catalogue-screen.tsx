import { useMemo } from 'react';
import { Flex } from 'antd';
import { useHasPerm } from '../../components/has-perm';
import { useGameList, usePlatformList } from './api';
import { GameList, useGameListState } from './game-list';
import { PlatformList } from './platform-list';

export const CATALOGUE_PERMISSION = '901';

/**
 * The game catalogue (route /game/manage/catalogue, 901): the game providers and their games. A
 * provider or game added here is at once in every picker of the console (api.ts, refreshCatalogue);
 * a disabled one takes no new bets at the ingest and stays in every report.
 */
export default function CatalogueScreen() {
  const canManage = useHasPerm()(CATALOGUE_PERMISSION);
  const platforms = usePlatformList();
  const games = useGameList();
  const list = useGameListState();
  const gameCounts = useMemo(() => {
    if (!games.data) return undefined;
    const counts = new Map<number, number>();
    for (const g of games.data.list) counts.set(g.platform_id, (counts.get(g.platform_id) ?? 0) + 1);
    return counts;
  }, [games.data]);

  return (
    <Flex vertical gap={16}>
      <PlatformList canManage={canManage} gameCounts={gameCounts} onShowGames={(p) => list.setFilters({ platform_id: p.id })} />
      <GameList list={list} query={games} platforms={platforms.data?.list} canManage={canManage} />
    </Flex>
  );
}
