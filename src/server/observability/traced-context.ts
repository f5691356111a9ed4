import type { Context } from '@opentelemetry/api';
import { isSpanContextValid, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';

type Storage = { disable(): void; enabled?: boolean };

/**
 * OpenTelemetry's context carried across awaits only while a traced request runs. The default
 * manager keeps it in an AsyncLocalStorage, which on Node 20 runs a hook for every promise the
 * process makes once it is in use: about 7 % more CPU per KYC submit whether the request is
 * traced or not (bench/observability-overhead.ts, docs/operations.md). A request that is not
 * traced records no span, so it needs no context: its `with` runs the function as it is, or, while
 * the storage is on for another request, with an empty context. The
 * storage is switched off (the hook removed) whenever no traced request is in flight
 * (TracedRequests below counts them) and switched on again by the next traced request.
 * The exporter's own posts are kept out of the traces by tracing.ts (its endpoint ignored, and
 * outgoing calls traced only inside a traced request), not by a suppressing context carried
 * across their awaits.
 */
export class TracedContextManager extends AsyncLocalStorageContextManager {
  #inFlight = 0;
  readonly #storage: Storage;

  constructor() {
    super();
    // The base class's storage: disabling it removes Node's promise hook once no other storage is in use.
    this.#storage = (this as unknown as { _asyncLocalStorage: Storage })._asyncLocalStorage;
  }

  override with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    if (needsCarrying(context)) return super.with(context, fn, thisArg, ...args);
    if (this.#inFlight === 0) return fn.apply(thisArg, args);
    // The storage is on for a traced request elsewhere: this one runs with no span at all (not the
    // span that was not recorded), so nothing below it, such as a query, starts work for a span.
    return super.with(ROOT_CONTEXT, fn, thisArg, ...args);
  }

  /** A traced request began (its first recorded span). */
  requestStarted(): void {
    this.#inFlight += 1;
  }

  /** A traced request ended: with none left, the storage goes off until the next. */
  requestEnded(): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    if (this.#inFlight === 0) this.#storage.disable();
  }

  /** Whether the storage (and Node's promise hook) is in use now. */
  get carrying(): boolean {
    return this.#storage.enabled === true;
  }
}

/** A context worth carrying across awaits: one with a recorded span. */
function needsCarrying(context: Context): boolean {
  return trace.getSpan(context)?.isRecording() === true;
}

/** A span that begins a request in this process: none above it here (a caller's traceparent is remote). */
const beginsRequest = (span: ReadableSpan) => {
  const parent = span.parentSpanContext;
  return !parent || !isSpanContextValid(parent) || parent.isRemote === true;
};

/** Tells the manager when traced requests begin and end (a processor sees recorded spans only). */
export class TracedRequests implements SpanProcessor {
  constructor(private readonly manager: TracedContextManager) {}

  onStart(span: Span, _parentContext: Context): void {
    if (beginsRequest(span)) this.manager.requestStarted();
  }

  onEnd(span: ReadableSpan): void {
    if (beginsRequest(span)) this.manager.requestEnded();
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
