import { braveProvider } from './brave';
import type { ProviderConfig } from './config';
import { ProviderNotConfiguredError } from './errors';
import { googleCseProvider } from './google-cse';
import { serpApiProvider, type AdapterOptions } from './serpapi';
import { tinEyeProvider } from './tineye';
import type { Engine, ProviderId, SearchProvider } from './types';

/** The key the adapters send to the sandbox web, which ignores it. */
const SANDBOX_KEY = 'sandbox';

function options(config: ProviderConfig, baseUrl: string, apiKey: string, sandbox: boolean): AdapterOptions {
  return { baseUrl, apiKey, sandbox, sandboxOrigin: config.sandboxOrigin, config };
}

/**
 * The provider that reaches an engine. A configured key wins; Google falls back to legacy Custom Search when only
 * its key and cx are set. Without a key the SAME adapter is pointed at the sandbox web (SANDBOX_ORIGIN +
 * `/serpapi`, `/brave`, `/tineye`), so the real adapter code runs offline; its `sandbox` flag says so.
 * @throws ProviderNotConfiguredError when there is neither a key nor a sandbox.
 */
export function providerFor(engine: Engine, config: ProviderConfig): SearchProvider {
  const sandbox = config.sandboxOrigin;
  switch (engine) {
    case 'google':
    case 'bing':
    case 'duckduckgo':
      if (config.serpapiKey) return serpApiProvider(options(config, config.serpapiBaseUrl, config.serpapiKey, false));
      if (engine === 'google' && config.googleCseKey && config.googleCseCx) {
        return googleCseProvider({ ...options(config, config.googleCseBaseUrl, config.googleCseKey, false), cx: config.googleCseCx });
      }
      if (sandbox) return serpApiProvider(options(config, `${sandbox}/serpapi`, SANDBOX_KEY, true));
      break;
    case 'brave':
      if (config.braveKey) return braveProvider(options(config, config.braveBaseUrl, config.braveKey, false));
      if (sandbox) return braveProvider(options(config, `${sandbox}/brave`, SANDBOX_KEY, true));
      break;
    case 'tineye':
      if (config.tineyeKey) return tinEyeProvider(options(config, config.tineyeBaseUrl, config.tineyeKey, false));
      if (sandbox) return tinEyeProvider(options(config, `${sandbox}/tineye`, SANDBOX_KEY, true));
      break;
  }
  throw new ProviderNotConfiguredError(engine, 'no provider key is configured and there is no sandbox web');
}

export interface EngineProviderInfo {
  engine: Engine;
  provider?: ProviderId;
  sandbox: boolean;
}

/** Which provider serves each engine and whether it is the sandbox: for the UI's "results come from the sandbox". */
export function describeProviders(config: ProviderConfig, engines: readonly Engine[]): EngineProviderInfo[] {
  return engines.map((engine) => {
    try {
      const p = providerFor(engine, config);
      return { engine, provider: p.id, sandbox: p.sandbox };
    } catch {
      return { engine, sandbox: false };
    }
  });
}
