import { readFileSync } from 'node:fs';

/**
 * The process's open-file limit (soft and hard), read from /proc/self/limits; null where there is no
 * such file (not Linux). Node raises its own soft limit to the hard one as it starts (node.cc's
 * PlatformInit), so the soft limit read here is already as high as this process can make it: a
 * deployment that wants more raises the hard limit (`ulimit -Hn`, systemd's LimitNOFILE, Docker's
 * --ulimit nofile).
 */
export function openFileLimit(read: () => string = () => readFileSync('/proc/self/limits', 'utf8')): {
  soft: number;
  hard: number;
} | null {
  let text: string;
  try {
    text = read();
  } catch {
    return null;
  }
  const line = text.split('\n').find((l) => l.startsWith('Max open files'));
  const [soft, hard] = (line?.slice('Max open files'.length).trim().split(/\s+/) ?? []).map((v) =>
    v === 'unlimited' ? Number.POSITIVE_INFINITY : Number(v),
  );
  if (soft === undefined || hard === undefined || Number.isNaN(soft) || Number.isNaN(hard)) return null;
  return { soft, hard };
}

/** File descriptors kept back from client connections: the database pool, Redis, log, uploads, backups. */
export const DESCRIPTORS_KEPT_BACK = 200;
/** Assumed where the limit cannot be read. */
const ASSUMED_LIMIT = 1024;

/**
 * The connection and live-stream ceilings that fit the open-file limit: client sockets stop
 * DESCRIPTORS_KEPT_BACK short of it, so the database pool can always open a connection, and live
 * streams take at most half of what clients may hold, so ordinary requests still find a socket.
 */
export function connectionCeilings(limit: number | null): { connections: number; streams: number } {
  const usable = Math.min(limit ?? ASSUMED_LIMIT, 1_000_000);
  const connections = Math.max(64, usable - DESCRIPTORS_KEPT_BACK);
  return { connections, streams: Math.max(16, Math.floor(connections / 2)) };
}
