import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server.js';

/**
 * The reverse proxies of docs/deploy as the e2e suites run them: a shipped file rendered with its
 * placeholders replaced, a self-signed certificate, and the proxy as a child process that is ready
 * once the server's /readyz answers through it.
 */

const root = path.resolve(import.meta.dirname, '..', '..');

/** Where Debian installs a proxy (nginx and haproxy in /usr/sbin, which a user's PATH may lack). */
export const binary = (name: string) =>
  [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/bin']
    .map((dir) => path.join(dir, name))
    .find((file) => existsSync(file));

/** What to install when a proxy is missing. */
export const missing = (pkg: string) =>
  `${pkg} is not installed: apt-get install -y --no-install-recommends ${pkg} (.ci/run does)`;

/** A shipped file with each placeholder replaced; one that is no longer there fails the test. */
export async function render(file: string, replacements: [string, string][]) {
  let text = await fs.readFile(path.join(root, 'docs/deploy', file), 'utf8');
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`docs/deploy/${file} no longer contains "${from}"`);
    text = text.replaceAll(from, to);
  }
  return text;
}

export interface Certificate {
  crt: string;
  key: string;
  /** Certificate and key in one file, as haproxy reads them. */
  pem: string;
}

/** A self-signed certificate for localhost and 127.0.0.1, written into `dir`. */
export async function selfSignedCertificate(dir: string): Promise<Certificate> {
  const cert = {
    crt: path.join(dir, 'cert.pem'),
    key: path.join(dir, 'key.pem'),
    pem: path.join(dir, 'haproxy.pem'),
  };
  // prettier-ignore
  await promisify(execFile)('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', cert.key, '-out', cert.crt, '-days', '2', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ]);
  await fs.writeFile(cert.pem, Buffer.concat([await fs.readFile(cert.crt), await fs.readFile(cert.key)]));
  return cert;
}

/** A proxy as a child process, its output kept for the failure message. */
export interface Proxy {
  base: string;
  http: string;
  output: string[];
  stop(): Promise<void>;
}

const insecure = new https.Agent({ rejectUnauthorized: false });

/** The status of GET /readyz through the proxy when the server answered it (0 when nothing did). */
function readyThrough(base: string): Promise<number> {
  return new Promise((resolve) => {
    const req = https.get(`${base}/readyz`, { agent: insecure }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () =>
        resolve(body.includes('"database"') ? (res.statusCode ?? 0) : -(res.statusCode ?? 0)),
      );
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
  });
}

export async function startProxy(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  ports: { https: number; http: number },
): Promise<Proxy> {
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `https://127.0.0.1:${ports.https}`;
  const proxy: Proxy = {
    base,
    http: `http://127.0.0.1:${ports.http}`,
    output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
  // Ready once the server's /readyz answers through it (not just any 200: Caddy answers an
  // address it has no site for with an empty one).
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode}:\n${output.join('')}`);
    const status = await readyThrough(base);
    if (status === 200) return proxy;
    if (Date.now() > deadline) {
      await proxy.stop();
      throw new Error(`${name} did not answer /readyz 200 (last: ${status}):\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * docs/deploy/haproxy.cfg as it is, its certificate and its two servers' addresses substituted
 * (app1 and app2 on 127.0.0.1 at `serverPorts`), checked with `haproxy -c`, then started in `dir`.
 */
export async function startHaproxy(dir: string, cert: Certificate, serverPorts: [number, number]) {
  const haproxy = binary('haproxy');
  if (!haproxy) throw new Error(missing('haproxy'));

  const ports = { https: await freePort(), http: await freePort() };
  const cfg = await render('haproxy.cfg', [
    [
      'bind :443 ssl crt /etc/haproxy/certs/console.example.com.pem',
      `bind 127.0.0.1:${ports.https} ssl crt ${cert.pem}`,
    ],
    ['bind :80', `bind 127.0.0.1:${ports.http}`],
    ['server app1 10.0.0.11:8080', `server app1 127.0.0.1:${serverPorts[0]}`],
    ['server app2 10.0.0.12:8080', `server app2 127.0.0.1:${serverPorts[1]}`],
  ]);
  const file = path.join(dir, 'haproxy.cfg');
  await fs.writeFile(file, cfg);
  const check = spawnSync(haproxy, ['-c', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy -c failed:\n${check.stdout}${check.stderr}`);
  return startProxy('haproxy', haproxy, ['-f', file, '-db'], {}, ports);
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json: () => { data: any; message?: string }; // eslint-disable-line @typescript-eslint/no-explicit-any -- a few fields of several answers
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The local address to send from (all of 127.0.0.0/8 is loopback); else the system's choice. */
  from?: string;
}

/** One agent a local address, trusting the test's self-signed certificate. */
const agents = new Map<string, https.Agent>();
const agentFrom = (from = '') => {
  let agent = agents.get(from);
  if (!agent) {
    agent = new https.Agent({ rejectUnauthorized: false, ...(from ? { localAddress: from } : {}) });
    agents.set(from, agent);
  }
  return agent;
};

/** One request, over https (any certificate) unless the URL says http. */
export function proxyRequest(
  url: string,
  { method = 'GET', headers = {}, body, from }: RequestOptions = {},
): Promise<Answer> {
  const secure = url.startsWith('https:');
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      url,
      {
        method,
        headers: {
          ...headers,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
        ...(secure ? { agent: agentFrom(from) } : from ? { localAddress: from } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: all,
            json: () => JSON.parse(all.toString()),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Closes the kept-alive connections of proxyRequest's agents. */
export function closeProxyAgents() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}
