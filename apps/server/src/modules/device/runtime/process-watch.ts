import {
  createHistogram,
  monitorEventLoopDelay,
  type PerformanceEntry,
  PerformanceObserver,
  constants as perfConstants,
} from 'node:perf_hooks';
import v8 from 'node:v8';

const mib = (bytes: number) => Math.round(bytes / 1_048_576);

/**
 * What the process itself is doing, for the bench's counters file (`DeviceRuntime.writeStats`):
 * how long the event loop kept work waiting, the garbage collector's pauses split by kind (a
 * young-generation collection copies what survived; a full one marks the whole heap, so a heap
 * that slowly fills shows in the second), and where the memory is (V8's old generation, the
 * heap as a whole, buffers outside it).
 */
export class ProcessWatch {
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 10 });
  private readonly gcPauses = createHistogram();
  private readonly gcObserver: PerformanceObserver;
  private readonly gc = { ms: 0, minorMs: 0, majorMs: 0, majors: 0, incrementalMs: 0 };

  constructor() {
    this.loopDelay.enable();
    this.gcObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { detail?: { kind?: number } }>)
        this.record(e.duration, e.detail?.kind);
    });
    this.gcObserver.observe({ entryTypes: ['gc'] });
  }

  private record(ms: number, kind: number | undefined) {
    this.gcPauses.record(Math.max(1, Math.round(ms)));
    this.gc.ms += ms;
    if (kind === perfConstants.NODE_PERFORMANCE_GC_MINOR) this.gc.minorMs += ms;
    else if (kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR) {
      this.gc.majorMs += ms;
      this.gc.majors++;
    } else if (kind === perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL) this.gc.incrementalMs += ms;
  }

  /** The figures so far (counters since the start; memory as of now). */
  figures(): Record<string, number> {
    const h = this.loopDelay;
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    const mem = process.memoryUsage();
    const old = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space');
    return {
      loopDelayP50Ms: ms(h.percentile(50)),
      loopDelayP99Ms: ms(h.percentile(99)),
      loopDelayMaxMs: ms(h.max),
      ...(this.gcPauses.count
        ? {
            gcPauses: this.gcPauses.count,
            gcPauseP99Ms: this.gcPauses.percentile(99),
            gcPauseMaxMs: this.gcPauses.max,
          }
        : {}),
      gcMs: Math.round(this.gc.ms),
      gcMinorMs: Math.round(this.gc.minorMs),
      gcMajorMs: Math.round(this.gc.majorMs),
      gcMajors: this.gc.majors,
      gcIncrementalMs: Math.round(this.gc.incrementalMs),
      heapUsedMiB: mib(mem.heapUsed),
      heapTotalMiB: mib(mem.heapTotal),
      oldSpaceUsedMiB: mib(old?.space_used_size ?? 0),
      oldSpaceMiB: mib(old?.space_size ?? 0),
      // Buffers and typed arrays (outside the heap): what else the resident memory holds.
      externalMiB: mib(mem.external),
      arrayBuffersMiB: mib(mem.arrayBuffers),
    };
  }

  stop(): void {
    this.loopDelay.disable();
    this.gcObserver.disconnect();
  }
}
