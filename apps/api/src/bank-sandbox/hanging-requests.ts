import type { FastifyReply } from 'fastify';

/**
 * Requests the sandbox never answers (a "timeout" fault). Each is released when its client gives up
 * (the socket closes) or when the sandbox closes — then its socket is destroyed, so close() never
 * waits on a request that was never meant to end.
 */
export class HangingRequests {
  private readonly pending = new Set<() => void>();

  /** Takes the reply out of Fastify's hands and resolves only when the call is abandoned. */
  hang(reply: FastifyReply): Promise<void> {
    reply.hijack();
    const socket = reply.raw.socket;
    return new Promise<void>((resolve) => {
      const release = () => {
        this.pending.delete(release);
        socket?.destroy();
        resolve();
      };
      this.pending.add(release);
      reply.raw.once('close', release);
    });
  }

  releaseAll(): void {
    for (const release of [...this.pending]) release();
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
