import { Flex } from 'antd';
import { useFigureSource } from './api';
import { Overview } from './overview';
import { Shortcuts } from './shortcuts';
import { Welcome } from './welcome';
import './dashboard.css';

/**
 * The pinned first tab (permission 1; docs/product.md, "Dashboard"): who is signed in, today's business at a glance
 * for users who may read the daily reports, and the way into every screen.
 */
export default function DashboardScreen() {
  const source = useFigureSource();
  return (
    <Flex vertical gap={16} className="dashboard" data-testid="dashboard">
      <Welcome />
      {source && <Overview source={source} />}
      <Shortcuts />
    </Flex>
  );
}
