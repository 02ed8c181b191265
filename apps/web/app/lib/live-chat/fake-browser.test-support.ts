/** A fake WebSocket and browser environment for the chat's model tests (driven by fake timers). */
import type { ConnectionEnv, NetworkEvent, SocketLike } from "./chat-connection";

export class FakeSocket implements SocketLike {
  onopen: SocketLike["onopen"] = null;
  onclose: SocketLike["onclose"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onerror: SocketLike["onerror"] = null;
  readonly sent: unknown[] = [];
  closedWith: number | undefined;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  /** The server accepts the upgrade. */
  open() {
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The server or the network closes it (1006 also stands for a refused upgrade). */
  drop(code = 1006) {
    this.onerror?.({});
    this.onclose?.({ code });
  }
}

export function fakeBrowser() {
  const sockets: FakeSocket[] = [];
  let online = true;
  let network: ((event: NetworkEvent) => void) | null = null;
  const env: ConnectionEnv = {
    createSocket(url) {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    random: () => 0.5,
    isOnline: () => online,
    watchNetwork(listener) {
      network = listener;
      return () => {
        network = null;
      };
    },
  };
  return {
    env,
    sockets,
    get last(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error("no socket was created");
      return socket;
    },
    goOffline() {
      online = false;
      network?.("offline");
    },
    goOnline() {
      online = true;
      network?.("online");
    },
    becomeVisible() {
      network?.("visible");
    },
    get watching() {
      return network !== null;
    },
  };
}

export function memoryStorage(): Pick<Storage, "getItem" | "setItem" | "removeItem"> & {
  data: Map<string, string>;
} {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
