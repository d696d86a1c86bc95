import { useCallback, useEffect, useRef, useState } from 'react';
import { STORAGE_KEYS } from '../../shared/config/constants';
import { readStored, writeStored } from '../../shared/storage/local-storage';
import type { OrderRow } from './market-orders';
import { FIRST_LOOK, undercutNotification, watchUndercuts } from './undercut-watch';

export interface UndercutNotifications {
  /** The user asked for desktop notifications and the browser allows them. */
  readonly enabled: boolean;
  /** The browser refused them (or has no Notification API): the toggle says so. */
  readonly blocked: boolean;
  /** Asked on the toggle's click: browsers grant the permission only on a user gesture. */
  setEnabled(enabled: boolean): void;
}

function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * While the page is open: a desktop notification when a refresh turns one of the orders Undercut
 * (undercut-watch.ts decides which), if the user switched them on.
 */
export function useUndercutNotifications(rows: readonly OrderRow[], readsKey: string): UndercutNotifications {
  const [wanted, setWanted] = useState(() => readStored(STORAGE_KEYS.marketOrdersNotifyUndercut) === 'true');
  const [permission, setPermission] = useState(notificationPermission);
  const watch = useRef(FIRST_LOOK);
  const enabled = wanted && permission === 'granted';

  useEffect(() => {
    const next = watchUndercuts(
      watch.current,
      rows.map((row) => ({ orderId: row.order.orderId, status: row.status })),
      readsKey,
    );
    watch.current = next.watch;
    if (!enabled || next.turnedUndercut.length === 0) return;
    const turned = new Set(next.turnedUndercut);
    const { title, body } = undercutNotification(
      rows.filter((row) => turned.has(row.order.orderId)).map((row) => row.order.typeName),
    );
    try {
      new Notification(title, { body, tag: 'tradewise-undercut' });
    } catch {
      // Some browsers (Chrome on Android) allow notifications only from a service worker: the title count stays.
    }
  }, [rows, readsKey, enabled]);

  const setEnabled = useCallback((next: boolean) => {
    setWanted(next);
    writeStored(STORAGE_KEYS.marketOrdersNotifyUndercut, String(next));
    if (next && notificationPermission() === 'default') {
      void Notification.requestPermission().then(setPermission);
    }
  }, []);

  return { enabled, blocked: wanted && permission !== 'granted' && permission !== 'default', setEnabled };
}
