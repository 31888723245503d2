export * from './types';
export * from './errors';
export { loadProviderConfig, loadProviderKeys, providerConfigFrom, type ProviderConfig } from './config';
export { providerFor, describeProviders } from './registry';
export { serpApiProvider, type AdapterOptions } from './serpapi';
export { braveProvider } from './brave';
export { tinEyeProvider } from './tineye';
export { googleCseProvider } from './google-cse';
