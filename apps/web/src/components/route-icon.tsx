import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  IdcardOutlined,
  MoneyCollectOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** RouteMeta.icon names of the contract's route table → icons. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  team: <TeamOutlined />,
  user: <UserOutlined />,
  appstore: <AppstoreOutlined />,
  cluster: <ClusterOutlined />,
  money: <MoneyCollectOutlined />,
  'account-book': <AccountBookOutlined />,
  apartment: <ApartmentOutlined />,
  idcard: <IdcardOutlined />,
  control: <ControlOutlined />,
  'file-search': <FileSearchOutlined />,
  tool: <ToolOutlined />,
  setting: <SettingOutlined />,
};

export function routeIcon(name: string | undefined): ReactNode {
  return name ? ICONS[name] : undefined;
}
