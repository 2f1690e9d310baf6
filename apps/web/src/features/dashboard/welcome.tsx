import { useTranslation } from 'react-i18next';
import { Card, Flex, Typography } from 'antd';
import { DateTime, useTimeZone } from '../../components/date-time';
import { dayAt } from '../../lib/datetime';
import { useAppStore } from '../../stores/app';
import { useSessionStore } from '../../stores/session';

/** "morning" from 5 to 12, "afternoon" before 18, else "evening", by the hour given (0–23). */
export function greetingOf(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

/** The hour (0–23) of an instant on the wall clock of a zone `offsetMinutes` from UTC, whatever the browser's zone. */
export const hourAt = (ms: number, offsetMinutes: number): number => new Date(ms + offsetMinutes * 60_000).getUTCHours();

/** The weekday of a calendar day ("2026-11-27") in the console's language. */
export function weekdayOf(day: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'zh-CN', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * Who is signed in, today's date and the previous sign-in (a quick check nobody else used it).
 * "Today" is the day in the operator's chosen timezone, the day the figures below count, and the
 * greeting follows that zone's clock too.
 */
export function Welcome() {
  const { t } = useTranslation('dashboard');
  const userInfo = useSessionStore((s) => s.userInfo);
  const language = useAppStore((s) => s.language);
  const { offsetMinutes, label: zone } = useTimeZone();
  const now = Date.now();
  const today = dayAt(now, offsetMinutes);
  const name = userInfo?.name || userInfo?.account || '';
  return (
    <Card variant="borderless" className="dash-card dash-welcome">
      <Flex align="center" justify="space-between" gap={16} wrap>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="dashboard-greeting">
            {t(`greeting.${greetingOf(hourAt(now, offsetMinutes))}`, { name })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('welcomeText')}</Typography.Text>
        </div>
        <Flex gap={32} className="dash-welcome-meta" wrap>
          <div>
            <div className="dash-meta-label">{t('today')}</div>
            <div className="dash-meta-value" title={zone} data-testid="dashboard-today">
              {today} {weekdayOf(today, language)}
            </div>
          </div>
          <div>
            <div className="dash-meta-label">{t('lastLogin')}</div>
            <div className="dash-meta-value"><DateTime value={userInfo?.last_login_at} precision="minute" fallback={t('common:never')} /></div>
          </div>
        </Flex>
      </Flex>
    </Card>
  );
}
