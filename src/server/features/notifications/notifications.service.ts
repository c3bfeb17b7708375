import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/notifications.js';

export interface NewNotification {
  userId: number;
  /** Decides where a click leads on the Notifications page: message, bid, project, milestone... */
  type: string;
  title: string;
  content: string;
  relatedId: number | null;
}

export async function createNotifications(db: DbOrTx, rows: NewNotification[]): Promise<void> {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}
