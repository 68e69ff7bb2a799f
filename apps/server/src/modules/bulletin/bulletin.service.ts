import type { z } from 'zod';
import type { TBulletinPost, ZBulletinPost } from '@tavolo/contracts/bulletin';
import type { TPage } from '@tavolo/contracts/envelope';
import { AppError } from '@tavolo/contracts/errors';
import type { Db } from '../../db/client.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import { createBulletinRepo, type BulletinRow } from './bulletin.repo.ts';

type PostInput = z.output<typeof ZBulletinPost>;

export const toBulletinPost = (row: BulletinRow): TBulletinPost => ({
  id: row.id,
  title: row.title,
  body: row.body,
  pinned: row.pinned,
  author_name: row.authorName,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Team announcements: everyone on the dashboard reads, bulletin.manage writes; open dashboards are told. */
export function createBulletinService({ db, live }: { db: Db; live?: LiveEvents }) {
  const repo = createBulletinRepo(db);
  const changed = (tenantId: string) => live?.publish(tenantId, { topics: ['bulletin'] });
  return {
    async list(tenantId: string, q: { page: number; per_page: number }): Promise<TPage<TBulletinPost>> {
      const { rows, total } = await repo.list(tenantId, { page: q.page, perPage: q.per_page });
      return { data: rows.map(toBulletinPost), total, per_page: q.per_page, current_page: q.page, last_page: Math.max(1, Math.ceil(total / q.per_page)) };
    },

    async create(tenantId: string, userId: string, input: PostInput): Promise<TBulletinPost> {
      // The name is copied so the post keeps its author when the account goes.
      const row = await repo.insert({ tenantId, ...input, authorId: userId, authorName: await repo.authorName(tenantId, userId) });
      changed(tenantId);
      return toBulletinPost(row);
    },

    async update(tenantId: string, id: string, input: PostInput): Promise<TBulletinPost> {
      const row = await repo.update(tenantId, id, input);
      if (!row) throw new AppError('NOT_FOUND');
      changed(tenantId);
      return toBulletinPost(row);
    },

    async remove(tenantId: string, id: string): Promise<void> {
      if (!(await repo.remove(tenantId, id))) throw new AppError('NOT_FOUND');
      changed(tenantId);
    },
  };
}
export type BulletinService = ReturnType<typeof createBulletinService>;
