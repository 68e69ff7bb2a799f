import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Box, Button, Container, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { PageLoading } from '../../../components/ui/query-states.tsx';
import { AppError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/forms.ts';
import { useTotalsRows, useReadyLabel, useWantedLabel } from '../../../components/ui/order-totals.tsx';
import { groupOptions, rowAmount } from '../../../components/ui/order-totals-rows.ts';
import type { TOrder } from '@tavolo/contracts/orders';
import { useOrder } from '../api/orders-api.ts';
import { dateTime } from '../../../lib/format.ts';

type Paper = 'thermal' | 'a4';

/** Print rules per paper: an 80 mm roll prints one long narrow ticket, A4 a readable page. Only the ticket prints. */
const PRINT_CSS: Record<Paper, string> = {
  thermal: '@page { size: 80mm auto; margin: 3mm; } .ticket { width: 74mm; font-size: 12px; }',
  a4: '@page { size: A4; margin: 15mm; } .ticket { width: auto; max-width: 180mm; font-size: 14px; }',
};

const BASE_CSS = `
.ticket { font-family: ui-monospace, 'DejaVu Sans Mono', Menlo, monospace; color: #000; background: #fff; line-height: 1.35; }
.ticket .number { font-size: 3.2em; font-weight: 800; line-height: 1; letter-spacing: -0.02em; }
.ticket .rule { border-top: 1px dashed #000; margin: 0.6em 0; }
.ticket .line { display: flex; gap: 0.6em; font-size: 1.15em; }
.ticket .qty { font-weight: 800; min-width: 2.6em; }
.ticket .options { margin: 0.1em 0 0.35em 3.2em; font-size: 1.05em; font-weight: 700; }
.ticket .options div::before { content: '+ '; }
.ticket .sum { display: flex; justify-content: space-between; gap: 0.6em; }
.ticket .sum.total { font-weight: 800; font-size: 1.2em; border-top: 1px solid #000; margin-top: 0.2em; padding-top: 0.2em; }
.ticket .sum.included { font-size: 0.9em; }
.ticket .wanted { font-size: 1.25em; font-weight: 800; }
.ticket .note { border: 2px solid #000; padding: 0.4em; font-weight: 700; white-space: pre-wrap; }
.ticket .void { border: 3px solid #000; padding: 0.3em; margin-top: 0.4em; font-size: 1.3em; font-weight: 800; text-transform: uppercase; text-align: center; }
@media print {
  .no-print { display: none !important; }
  body { background: #fff !important; }
  .ticket-frame { box-shadow: none !important; border: 0 !important; padding: 0 !important; margin: 0 !important; }
}`;

/** The money breakdown in the ticket's plain print style (the same rows as every other screen). */
function TicketTotals({ order }: { order: TOrder }) {
  const rows = useTotalsRows(order, order.type);
  return (
    <div data-testid="ticket-totals">
      {rows.map((row) => (
        <div key={row.key} className={`sum ${row.kind}`} data-row={row.key}>
          <span>{row.label}</span>
          <span>{rowAmount(row, order.currency_symbol)}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * The kitchen ticket of one order (/dashboard/orders/:id/ticket), outside the dashboard chrome so it prints clean:
 * order number big, type, times, customer, each line with its quantity, the guest's note. Printing is a button,
 * never automatic.
 */
export function OrderTicket({ orderId, restaurant }: { orderId: string; restaurant: string }) {
  const { t } = useTranslation('orders');
  const [paper, setPaper] = useState<Paper>('thermal');
  const wanted = useWantedLabel();
  const ready = useReadyLabel();
  const order = useOrder(orderId);

  if (order.isLoading) return <PageLoading label={t('detail.loading')} />;
  if (!order.data) {
    const missing = order.error instanceof AppError && (order.error.code === 'NOT_FOUND' || order.error.code === 'VALIDATION');
    return (
      <Container size="xs" py="xl">
        <Alert color="red" role="alert">
          {missing ? t('detail.not_found') : errorMessage(order.error)}
        </Alert>
      </Container>
    );
  }
  const o = order.data;
  const tz = o.time_zone;

  return (
    <Box bg="gray.1" mih="100vh" py="md" px="xs">
      <style>{BASE_CSS + PRINT_CSS[paper]}</style>
      <Stack className="no-print" gap="sm" maw={520} mx="auto" mb="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button component={Link} to={`/dashboard/orders?order_id=${o.id}`} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
            {t('ticket.back')}
          </Button>
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {t('ticket.print')}
          </Button>
        </Group>
        <SegmentedControl
          aria-label={t('ticket.paper')}
          value={paper}
          onChange={(value) => setPaper(value as Paper)}
          data={[
            { value: 'thermal', label: t('ticket.paper_thermal') },
            { value: 'a4', label: t('ticket.paper_a4') },
          ]}
        />
      </Stack>

      <Box className="ticket-frame" bg="white" mx="auto" p="md" maw={paper === 'thermal' ? 340 : 720} style={{ boxShadow: 'var(--mantine-shadow-sm)', borderRadius: 4 }}>
        <div className="ticket" role="document" aria-label={t('ticket.title', { number: o.number })}>
          <Text inherit fw={700}>
            {restaurant}
          </Text>
          <div className="number">{t('number', { number: o.number })}</div>
          {/* A ticket printed (or still lying about) for an order that will not be made must say so. */}
          {(o.status === 'rejected' || o.status === 'cancelled') && (
            <div className="void" role="status">
              {t('ticket.void', { status: t(`status.${o.status}`) })}
            </div>
          )}
          <Text inherit fw={800} tt="uppercase" fz="1.3em" mt={4}>
            {t(`type.${o.type}`)}
            {o.source === 'phone' ? ` · ${t('source.phone')}` : ''}
          </Text>
          <div className="rule" />
          <div>
            {t('ticket.placed')}: {dateTime(o.created_at, tz)}
          </div>
          <div className={o.requested_time ? 'wanted' : undefined}>
            <strong>{t('ticket.wanted')}:</strong> {o.requested_time ? wanted(o.requested_time, tz) : t('asap')}
          </div>
          {o.promised_at && (
            <div>
              <strong>{t('ticket.promised')}:</strong> {ready(o.promised_at, tz)}
            </div>
          )}
          <div className="rule" />
          {o.lines.map((line, index) => (
            <div key={index} data-testid="ticket-line">
              <div className="line">
                <span className="qty">{line.quantity}×</span>
                <span>{line.name}</span>
              </div>
              {line.options.length > 0 && (
                <div className="options">
                  {groupOptions(line.options).map(({ group, names }) => (
                    <div key={group}>
                      {group}: {names.join(', ')}
                    </div>
                  ))}
                </div>
              )}
            </div>
          ))}
          {o.note && (
            <>
              <div className="rule" />
              <div className="note">{o.note}</div>
            </>
          )}
          <div className="rule" />
          <div>
            <strong>{o.customer_name}</strong>
          </div>
          <div>{o.customer_phone}</div>
          {o.type === 'delivery' && o.delivery_address && <div style={{ whiteSpace: 'pre-wrap' }}>{o.delivery_address}</div>}
          {o.type === 'delivery' && (o.delivery_postal_code || o.delivery_zone_name) && (
            <div>
              <strong>{o.delivery_postal_code}</strong>
              {o.delivery_postal_code && o.delivery_zone_name ? ' · ' : ''}
              {o.delivery_zone_name ? t('zone', { ns: 'order-totals', zone: o.delivery_zone_name }) : ''}
            </div>
          )}
          <div className="rule" />
          <TicketTotals order={o} />
          <div>{t(o.type === 'delivery' ? 'detail.payment_cash_delivery' : 'detail.payment_cash_pickup')}</div>
        </div>
      </Box>
    </Box>
  );
}
