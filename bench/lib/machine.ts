import { cpus, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
}

/** The machine, as the README quotes it: `nproc`, CPU model, memory, Node version. */
export function machineInfo(): MachineInfo {
  let cpu = cpus()[0]?.model ?? 'unknown CPU';
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (match) cpu = match[1]!.trim();
  } catch {
    // not Linux: os.cpus() it is
  }
  return {
    cpu,
    cores: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

export function describeMachine(machine: MachineInfo): string {
  return `${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}`;
}
