// The load generator of the device benchmarks, in its own process so that its CPU is not
// counted as the server's: the simulator (`@ics/simulator`) with the gateways and settings in
// SIM_CONFIG (JSON). Talks to the bench over IPC: `stats`, `pause` (stop periodic telemetry,
// keep answering commands), `stop`.
import { Simulator } from '@ics/simulator';

type Config = {
  url: string;
  gateways: Array<{ sn: string; password: string }>;
  lampsPerGateway: number;
  /** Environment sensors behind each gateway (default none). */
  sensorsPerGateway?: number;
  intervalSeconds: number;
};
export type SimRequest = { type: 'stats' | 'pause' | 'stop' };
export type SimStats = Simulator['stats'];
export type SimReply = { type: 'started' | 'stats' | 'paused'; stats: SimStats };

const config = JSON.parse(process.env.SIM_CONFIG ?? '{}') as Config;
const send = (reply: SimReply) => process.send?.(reply);

const simulator = new Simulator({
  url: config.url,
  gateways: config.gateways,
  lampsPerGateway: config.lampsPerGateway,
  sensorsPerGateway: config.sensorsPerGateway ?? 0,
  telemetryIntervalSeconds: config.intervalSeconds,
  // Evenly over the interval: a share window offers a steady rate, not a burst every few seconds.
  telemetrySpreadSeconds: config.intervalSeconds,
  heartbeatSeconds: 30,
  faultRate: 0,
  connectConcurrency: 50,
  startTogether: true,
  log: (line) => process.stderr.write(`${line}\n`),
});

process.on('message', (message: SimRequest) => {
  if (message.type === 'stats') send({ type: 'stats', stats: simulator.stats });
  else if (message.type === 'pause')
    void simulator.pause().then(() => send({ type: 'paused', stats: simulator.stats }));
  else if (message.type === 'stop')
    void simulator
      .stop()
      .catch(() => undefined)
      .then(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
// An exit, not a kill: a CPU profile (BENCH_CPU_PROF) is written at exit.
process.on('SIGTERM', () => process.exit(0));

await simulator.start();
send({ type: 'started', stats: simulator.stats });
