import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Space } from 'antd';
import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { HOME_PATH } from '../../lib/paths';
import { ErrorPage } from './error-page';

/** Where a logged-in user lands on a path that matches no route (docs/product.md, "Navigation"). */
export default function NotFoundScreen() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  // The unmatched path was replaced by /404, so one step back is the page the user came from.
  const canGoBack = window.history.length > 2;
  return (
    <ErrorPage
      status="404"
      code="404"
      title={t('notFound.title')}
      text={t('notFound.text')}
      actions={
        <Space wrap>
          <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate(HOME_PATH, { replace: true })} data-testid="error-home">
            {t('backHome')}
          </Button>
          {canGoBack && (
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
              {t('goBack')}
            </Button>
          )}
        </Space>
      }
    />
  );
}
