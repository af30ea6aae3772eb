import type { PaginationQuery } from '@esd/shared/api';
import type { Db } from '../../db/client';
import * as repo from './mailbox.repository';

/** The local mailbox: mail the portal kept because no SMTP server is configured. */
export const createMailboxService = ({ db }: { db: Db }) => ({
  list: async (query: PaginationQuery) => {
    const { rows, total } = await repo.findMailMessages(db, query);
    return { items: rows.map((m) => ({ ...m, created_at: m.createdAt.toISOString() })), total };
  },
});
