import { type ClientEvent, type ServerEvent, serverEventSchema } from '#shared/events.js';

/**
 * The live connection of spec sections 4 and 7: a WebSocket at /ws that authenticates with
 * {type: 'auth', userId} and reconnects with a growing delay while a user is signed in.
 * Nothing here touches the DOM, so the unit tests run it in Node with a fake socket and timers.
 */

/** Spec section 9: 1000 ms times 1.5 to the power of the attempt number, capped at 30000 ms. */
export const reconnectPolicy = { baseMs: 1000, factor: 1.5, maxMs: 30_000 } as const;

export function reconnectDelay(attempt: number): number {
  return Math.min(reconnectPolicy.baseMs * reconnectPolicy.factor ** Math.max(0, attempt), reconnectPolicy.maxMs);
}

/** wss when the page is https (spec section 7), on the page's own host. */
export function liveSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** One server message, or null for anything that is not a known event (it is ignored). */
export function parseServerEvent(data: unknown): ServerEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = serverEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The part of a browser WebSocket this module uses. */
export interface LiveSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface LiveTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LiveConnectionOptions {
  url: string;
  userId: number;
  /** Every parsed server event, auth_success included. */
  onEvent: (event: ServerEvent) => void;
  /**
   * Each time the socket closes unasked. The server refuses the upgrade of an expired session, and
   * a browser cannot see why: re-checking the session here lets a signed-out user stop the retries.
   */
  onDisconnect?: () => void;
  createSocket?: (url: string) => LiveSocket;
  timers?: LiveTimers;
}

const browserTimers: LiveTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export class LiveConnection {
  private socket: LiveSocket | null = null;
  private reconnectTimer: unknown = null;
  private attempt = 0;
  private isStopped = true;
  private authenticated = false;
  private readonly createSocket: (url: string) => LiveSocket;
  private readonly timers: LiveTimers;

  constructor(private readonly options: LiveConnectionOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as LiveSocket);
    this.timers = options.timers ?? browserTimers;
  }

  /** True between the server's auth_success and the socket closing. */
  get isAuthenticated(): boolean {
    return this.authenticated;
  }

  /** Sends a client event once the server has said auth_success; before that (or offline) it is dropped. */
  send(event: ClientEvent): void {
    if (this.authenticated && this.socket) this.socket.send(JSON.stringify(event));
  }

  start(): void {
    if (!this.isStopped) return;
    this.isStopped = false;
    this.open();
  }

  /** On logout: closes the socket and cancels any pending reconnect. */
  stop(): void {
    this.isStopped = true;
    this.authenticated = false;
    if (this.reconnectTimer !== null) this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close(1000, 'Signed out');
    }
  }

  private open(): void {
    let socket: LiveSocket;
    try {
      socket = this.createSocket(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      socket.send(JSON.stringify({ type: 'auth', userId: this.options.userId }));
    };
    socket.onmessage = (message) => {
      const event = parseServerEvent(message.data);
      if (!event) return;
      if (event.type === 'auth_success') this.authenticated = true;
      this.options.onEvent(event);
    };
    // A failed socket always closes too; onclose does the reconnecting.
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.authenticated = false;
      this.options.onDisconnect?.();
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.isStopped) return;
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.isStopped) this.open();
    }, delay);
  }
}
