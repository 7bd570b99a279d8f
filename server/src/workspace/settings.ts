import type { RollmarkSettings } from '../protocol';
import type { Clock } from './clock';

/** Milliseconds to wait for `workspace/configuration` before going on with the defaults. */
const CONFIGURATION_TIMEOUT = 3000;

/** Asks the client for the `rollmark` section of one resource (`workspace/configuration`), checked (validate.ts). */
export type ConfigurationSource = (scopeUri: string | undefined) => Promise<RollmarkSettings>;

/**
 * Settings per resource, asked for once and cached until the client says they changed.
 * Without `workspace/configuration` support, the settings pushed by `didChangeConfiguration`
 * (or given in `initializationOptions`) apply to every document.
 */
export class SettingsStore {
  private readonly perResource = new Map<string, Promise<RollmarkSettings>>();

  constructor(
    private readonly source: ConfigurationSource | undefined,
    private global: RollmarkSettings,
    private readonly clock: Clock,
  ) {}

  get pullsFromClient(): boolean {
    return this.source !== undefined;
  }

  forResource(uri: string): Promise<RollmarkSettings> {
    if (!this.source) return Promise.resolve(this.global);
    let cached = this.perResource.get(uri);
    if (!cached) {
      const fallback = this.global;
      // A client that never answers must not stall every analysis: after a while, use the defaults.
      let cancel = () => {};
      const timeout = new Promise<RollmarkSettings>((resolve) => {
        cancel = this.clock.after(CONFIGURATION_TIMEOUT, () => resolve(fallback));
      });
      cached = Promise.race([this.source(uri).catch(() => fallback), timeout]).finally(() => cancel());
      this.perResource.set(uri, cached);
    }
    return cached;
  }

  /** `didChangeConfiguration`: forget what was asked; with push-only clients, take the values pushed, if any. */
  changed(pushed: RollmarkSettings | undefined): void {
    this.perResource.clear();
    if (!this.source && pushed) this.global = pushed;
  }

  forget(uri: string): void {
    this.perResource.delete(uri);
  }
}
