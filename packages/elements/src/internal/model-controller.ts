import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** What every headless model of `@mcp-consent/prompt` offers a renderer. */
export interface ConnectableModel<Api> {
  connect(): Api;
  subscribe(listener: () => void): () => void;
}

/**
 * Binds a headless model to a Lit element, TanStack-adapter style: subscribes while the
 * element is connected, asks for an update on every change, and hands out the model's
 * current view (`connect()`, cached by the model until its state changes).
 */
export class ModelController<Api> implements ReactiveController {
  private model: ConnectableModel<Api> | undefined;
  private unsubscribe: (() => void) | undefined;
  private connected = false;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** The model's current view, or `undefined` when no model is bound. */
  get api(): Api | undefined {
    return this.model?.connect();
  }

  get current(): ConnectableModel<Api> | undefined {
    return this.model;
  }

  /** Binds another model (or none); the previous one is only unsubscribed, not destroyed. */
  set(model: ConnectableModel<Api> | undefined): void {
    if (model === this.model) return;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.model = model;
    if (this.connected) this.listen();
    this.host.requestUpdate();
  }

  hostConnected(): void {
    this.connected = true;
    this.listen();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  private listen(): void {
    if (!this.model || this.unsubscribe) return;
    this.unsubscribe = this.model.subscribe(() => this.host.requestUpdate());
  }
}
