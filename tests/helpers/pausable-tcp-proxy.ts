import { connect, createServer, type Server, type Socket } from "node:net";

// Test helper: a TCP proxy in front of the local Redis that a test can make slow (pause: bytes
// stop flowing, connections stay open) or unreachable (stop: connections cut, port closed) and
// then bring back on the same port, to see the rate limiter fail open and recover.

export interface PausableTcpProxy {
  port: number;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startPausableTcpProxy(target: { host: string; port: number }): Promise<PausableTcpProxy> {
  const sockets = new Set<Socket>();
  let paused = false;
  let server: Server | null = null;
  let port = 0;

  function track(socket: Socket) {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    if (paused) socket.pause();
  }

  async function listen() {
    server = createServer((client) => {
      const upstream = connect(target.port, target.host);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    port = (server!.address() as { port: number }).port;
  }

  await listen();
  return {
    get port() {
      return port;
    },
    pause() {
      paused = true;
      for (const socket of sockets) socket.pause();
    },
    resume() {
      paused = false;
      for (const socket of sockets) socket.resume();
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
    start: listen,
  };
}
