import net from 'node:net';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The HTTP connections of a server and whether each is idle, so a shutdown can close kept-alive
 * connections gracefully: a busy one after its answer (which says `Connection: close`), an idle
 * one only once it has stayed idle a while — never one a client may be sending on that instant.
 * Realtime (socket.io) connections are left to the realtime server's own close.
 */
export function trackConnections(server: Server, realtimePath: string) {
  /** Idle since (ms), or null while a request is being answered. */
  const sockets = new Map<Socket, number | null>();
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, Date.now());
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    if (req.url?.startsWith(realtimePath)) {
      sockets.delete(socket);
      return;
    }
    if (!sockets.has(socket)) return;
    sockets.set(socket, null);
    res.once('finish', () => {
      if (sockets.has(socket)) sockets.set(socket, Date.now());
    });
  });
  server.on('upgrade', (req) => sockets.delete(req.socket));

  return {
    get open() {
      return sockets.size;
    },
    /**
     * Stops accepting connections, then waits while open ones finish: each closes after its next
     * answer, or is ended once idle for `idleMs`. Resolves when none is left, or at `timeoutMs`.
     */
    async drain({ idleMs, timeoutMs }: { idleMs: number; timeoutMs: number }) {
      // net.Server's close, not http.Server's: the latter also drops idle kept-alive connections
      // at once, racing a client that is sending on one.
      net.Server.prototype.close.call(server);
      const deadline = Date.now() + timeoutMs;
      while (sockets.size > 0 && Date.now() < deadline) {
        const now = Date.now();
        for (const [socket, idleSince] of sockets) {
          if (idleSince !== null && now - idleSince >= idleMs) socket.end();
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}
