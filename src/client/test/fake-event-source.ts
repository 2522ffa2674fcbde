// The live boards' EventSource, driven by a test: `last` is the stream the page opened most recently.
export class FakeEventSource {
  static last: FakeEventSource | undefined;
  static readonly CLOSED = 2;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  send(type: string, data: unknown) {
    this.listeners.get(type)!(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}
