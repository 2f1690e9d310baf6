import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { App } from 'antd';
import { ALL_PERMISSION_CODES } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { buildPermittedRoutes } from '../route-table';
import { toRouteObjects } from '../router';
import { availableScreens } from '../screens';
import { UserMenu } from './header-actions';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The console's own routes for these permissions, each screen replaced by its path. */
function renderConsole(permissions: readonly string[], at: string) {
  const screens: RouteObject[] = toRouteObjects(buildPermittedRoutes(permissions, availableScreens())).map(({ lazy, ...route }) =>
    lazy ? { ...route, element: <p>screen</p> } : route,
  );
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <UserMenu compact={false} />
            <Where />
            <Outlet />
          </>
        ),
        children: [...screens, { path: '*', element: <p>404</p> }],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
}

describe('UserMenu', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  afterEach(cleanup);

  it('leads "首页" home to the first permitted screen for a user without the dashboard', async () => {
    // Somewhere else first, so only the click can bring the user to their screen.
    renderConsole(['13', '1301'], '/elsewhere');
    expect(await screen.findByText('404')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByRole('menuitem', { name: /首页/ }));
    expect(await screen.findByText('/background/account')).toBeTruthy();
    expect(screen.queryByText('404')).toBeNull();
  });

  it('leads "首页" to the dashboard for a user who has it', async () => {
    renderConsole(ALL_PERMISSION_CODES, '/background/account');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByRole('menuitem', { name: /首页/ }));
    expect(await screen.findByText('/dashboard')).toBeTruthy();
  });
});
