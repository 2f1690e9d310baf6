import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Space } from 'antd';
import { HomeOutlined, LoginOutlined } from '@ant-design/icons';
import { HOME_PATH } from '../../lib/paths';
import { useSessionStore } from '../../stores/session';
import { ErrorPage } from './error-page';

/**
 * 401: the session holds no permission for any screen (the guard sends such a user here), or a
 * screen refused the user. Offers home and signing in with another account.
 */
export default function UnauthorizedScreen() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const logout = useSessionStore((s) => s.logout);
  const hasMenu = useSessionStore((s) => s.routes.some((r) => !r.meta?.hidden));
  return (
    <ErrorPage
      status="403"
      code="401"
      title={t('unauthorized.title')}
      text={t('unauthorized.text')}
      actions={
        <Space wrap>
          {hasMenu && (
            <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate(HOME_PATH, { replace: true })} data-testid="error-home">
              {t('backHome')}
            </Button>
          )}
          <Button type={hasMenu ? 'default' : 'primary'} icon={<LoginOutlined />} onClick={() => void logout()} data-testid="error-relogin">
            {t('relogin')}
          </Button>
        </Space>
      }
    />
  );
}
