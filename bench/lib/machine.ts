// The machine the figures were measured on, written at the top of the results.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  chromium: string;
  date: string;
  loadAverage: number[];
}

function osName(): string {
  const release = '/etc/os-release';
  const pretty = existsSync(release) ? /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync(release, 'utf8'))?.[1] : undefined;
  return `${pretty ?? os.type()} (${os.platform()} ${os.release()}, ${os.arch()})`;
}

function chromiumVersion(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  try {
    return execFileSync(path || 'chromium', ['--version'], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return `unknown (${path} --version failed)`;
  }
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: osName(),
    node: process.version,
    chromium: chromiumVersion(),
    date: new Date().toISOString(),
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}
