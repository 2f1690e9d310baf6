import type { CSSProperties, ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';

export interface PageContainerProps {
  /** Heading above the content; screens inside tabs usually leave it to the tab and breadcrumb. */
  title?: ReactNode;
  description?: ReactNode;
  /** Actions at the heading's right (export, add…). */
  extra?: ReactNode;
  /** A filter bar rendered in its own card above the content. */
  filters?: ReactNode;
  /** Wrap the content in a card (default) or leave it bare for screens that lay out their own cards. */
  card?: boolean;
  children: ReactNode;
  style?: CSSProperties;
}

/**
 * The common frame of a screen: heading, filter card and content card with the shell's spacing,
 * so every screen lines up with its neighbours in the tabs.
 */
export function PageContainer({ title, description, extra, filters, card = true, children, style }: PageContainerProps) {
  return (
    <Flex vertical gap={16} style={style} className="page-container">
      {(title || extra) && (
        <Flex align="center" justify="space-between" gap={12} wrap>
          <div style={{ minWidth: 0 }}>
            {title && (
              <Typography.Title level={4} style={{ margin: 0 }}>
                {title}
              </Typography.Title>
            )}
            {description && <Typography.Text type="secondary">{description}</Typography.Text>}
          </div>
          {extra && (
            <Flex gap={8} wrap>
              {extra}
            </Flex>
          )}
        </Flex>
      )}
      {filters && (
        <Card size="small" variant="borderless" styles={{ body: { padding: '16px 16px 0' } }}>
          {filters}
        </Card>
      )}
      {card ? <Card variant="borderless">{children}</Card> : children}
    </Flex>
  );
}
