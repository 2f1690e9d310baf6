import type { ReactNode } from 'react';
import { Result, theme } from 'antd';
import type { ResultStatusType } from 'antd/es/result';

/** The frame both error pages share: the whole window, centred, in the current theme. */
export function ErrorPage({ status, code, title, text, actions }: { status: ResultStatusType; code: string; title: ReactNode; text: ReactNode; actions: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        padding: 24,
        background: token.colorBgLayout,
      }}
      data-testid={`error-${code}`}
    >
      <Result
        status={status}
        title={
          <span>
            <span style={{ display: 'block', fontSize: 48, fontWeight: 700, lineHeight: 1.1, color: token.colorPrimary, letterSpacing: 2 }}>{code}</span>
            <span style={{ fontSize: 20 }}>{title}</span>
          </span>
        }
        subTitle={<span style={{ maxWidth: 420, display: 'inline-block' }}>{text}</span>}
        extra={actions}
      />
    </div>
  );
}
