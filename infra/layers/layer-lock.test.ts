import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../context';
import { layerInstallFiles, type PackageLock } from './layer-lock';
import { MEDIA_LAYER_BINARIES, MEDIA_LAYER_MODULES } from './media-layer';

const rootLock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as PackageLock;
type Entry = Record<string, unknown>;

describe('layerInstallFiles', () => {
  it('installs the project\'s own sharp, with the same tarballs, and the pinned arm64 binaries', () => {
    // Act
    const { packageJson, packageLock } = layerInstallFiles(rootLock, MEDIA_LAYER_MODULES, MEDIA_LAYER_BINARIES);

    // Assert
    const packages = (packageLock as { packages: Record<string, Entry> }).packages;
    const sharp = rootLock.packages['node_modules/sharp'];
    expect(packageJson).toMatchObject({ dependencies: { sharp: sharp.version } });
    expect(packages['node_modules/sharp']).toMatchObject({ version: sharp.version, integrity: sharp.integrity });
    // Every platform's binding is listed, each with its os/cpu, so npm's --os/--cpu/--libc choose linux-arm64 glibc.
    for (const name of ['@img/sharp-linux-arm64', '@img/sharp-libvips-linux-arm64']) {
      expect(packages[`node_modules/${name}`]).toMatchObject({ optional: true, os: ['linux'], cpu: ['arm64'] });
      expect(packages[`node_modules/${name}`].integrity).toBe(rootLock.packages[`node_modules/${name}`].integrity);
    }
    for (const dep of Object.keys(sharp.dependencies ?? {})) expect(packages[`node_modules/${dep}`]).toBeDefined();
    // Nothing of the project's dev tree comes along.
    expect(Object.values(packages).filter((e) => e.dev || e.devOptional)).toEqual([]);
    expect(Object.keys(packages).some((k) => k.includes('aws-cdk'))).toBe(false);
    for (const bin of MEDIA_LAYER_BINARIES) {
      expect(packages[`node_modules/${bin.name}`]).toMatchObject({ version: bin.version, integrity: bin.integrity, cpu: ['arm64'] });
      expect(packageJson).toMatchObject({ optionalDependencies: { [bin.name]: bin.version } });
    }
  });

  it('gives the same digest for the same inputs and another one when a pin changes', () => {
    const digest = (binaries = MEDIA_LAYER_BINARIES) => layerInstallFiles(rootLock, MEDIA_LAYER_MODULES, binaries).digest;
    const bumped = MEDIA_LAYER_BINARIES.map((b, i) => (i === 0 ? { ...b, version: `${b.version}-next` } : b));
    expect(digest()).toBe(digest());
    expect(digest(bumped)).not.toBe(digest());
  });

  it('follows Node\'s lookup: a nested copy wins over the hoisted one', () => {
    const lock: PackageLock = {
      lockfileVersion: 3,
      packages: {
        'node_modules/a': { version: '1.0.0', dependencies: { b: '^2' }, dev: true },
        'node_modules/a/node_modules/b': { version: '2.0.0' },
        'node_modules/b': { version: '1.0.0' },
      },
    };
    const packages = (layerInstallFiles(lock, ['a'], []).packageLock as { packages: Record<string, Entry> }).packages;
    expect(Object.keys(packages).sort()).toEqual(['', 'node_modules/a', 'node_modules/a/node_modules/b']);
    expect(packages['node_modules/a'].dev).toBeUndefined();
  });

  it('says what to do when the project does not have the module', () => {
    expect(() => layerInstallFiles({ lockfileVersion: 3, packages: {} }, ['sharp'], [])).toThrow(/npm install sharp/);
  });
});
