import { EventEmitter } from 'node:events';
import type { SupportMessage } from '@soar/contract';

/**
 * What one part of the server tells another in-process: a balance changed, an order moved.
 * The realtime hub forwards these to WebSocket topics (and through Redis to other API nodes).
 * Domains add their events here.
 */
export type BusEvents = {
  /** A member's balance in `currency` changed (topic `balance`). */
  balance: { userId: number; currency: string };
  /** A notice for a member was stored (topic `notice`). */
  notice: { userId: number; id: number };
  /** A customer-service message to or from a member (topic `support`). */
  support: { userId: number; message: SupportMessage };
  /** A frame for a shared topic: the operators' `support:desk` or a guest's chat. */
  supportTopic: { topic: string; data: unknown; as?: string };
  /** Sessions of a member ended (logout, revoke, password change or reset): their sockets are checked again. */
  sessions: { userId: number };
  /** A member's deposit seen on chain changed: new, a confirmation more, credited, dropped (topic `deposits`). */
  deposits: { userId: number; id: number };
  /** A member's withdrawal moved on chain: sent, paid, failed, refunded (topic `withdrawals`). */
  withdrawals: { userId: number; id: number };
  /** Sessions of an operator ended (logout, disable, password change or reset): their sockets are checked again. */
  operatorSessions: { operatorId: number };
  /** An order or a position of a member changed (topic `orders`, docs/trading.md). */
  orders: {
    userId: number;
    kind: 'order' | 'position' | 'close';
    orderId: number | null;
    positionId: number | null;
    status: string;
    symbol: string;
  };
};

export type BusEventName = keyof BusEvents;

export class EventBus {
  readonly #emitter = new EventEmitter({ captureRejections: false });

  constructor() {
    this.#emitter.setMaxListeners(0);
  }

  on<K extends keyof BusEvents>(name: K, listener: (event: BusEvents[K]) => void): () => void {
    this.#emitter.on(name, listener);
    return () => this.#emitter.off(name, listener);
  }

  emit<K extends keyof BusEvents>(name: K, event: BusEvents[K]): void {
    this.#emitter.emit(name, event);
  }
}
