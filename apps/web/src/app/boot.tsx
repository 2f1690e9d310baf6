import { useEffect } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown while the first navigation resolves the session (user info and routes). */
export function BootFallback() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" />
    </div>
  );
}

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
}

/** A screen failed to load or crashed: say so and offer a reload instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  // A new deployment replaced the chunk this page asked for; a reload fetches the current ones.
  const stale = isChunkLoadError(error);
  useEffect(() => {
    // Keep the cause where support can find it: the page itself shows only a friendly message.
    console.error(error);
  }, [error]);
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24 }}>
      <Result
        status="error"
        title={t(stale ? 'common:error.chunkTitle' : 'common:error.title')}
        subTitle={t(stale ? 'common:error.chunkText' : 'common:error.text')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common:error.reload')}
          </Button>
        }
      />
    </div>
  );
}
