import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A JSON-RPC relay in front of a test node that can refuse broadcasts: a transaction the signer
 * sends through it then never reaches the chain, as when a node drops it from its pool.
 */
export async function rpcGate(target: string) {
  let refusing = false;
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const call = JSON.parse(body) as { id: number; method: string };
    response.setHeader('content-type', 'application/json');
    if (refusing && call.method === 'eth_sendRawTransaction') {
      response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: -32000, message: 'txpool is full' } }));
      return;
    }
    const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    response.end(await upstream.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refuseBroadcasts(value: boolean) {
      refusing = value;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
