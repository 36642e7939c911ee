// @ts-check
// The latency floor of render-latency.bench.mjs: a Redis subscriber that forwards every message
// of one channel to every WebSocket client, with nothing else (no Socket.IO, no rooms, no Nest).
import { createServer } from 'node:http';
import { Redis } from 'ioredis';
import ws from 'ws';

// ws 7 (the one installed with Socket.IO's engine) names its server class Server.
const WebSocketServer = ws.Server;

const channel = process.env.BARE_CHANNEL ?? 'bench:bare';
const subscriber = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const server = createServer((_, res) => res.end('ok'));
const sockets = new WebSocketServer({ server });
subscriber.on('message', (_channel, message) => {
  for (const client of sockets.clients) client.send(message);
});
await subscriber.subscribe(channel);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'ready', url: `http://127.0.0.1:${port}` });
});
const stop = () => {
  subscriber.disconnect();
  server.close();
  process.exit(0);
};
process.on('message', (message) => {
  if (/** @type {{ type?: string } | null} */ (message)?.type === 'stop') stop();
});
process.once('SIGTERM', stop);
process.once('disconnect', stop);
