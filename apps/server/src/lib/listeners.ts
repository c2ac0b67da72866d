/**
 * The listeners of one kind of event a module emits. Other modules subscribe through the
 * emitting module's service, so that the emitter never imports (or calls up to) its listeners.
 */
export class Listeners<E = void> {
  private readonly listeners: ((event: E) => void | Promise<void>)[] = [];

  add(listener: (event: E) => void | Promise<void>): void {
    this.listeners.push(listener);
  }

  /** Calls every listener (the synchronous ones before returning); resolves once all have finished. */
  async emit(event: E): Promise<void> {
    await Promise.all(this.listeners.map((listener) => listener(event)));
  }
}
