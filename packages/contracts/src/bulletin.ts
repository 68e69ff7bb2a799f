import { z } from './zod.ts';
import { zText } from './validation.ts';
import { ZPageQuery } from './envelope.ts';

/** Team announcements (GET/POST /api/tenant/bulletin, PUT/DELETE /api/tenant/bulletin/:id). */
export const BULLETIN_TITLE_MAX = 150;
export const BULLETIN_BODY_MAX = 5000;

export const ZBulletinPost = z.object({
  title: zText(BULLETIN_TITLE_MAX),
  // Plain text: line breaks are kept (only the ends are trimmed), never rendered as HTML.
  body: zText(BULLETIN_BODY_MAX),
  pinned: z.boolean().default(false),
});
export type TBulletinPostInput = z.input<typeof ZBulletinPost>;

export const ZBulletinQuery = ZPageQuery;
export type TBulletinQuery = { page?: number; per_page?: number };

export interface TBulletinPost {
  id: string;
  title: string;
  body: string;
  pinned: boolean;
  author_name: string;
  created_at: string;
  updated_at: string;
}
