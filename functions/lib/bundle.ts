/**
 * Where this code runs from. A Lambda bundle (infra/bundling/lambda-bundle.ts) records its own folder in a
 * banner line before any module runs; the assets the bundle needs at run time (fonts) are copied into that
 * folder by infra/bundling/copy-assets.ts. Source (tsx, jest) has no such folder.
 */
export function bundleDir(): string | undefined {
  return (globalThis as { __VIGIL_BUNDLE_DIR__?: string }).__VIGIL_BUNDLE_DIR__;
}
