import { useEffect, type ReactNode } from 'react';
import { Alert, type AlertProps } from '@mantine/core';
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

export interface TimedAlertProps extends AlertProps {
  /** Called after ALERT_AUTO_CLOSE_MS: the parent stops rendering the alert. */
  onHide: () => void;
}

/**
 * An alert bar in the page itself (the login failure) that hides after 3 s like every alert bar.
 * Render it with a new `key` for a new message, so the 3 s start again.
 */
export function TimedAlert({ onHide, ...alert }: TimedAlertProps) {
  useEffect(() => {
    const timer = setTimeout(onHide, ALERT_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
    // once per mount: a new message is a new key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <Alert role="alert" {...alert} />;
}
