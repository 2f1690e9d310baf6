import { useTranslation } from 'react-i18next';
import { Card, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useAppStore } from '../../stores/app';
import { useSessionStore } from '../../stores/session';

/** "morning" before 12, "afternoon" before 18, else "evening", by the browser's clock. */
export function greetingOf(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

/** Who is signed in, today's date and the previous sign-in (a quick check nobody else used it). */
export function Welcome() {
  const { t } = useTranslation('dashboard');
  const userInfo = useSessionStore((s) => s.userInfo);
  const language = useAppStore((s) => s.language);
  // Named explicitly: the global dayjs locale is switched in an effect, after this renders.
  const now = dayjs().locale(language === 'en' ? 'en' : 'zh-cn');
  const name = userInfo?.name || userInfo?.account || '';
  return (
    <Card variant="borderless" className="dash-card dash-welcome">
      <Flex align="center" justify="space-between" gap={16} wrap>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="dashboard-greeting">
            {t(`greeting.${greetingOf(now.hour())}`, { name })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('welcomeText')}</Typography.Text>
        </div>
        <Flex gap={32} className="dash-welcome-meta" wrap>
          <div>
            <div className="dash-meta-label">{t('today')}</div>
            <div className="dash-meta-value">{now.format(t('dateFormat'))}</div>
          </div>
          <div>
            <div className="dash-meta-label">{t('lastLogin')}</div>
            <div className="dash-meta-value">{userInfo?.last_login_at ? dayjs(userInfo.last_login_at).format('YYYY-MM-DD HH:mm') : t('common:never')}</div>
          </div>
        </Flex>
      </Flex>
    </Card>
  );
}
