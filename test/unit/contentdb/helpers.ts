// Shared pieces for the ContentDB tests: a free loopback port, an in-memory secret store, a log collector.
import * as net from 'node:net';
import type { SecretStore } from '../../../client/src/contentdb/contentDbAccount';
import { unusedLoopbackPort } from '../../support/loopbackServer';

/** A port on 127.0.0.1 that was free a moment ago (the OS hands out a fresh one). */
export function freePort(): Promise<number> {
  return unusedLoopbackPort();
}

/** Holds a port busy until `release()`. */
export async function occupyPort(port: number): Promise<{ release(): Promise<void> }> {
  const srv = net.createServer();
  await new Promise<void>((resolve, reject) => {
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => resolve());
  });
  return { release: () => new Promise<void>((resolve) => srv.close(() => resolve())) };
}

/** True when nothing accepts connections on 127.0.0.1:port. */
export async function portIsClosed(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const sock = net.connect({ port, host: '127.0.0.1' });
    sock.once('connect', () => {
      sock.destroy();
      resolve(false);
    });
    sock.once('error', () => resolve(true));
  });
}

export class MemorySecrets implements SecretStore {
  readonly map = new Map<string, string>();
  async get(key: string): Promise<string | undefined> {
    return this.map.get(key);
  }
  async store(key: string, value: string): Promise<void> {
    this.map.set(key, value);
  }
  async delete(key: string): Promise<void> {
    this.map.delete(key);
  }
}

export class LogCollector {
  readonly lines: string[] = [];
  readonly log = (msg: string): void => {
    this.lines.push(msg);
  };
  get text(): string {
    return this.lines.join('\n');
  }
}

/** Asserts that none of `secrets` occurs in `text` (with a message that does not print the secret either). */
export function assertNoSecrets(text: string, secrets: Record<string, string | undefined>, where: string): void {
  for (const [name, value] of Object.entries(secrets)) {
    if (value && text.includes(value)) throw new Error(`the ${name} appears in ${where}`);
  }
}
