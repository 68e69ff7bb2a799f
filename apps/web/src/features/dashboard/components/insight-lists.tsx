import { Link } from 'react-router';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TBulletinPost } from '@tavolo/contracts/bulletin';
import type { TDashboardInsights } from '@tavolo/contracts/dashboard';
import { longDate, money, number } from '../../../lib/format.ts';

function Panel({ title, link, children, testId }: { title: string; link?: { to: string; label: string }; children: React.ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} h="100%" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3} fz="md">
          {title}
        </Title>
        {link && (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Paper>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Text size="sm" c="dimmed">
    {text}
  </Text>
);

export function TopProducts({ items, currency }: { items: NonNullable<TDashboardInsights['top_products']>; currency: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Panel title={t('insights.top_products')}>
      {items.length === 0 ? (
        <Empty text={t('insights.top_products_empty')} />
      ) : (
        <Stack gap={8} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((p, i) => (
            <Group key={p.product_id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap" miw={0}>
                {/* A long dish name truncates; the rank keeps its round badge. */}
                <Badge variant="light" circle style={{ flexShrink: 0 }}>
                  {i + 1}
                </Badge>
                <Text size="sm" truncate>
                  {p.name}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('insights.sold', { count: p.quantity, quantity: number(p.quantity) })} · {money(p.revenue_cents, currency)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Panel>
  );
}

export function LowStock({ lowStock }: { lowStock: NonNullable<TDashboardInsights['low_stock']> }) {
  const { t } = useTranslation('dashboard');
  return (
    <Panel title={t('insights.low_stock')} link={{ to: '/dashboard/stock', label: t('insights.low_stock_all', { count: lowStock.total }) }}>
      {lowStock.items.length === 0 ? (
        <Empty text={t('insights.low_stock_empty')} />
      ) : (
        <Stack gap={8}>
          {lowStock.items.map((p) => (
            <Group key={p.id} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate>
                {p.name}
              </Text>
              <Badge color={p.stock_quantity === 0 ? 'red' : 'orange'} variant="light" style={{ flexShrink: 0 }}>
                {p.stock_quantity === 0 ? t('insights.out_of_stock') : t('insights.left', { quantity: number(p.stock_quantity) })}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Panel>
  );
}

export function LatestPosts({ posts }: { posts: TBulletinPost[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Panel title={t('insights.bulletin')} link={{ to: '/dashboard/bulletin', label: t('insights.bulletin_all') }} testId="home-bulletin">
      {posts.length === 0 ? (
        <Empty text={t('insights.bulletin_empty')} />
      ) : (
        <Stack gap="sm">
          {posts.map((post) => (
            <div key={post.id}>
              <Group gap={6} wrap="nowrap">
                {post.pinned && <IconPin size={14} aria-label={t('insights.pinned')} />}
                <Text size="sm" fw={600} truncate>
                  {post.title}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {post.author_name} · {longDate(post.created_at)}
              </Text>
              <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
                {post.body}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
