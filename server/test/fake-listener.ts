import { expect } from 'vitest';
import type { DatabaseHandle } from '../db/client';

/**
 * A stand-in for the database's LISTEN on one channel: the test sends notices and drops or
 * restores the connection.
 */
export function fakeListener(channel: string) {
  let subscriber:
    { onPayload: (payload: string) => void; onReconnect?: () => void; onDisconnect?: () => void } | undefined;
  const listen: DatabaseHandle['listen'] = async (listened, onPayload, onReconnect, onDisconnect) => {
    expect(listened).toBe(channel);
    subscriber = { onPayload, onReconnect, onDisconnect };
    return async () => {
      subscriber = undefined;
    };
  };
  return {
    listen,
    notify: (payload: string) => subscriber?.onPayload(payload),
    disconnect: () => subscriber?.onDisconnect?.(),
    reconnect: () => subscriber?.onReconnect?.(),
    get listening() {
      return subscriber !== undefined;
    },
  };
}
