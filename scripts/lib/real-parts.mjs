// The real parts of the replica test (scripts/replica-test.mjs) and the replica benchmark
// (bench/replica.mjs): a throw-away streaming replica of the local PostgreSQL cluster, server
// processes, HAProxy in front of them, and the clean-up of all of it, even on failure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PG_TEST_URL } from './environment.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const primaryUrl = new URL(PG_TEST_URL);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** The test cluster's URL with another database (and port: the replica's). */
export const urlWithDb = (db, port = primaryUrl.port || '5432') => {
  const u = new URL(PG_TEST_URL);
  u.pathname = `/${db}`;
  u.port = String(port);
  return u.toString();
};

/** One statement on its own connection; answers the rows. */
export async function query(url, text, params = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end();
  }
}

const postgresIds = () => ['-u', '-g'].map((flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim()));
const pgBin = () => `/usr/lib/postgresql/${fs.readdirSync('/usr/lib/postgresql').sort().at(-1)}/bin`;
const asPostgres = (args) => {
  const r = spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr || r.stdout}`);
  return r.stdout;
};

/**
 * HAProxy round robin over the servers ("a", "b", …), each answer naming its server in X-Served-By.
 * `option forwardfor` appends the address each request came from to X-Forwarded-For: servers run
 * with TRUST_PROXY naming the balancer read the client address from it (docs/deployment.md).
 */
export function haproxyConfigText(port, serverPorts) {
  return `global
    maxconn 1024

defaults
    mode http
    timeout connect 5s
    timeout client 120s
    timeout server 120s

frontend console
    bind 127.0.0.1:${port}
    default_backend servers

backend servers
    balance roundrobin
    option forwardfor
    option httpchk GET /healthz
    http-response set-header X-Served-By %[srv_name]
${serverPorts.map((p, i) => `    server ${'ab'[i]} 127.0.0.1:${p} check`).join('\n')}
`;
}

/**
 * What one run starts, stopped in reverse order at its end: `run(main)` runs `main(parts)`, then
 * every clean-up, and exits 0 when main passed, 1 (with the processes' output) when it threw.
 */
export function realParts(tag) {
  const started = Date.now();
  const cleanups = [];
  const processes = [];
  const log = (msg) => console.log(`[${tag} ${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
  const atEnd = (fn) => cleanups.unshift(fn);

  /** The primary takes replication connections from 127.0.0.1 (a line added once, then a reload). */
  async function allowReplication(adminUrl) {
    const [{ hba_file: hba }] = await query(adminUrl, 'SHOW hba_file');
    const line = 'host replication all 127.0.0.1/32 trust';
    const text = fs.readFileSync(hba, 'utf8');
    if (text.split('\n').some((l) => l.trim().split(/\s+/).join(' ') === line)) return;
    log(`adding "${line}" to ${hba}`);
    fs.appendFileSync(hba, `${text.endsWith('\n') ? '' : '\n'}# streaming replicas on this machine (scripts/replica-test.mjs)\n${line}\n`);
    await query(adminUrl, 'SELECT pg_reload_conf()');
  }

  /** A hot standby of the whole cluster in `dir`, on a free port (`settings`: more postgresql.conf lines); answers its port. */
  async function startReplica(adminUrl, dir, settings = []) {
    const data = path.join(dir, 'data');
    fs.mkdirSync(data, { mode: 0o700 });
    fs.chownSync(dir, ...postgresIds());
    fs.chownSync(data, ...postgresIds());
    asPostgres(['pg_basebackup', '-h', '127.0.0.1', '-p', primaryUrl.port || '5432', '-U', primaryUrl.username || 'postgres', '-D', data, '-R', '-X', 'stream', '-c', 'fast']);
    // Debian keeps a cluster's configuration outside its data folder: the copy gets its own. A hot
    // standby needs these at least as large as the primary's.
    const [limits] = await query(
      adminUrl,
      `SELECT current_setting('max_connections') AS max_connections, current_setting('max_worker_processes') AS max_worker_processes,
              current_setting('max_wal_senders') AS max_wal_senders, current_setting('max_prepared_transactions') AS max_prepared_transactions,
              current_setting('max_locks_per_transaction') AS max_locks_per_transaction`,
    );
    const port = await freePort();
    const conf = [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'hot_standby = on',
      'shared_buffers = 32MB',
      ...settings,
      ...Object.entries(limits).map(([k, v]) => `${k} = ${v}`),
    ];
    fs.writeFileSync(path.join(data, 'postgresql.conf'), `${conf.join('\n')}\n`);
    fs.writeFileSync(path.join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    fs.writeFileSync(path.join(data, 'pg_ident.conf'), '');
    for (const f of ['postgresql.conf', 'pg_hba.conf', 'pg_ident.conf']) fs.chownSync(path.join(data, f), ...postgresIds());
    const pgCtl = path.join(pgBin(), 'pg_ctl');
    atEnd(() => spawnSync('runuser', ['-u', 'postgres', '--', pgCtl, '-D', data, '-m', 'immediate', 'stop'], { stdio: 'ignore' }));
    asPostgres([pgCtl, '-D', data, '-l', path.join(dir, 'replica.log'), '-w', '-t', '60', 'start']);
    return port;
  }

  /** A process whose output is kept for the report of a failure; stopped at the end. */
  function startProcess(name, cmd, args, env) {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    const exited = new Promise((r) => child.once('exit', r));
    atEnd(async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
    });
    const proc = { child, output: () => `--- ${name}\n${Buffer.concat(out).toString('utf8').slice(-4000)}` };
    processes.push(proc);
    return proc;
  }

  async function waitHealthy(port, proc) {
    for (let i = 0; i < 240; i++) {
      if (proc.child.exitCode !== null) throw new Error(`exited with ${proc.child.exitCode}\n${proc.output()}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    throw new Error(`not healthy in 60 s\n${proc.output()}`);
  }

  async function run(main) {
    let failed = false;
    try {
      await main();
      log('passed');
    } catch (err) {
      failed = true;
      console.error(`[${tag}] FAILED: ${err instanceof Error ? err.stack : err}`);
      for (const p of processes) console.error(p.output());
    } finally {
      for (const fn of cleanups) {
        try {
          await fn();
        } catch (err) {
          console.error(`[${tag}] cleanup: ${err}`);
        }
      }
    }
    log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    process.exit(failed ? 1 : 0);
  }

  return { log, atEnd, allowReplication, startReplica, startProcess, waitHealthy, run };
}
