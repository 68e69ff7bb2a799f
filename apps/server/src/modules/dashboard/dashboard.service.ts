import type { TDashboardInsights } from '@tavolo/contracts/dashboard';
import { can } from '@tavolo/contracts/permissions';
import { addDays, localClock, zonedTimeToUtc } from '@tavolo/contracts/time';
import type { Db } from '../../db/client.ts';
import { toBulletinPost } from '../bulletin/bulletin.service.ts';
import { createDashboardRepo } from './dashboard.repo.ts';

export const CHART_DAYS = 30;

/** The dashboard home's figures, each section only for a role allowed to see it. */
export function createDashboardService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const repo = createDashboardRepo(db);
  return {
    async insights(tenantId: string, permissions: readonly string[]): Promise<TDashboardInsights> {
      const { timeZone, currencySymbol } = await repo.settings(tenantId);
      const today = localClock(timeZone, now()).date;
      // Local midnights as instants: today's orders are [start, end), the chart's are [first, end).
      const start = zonedTimeToUtc(today, '00:00', timeZone);
      const end = zonedTimeToUtc(addDays(today, 1), '00:00', timeZone);
      const firstDay = addDays(today, -(CHART_DAYS - 1));
      const first = zonedTimeToUtc(firstDay, '00:00', timeZone);
      const orders = can(permissions, 'orders.view');

      const [figures, reservations, chart, top, lowStock, posts] = await Promise.all([
        orders ? repo.orderFigures(tenantId, start, end) : null,
        can(permissions, 'reservations.view') ? repo.reservationFigures(tenantId, today) : null,
        orders ? repo.daily(tenantId, timeZone, firstDay, today, first, end) : null,
        orders ? repo.topProducts(tenantId, first, end, 5) : null,
        can(permissions, 'menu.view') ? repo.lowStock(tenantId, 5) : null,
        repo.latestPosts(tenantId, 3),
      ]);
      return {
        time_zone: timeZone,
        today,
        currency_symbol: currencySymbol,
        orders: figures && {
          today: figures.today,
          revenue_cents: figures.revenue,
          average_cents: figures.today > 0 ? Math.round(figures.revenue / figures.today) : 0,
          pending: figures.pending,
        },
        reservations,
        chart,
        top_products: top,
        low_stock: lowStock,
        bulletin: posts.map(toBulletinPost),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
