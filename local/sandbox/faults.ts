import { z } from 'zod';

export const SANDBOX_ENGINES = ['google', 'bing', 'duckduckgo', 'brave', 'tineye'] as const;
export type SandboxEngine = (typeof SANDBOX_ENGINES)[number];

export const faultSchema = z.object({
  /**
   * fail: 5xx in the provider's error shape; slow: answer after delayMs; throttle: 429 with Retry-After;
   * malformed: 200 with broken JSON; empty: the provider's "no results" success.
   */
  mode: z.enum(['fail', 'slow', 'throttle', 'malformed', 'empty']),
  delayMs: z.number().int().min(0).max(120_000).optional(),
  /** Seconds sent in Retry-After (throttle); default 0 so in-process retries are quick. */
  retryAfterSeconds: z.number().min(0).max(3600).optional(),
  /** How many requests the fault applies to before it clears itself; unlimited when absent. */
  times: z.number().int().positive().optional(),
});
export type Fault = z.infer<typeof faultSchema>;
export type FaultConfig = Partial<Record<SandboxEngine, Fault>>;

export const faultRequestSchema = z.union([
  faultSchema.extend({ engine: z.enum(SANDBOX_ENGINES) }),
  z.object({ engine: z.enum(SANDBOX_ENGINES), mode: z.literal('none') }),
]);

/** Injected faults per engine, so tests (and the demo) can make one engine fail, throttle or crawl. */
export class FaultController {
  private readonly faults = new Map<SandboxEngine, Fault>();

  constructor(initial: FaultConfig = {}) {
    for (const [engine, fault] of Object.entries(initial)) if (fault) this.set(engine as SandboxEngine, fault);
  }

  set(engine: SandboxEngine, fault: Fault | undefined): void {
    if (fault) this.faults.set(engine, faultSchema.parse(fault));
    else this.faults.delete(engine);
  }

  clear(): void {
    this.faults.clear();
  }

  list(): FaultConfig {
    return Object.fromEntries(this.faults);
  }

  /** The fault that applies to this request, counting it against `times`. */
  take(engine: SandboxEngine): Fault | undefined {
    const fault = this.faults.get(engine);
    if (!fault) return undefined;
    if (fault.times !== undefined) {
      if (fault.times <= 1) this.faults.delete(engine);
      else this.faults.set(engine, { ...fault, times: fault.times - 1 });
    }
    return fault;
  }
}
