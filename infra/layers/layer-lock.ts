import { createHash } from 'node:crypto';
import type { ShippedBinary } from './media-layer';

/** One entry of a package-lock.json (v2/v3) `packages` map; only the fields this module reads are typed. */
interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [field: string]: unknown;
}

export interface PackageLock {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

export interface LayerInstallFiles {
  packageJson: Record<string, unknown>;
  packageLock: Record<string, unknown>;
  /** A digest of both: equal digests mean an equal layer, so a build with the same one can be skipped. */
  digest: string;
}

const NAME = 'vigil-media-layer';

/**
 * The package.json and package-lock.json that install the media layer with `npm ci --os=linux --cpu=arm64
 * --libc=glibc`. `modules` (sharp) and everything they depend on, optional platform packages included, are
 * copied from the project's own lock: the layer gets exactly the versions and tarballs (by integrity) that
 * the tests ran against, and npm's platform filter keeps only the linux-arm64 glibc binaries. The shipped
 * binaries are not in the project's lock (they never install on this x64 machine), so their entries come
 * from their pins. Written by hand because npm has no command that extracts a sub-tree of a lock.
 */
export function layerInstallFiles(rootLock: PackageLock, modules: readonly string[], binaries: readonly ShippedBinary[]): LayerInstallFiles {
  if (rootLock.lockfileVersion < 2) throw new Error(`package-lock.json v${rootLock.lockfileVersion} has no "packages" map; run npm install with npm 7 or newer`);
  const root = rootLock.packages;
  const packages: Record<string, LockEntry> = {};

  // Node's lookup from a package at `from`: its own node_modules, then each enclosing node_modules up to the root.
  const resolve = (from: string, name: string): string | undefined => {
    for (let dir = from; ; ) {
      const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (root[key]) return key;
      if (!dir) return undefined;
      const at = dir.lastIndexOf('/node_modules/');
      dir = at < 0 ? '' : dir.slice(0, at);
    }
  };
  const copy = (key: string) => {
    if (packages[key]) return;
    // The layer installs for production: drop the flags that describe the project's dev tree.
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = root[key];
    packages[key] = entry;
    for (const [name, isOptional] of [
      ...Object.keys(entry.dependencies ?? {}).map((n) => [n, false] as const),
      ...Object.keys(entry.optionalDependencies ?? {}).map((n) => [n, true] as const),
    ]) {
      const dep = resolve(key, name);
      if (dep) copy(dep);
      else if (!isOptional) throw new Error(`package-lock.json has no entry for ${name}, a dependency of ${key}`);
    }
  };

  const dependencies: Record<string, string> = {};
  for (const name of modules) {
    const key = `node_modules/${name}`;
    const version = root[key]?.version;
    if (!version) throw new Error(`package-lock.json has no ${name}: add it to the project (npm install ${name})`);
    dependencies[name] = version;
    copy(key);
  }

  // Optional so that npm's platform check uses --os/--cpu instead of this machine's (it refuses a direct
  // dependency for another CPU); the build checks afterwards that every binary arrived.
  const optionalDependencies: Record<string, string> = {};
  for (const bin of binaries) {
    optionalDependencies[bin.name] = bin.version;
    packages[`node_modules/${bin.name}`] = {
      version: bin.version,
      resolved: `https://registry.npmjs.org/${bin.name}/-/${bin.name.split('/').at(-1)}-${bin.version}.tgz`,
      integrity: bin.integrity,
      license: bin.license,
      optional: true,
      os: ['linux'],
      cpu: ['arm64'],
    };
  }

  const packageJson = { name: NAME, private: true, dependencies, optionalDependencies };
  const packageLock = {
    name: NAME,
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name: NAME, dependencies, optionalDependencies }, ...sortKeys(packages) },
  };
  const digest = createHash('sha256').update(JSON.stringify([packageJson, packageLock])).digest('hex');
  return { packageJson, packageLock, digest };
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
