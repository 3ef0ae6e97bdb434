// The part of autocannon 9's API that bench:api uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** seconds before a request counts as a timeout (default 10) */
    timeout?: number;
  };
  export type Histogram = { average: number; mean: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  };
  export interface Instance extends EventEmitter {
    stop(): void;
  }
  export default function autocannon(options: Options, callback: (err: Error | null, result: Result) => void): Instance;
}
