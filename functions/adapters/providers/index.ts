export * from './types';
export * from './errors';
export { candidateDomain } from './candidate';
export { loadProviderConfig, loadProviderKeys, providerConfigFromEnv, resetProviderKeyCache, type ProviderConfig, type ProviderKeys } from './config';
export { providerFor, describeProviders, type EngineProviderInfo } from './registry';
export { serpApiProvider, type AdapterOptions } from './serpapi';
export { braveProvider } from './brave';
export { tinEyeProvider } from './tineye';
export { googleCseProvider } from './google-cse';
