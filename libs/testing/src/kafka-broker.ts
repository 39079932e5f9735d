import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePortBetween } from './free-port';

/**
 * A real Apache Kafka broker for tests: the `kafka_2.13` server from Maven Central, run as one
 * KRaft node (broker and controller) on loopback, with its data in a throwaway folder. No
 * container engine: the JVM runs the jars directly.
 */
export const KAFKA_VERSION = '4.1.1';

const root = resolve(__dirname, '../../..');
const cacheDir = join(root, '.cache', 'kafka', KAFKA_VERSION);
const libDir = join(cacheDir, 'lib');

/** Why Kafka cannot run here, or null when Java 17+ and Maven are present. */
export function kafkaUnavailableReason(): string | null {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) return 'java is not installed (Kafka needs Java 17 or later)';
  const major = /version "(\d+)/.exec(`${java.stderr}${java.stdout}`)?.[1];
  if (major !== undefined && Number(major) < 17) return `java ${major} is too old (Kafka needs 17 or later)`;
  if (existsSync(libDir) && readdirSync(libDir).some((f) => f.startsWith('kafka_2.13-'))) return null;
  const mvn = spawnSync('mvn', ['-v'], { encoding: 'utf8' });
  if (mvn.error || mvn.status !== 0) return 'mvn is not installed (it fetches Kafka from Maven Central)';
  return null;
}

/** Fetches the broker's jars from Maven Central into `.cache/kafka/<version>/lib` once. */
export function ensureKafkaDistribution(): string {
  if (existsSync(libDir) && readdirSync(libDir).some((f) => f.startsWith('kafka_2.13-'))) return libDir;
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(
    join(cacheDir, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>dev.meridian.test</groupId><artifactId>kafka-broker</artifactId><version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>${KAFKA_VERSION}</version></dependency>
  </dependencies>
</project>
`,
  );
  const staging = `${libDir}.partial`;
  rmSync(staging, { recursive: true, force: true });
  const fetch = spawnSync(
    'mvn',
    ['-q', '-B', 'dependency:copy-dependencies', `-DoutputDirectory=${staging}`, '-DincludeScope=runtime'],
    { cwd: cacheDir, encoding: 'utf8' },
  );
  if (fetch.status !== 0)
    throw new Error(`Fetching Kafka ${KAFKA_VERSION} failed:\n${fetch.stdout}${fetch.stderr}`);
  // Renamed only when complete, so an interrupted fetch is simply fetched again.
  rmSync(libDir, { recursive: true, force: true });
  renameSync(staging, libDir);
  return libDir;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), ok(true)));
    socket.once('error', () => (socket.destroy(), ok(false)));
    socket.once('timeout', () => (socket.destroy(), ok(false)));
    socket.connect(port, '127.0.0.1');
  });
}

export interface KafkaBroker {
  /** `host:port` for clients (KAFKA_BROKERS). */
  readonly brokers: string;
  /** Stops the JVM (SIGTERM, a controlled shutdown) and keeps the data. */
  stop(): Promise<void>;
  /** Starts it again on the same ports and data, as after a broker restart. */
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  destroy(): Promise<void>;
}

/**
 * Broker ports sit below the kernel's ephemeral range (32768 and up here): the broker listens on
 * them again after each restart, and while it is stopped a port from that range could be handed
 * to another process (a `listen(0)`, an outgoing connection), so it could not bind it again.
 */
const restartablePort = () => freePortBetween(20_000, 32_000);

/** Starts one KRaft broker on free loopback ports; resolves when it accepts connections. */
export async function startKafkaBroker(options: { startTimeoutMs?: number } = {}): Promise<KafkaBroker> {
  const lib = ensureKafkaDistribution();
  const startTimeoutMs = options.startTimeoutMs ?? 180_000;
  const dir = mkdtempSync(join(tmpdir(), 'meridian-kafka-'));
  const port = await restartablePort();
  let controllerPort = await restartablePort();
  while (controllerPort === port) controllerPort = await restartablePort();
  const config = join(dir, 'server.properties');
  writeFileSync(
    config,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
      'inter.broker.listener.name=PLAINTEXT',
      `log.dirs=${join(dir, 'data')}`,
      'num.partitions=3',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=3',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      'auto.create.topics.enable=false',
      '',
    ].join('\n'),
  );
  const java = (args: string[]) => ['-Xms128m', '-Xmx512m', '-cp', `${lib}/*`, ...args];
  const clusterId = spawnSync('java', java(['kafka.tools.StorageTool', 'random-uuid']), { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .pop();
  const format = spawnSync(
    'java',
    java(['kafka.tools.StorageTool', 'format', '-t', clusterId ?? '', '-c', config]),
    {
      encoding: 'utf8',
    },
  );
  if (format.status !== 0) throw new Error(`Formatting the Kafka storage failed:\n${format.stderr}`);

  let child: ChildProcess | null = null;
  const log = join(dir, 'broker.log');
  const start = async () => {
    if (child) return;
    const out = createWriteStream(log, { flags: 'a' });
    const started = spawn('java', java(['kafka.Kafka', config]), { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout?.pipe(out);
    started.stderr?.pipe(out);
    child = started;
    const deadline = Date.now() + startTimeoutMs;
    while (!(await portOpen(port))) {
      if (started.exitCode !== null)
        throw new Error(`The Kafka broker exited (${started.exitCode}); see ${log}`);
      if (Date.now() > deadline)
        throw new Error(`The Kafka broker did not listen within ${startTimeoutMs} ms; see ${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGTERM');
    const killer = setTimeout(() => running.kill('SIGKILL'), 60_000);
    await exited;
    clearTimeout(killer);
  };
  await start();
  return {
    brokers: `127.0.0.1:${port}`,
    start,
    stop,
    destroy: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
