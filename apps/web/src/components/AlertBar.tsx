import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';

/** Spec §8/§9: alert bars hide themselves after 3 s. */
export const ALERT_AUTO_CLOSE_MS = 3000;

/**
 * The spec's alert bar (e.g. the password change error). Red by default because the spec uses it
 * for errors; pass 'green'/'teal' for confirmations. Returns the notification id.
 */
export function showAlert(msg: ReactNode, color: string = 'red'): string {
  return notifications.show({ message: msg, color, autoClose: ALERT_AUTO_CLOSE_MS });
}
